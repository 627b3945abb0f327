# from tvm.script import tir as T

@T.prim_func
def main(B: T.Buffer((4,), "float32")):
    C = T.alloc_buffer((-4,), "float32")
    B[0] = C[0]

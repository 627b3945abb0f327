# from tvm.script import tir as T

@T.prim_func
def main(B: T.Buffer((4,), "float32")):
    for i in range(100000000):
        B[i] = T.float32(1)

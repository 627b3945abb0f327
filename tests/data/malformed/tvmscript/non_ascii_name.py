# from tvm.script import tir as T

@T.prim_func
def main(B: T.Buffer((4,), "float32")):
    é = 1
    B[0] = T.float32(é)

# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((4,), "int32"), D: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    B[0] = T.int32(-2147483648) // T.int32(-1)

# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((4,), "int32"), D: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    B[0] = T.truncmod(T.int32(7), T.int32(0))

# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    assert A[0] > 100, "A[0] too small"
    B[0] = A[0]

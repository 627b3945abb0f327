# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((4,), "int64"), D: T.Buffer((4,), "int64"), B: T.Buffer((4,), "int64")):
    for i in range(4):
        B[i] = T.truncdiv(A[i], D[i])

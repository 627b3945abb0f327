# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "float32")):
    C = T.alloc_buffer((2147483647, 2147483647, 4), "float32")
    C[A[0], A[1], A[2]] = T.float32(1)
    B[0] = C[A[0], A[1], A[2]]

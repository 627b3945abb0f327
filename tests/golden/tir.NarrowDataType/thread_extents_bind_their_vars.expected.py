# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((T.int64(256),), "float32"), B: T.Buffer((T.int64(256),), "float32")):
        bx = T.launch_thread("blockIdx.x", 4)
        tx = T.launch_thread("threadIdx.x", 64)
        B[T.Cast("int32", bx) * 64 + T.Cast("int32", tx)] = A[T.Cast("int32", bx) * 64 + T.Cast("int32", tx)]

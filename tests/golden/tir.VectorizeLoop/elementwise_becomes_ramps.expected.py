# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((64,), "float32"), B: T.Buffer((64,), "float32")):
        for i in range(16):
            B[i * 4:i * 4 + 4] = T.max(A[i * 4:i * 4 + 4], T.Broadcast(T.float32(0), 4))

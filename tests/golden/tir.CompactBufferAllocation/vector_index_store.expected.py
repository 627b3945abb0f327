# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((16, 16), "float32"), C: T.Buffer((16, 16), "float32")):
        T.func_attr({"tir.noalias": T.bool(True)})
        # with T.block("root"):
        for i in range(16):
            with T.block(""):
                T.reads(A[i, 0:16])
                T.writes(C[i, 0:16])
                B = T.alloc_buffer((1, 16))
                for j in range(2):
                    B[i - i, T.Ramp(j * 8, 1, 8) - T.Broadcast(0, 8)] = A[i, j * 8:j * 8 + 8] * T.Broadcast(T.float32(2), 8)
                for j in range(16):
                    C[i, j] = B[i - i, j]

# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((16,), "float32"), C: T.Buffer((16,), "float32")):
        # with T.block("root"):
        unused = T.alloc_buffer((4,))
        for i in range(4):
            with T.block(""):
                T.reads(A[i * 4:i * 4 + 4])
                T.writes(C[i * 4:i * 4 + 4])
                B = T.alloc_buffer((4,))
                for j in range(4):
                    with T.block("B"):
                        T.where(i * 4 + j < 14)
                        T.reads(A[i * 4 + j])
                        T.writes(B[i * 4 + j - i * 4])
                        B[i * 4 + j - i * 4] = A[i * 4 + j]
                for j in range(4):
                    with T.block("C"):
                        T.reads(B[i * 4 + j - i * 4])
                        T.writes(C[i * 4 + j])
                        C[i * 4 + j] = T.if_then_else(i < 2, B[i * 4 + j - i * 4], T.float32(0))

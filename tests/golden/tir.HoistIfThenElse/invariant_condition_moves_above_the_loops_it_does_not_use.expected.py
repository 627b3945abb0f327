# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((32,), "float32"), B: T.Buffer((32,), "float32")):
        for i in range(4):
            if i < 2:
                for j in range(8):
                    B[i * 8 + j] = A[i * 8 + j]
        for i in range(4):
            if i == 1:
                for j in range(8):
                    B[i * 8 + j] = T.float32(1)
            else:
                for j in range(8):
                    B[i * 8 + j] = T.float32(2)

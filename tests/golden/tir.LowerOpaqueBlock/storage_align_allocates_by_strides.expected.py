# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((4, 8), "float32"), C: T.Buffer((4, 8), "float32")):
        B = T.allocate([4, 17], "float32", "global", annotations={"buffer_dim_align": [[-1, 0, 16, 1]]})
        B_1 = T.decl_buffer((4, 8), data=B, strides=(17, 1))
        for i, j in T.grid(4, 8):
            B_1[i, j] = A[i, j] + T.float32(1)
        for i, j in T.grid(4, 8):
            C[i, j] = B_1[i, j]

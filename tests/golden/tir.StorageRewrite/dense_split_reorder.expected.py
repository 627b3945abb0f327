# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(p0: T.Buffer((T.int64(16), T.int64(64)), "float32"), p1: T.Buffer((T.int64(32), T.int64(64)), "float32"), p2: T.Buffer((T.int64(32),), "float32"), T_relu: T.Buffer((T.int64(16), T.int64(32)), "float32")):
        T.func_attr({"layout_free_buffers": [1], "tir.noalias": T.bool(True)})
        T_matmul_NT = T.allocate([512], "float32", "global")
        T_matmul_NT_1 = T.Buffer((T.int64(512),), data=T_matmul_NT)
        for i_0, j_0, k, i_1, j_1 in T.grid(4, 4, 64, 4, 8):
            if k == 0:
                T_matmul_NT_1[i_0 * 128 + i_1 * 32 + j_0 * 8 + j_1] = T.float32(0)
            p0_1 = T.Buffer((T.int64(1024),), data=p0.data)
            p1_1 = T.Buffer((T.int64(2048),), data=p1.data)
            T_matmul_NT_1[i_0 * 128 + i_1 * 32 + j_0 * 8 + j_1] = T_matmul_NT_1[i_0 * 128 + i_1 * 32 + j_0 * 8 + j_1] + p0_1[i_0 * 256 + i_1 * 64 + k] * p1_1[j_0 * 512 + j_1 * 64 + k]
        T_matmul_NT_2 = T.Buffer((T.int64(512),), data=T_matmul_NT)
        for ax0, ax1 in T.grid(16, 32):
            p2_1 = T.Buffer((T.int64(32),), data=p2.data)
            T_matmul_NT_2[ax0 * 32 + ax1] = T_matmul_NT_1[ax0 * 32 + ax1] + p2_1[ax1]
        for ax0, ax1 in T.grid(16, 32):
            T_relu_1 = T.Buffer((T.int64(512),), data=T_relu.data)
            T_relu_1[ax0 * 32 + ax1] = T.max(T_matmul_NT_2[ax0 * 32 + ax1], T.float32(0))

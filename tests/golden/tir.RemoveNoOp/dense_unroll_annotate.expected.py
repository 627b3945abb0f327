# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(p0: T.Buffer((T.int64(16), T.int64(64)), "float32"), p1: T.Buffer((T.int64(32), T.int64(64)), "float32"), p2: T.Buffer((T.int64(32),), "float32"), T_relu: T.Buffer((T.int64(16), T.int64(32)), "float32")):
        T.func_attr({"layout_free_buffers": [1], "tir.noalias": T.bool(True)})
        T_matmul_NT = T.allocate([512], "float32", "global")
        T_matmul_NT_1 = T.Buffer((T.int64(512),), data=T_matmul_NT)
        for i, j in T.grid(16, 32):
            T_matmul_NT_1[i * 32 + j] = T.float32(0)
            p0_1 = T.Buffer((T.int64(1024),), data=p0.data)
            p1_1 = T.Buffer((T.int64(2048),), data=p1.data)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64] * p1_1[j * 64]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 1] * p1_1[j * 64 + 1]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 2] * p1_1[j * 64 + 2]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 3] * p1_1[j * 64 + 3]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 4] * p1_1[j * 64 + 4]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 5] * p1_1[j * 64 + 5]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 6] * p1_1[j * 64 + 6]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 7] * p1_1[j * 64 + 7]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 8] * p1_1[j * 64 + 8]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 9] * p1_1[j * 64 + 9]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 10] * p1_1[j * 64 + 10]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 11] * p1_1[j * 64 + 11]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 12] * p1_1[j * 64 + 12]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 13] * p1_1[j * 64 + 13]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 14] * p1_1[j * 64 + 14]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 15] * p1_1[j * 64 + 15]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 16] * p1_1[j * 64 + 16]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 17] * p1_1[j * 64 + 17]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 18] * p1_1[j * 64 + 18]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 19] * p1_1[j * 64 + 19]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 20] * p1_1[j * 64 + 20]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 21] * p1_1[j * 64 + 21]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 22] * p1_1[j * 64 + 22]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 23] * p1_1[j * 64 + 23]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 24] * p1_1[j * 64 + 24]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 25] * p1_1[j * 64 + 25]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 26] * p1_1[j * 64 + 26]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 27] * p1_1[j * 64 + 27]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 28] * p1_1[j * 64 + 28]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 29] * p1_1[j * 64 + 29]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 30] * p1_1[j * 64 + 30]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 31] * p1_1[j * 64 + 31]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 32] * p1_1[j * 64 + 32]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 33] * p1_1[j * 64 + 33]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 34] * p1_1[j * 64 + 34]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 35] * p1_1[j * 64 + 35]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 36] * p1_1[j * 64 + 36]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 37] * p1_1[j * 64 + 37]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 38] * p1_1[j * 64 + 38]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 39] * p1_1[j * 64 + 39]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 40] * p1_1[j * 64 + 40]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 41] * p1_1[j * 64 + 41]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 42] * p1_1[j * 64 + 42]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 43] * p1_1[j * 64 + 43]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 44] * p1_1[j * 64 + 44]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 45] * p1_1[j * 64 + 45]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 46] * p1_1[j * 64 + 46]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 47] * p1_1[j * 64 + 47]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 48] * p1_1[j * 64 + 48]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 49] * p1_1[j * 64 + 49]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 50] * p1_1[j * 64 + 50]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 51] * p1_1[j * 64 + 51]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 52] * p1_1[j * 64 + 52]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 53] * p1_1[j * 64 + 53]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 54] * p1_1[j * 64 + 54]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 55] * p1_1[j * 64 + 55]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 56] * p1_1[j * 64 + 56]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 57] * p1_1[j * 64 + 57]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 58] * p1_1[j * 64 + 58]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 59] * p1_1[j * 64 + 59]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 60] * p1_1[j * 64 + 60]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 61] * p1_1[j * 64 + 61]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 62] * p1_1[j * 64 + 62]
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 63] * p1_1[j * 64 + 63]
        T_matmul_NT_2 = T.Buffer((T.int64(512),), data=T_matmul_NT)
        for ax0, ax1 in T.grid(16, 32):
            p2_1 = T.Buffer((T.int64(32),), data=p2.data)
            T_matmul_NT_2[ax0 * 32 + ax1] = T_matmul_NT_1[ax0 * 32 + ax1] + p2_1[ax1]
        for ax0, ax1 in T.grid(16, 32):
            T_relu_1 = T.Buffer((T.int64(512),), data=T_relu.data)
            T_relu_1[ax0 * 32 + ax1] = T.max(T_matmul_NT_2[ax0 * 32 + ax1], T.float32(0))

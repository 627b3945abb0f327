# RUN: tirgen opt %s --pass tir.Simplify
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
            if T.EQ(0, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            p0_1 = T.Buffer((T.int64(1024),), data=p0.data)
            p1_1 = T.Buffer((T.int64(2048),), data=p1.data)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[T.Add(i * 64, 0)] * p1_1[T.Add(j * 64, 0)]
            if T.EQ(1, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 1] * p1_1[j * 64 + 1]
            if T.EQ(2, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 2] * p1_1[j * 64 + 2]
            if T.EQ(3, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 3] * p1_1[j * 64 + 3]
            if T.EQ(4, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 4] * p1_1[j * 64 + 4]
            if T.EQ(5, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 5] * p1_1[j * 64 + 5]
            if T.EQ(6, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 6] * p1_1[j * 64 + 6]
            if T.EQ(7, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 7] * p1_1[j * 64 + 7]
            if T.EQ(8, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 8] * p1_1[j * 64 + 8]
            if T.EQ(9, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 9] * p1_1[j * 64 + 9]
            if T.EQ(10, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 10] * p1_1[j * 64 + 10]
            if T.EQ(11, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 11] * p1_1[j * 64 + 11]
            if T.EQ(12, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 12] * p1_1[j * 64 + 12]
            if T.EQ(13, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 13] * p1_1[j * 64 + 13]
            if T.EQ(14, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 14] * p1_1[j * 64 + 14]
            if T.EQ(15, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 15] * p1_1[j * 64 + 15]
            if T.EQ(16, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 16] * p1_1[j * 64 + 16]
            if T.EQ(17, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 17] * p1_1[j * 64 + 17]
            if T.EQ(18, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 18] * p1_1[j * 64 + 18]
            if T.EQ(19, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 19] * p1_1[j * 64 + 19]
            if T.EQ(20, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 20] * p1_1[j * 64 + 20]
            if T.EQ(21, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 21] * p1_1[j * 64 + 21]
            if T.EQ(22, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 22] * p1_1[j * 64 + 22]
            if T.EQ(23, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 23] * p1_1[j * 64 + 23]
            if T.EQ(24, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 24] * p1_1[j * 64 + 24]
            if T.EQ(25, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 25] * p1_1[j * 64 + 25]
            if T.EQ(26, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 26] * p1_1[j * 64 + 26]
            if T.EQ(27, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 27] * p1_1[j * 64 + 27]
            if T.EQ(28, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 28] * p1_1[j * 64 + 28]
            if T.EQ(29, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 29] * p1_1[j * 64 + 29]
            if T.EQ(30, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 30] * p1_1[j * 64 + 30]
            if T.EQ(31, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 31] * p1_1[j * 64 + 31]
            if T.EQ(32, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 32] * p1_1[j * 64 + 32]
            if T.EQ(33, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 33] * p1_1[j * 64 + 33]
            if T.EQ(34, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 34] * p1_1[j * 64 + 34]
            if T.EQ(35, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 35] * p1_1[j * 64 + 35]
            if T.EQ(36, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 36] * p1_1[j * 64 + 36]
            if T.EQ(37, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 37] * p1_1[j * 64 + 37]
            if T.EQ(38, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 38] * p1_1[j * 64 + 38]
            if T.EQ(39, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 39] * p1_1[j * 64 + 39]
            if T.EQ(40, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 40] * p1_1[j * 64 + 40]
            if T.EQ(41, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 41] * p1_1[j * 64 + 41]
            if T.EQ(42, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 42] * p1_1[j * 64 + 42]
            if T.EQ(43, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 43] * p1_1[j * 64 + 43]
            if T.EQ(44, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 44] * p1_1[j * 64 + 44]
            if T.EQ(45, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 45] * p1_1[j * 64 + 45]
            if T.EQ(46, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 46] * p1_1[j * 64 + 46]
            if T.EQ(47, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 47] * p1_1[j * 64 + 47]
            if T.EQ(48, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 48] * p1_1[j * 64 + 48]
            if T.EQ(49, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 49] * p1_1[j * 64 + 49]
            if T.EQ(50, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 50] * p1_1[j * 64 + 50]
            if T.EQ(51, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 51] * p1_1[j * 64 + 51]
            if T.EQ(52, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 52] * p1_1[j * 64 + 52]
            if T.EQ(53, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 53] * p1_1[j * 64 + 53]
            if T.EQ(54, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 54] * p1_1[j * 64 + 54]
            if T.EQ(55, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 55] * p1_1[j * 64 + 55]
            if T.EQ(56, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 56] * p1_1[j * 64 + 56]
            if T.EQ(57, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 57] * p1_1[j * 64 + 57]
            if T.EQ(58, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 58] * p1_1[j * 64 + 58]
            if T.EQ(59, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 59] * p1_1[j * 64 + 59]
            if T.EQ(60, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 60] * p1_1[j * 64 + 60]
            if T.EQ(61, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 61] * p1_1[j * 64 + 61]
            if T.EQ(62, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 62] * p1_1[j * 64 + 62]
            if T.EQ(63, 0):
                T_matmul_NT_1[i * 32 + j] = T.float32(0)
            T_matmul_NT_1[i * 32 + j] = T_matmul_NT_1[i * 32 + j] + p0_1[i * 64 + 63] * p1_1[j * 64 + 63]
        T_matmul_NT_2 = T.Buffer((T.int64(512),), data=T_matmul_NT)
        for ax0, ax1 in T.grid(16, 32):
            p2_1 = T.Buffer((T.int64(32),), data=p2.data)
            T_matmul_NT_2[ax0 * 32 + ax1] = T_matmul_NT_1[ax0 * 32 + ax1] + p2_1[ax1]
        for ax0, ax1 in T.grid(16, 32):
            T_relu_1 = T.Buffer((T.int64(512),), data=T_relu.data)
            T_relu_1[ax0 * 32 + ax1] = T.max(T_matmul_NT_2[ax0 * 32 + ax1], T.float32(0))

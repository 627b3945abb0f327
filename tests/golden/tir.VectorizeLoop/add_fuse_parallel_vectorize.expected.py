# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(p0: T.Buffer((T.int64(1), T.int64(16), T.int64(32), T.int64(32)), "float32"), p1: T.Buffer((T.int64(1), T.int64(16), T.int64(32), T.int64(32)), "float32"), T_relu: T.Buffer((T.int64(1), T.int64(16), T.int64(32), T.int64(32)), "float32")):
        T.func_attr({"tir.noalias": T.bool(True)})
        T_add = T.allocate([16384], "float32", "global")
        T_add_1 = T.Buffer((T.int64(16384),), data=T_add)
        for ax0_ax1_ax2_ax3_fused_0 in T.parallel(256):
            p0_1 = T.Buffer((T.int64(16384),), data=p0.data)
            p1_1 = T.Buffer((T.int64(16384),), data=p1.data)
            T_add_1[ax0_ax1_ax2_ax3_fused_0 * 64:ax0_ax1_ax2_ax3_fused_0 * 64 + 64] = p0_1[ax0_ax1_ax2_ax3_fused_0 * 64:ax0_ax1_ax2_ax3_fused_0 * 64 + 64] + p1_1[ax0_ax1_ax2_ax3_fused_0 * 64:ax0_ax1_ax2_ax3_fused_0 * 64 + 64]
        for ax1, ax2, ax3 in T.grid(16, 32, 32):
            T_relu_1 = T.Buffer((T.int64(16384),), data=T_relu.data)
            T_relu_1[ax1 * 1024 + ax2 * 32 + ax3] = T.max(T_add_1[ax1 * 1024 + ax2 * 32 + ax3], T.float32(0))

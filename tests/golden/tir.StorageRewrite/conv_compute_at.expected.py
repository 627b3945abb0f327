# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(p0: T.Buffer((T.int64(1), T.int64(3), T.int64(32), T.int64(32)), "float32"), p1: T.Buffer((T.int64(16), T.int64(3), T.int64(3), T.int64(3)), "float32"), p2: T.Buffer((T.int64(16),), "float32"), T_relu: T.Buffer((T.int64(1), T.int64(16), T.int64(32), T.int64(32)), "float32")):
        T.func_attr({"tir.noalias": T.bool(True)})
        conv2d_nchw = T.allocate([16384], "float32", "global")
        pad_temp = T.allocate([306], "float32", "global")
        T_expand_dims = T.allocate([16], "float32", "global")
        conv2d_nchw_1 = T.Buffer((T.int64(16384),), data=conv2d_nchw)
        for ff, yy in T.grid(16, 32):
            pad_temp_1 = T.Buffer((T.int64(306),), data=pad_temp)
            for ax0, ax1, ax2 in T.grid(3, 3, 34):
                p0_1 = T.Buffer((T.int64(3072),), data=p0.data)
                pad_temp_1[ax0 * 102 + ax1 * 34 + ax2] = T.if_then_else(1 <= yy + ax1 and yy + ax1 < 33 and 1 <= ax2 and ax2 < 33, p0_1[ax0 * 1024 + yy * 32 + ax1 * 32 + ax2 - 33], T.float32(0))
            for xx, rc, ry, rx in T.grid(32, 3, 3, 3):
                if rc == 0 and ry == 0 and rx == 0:
                    conv2d_nchw_1[ff * 1024 + yy * 32 + xx] = T.float32(0)
                p1_1 = T.Buffer((T.int64(432),), data=p1.data)
                conv2d_nchw_1[ff * 1024 + yy * 32 + xx] = conv2d_nchw_1[ff * 1024 + yy * 32 + xx] + pad_temp_1[rc * 102 + ry * 34 + xx + rx] * p1_1[ff * 27 + rc * 9 + ry * 3 + rx]
        T_expand_dims_1 = T.Buffer((T.int64(16),), data=T_expand_dims)
        for ax0 in range(16):
            p2_1 = T.Buffer((T.int64(16),), data=p2.data)
            T_expand_dims_1[ax0] = p2_1[ax0]
        conv2d_nchw_2 = T.Buffer((T.int64(16384),), data=conv2d_nchw)
        for ax1, ax2, ax3 in T.grid(16, 32, 32):
            conv2d_nchw_2[ax1 * 1024 + ax2 * 32 + ax3] = conv2d_nchw_1[ax1 * 1024 + ax2 * 32 + ax3] + T_expand_dims_1[ax1]
        for ax1, ax2, ax3 in T.grid(16, 32, 32):
            T_relu_1 = T.Buffer((T.int64(16384),), data=T_relu.data)
            T_relu_1[ax1 * 1024 + ax2 * 32 + ax3] = T.max(conv2d_nchw_2[ax1 * 1024 + ax2 * 32 + ax3], T.float32(0))

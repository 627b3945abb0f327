# RUN: tirgen opt %s --pass tir.NarrowDataType(32)
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(p0: T.Buffer((T.int64(1), T.int64(3), T.int64(32), T.int64(32)), "float32"), p1: T.Buffer((T.int64(16), T.int64(3), T.int64(3), T.int64(3)), "float32"), p2: T.Buffer((T.int64(16),), "float32"), T_relu: T.Buffer((T.int64(1), T.int64(16), T.int64(32), T.int64(32)), "float32")):
        T.func_attr({"tir.noalias": T.bool(True)})
        pad_temp = T.allocate([T.int64(3468)], "float32", "global")
        conv2d_nchw = T.allocate([T.int64(16384)], "float32", "global")
        T_expand_dims = T.allocate([T.int64(16)], "float32", "global")
        T_add = T.allocate([T.int64(16384)], "float32", "global")
        pad_temp_1 = T.Buffer((T.int64(3468),), data=pad_temp)
        for i1, i2, i3 in T.grid(T.int64(3), T.int64(34), T.int64(34)):
            p0_1 = T.Buffer((T.int64(3072),), data=p0.data)
            pad_temp_1[i1 * T.int64(1156) + i2 * T.int64(34) + i3] = T.if_then_else(T.int64(1) <= i2 and i2 < T.int64(33) and T.int64(1) <= i3 and i3 < T.int64(33), p0_1[i1 * T.int64(1024) + (i2 - T.int64(1)) * T.int64(32) + (i3 - T.int64(1))], T.float32(0))
        conv2d_nchw_1 = T.Buffer((T.int64(16384),), data=conv2d_nchw)
        for ff, yy, xx, rc, ry, rx in T.grid(T.int64(16), T.int64(32), T.int64(32), T.int64(3), T.int64(3), T.int64(3)):
            if rc == T.int64(0) and ry == T.int64(0) and rx == T.int64(0):
                conv2d_nchw_1[ff * T.int64(1024) + yy * T.int64(32) + xx] = T.float32(0)
            p1_1 = T.Buffer((T.int64(432),), data=p1.data)
            conv2d_nchw_1[ff * T.int64(1024) + yy * T.int64(32) + xx] = conv2d_nchw_1[ff * T.int64(1024) + yy * T.int64(32) + xx] + pad_temp_1[rc * T.int64(1156) + yy * T.int64(34) + ry * T.int64(34) + xx + rx] * p1_1[ff * T.int64(27) + rc * T.int64(9) + ry * T.int64(3) + rx]
        T_expand_dims_1 = T.Buffer((T.int64(16),), data=T_expand_dims)
        for ax0 in range(T.int64(16)):
            p2_1 = T.Buffer((T.int64(16),), data=p2.data)
            T_expand_dims_1[ax0] = p2_1[ax0]
        T_add_1 = T.Buffer((T.int64(16384),), data=T_add)
        for ax1, ax2, ax3 in T.grid(T.int64(16), T.int64(32), T.int64(32)):
            T_add_1[ax1 * T.int64(1024) + ax2 * T.int64(32) + ax3] = conv2d_nchw_1[ax1 * T.int64(1024) + ax2 * T.int64(32) + ax3] + T_expand_dims_1[ax1]
        for ax1, ax2, ax3 in T.grid(T.int64(16), T.int64(32), T.int64(32)):
            T_relu_1 = T.Buffer((T.int64(16384),), data=T_relu.data)
            T_relu_1[ax1 * T.int64(1024) + ax2 * T.int64(32) + ax3] = T.max(T_add_1[ax1 * T.int64(1024) + ax2 * T.int64(32) + ax3], T.float32(0))

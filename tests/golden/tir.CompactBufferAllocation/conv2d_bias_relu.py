# RUN: tirgen opt %s --pass tir.CompactBufferAllocation
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(p0: T.Buffer((T.int64(1), T.int64(3), T.int64(32), T.int64(32)), "float32"), p1: T.Buffer((T.int64(16), T.int64(3), T.int64(3), T.int64(3)), "float32"), p2: T.Buffer((T.int64(16),), "float32"), T_relu: T.Buffer((T.int64(1), T.int64(16), T.int64(32), T.int64(32)), "float32")):
        T.func_attr({"tir.noalias": T.bool(True)})
        # with T.block("root"):
        pad_temp = T.alloc_buffer((T.int64(1), T.int64(3), T.int64(34), T.int64(34)))
        conv2d_nchw = T.alloc_buffer((T.int64(1), T.int64(16), T.int64(32), T.int64(32)))
        T_expand_dims = T.alloc_buffer((T.int64(16), T.int64(1), T.int64(1)))
        T_add = T.alloc_buffer((T.int64(1), T.int64(16), T.int64(32), T.int64(32)))
        for i0, i1, i2, i3 in T.grid(T.int64(1), T.int64(3), T.int64(34), T.int64(34)):
            with T.block("pad_temp"):
                T.reads(p0[i0, i1, i2 - T.int64(1), i3 - T.int64(1)])
                T.writes(pad_temp[i0, i1, i2, i3])
                pad_temp[i0, i1, i2, i3] = T.if_then_else(T.int64(1) <= i2 and i2 < T.int64(33) and T.int64(1) <= i3 and i3 < T.int64(33), p0[i0, i1, i2 - T.int64(1), i3 - T.int64(1)], T.float32(0))
        for nn, ff, yy, xx, rc, ry, rx in T.grid(T.int64(1), T.int64(16), T.int64(32), T.int64(32), T.int64(3), T.int64(3), T.int64(3)):
            with T.block("conv2d_nchw"):
                T.reads(pad_temp[nn, rc, yy + ry, xx + rx], p1[ff, rc, ry, rx])
                T.writes(conv2d_nchw[nn, ff, yy, xx])
                if rc == T.int64(0) and ry == T.int64(0) and rx == T.int64(0):
                    conv2d_nchw[nn, ff, yy, xx] = T.float32(0)
                conv2d_nchw[nn, ff, yy, xx] = conv2d_nchw[nn, ff, yy, xx] + pad_temp[nn, rc, yy + ry, xx + rx] * p1[ff, rc, ry, rx]
        for ax0, ax1, ax2 in T.grid(T.int64(16), T.int64(1), T.int64(1)):
            with T.block("T_expand_dims"):
                T.reads(p2[ax0])
                T.writes(T_expand_dims[ax0, ax1, ax2])
                T_expand_dims[ax0, ax1, ax2] = p2[ax0]
        for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(16), T.int64(32), T.int64(32)):
            with T.block("T_add"):
                T.reads(conv2d_nchw[ax0, ax1, ax2, ax3], T_expand_dims[ax1, T.int64(0), T.int64(0)])
                T.writes(T_add[ax0, ax1, ax2, ax3])
                T_add[ax0, ax1, ax2, ax3] = conv2d_nchw[ax0, ax1, ax2, ax3] + T_expand_dims[ax1, T.int64(0), T.int64(0)]
        for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(16), T.int64(32), T.int64(32)):
            with T.block("T_relu"):
                T.reads(T_add[ax0, ax1, ax2, ax3])
                T.writes(T_relu[ax0, ax1, ax2, ax3])
                T_relu[ax0, ax1, ax2, ax3] = T.max(T_add[ax0, ax1, ax2, ax3], T.float32(0))

# RUN: tirgen opt %s --pass tir.CommonSubexprElimTIR
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(p0: T.Buffer((T.int64(1), T.int64(3), T.int64(32), T.int64(32)), "float32"), p1: T.Buffer((T.int64(16), T.int64(3), T.int64(3), T.int64(3)), "float32"), p2: T.Buffer((T.int64(16),), "float32"), T_relu: T.Buffer((T.int64(1), T.int64(16), T.int64(32), T.int64(32)), "float32")):
        T.func_attr({"tir.noalias": T.bool(True)})
        conv2d_nchw = T.allocate([16384], "float32", "global")
        conv2d_nchw_1 = T.Buffer((T.int64(16384),), data=conv2d_nchw)
        for ff, yy, xx, rc, ry, rx in T.grid(16, 32, 32, 3, 3, 3):
            if rc == 0 and ry == 0 and rx == 0:
                conv2d_nchw_1[ff * 1024 + yy * 32 + xx] = T.float32(0)
            p0_1 = T.Buffer((T.int64(3072),), data=p0.data)
            p1_1 = T.Buffer((T.int64(432),), data=p1.data)
            conv2d_nchw_1[ff * 1024 + yy * 32 + xx] = conv2d_nchw_1[ff * 1024 + yy * 32 + xx] + T.if_then_else(1 <= yy + ry and yy + ry < 33 and 1 <= xx + rx and xx + rx < 33, p0_1[rc * 1024 + yy * 32 + ry * 32 + xx + rx - 33], T.float32(0)) * p1_1[ff * 27 + rc * 9 + ry * 3 + rx]
        for ax1, ax2, ax3 in T.grid(16, 32, 32):
            T_relu_1 = T.Buffer((T.int64(16384),), data=T_relu.data)
            p2_1 = T.Buffer((T.int64(16),), data=p2.data)
            T_relu_1[ax1 * 1024 + ax2 * 32 + ax3] = T.max(conv2d_nchw_1[ax1 * 1024 + ax2 * 32 + ax3] + p2_1[ax1], T.float32(0))

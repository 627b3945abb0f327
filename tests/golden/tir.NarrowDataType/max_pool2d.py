# RUN: tirgen opt %s --pass tir.NarrowDataType(32)
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(p0: T.Buffer((T.int64(1), T.int64(16), T.int64(32), T.int64(32)), "float32"), pool_max: T.Buffer((T.int64(1), T.int64(16), T.int64(16), T.int64(16)), "float32")):
        T.func_attr({"tir.noalias": T.bool(True)})
        pad_temp = T.allocate([T.int64(18496)], "float32", "global")
        pad_temp_1 = T.Buffer((T.int64(18496),), data=pad_temp)
        for ax1, ax2, ax3 in T.grid(T.int64(16), T.int64(34), T.int64(34)):
            p0_1 = T.Buffer((T.int64(16384),), data=p0.data)
            pad_temp_1[ax1 * T.int64(1156) + ax2 * T.int64(34) + ax3] = T.if_then_else(T.int64(1) <= ax2 and ax2 < T.int64(33) and T.int64(1) <= ax3 and ax3 < T.int64(33), p0_1[ax1 * T.int64(1024) + (ax2 - T.int64(1)) * T.int64(32) + (ax3 - T.int64(1))], T.float32(-3.4028234663852886e+38))
        for ax1, ax2, ax3, rv0, rv1 in T.grid(T.int64(16), T.int64(16), T.int64(16), T.int64(3), T.int64(3)):
            pool_max_1 = T.Buffer((T.int64(4096),), data=pool_max.data)
            if rv0 == T.int64(0) and rv1 == T.int64(0):
                pool_max_1[ax1 * T.int64(256) + ax2 * T.int64(16) + ax3] = T.float32(-3.4028234663852886e+38)
            pool_max_1[ax1 * T.int64(256) + ax2 * T.int64(16) + ax3] = T.max(pool_max_1[ax1 * T.int64(256) + ax2 * T.int64(16) + ax3], pad_temp_1[ax1 * T.int64(1156) + ax2 * T.int64(68) + rv0 * T.int64(34) + ax3 * T.int64(2) + rv1])

# RUN: tirgen opt %s --pass tir.FlattenBuffer
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(p0: T.Buffer((T.int64(1), T.int64(16), T.int64(32), T.int64(32)), "float32"), pool_max: T.Buffer((T.int64(1), T.int64(16), T.int64(16), T.int64(16)), "float32")):
        T.func_attr({"tir.noalias": T.bool(True)})
        pad_temp = T.decl_buffer((T.int64(1), T.int64(16), T.int64(34), T.int64(34)))
        for ax1, ax2, ax3 in T.grid(T.int64(16), T.int64(34), T.int64(34)):
            pad_temp[T.int64(0), ax1, ax2, ax3] = T.if_then_else(T.int64(1) <= ax2 and ax2 < T.int64(33) and T.int64(1) <= ax3 and ax3 < T.int64(33), p0[T.int64(0), ax1, ax2 - T.int64(1), ax3 - T.int64(1)], T.float32(-3.4028234663852886e+38))
        for ax1, ax2, ax3, rv0, rv1 in T.grid(T.int64(16), T.int64(16), T.int64(16), T.int64(3), T.int64(3)):
            if rv0 == T.int64(0) and rv1 == T.int64(0):
                pool_max[T.int64(0), ax1, ax2, ax3] = T.float32(-3.4028234663852886e+38)
            pool_max[T.int64(0), ax1, ax2, ax3] = T.max(pool_max[T.int64(0), ax1, ax2, ax3], pad_temp[T.int64(0), ax1, ax2 * T.int64(2) + rv0, ax3 * T.int64(2) + rv1])

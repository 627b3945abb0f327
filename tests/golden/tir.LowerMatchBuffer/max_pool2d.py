# RUN: tirgen opt %s --pass tir.LowerMatchBuffer
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(p0: T.Buffer((T.int64(1), T.int64(16), T.int64(32), T.int64(32)), "float32"), pool_max: T.Buffer((T.int64(1), T.int64(16), T.int64(16), T.int64(16)), "float32")):
        T.func_attr({"tir.noalias": T.bool(True)})
        # with T.block("root"):
        pad_temp = T.alloc_buffer((T.int64(1), T.int64(16), T.int64(34), T.int64(34)))
        for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(16), T.int64(34), T.int64(34)):
            with T.block("pad_temp"):
                T.reads(p0[ax0, ax1, ax2 - T.int64(1), ax3 - T.int64(1)])
                T.writes(pad_temp[ax0, ax1, ax2, ax3])
                pad_temp[ax0, ax1, ax2, ax3] = T.if_then_else(T.int64(1) <= ax2 and ax2 < T.int64(33) and T.int64(1) <= ax3 and ax3 < T.int64(33), p0[ax0, ax1, ax2 - T.int64(1), ax3 - T.int64(1)], T.float32(-3.4028234663852886e+38))
        for ax0, ax1, ax2, ax3, rv0, rv1 in T.grid(T.int64(1), T.int64(16), T.int64(16), T.int64(16), T.int64(3), T.int64(3)):
            with T.block("pool_max"):
                T.reads(pad_temp[ax0, ax1, ax2 * T.int64(2) + rv0, ax3 * T.int64(2) + rv1])
                T.writes(pool_max[ax0, ax1, ax2, ax3])
                T.block_attr({"schedule_rule": "meta_schedule.pool_max"})
                if rv0 == T.int64(0) and rv1 == T.int64(0):
                    pool_max[ax0, ax1, ax2, ax3] = T.float32(-3.4028234663852886e+38)
                pool_max[ax0, ax1, ax2, ax3] = T.max(pool_max[ax0, ax1, ax2, ax3], pad_temp[ax0, ax1, ax2 * T.int64(2) + rv0, ax3 * T.int64(2) + rv1])

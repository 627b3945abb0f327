# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(2), T.int64(4), T.int64(6), T.int64(6)), "float32"), adaptive_pool_max: T.Buffer((T.int64(1), T.int64(2), T.int64(2), T.int64(3), T.int64(1)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1, ax2, ax3, ax4, rv0, rv1, rv2 in T.grid(T.int64(1), T.int64(2), T.int64(2), T.int64(3), T.int64(1), T.int64(2), T.int64(2), T.int64(6)):
        with T.block("adaptive_pool_max"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_ax4, v_rv0, v_rv1, v_rv2 = T.axis.remap("SSSSSRRR", [ax0, ax1, ax2, ax3, ax4, rv0, rv1, rv2])
            T.reads(p0[v_ax0, v_ax1, v_ax2 * T.int64(2) + v_rv0, v_ax3 * T.int64(2) + v_rv1, v_ax4 * T.int64(6) + v_rv2])
            T.writes(adaptive_pool_max[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4])
            T.block_attr({"schedule_rule": "meta_schedule.adaptive_pool_max"})
            with T.init():
                adaptive_pool_max[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] = T.float32(-3.4028234663852886e+38)
            adaptive_pool_max[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] = T.max(adaptive_pool_max[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4], p0[v_ax0, v_ax1, v_ax2 * T.int64(2) + v_rv0, v_ax3 * T.int64(2) + v_rv1, v_ax4 * T.int64(6) + v_rv2])

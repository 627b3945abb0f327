# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(2), T.int64(4), T.int64(5)), "float32"), adaptive_pool_max: T.Buffer((T.int64(1), T.int64(2), T.int64(1), T.int64(1)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1, ax2, ax3, rv0, rv1 in T.grid(T.int64(1), T.int64(2), T.int64(1), T.int64(1), T.int64(4), T.int64(5)):
        with T.block("adaptive_pool_max"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_rv0, v_rv1 = T.axis.remap("SSSSRR", [ax0, ax1, ax2, ax3, rv0, rv1])
            T.reads(p0[v_ax0, v_ax1, v_ax2 * T.int64(4) + v_rv0, v_ax3 * T.int64(5) + v_rv1])
            T.writes(adaptive_pool_max[v_ax0, v_ax1, v_ax2, v_ax3])
            T.block_attr({"schedule_rule": "meta_schedule.adaptive_pool_max"})
            with T.init():
                adaptive_pool_max[v_ax0, v_ax1, v_ax2, v_ax3] = T.float32(-3.4028234663852886e+38)
            adaptive_pool_max[v_ax0, v_ax1, v_ax2, v_ax3] = T.max(adaptive_pool_max[v_ax0, v_ax1, v_ax2, v_ax3], p0[v_ax0, v_ax1, v_ax2 * T.int64(4) + v_rv0, v_ax3 * T.int64(5) + v_rv1])

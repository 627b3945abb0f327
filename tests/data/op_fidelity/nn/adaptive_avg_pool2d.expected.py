# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(2), T.int64(6), T.int64(6)), "float32"), adaptive_pool_avg: T.Buffer((T.int64(1), T.int64(2), T.int64(3), T.int64(2)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    adaptive_pool_sum = T.alloc_buffer((T.int64(1), T.int64(2), T.int64(3), T.int64(2)))
    for ax0, ax1, ax2, ax3, rv0, rv1 in T.grid(T.int64(1), T.int64(2), T.int64(3), T.int64(2), T.int64(2), T.int64(3)):
        with T.block("adaptive_pool_sum"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_rv0, v_rv1 = T.axis.remap("SSSSRR", [ax0, ax1, ax2, ax3, rv0, rv1])
            T.reads(p0[v_ax0, v_ax1, v_ax2 * T.int64(2) + v_rv0, v_ax3 * T.int64(3) + v_rv1])
            T.writes(adaptive_pool_sum[v_ax0, v_ax1, v_ax2, v_ax3])
            with T.init():
                adaptive_pool_sum[v_ax0, v_ax1, v_ax2, v_ax3] = T.float32(0)
            adaptive_pool_sum[v_ax0, v_ax1, v_ax2, v_ax3] = adaptive_pool_sum[v_ax0, v_ax1, v_ax2, v_ax3] + p0[v_ax0, v_ax1, v_ax2 * T.int64(2) + v_rv0, v_ax3 * T.int64(3) + v_rv1]
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(2), T.int64(3), T.int64(2)):
        with T.block("adaptive_pool_avg"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(adaptive_pool_sum[v_ax0, v_ax1, v_ax2, v_ax3])
            T.writes(adaptive_pool_avg[v_ax0, v_ax1, v_ax2, v_ax3])
            T.block_attr({"schedule_rule": "meta_schedule.adaptive_pool_avg"})
            adaptive_pool_avg[v_ax0, v_ax1, v_ax2, v_ax3] = adaptive_pool_sum[v_ax0, v_ax1, v_ax2, v_ax3] * T.float32(0.16666666666666666)

# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(2), T.int64(8)), "float32"), adaptive_pool_avg: T.Buffer((T.int64(1), T.int64(2), T.int64(4)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    adaptive_pool_sum = T.alloc_buffer((T.int64(1), T.int64(2), T.int64(4)))
    for ax0, ax1, ax2, rv0 in T.grid(T.int64(1), T.int64(2), T.int64(4), T.int64(2)):
        with T.block("adaptive_pool_sum"):
            v_ax0, v_ax1, v_ax2, v_rv0 = T.axis.remap("SSSR", [ax0, ax1, ax2, rv0])
            T.reads(p0[v_ax0, v_ax1, v_ax2 * T.int64(2) + v_rv0])
            T.writes(adaptive_pool_sum[v_ax0, v_ax1, v_ax2])
            with T.init():
                adaptive_pool_sum[v_ax0, v_ax1, v_ax2] = T.float32(0)
            adaptive_pool_sum[v_ax0, v_ax1, v_ax2] = adaptive_pool_sum[v_ax0, v_ax1, v_ax2] + p0[v_ax0, v_ax1, v_ax2 * T.int64(2) + v_rv0]
    for ax0, ax1, ax2 in T.grid(T.int64(1), T.int64(2), T.int64(4)):
        with T.block("adaptive_pool_avg"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(adaptive_pool_sum[v_ax0, v_ax1, v_ax2])
            T.writes(adaptive_pool_avg[v_ax0, v_ax1, v_ax2])
            T.block_attr({"schedule_rule": "meta_schedule.adaptive_pool_avg"})
            adaptive_pool_avg[v_ax0, v_ax1, v_ax2] = adaptive_pool_sum[v_ax0, v_ax1, v_ax2] * T.float32(0.5)

# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(2), T.int64(7), T.int64(7)), "float32"), pool_avg: T.Buffer((T.int64(1), T.int64(2), T.int64(4), T.int64(4)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    pad_temp = T.alloc_buffer((T.int64(1), T.int64(2), T.int64(9), T.int64(9)))
    pool_sum = T.alloc_buffer((T.int64(1), T.int64(2), T.int64(4), T.int64(4)))
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(2), T.int64(9), T.int64(9)):
        with T.block("pad_temp"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(p0[v_ax0, v_ax1, v_ax2 - T.int64(1), v_ax3 - T.int64(1)])
            T.writes(pad_temp[v_ax0, v_ax1, v_ax2, v_ax3])
            pad_temp[v_ax0, v_ax1, v_ax2, v_ax3] = T.if_then_else(T.int64(1) <= v_ax2 and v_ax2 < T.int64(8) and T.int64(1) <= v_ax3 and v_ax3 < T.int64(8), p0[v_ax0, v_ax1, v_ax2 - T.int64(1), v_ax3 - T.int64(1)], T.float32(0))
    for ax0, ax1, ax2, ax3, rv0, rv1 in T.grid(T.int64(1), T.int64(2), T.int64(4), T.int64(4), T.int64(3), T.int64(3)):
        with T.block("pool_sum"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_rv0, v_rv1 = T.axis.remap("SSSSRR", [ax0, ax1, ax2, ax3, rv0, rv1])
            T.reads(pad_temp[v_ax0, v_ax1, v_ax2 * T.int64(2) + v_rv0, v_ax3 * T.int64(2) + v_rv1])
            T.writes(pool_sum[v_ax0, v_ax1, v_ax2, v_ax3])
            with T.init():
                pool_sum[v_ax0, v_ax1, v_ax2, v_ax3] = T.float32(0)
            pool_sum[v_ax0, v_ax1, v_ax2, v_ax3] = pool_sum[v_ax0, v_ax1, v_ax2, v_ax3] + pad_temp[v_ax0, v_ax1, v_ax2 * T.int64(2) + v_rv0, v_ax3 * T.int64(2) + v_rv1]
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(2), T.int64(4), T.int64(4)):
        with T.block("pool_avg"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(pool_sum[v_ax0, v_ax1, v_ax2, v_ax3])
            T.writes(pool_avg[v_ax0, v_ax1, v_ax2, v_ax3])
            T.block_attr({"schedule_rule": "meta_schedule.pool_avg"})
            pool_avg[v_ax0, v_ax1, v_ax2, v_ax3] = pool_sum[v_ax0, v_ax1, v_ax2, v_ax3] / T.Cast("float32", (T.min(v_ax2 * T.int64(2) + T.int64(1), T.int64(7)) + T.int64(2) - v_ax2 * T.int64(2)) * (T.min(v_ax3 * T.int64(2) + T.int64(1), T.int64(7)) + T.int64(2) - v_ax3 * T.int64(2)))

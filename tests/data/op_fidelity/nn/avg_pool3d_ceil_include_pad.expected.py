# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(1), T.int64(4), T.int64(5), T.int64(5)), "float32"), pool_avg: T.Buffer((T.int64(1), T.int64(1), T.int64(2), T.int64(3), T.int64(3)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    pad_temp = T.alloc_buffer((T.int64(1), T.int64(1), T.int64(5), T.int64(6), T.int64(6)))
    pool_sum = T.alloc_buffer((T.int64(1), T.int64(1), T.int64(2), T.int64(3), T.int64(3)))
    for ax0, ax1, ax2, ax3, ax4 in T.grid(T.int64(1), T.int64(1), T.int64(5), T.int64(6), T.int64(6)):
        with T.block("pad_temp"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_ax4 = T.axis.remap("SSSSS", [ax0, ax1, ax2, ax3, ax4])
            T.reads(p0[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4])
            T.writes(pad_temp[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4])
            pad_temp[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] = T.if_then_else(v_ax2 < T.int64(4) and v_ax3 < T.int64(5) and v_ax4 < T.int64(5), p0[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4], T.float32(0))
    for ax0, ax1, ax2, ax3, ax4, rv0, rv1, rv2 in T.grid(T.int64(1), T.int64(1), T.int64(2), T.int64(3), T.int64(3), T.int64(2), T.int64(2), T.int64(2)):
        with T.block("pool_sum"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_ax4, v_rv0, v_rv1, v_rv2 = T.axis.remap("SSSSSRRR", [ax0, ax1, ax2, ax3, ax4, rv0, rv1, rv2])
            T.reads(pad_temp[v_ax0, v_ax1, v_ax2 * T.int64(2) + v_rv0, v_ax3 * T.int64(2) + v_rv1, v_ax4 * T.int64(2) + v_rv2])
            T.writes(pool_sum[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4])
            with T.init():
                pool_sum[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] = T.float32(0)
            pool_sum[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] = pool_sum[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] + pad_temp[v_ax0, v_ax1, v_ax2 * T.int64(2) + v_rv0, v_ax3 * T.int64(2) + v_rv1, v_ax4 * T.int64(2) + v_rv2]
    for ax0, ax1, ax2, ax3, ax4 in T.grid(T.int64(1), T.int64(1), T.int64(2), T.int64(3), T.int64(3)):
        with T.block("pool_avg"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_ax4 = T.axis.remap("SSSSS", [ax0, ax1, ax2, ax3, ax4])
            T.reads(pool_sum[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4])
            T.writes(pool_avg[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4])
            T.block_attr({"schedule_rule": "meta_schedule.pool_avg"})
            pool_avg[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] = pool_sum[v_ax0, v_ax1, v_ax2, v_ax3, v_ax4] / T.Cast("float32", (T.min(v_ax2 * T.int64(2) + T.int64(1), T.int64(3)) + T.int64(1) - v_ax2 * T.int64(2)) * (T.min(v_ax3 * T.int64(2) + T.int64(1), T.int64(4)) + T.int64(1) - v_ax3 * T.int64(2)) * (T.min(v_ax4 * T.int64(2) + T.int64(1), T.int64(4)) + T.int64(1) - v_ax4 * T.int64(2)))

# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(2), T.int64(5)), "float32"), adaptive_pool_max: T.Buffer((T.int64(1), T.int64(2), T.int64(3)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1, ax2, rv0 in T.grid(T.int64(1), T.int64(2), T.int64(3), T.int64(3)):
        with T.block("adaptive_pool_max"):
            v_ax0, v_ax1, v_ax2, v_rv0 = T.axis.remap("SSSR", [ax0, ax1, ax2, rv0])
            T.reads(p0[v_ax0, v_ax1, T.min(v_ax2 * T.int64(5) // T.int64(3) + v_rv0, T.int64(4))])
            T.writes(adaptive_pool_max[v_ax0, v_ax1, v_ax2])
            T.block_attr({"schedule_rule": "meta_schedule.adaptive_pool_max"})
            with T.init():
                adaptive_pool_max[v_ax0, v_ax1, v_ax2] = T.float32(-3.4028234663852886e+38)
            adaptive_pool_max[v_ax0, v_ax1, v_ax2] = T.max(adaptive_pool_max[v_ax0, v_ax1, v_ax2], T.Select(v_rv0 < T.Select((v_ax2 * T.int64(2) + T.int64(2)) % T.int64(3) == T.int64(0), (v_ax2 * T.int64(5) + T.int64(5)) // T.int64(3), (v_ax2 * T.int64(5) + T.int64(5)) // T.int64(3) + T.int64(1)) - v_ax2 * T.int64(5) // T.int64(3), p0[v_ax0, v_ax1, T.min(v_ax2 * T.int64(5) // T.int64(3) + v_rv0, T.int64(4))], T.float32(-3.4028234663852886e+38)))

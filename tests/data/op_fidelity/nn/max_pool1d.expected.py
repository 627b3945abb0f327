# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(2), T.int64(9)), "float32"), pool_max: T.Buffer((T.int64(1), T.int64(2), T.int64(5)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    pad_temp = T.alloc_buffer((T.int64(1), T.int64(2), T.int64(11)))
    for ax0, ax1, ax2 in T.grid(T.int64(1), T.int64(2), T.int64(11)):
        with T.block("pad_temp"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(p0[v_ax0, v_ax1, v_ax2 - T.int64(1)])
            T.writes(pad_temp[v_ax0, v_ax1, v_ax2])
            pad_temp[v_ax0, v_ax1, v_ax2] = T.if_then_else(T.int64(1) <= v_ax2 and v_ax2 < T.int64(10), p0[v_ax0, v_ax1, v_ax2 - T.int64(1)], T.float32(-3.4028234663852886e+38))
    for ax0, ax1, ax2, rv0 in T.grid(T.int64(1), T.int64(2), T.int64(5), T.int64(3)):
        with T.block("pool_max"):
            v_ax0, v_ax1, v_ax2, v_rv0 = T.axis.remap("SSSR", [ax0, ax1, ax2, rv0])
            T.reads(pad_temp[v_ax0, v_ax1, v_ax2 * T.int64(2) + v_rv0])
            T.writes(pool_max[v_ax0, v_ax1, v_ax2])
            T.block_attr({"schedule_rule": "meta_schedule.pool_max"})
            with T.init():
                pool_max[v_ax0, v_ax1, v_ax2] = T.float32(-3.4028234663852886e+38)
            pool_max[v_ax0, v_ax1, v_ax2] = T.max(pool_max[v_ax0, v_ax1, v_ax2], pad_temp[v_ax0, v_ax1, v_ax2 * T.int64(2) + v_rv0])

# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3), T.int64(4)), "float32"), T_pad: T.Buffer((T.int64(2), T.int64(6), T.int64(7)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1, ax2 in T.grid(T.int64(2), T.int64(6), T.int64(7)):
        with T.block("T_pad"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(p0[T.int64(0):T.int64(2), T.int64(0):T.int64(3), T.int64(0):T.int64(4)])
            T.writes(T_pad[v_ax0, v_ax1, v_ax2])
            T_pad[v_ax0, v_ax1, v_ax2] = T.if_then_else(T.int64(1) <= v_ax1 and v_ax1 < T.int64(4) and T.int64(2) <= v_ax2 and v_ax2 < T.int64(6), p0[v_ax0, v_ax1 - T.int64(1), v_ax2 - T.int64(2)], p0[T.if_then_else(v_ax0 < T.int64(0), T.int64(0), T.if_then_else(T.int64(2) <= v_ax0, T.int64(1), v_ax0)), T.if_then_else(v_ax1 < T.int64(1), T.int64(0), T.if_then_else(T.int64(4) <= v_ax1, T.int64(2), v_ax1 - T.int64(1))), T.if_then_else(v_ax2 < T.int64(2), T.int64(0), T.if_then_else(T.int64(6) <= v_ax2, T.int64(3), v_ax2 - T.int64(2)))])

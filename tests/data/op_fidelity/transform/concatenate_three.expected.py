# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(4), T.int64(6)), "float32"), p1: T.Buffer((T.int64(4), T.int64(2)), "float32"), p2: T.Buffer((T.int64(4), T.int64(3)), "float32"), T_concat: T.Buffer((T.int64(4), T.int64(11)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1 in T.grid(T.int64(4), T.int64(11)):
        with T.block("T_concat"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p2[v_ax0, v_ax1 - T.int64(8)], p1[v_ax0, v_ax1 - T.int64(6)], p0[v_ax0, v_ax1])
            T.writes(T_concat[v_ax0, v_ax1])
            T_concat[v_ax0, v_ax1] = T.if_then_else(T.int64(8) <= v_ax1, p2[v_ax0, v_ax1 - T.int64(8)], T.if_then_else(T.int64(6) <= v_ax1, p1[v_ax0, v_ax1 - T.int64(6)], p0[v_ax0, v_ax1]))

# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(4),), "int32"), T_negative: T.Buffer((T.int64(4),), "int32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    T_abs = T.alloc_buffer((T.int64(4),), "int32")
    for ax0 in range(T.int64(4)):
        with T.block("T_abs"):
            v_ax0 = T.axis.spatial(T.int64(4), ax0)
            T.reads(p0[v_ax0])
            T.writes(T_abs[v_ax0])
            T_abs[v_ax0] = T.Select(0 <= p0[v_ax0], p0[v_ax0], 0 - p0[v_ax0])
    for ax0 in range(T.int64(4)):
        with T.block("T_negative"):
            v_ax0 = T.axis.spatial(T.int64(4), ax0)
            T.reads(T_abs[v_ax0])
            T.writes(T_negative[v_ax0])
            T_negative[v_ax0] = 0 - T_abs[v_ax0]

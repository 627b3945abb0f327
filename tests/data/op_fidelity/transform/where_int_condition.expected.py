# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(4),), "int32"), p1: T.Buffer((T.int64(4),), "float32"), p2: T.Buffer((T.int64(4),), "float32"), T_where: T.Buffer((T.int64(4),), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0 in range(T.int64(4)):
        with T.block("T_where"):
            v_ax0 = T.axis.spatial(T.int64(4), ax0)
            T.reads(p0[v_ax0], p1[v_ax0], p2[v_ax0])
            T.writes(T_where[v_ax0])
            T_where[v_ax0] = T.Select(p0[v_ax0] != 0, p1[v_ax0], p2[v_ax0])

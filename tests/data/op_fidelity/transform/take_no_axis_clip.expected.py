# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(4), T.int64(6)), "float32"), p1: T.Buffer((T.int64(3),), "int32"), T_take: T.Buffer((T.int64(3),), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0 in range(T.int64(3)):
        with T.block("T_take"):
            v_ax0 = T.axis.spatial(T.int64(3), ax0)
            T.reads(p0[T.min(T.max(T.int64(0), T.Cast("int64", p1[v_ax0])), T.int64(23)) // T.int64(6), T.min(T.max(T.int64(0), T.Cast("int64", p1[v_ax0])), T.int64(23)) % T.int64(6)], p1[v_ax0])
            T.writes(T_take[v_ax0])
            T_take[v_ax0] = p0[T.min(T.max(T.int64(0), T.Cast("int64", p1[v_ax0])), T.int64(23)) // T.int64(6), T.min(T.max(T.int64(0), T.Cast("int64", p1[v_ax0])), T.int64(23)) % T.int64(6)]

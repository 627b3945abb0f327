# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(5)), "int32"), p1: T.Buffer((), "float32"), p2: T.Buffer((), "float32"), T_one_hot: T.Buffer((T.int64(2), T.int64(6), T.int64(5)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1, ax2 in T.grid(T.int64(2), T.int64(6), T.int64(5)):
        with T.block("T_one_hot"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(p0[v_ax0, v_ax2], p1[()], p2[()])
            T.writes(T_one_hot[v_ax0, v_ax1, v_ax2])
            T_one_hot[v_ax0, v_ax1, v_ax2] = T.Select(T.Cast("int64", p0[v_ax0, v_ax2]) == v_ax1, p1[()], p2[()])

# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(5), T.int64(3)), "float32"), p1: T.Buffer((T.int64(2), T.int64(4)), "int32"), T_take: T.Buffer((T.int64(2), T.int64(4), T.int64(3)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1, ax2 in T.grid(T.int64(2), T.int64(4), T.int64(3)):
        with T.block("T_take"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(p0[v_ax0, T.min(T.max(T.int64(0), T.Cast("int64", p1[v_ax0, v_ax1])), T.int64(4)), v_ax2], p1[v_ax0, v_ax1])
            T.writes(T_take[v_ax0, v_ax1, v_ax2])
            T_take[v_ax0, v_ax1, v_ax2] = p0[v_ax0, T.min(T.max(T.int64(0), T.Cast("int64", p1[v_ax0, v_ax1])), T.int64(4)), v_ax2]

# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(3), T.int64(4), T.int64(2)), "float32"), p1: T.Buffer((T.int64(4),), "int32"), T_sequence_mask: T.Buffer((T.int64(3), T.int64(4), T.int64(2)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1, ax2 in T.grid(T.int64(3), T.int64(4), T.int64(2)):
        with T.block("T_sequence_mask"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(p1[v_ax1], p0[v_ax0, v_ax1, v_ax2])
            T.writes(T_sequence_mask[v_ax0, v_ax1, v_ax2])
            T_sequence_mask[v_ax0, v_ax1, v_ax2] = T.if_then_else(T.Cast("int64", p1[v_ax1]) <= v_ax0, T.float32(0.10000000000000001), p0[v_ax0, v_ax1, v_ax2])

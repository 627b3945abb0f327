# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(4), T.int64(6)), "float32"), p1: T.Buffer((T.int64(4), T.int64(6)), "float32"), p2: T.Buffer((T.int64(4), T.int64(6)), "float32"), T_stack: T.Buffer((T.int64(4), T.int64(6), T.int64(3)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1, ax2 in T.grid(T.int64(4), T.int64(6), T.int64(3)):
        with T.block("T_stack"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(p2[v_ax0, v_ax1], p1[v_ax0, v_ax1], p0[v_ax0, v_ax1])
            T.writes(T_stack[v_ax0, v_ax1, v_ax2])
            T_stack[v_ax0, v_ax1, v_ax2] = T.if_then_else(v_ax2 == T.int64(2), p2[v_ax0, v_ax1], T.if_then_else(v_ax2 == T.int64(1), p1[v_ax0, v_ax1], p0[v_ax0, v_ax1]))

# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3), T.int64(4)), "float32"), p1: T.Buffer((T.int64(2), T.int64(1), T.int64(4)), "float32"), T_divide: T.Buffer((T.int64(2), T.int64(1), T.int64(4)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    T_subtract = T.alloc_buffer((T.int64(2), T.int64(3), T.int64(4)))
    T_multiply = T.alloc_buffer((T.int64(2), T.int64(3), T.int64(4)))
    T_multiply_red = T.alloc_buffer((T.int64(2), T.int64(1), T.int64(4)))
    for ax0, ax1, ax2 in T.grid(T.int64(2), T.int64(3), T.int64(4)):
        with T.block("T_subtract"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(p0[v_ax0, v_ax1, v_ax2], p1[v_ax0, T.int64(0), v_ax2])
            T.writes(T_subtract[v_ax0, v_ax1, v_ax2])
            T_subtract[v_ax0, v_ax1, v_ax2] = p0[v_ax0, v_ax1, v_ax2] - p1[v_ax0, T.int64(0), v_ax2]
    for ax0, ax1, ax2 in T.grid(T.int64(2), T.int64(3), T.int64(4)):
        with T.block("T_multiply"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(T_subtract[v_ax0, v_ax1, v_ax2])
            T.writes(T_multiply[v_ax0, v_ax1, v_ax2])
            T_multiply[v_ax0, v_ax1, v_ax2] = T_subtract[v_ax0, v_ax1, v_ax2] * T_subtract[v_ax0, v_ax1, v_ax2]
    for ax0, ax1, ax2, k1 in T.grid(T.int64(2), T.int64(1), T.int64(4), T.int64(3)):
        with T.block("T_multiply_red"):
            v_ax0, v_ax1, v_ax2, v_k1 = T.axis.remap("SSSR", [ax0, ax1, ax2, k1])
            T.reads(T_multiply[v_ax0, v_k1, v_ax2])
            T.writes(T_multiply_red[v_ax0, v_ax1, v_ax2])
            with T.init():
                T_multiply_red[v_ax0, v_ax1, v_ax2] = T.float32(0)
            T_multiply_red[v_ax0, v_ax1, v_ax2] = T_multiply_red[v_ax0, v_ax1, v_ax2] + T_multiply[v_ax0, v_k1, v_ax2]
    for ax0, ax1, ax2 in T.grid(T.int64(2), T.int64(1), T.int64(4)):
        with T.block("T_divide"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(T_multiply_red[v_ax0, v_ax1, v_ax2])
            T.writes(T_divide[v_ax0, v_ax1, v_ax2])
            T_divide[v_ax0, v_ax1, v_ax2] = T_multiply_red[v_ax0, v_ax1, v_ax2] * T.float32(0.5)

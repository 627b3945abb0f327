# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "int32"), p1: T.Buffer((T.int64(2), T.int64(3)), "int32"), T_mod: T.Buffer((T.int64(2), T.int64(3)), "int32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    T_trunc_divide = T.alloc_buffer((T.int64(2), T.int64(3)), "int32")
    T_trunc_mod = T.alloc_buffer((T.int64(2), T.int64(3)), "int32")
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_trunc_divide"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1], p1[v_ax0, v_ax1])
            T.writes(T_trunc_divide[v_ax0, v_ax1])
            T_trunc_divide[v_ax0, v_ax1] = T.Div(p0[v_ax0, v_ax1], p1[v_ax0, v_ax1])
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_trunc_mod"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_trunc_divide[v_ax0, v_ax1], p1[v_ax0, v_ax1])
            T.writes(T_trunc_mod[v_ax0, v_ax1])
            T_trunc_mod[v_ax0, v_ax1] = T.truncmod(T_trunc_divide[v_ax0, v_ax1], p1[v_ax0, v_ax1])
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_mod"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_trunc_mod[v_ax0, v_ax1], p1[v_ax0, v_ax1])
            T.writes(T_mod[v_ax0, v_ax1])
            T_mod[v_ax0, v_ax1] = T.truncmod(T_trunc_mod[v_ax0, v_ax1], p1[v_ax0, v_ax1])

# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "float32"), p1: T.Buffer((T.int64(3),), "float32"), T_floor_mod: T.Buffer((T.int64(2), T.int64(3)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    T_floor_divide = T.alloc_buffer((T.int64(2), T.int64(3)))
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_floor_divide"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1], p1[v_ax1])
            T.writes(T_floor_divide[v_ax0, v_ax1])
            T_floor_divide[v_ax0, v_ax1] = T.floor(p0[v_ax0, v_ax1] / p1[v_ax1])
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_floor_mod"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_floor_divide[v_ax0, v_ax1], p1[v_ax1])
            T.writes(T_floor_mod[v_ax0, v_ax1])
            T_floor_mod[v_ax0, v_ax1] = T_floor_divide[v_ax0, v_ax1] - T.floor(T_floor_divide[v_ax0, v_ax1] / p1[v_ax1]) * p1[v_ax1]

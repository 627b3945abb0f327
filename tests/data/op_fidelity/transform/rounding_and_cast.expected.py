# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "float32"), p1: T.Buffer((T.int64(2), T.int64(3)), "int32"), T_add: T.Buffer((T.int64(2), T.int64(3)), "int32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    T_sqrt = T.alloc_buffer((T.int64(2), T.int64(3)))
    T_floor = T.alloc_buffer((T.int64(2), T.int64(3)))
    T_ceil = T.alloc_buffer((T.int64(2), T.int64(3)))
    T_round = T.alloc_buffer((T.int64(2), T.int64(3)))
    T_cast = T.alloc_buffer((T.int64(2), T.int64(3)), "int32")
    T_floor_1 = T.alloc_buffer((T.int64(2), T.int64(3)), "int32")
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_sqrt"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1])
            T.writes(T_sqrt[v_ax0, v_ax1])
            T_sqrt[v_ax0, v_ax1] = T.sqrt(p0[v_ax0, v_ax1])
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_floor"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_sqrt[v_ax0, v_ax1])
            T.writes(T_floor[v_ax0, v_ax1])
            T_floor[v_ax0, v_ax1] = T.floor(T_sqrt[v_ax0, v_ax1])
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_ceil"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_floor[v_ax0, v_ax1])
            T.writes(T_ceil[v_ax0, v_ax1])
            T_ceil[v_ax0, v_ax1] = T.ceil(T_floor[v_ax0, v_ax1])
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_round"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_ceil[v_ax0, v_ax1])
            T.writes(T_round[v_ax0, v_ax1])
            T_round[v_ax0, v_ax1] = T.round(T_ceil[v_ax0, v_ax1])
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_cast"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_round[v_ax0, v_ax1])
            T.writes(T_cast[v_ax0, v_ax1])
            T_cast[v_ax0, v_ax1] = T.Cast("int32", T_round[v_ax0, v_ax1])
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_floor_1"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p1[v_ax0, v_ax1])
            T.writes(T_floor_1[v_ax0, v_ax1])
            T_floor_1[v_ax0, v_ax1] = p1[v_ax0, v_ax1]
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_add"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_cast[v_ax0, v_ax1], T_floor_1[v_ax0, v_ax1])
            T.writes(T_add[v_ax0, v_ax1])
            T_add[v_ax0, v_ax1] = T_cast[v_ax0, v_ax1] + T_floor_1[v_ax0, v_ax1]

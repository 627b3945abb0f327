# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "int32"), p1: T.Buffer((T.int64(3),), "int32"), T_bitwise_not: T.Buffer((T.int64(2), T.int64(3)), "int32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    T_bitwise_and = T.alloc_buffer((T.int64(2), T.int64(3)), "int32")
    T_bitwise_or = T.alloc_buffer((T.int64(2), T.int64(3)), "int32")
    T_bitwise_xor = T.alloc_buffer((T.int64(2), T.int64(3)), "int32")
    T_left_shift = T.alloc_buffer((T.int64(2), T.int64(3)), "int32")
    T_right_shift = T.alloc_buffer((T.int64(2), T.int64(3)), "int32")
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_bitwise_and"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1], p1[v_ax1])
            T.writes(T_bitwise_and[v_ax0, v_ax1])
            T_bitwise_and[v_ax0, v_ax1] = T.bitwise_and(p0[v_ax0, v_ax1], p1[v_ax1])
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_bitwise_or"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_bitwise_and[v_ax0, v_ax1], p1[v_ax1])
            T.writes(T_bitwise_or[v_ax0, v_ax1])
            T_bitwise_or[v_ax0, v_ax1] = T.bitwise_or(T_bitwise_and[v_ax0, v_ax1], p1[v_ax1])
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_bitwise_xor"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_bitwise_or[v_ax0, v_ax1], p1[v_ax1])
            T.writes(T_bitwise_xor[v_ax0, v_ax1])
            T_bitwise_xor[v_ax0, v_ax1] = T.bitwise_xor(T_bitwise_or[v_ax0, v_ax1], p1[v_ax1])
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_left_shift"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_bitwise_xor[v_ax0, v_ax1], p1[v_ax1])
            T.writes(T_left_shift[v_ax0, v_ax1])
            T_left_shift[v_ax0, v_ax1] = T.shift_left(T_bitwise_xor[v_ax0, v_ax1], p1[v_ax1])
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_right_shift"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_left_shift[v_ax0, v_ax1], p1[v_ax1])
            T.writes(T_right_shift[v_ax0, v_ax1])
            T_right_shift[v_ax0, v_ax1] = T.shift_right(T_left_shift[v_ax0, v_ax1], p1[v_ax1])
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_bitwise_not"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_right_shift[v_ax0, v_ax1])
            T.writes(T_bitwise_not[v_ax0, v_ax1])
            T_bitwise_not[v_ax0, v_ax1] = T.bitwise_not(T_right_shift[v_ax0, v_ax1])

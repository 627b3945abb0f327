# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "float32"), p1: T.Buffer((T.int64(3),), "float32"), p2: T.Buffer((T.int64(2), T.int64(1)), "bool"), T_logical_not: T.Buffer((T.int64(2), T.int64(3)), "bool")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    T_equal = T.alloc_buffer((T.int64(2), T.int64(3)), "bool")
    compile_engine_const = T.alloc_buffer(())
    T_less_equal = T.alloc_buffer((T.int64(2), T.int64(3)), "bool")
    T_logical_and = T.alloc_buffer((T.int64(2), T.int64(3)), "bool")
    T_logical_or = T.alloc_buffer((T.int64(2), T.int64(3)), "bool")
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_equal"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1], p1[v_ax1])
            T.writes(T_equal[v_ax0, v_ax1])
            T_equal[v_ax0, v_ax1] = p0[v_ax0, v_ax1] == p1[v_ax1]
    with T.block("compile_engine_const"):
        vi = T.axis.spatial(T.int64(1), T.int64(0))
        T.reads()
        T.writes(compile_engine_const[()])
        compile_engine_const[()] = T.float32(1)
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_less_equal"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1], compile_engine_const[()])
            T.writes(T_less_equal[v_ax0, v_ax1])
            T_less_equal[v_ax0, v_ax1] = p0[v_ax0, v_ax1] <= compile_engine_const[()]
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_logical_and"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_equal[v_ax0, v_ax1], T_less_equal[v_ax0, v_ax1])
            T.writes(T_logical_and[v_ax0, v_ax1])
            T_logical_and[v_ax0, v_ax1] = T_equal[v_ax0, v_ax1] and T_less_equal[v_ax0, v_ax1]
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_logical_or"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_logical_and[v_ax0, v_ax1], p2[v_ax0, T.int64(0)])
            T.writes(T_logical_or[v_ax0, v_ax1])
            T_logical_or[v_ax0, v_ax1] = T_logical_and[v_ax0, v_ax1] or p2[v_ax0, T.int64(0)]
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_logical_not"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_logical_or[v_ax0, v_ax1])
            T.writes(T_logical_not[v_ax0, v_ax1])
            T_logical_not[v_ax0, v_ax1] = not T_logical_or[v_ax0, v_ax1]

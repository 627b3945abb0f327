# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "float32"), p1: T.Buffer((T.int64(3),), "float32"), T_minimum: T.Buffer((T.int64(2), T.int64(3)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    T_divide = T.alloc_buffer((T.int64(2), T.int64(3)))
    T_power = T.alloc_buffer((T.int64(2), T.int64(3)))
    T_maximum = T.alloc_buffer((T.int64(2), T.int64(3)))
    compile_engine_const = T.alloc_buffer(())
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_divide"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1], p1[v_ax1])
            T.writes(T_divide[v_ax0, v_ax1])
            T_divide[v_ax0, v_ax1] = p0[v_ax0, v_ax1] / p1[v_ax1]
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_power"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_divide[v_ax0, v_ax1], p1[v_ax1])
            T.writes(T_power[v_ax0, v_ax1])
            T_power[v_ax0, v_ax1] = T.pow(T_divide[v_ax0, v_ax1], p1[v_ax1])
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_maximum"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_power[v_ax0, v_ax1], p1[v_ax1])
            T.writes(T_maximum[v_ax0, v_ax1])
            T_maximum[v_ax0, v_ax1] = T.max(T_power[v_ax0, v_ax1], p1[v_ax1])
    with T.block("compile_engine_const"):
        vi = T.axis.spatial(T.int64(1), T.int64(0))
        T.reads()
        T.writes(compile_engine_const[()])
        compile_engine_const[()] = T.float32(2)
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_minimum"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_maximum[v_ax0, v_ax1], compile_engine_const[()])
            T.writes(T_minimum[v_ax0, v_ax1])
            T_minimum[v_ax0, v_ax1] = T.min(T_maximum[v_ax0, v_ax1], compile_engine_const[()])

# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "int8"), T_multiply: T.Buffer((T.int64(2), T.int64(3)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    T_cast = T.alloc_buffer((T.int64(2), T.int64(3)), "int32")
    compile_engine_const = T.alloc_buffer((), "int32")
    T_subtract = T.alloc_buffer((T.int64(2), T.int64(3)), "int32")
    T_cast_1 = T.alloc_buffer((T.int64(2), T.int64(3)))
    compile_engine_const_1 = T.alloc_buffer(())
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_cast"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1])
            T.writes(T_cast[v_ax0, v_ax1])
            T_cast[v_ax0, v_ax1] = T.Cast("int32", p0[v_ax0, v_ax1])
    with T.block("compile_engine_const"):
        vi = T.axis.spatial(T.int64(1), T.int64(0))
        T.reads()
        T.writes(compile_engine_const[()])
        compile_engine_const[()] = 3
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_subtract"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_cast[v_ax0, v_ax1], compile_engine_const[()])
            T.writes(T_subtract[v_ax0, v_ax1])
            T_subtract[v_ax0, v_ax1] = T_cast[v_ax0, v_ax1] - compile_engine_const[()]
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_cast_1"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_subtract[v_ax0, v_ax1])
            T.writes(T_cast_1[v_ax0, v_ax1])
            T_cast_1[v_ax0, v_ax1] = T.Cast("float32", T_subtract[v_ax0, v_ax1])
    with T.block("compile_engine_const_1"):
        vi = T.axis.spatial(T.int64(1), T.int64(0))
        T.reads()
        T.writes(compile_engine_const_1[()])
        compile_engine_const_1[()] = T.float32(0.5)
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_multiply"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_cast_1[v_ax0, v_ax1], compile_engine_const_1[()])
            T.writes(T_multiply[v_ax0, v_ax1])
            T_multiply[v_ax0, v_ax1] = T_cast_1[v_ax0, v_ax1] * compile_engine_const_1[()]

# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "float32"), T_cast: T.Buffer((T.int64(2), T.int64(3)), "int8")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    compile_engine_const = T.alloc_buffer(())
    T_divide = T.alloc_buffer((T.int64(2), T.int64(3)))
    T_round = T.alloc_buffer((T.int64(2), T.int64(3)))
    compile_engine_const_1 = T.alloc_buffer(())
    T_add = T.alloc_buffer((T.int64(2), T.int64(3)))
    T_clip = T.alloc_buffer((T.int64(2), T.int64(3)))
    with T.block("compile_engine_const"):
        vi = T.axis.spatial(T.int64(1), T.int64(0))
        T.reads()
        T.writes(compile_engine_const[()])
        compile_engine_const[()] = T.float32(0.5)
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_divide"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1], compile_engine_const[()])
            T.writes(T_divide[v_ax0, v_ax1])
            T_divide[v_ax0, v_ax1] = p0[v_ax0, v_ax1] / compile_engine_const[()]
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_round"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_divide[v_ax0, v_ax1])
            T.writes(T_round[v_ax0, v_ax1])
            T_round[v_ax0, v_ax1] = T.round(T_divide[v_ax0, v_ax1])
    with T.block("compile_engine_const_1"):
        vi = T.axis.spatial(T.int64(1), T.int64(0))
        T.reads()
        T.writes(compile_engine_const_1[()])
        compile_engine_const_1[()] = T.float32(3)
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_add"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_round[v_ax0, v_ax1], compile_engine_const_1[()])
            T.writes(T_add[v_ax0, v_ax1])
            T_add[v_ax0, v_ax1] = T_round[v_ax0, v_ax1] + compile_engine_const_1[()]
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_clip"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_add[v_ax0, v_ax1])
            T.writes(T_clip[v_ax0, v_ax1])
            T_clip[v_ax0, v_ax1] = T.max(T.min(T_add[v_ax0, v_ax1], T.float32(127)), T.float32(-128))
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_cast"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_clip[v_ax0, v_ax1])
            T.writes(T_cast[v_ax0, v_ax1])
            T_cast[v_ax0, v_ax1] = T.Cast("int8", T_clip[v_ax0, v_ax1])

# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "int32"), T_cast: T.Buffer((T.int64(2), T.int64(3)), "int8")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    compile_engine_const = T.alloc_buffer((), "int32")
    compute = T.alloc_buffer((T.int64(2), T.int64(3)), "int32")
    T_add = T.alloc_buffer((T.int64(2), T.int64(3)), "int32")
    T_clip = T.alloc_buffer((T.int64(2), T.int64(3)), "int32")
    with T.block("compile_engine_const"):
        vi = T.axis.spatial(T.int64(1), T.int64(0))
        T.reads()
        T.writes(compile_engine_const[()])
        compile_engine_const[()] = 3
    for i0, i1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("compute"):
            v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
            T.reads(p0[v_i0, v_i1])
            T.writes(compute[v_i0, v_i1])
            compute[v_i0, v_i1] = T.q_multiply_shift(p0[v_i0, v_i1], 1073741824, 31, 0)
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_add"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(compile_engine_const[()], compute[v_ax0, v_ax1])
            T.writes(T_add[v_ax0, v_ax1])
            T_add[v_ax0, v_ax1] = compile_engine_const[()] + compute[v_ax0, v_ax1]
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_clip"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_add[v_ax0, v_ax1])
            T.writes(T_clip[v_ax0, v_ax1])
            T_clip[v_ax0, v_ax1] = T.max(T.min(T_add[v_ax0, v_ax1], 127), -128)
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_cast"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_clip[v_ax0, v_ax1])
            T.writes(T_cast[v_ax0, v_ax1])
            T_cast[v_ax0, v_ax1] = T.Cast("int8", T_clip[v_ax0, v_ax1])

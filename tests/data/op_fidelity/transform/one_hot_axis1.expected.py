# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(5)), "int32"), T_one_hot: T.Buffer((T.int64(2), T.int64(6), T.int64(5)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    compile_engine_const = T.alloc_buffer(())
    compile_engine_const_1 = T.alloc_buffer(())
    with T.block("compile_engine_const"):
        vi = T.axis.spatial(T.int64(1), T.int64(0))
        T.reads()
        T.writes(compile_engine_const[()])
        compile_engine_const[()] = T.float32(1)
    with T.block("compile_engine_const_1"):
        vi = T.axis.spatial(T.int64(1), T.int64(0))
        T.reads()
        T.writes(compile_engine_const_1[()])
        compile_engine_const_1[()] = T.float32(0)
    for ax0, ax1, ax2 in T.grid(T.int64(2), T.int64(6), T.int64(5)):
        with T.block("T_one_hot"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(p0[v_ax0, v_ax2], compile_engine_const[()], compile_engine_const_1[()])
            T.writes(T_one_hot[v_ax0, v_ax1, v_ax2])
            T_one_hot[v_ax0, v_ax1, v_ax2] = T.Select(T.Cast("int64", p0[v_ax0, v_ax2]) == v_ax1, compile_engine_const[()], compile_engine_const_1[()])

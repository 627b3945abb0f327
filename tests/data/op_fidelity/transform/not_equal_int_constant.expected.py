# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "int32"), T_not_equal: T.Buffer((T.int64(2), T.int64(3)), "bool")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    compile_engine_const = T.alloc_buffer((), "int32")
    with T.block("compile_engine_const"):
        vi = T.axis.spatial(T.int64(1), T.int64(0))
        T.reads()
        T.writes(compile_engine_const[()])
        compile_engine_const[()] = 3
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_not_equal"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1], compile_engine_const[()])
            T.writes(T_not_equal[v_ax0, v_ax1])
            T_not_equal[v_ax0, v_ax1] = p0[v_ax0, v_ax1] != compile_engine_const[()]

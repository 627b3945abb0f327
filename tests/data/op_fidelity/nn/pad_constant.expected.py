# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3), T.int64(4)), "float32"), T_pad: T.Buffer((T.int64(2), T.int64(6), T.int64(6)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    compile_engine_const = T.alloc_buffer(())
    T_cast = T.alloc_buffer(())
    with T.block("compile_engine_const"):
        vi = T.axis.spatial(T.int64(1), T.int64(0))
        T.reads()
        T.writes(compile_engine_const[()])
        compile_engine_const[()] = T.float32(0.5)
    with T.block("T_cast"):
        vi = T.axis.spatial(T.int64(1), T.int64(0))
        T.reads(compile_engine_const[()])
        T.writes(T_cast[()])
        T_cast[()] = compile_engine_const[()]
    for ax0, ax1, ax2 in T.grid(T.int64(2), T.int64(6), T.int64(6)):
        with T.block("T_pad"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(p0[v_ax0, v_ax1 - T.int64(1), v_ax2 - T.int64(2)], T_cast[()])
            T.writes(T_pad[v_ax0, v_ax1, v_ax2])
            T_pad[v_ax0, v_ax1, v_ax2] = T.if_then_else(T.int64(1) <= v_ax1 and v_ax1 < T.int64(4) and T.int64(2) <= v_ax2, p0[v_ax0, v_ax1 - T.int64(1), v_ax2 - T.int64(2)], T_cast[()])

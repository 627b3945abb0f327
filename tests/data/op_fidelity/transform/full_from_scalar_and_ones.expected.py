# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((), "float32"), p1: T.Buffer((T.int64(2), T.int64(3)), "float32"), T_multiply: T.Buffer((T.int64(2), T.int64(3)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    T_full = T.alloc_buffer((T.int64(2), T.int64(3)))
    compile_engine_const = T.alloc_buffer(())
    T_add = T.alloc_buffer((T.int64(2), T.int64(3)))
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_full"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[()])
            T.writes(T_full[v_ax0, v_ax1])
            T_full[v_ax0, v_ax1] = p0[()]
    with T.block("compile_engine_const"):
        vi = T.axis.spatial(T.int64(1), T.int64(0))
        T.reads()
        T.writes(compile_engine_const[()])
        compile_engine_const[()] = T.float32(1)
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_add"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_full[v_ax0, v_ax1], compile_engine_const[()])
            T.writes(T_add[v_ax0, v_ax1])
            T_add[v_ax0, v_ax1] = T_full[v_ax0, v_ax1] + compile_engine_const[()]
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_multiply"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_add[v_ax0, v_ax1], p1[v_ax0, v_ax1])
            T.writes(T_multiply[v_ax0, v_ax1])
            T_multiply[v_ax0, v_ax1] = T_add[v_ax0, v_ax1] * p1[v_ax0, v_ax1]

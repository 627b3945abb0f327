# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "float16"), T_cast: T.Buffer((T.int64(2),), "float16")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    T_cast_1 = T.alloc_buffer((T.int64(2), T.int64(3)))
    T_cast_red = T.alloc_buffer((T.int64(2),))
    T_divide = T.alloc_buffer((T.int64(2),))
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_cast"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1])
            T.writes(T_cast_1[v_ax0, v_ax1])
            T_cast_1[v_ax0, v_ax1] = T.Cast("float32", p0[v_ax0, v_ax1])
    for ax0, k1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_cast_red"):
            v_ax0, v_k1 = T.axis.remap("SR", [ax0, k1])
            T.reads(T_cast_1[v_ax0, v_k1])
            T.writes(T_cast_red[v_ax0])
            with T.init():
                T_cast_red[v_ax0] = T.float32(0)
            T_cast_red[v_ax0] = T_cast_red[v_ax0] + T_cast_1[v_ax0, v_k1]
    for ax0 in range(T.int64(2)):
        with T.block("T_divide"):
            v_ax0 = T.axis.spatial(T.int64(2), ax0)
            T.reads(T_cast_red[v_ax0])
            T.writes(T_divide[v_ax0])
            T_divide[v_ax0] = T_cast_red[v_ax0] * T.float32(0.33333333333333331)
    for ax0 in range(T.int64(2)):
        with T.block("T_cast_1"):
            v_ax0 = T.axis.spatial(T.int64(2), ax0)
            T.reads(T_divide[v_ax0])
            T.writes(T_cast[v_ax0])
            T_cast[v_ax0] = T.Cast("float16", T_divide[v_ax0])

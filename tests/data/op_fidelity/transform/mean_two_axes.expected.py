# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3), T.int64(4)), "float32"), T_divide: T.Buffer((T.int64(4),), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    p0_red = T.alloc_buffer((T.int64(4),))
    for ax0, k0, k1 in T.grid(T.int64(4), T.int64(2), T.int64(3)):
        with T.block("p0_red"):
            v_ax0, v_k0, v_k1 = T.axis.remap("SRR", [ax0, k0, k1])
            T.reads(p0[v_k0, v_k1, v_ax0])
            T.writes(p0_red[v_ax0])
            with T.init():
                p0_red[v_ax0] = T.float32(0)
            p0_red[v_ax0] = p0_red[v_ax0] + p0[v_k0, v_k1, v_ax0]
    for ax0 in range(T.int64(4)):
        with T.block("T_divide"):
            v_ax0 = T.axis.spatial(T.int64(4), ax0)
            T.reads(p0_red[v_ax0])
            T.writes(T_divide[v_ax0])
            T_divide[v_ax0] = p0_red[v_ax0] * T.float32(0.16666666666666666)

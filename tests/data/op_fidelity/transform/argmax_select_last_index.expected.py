# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(4), T.int64(10)), "float32"), p0_red: T.Buffer((T.int64(4),), "int32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    p0_red_temp_v0 = T.alloc_buffer((T.int64(4),), "int32")
    p0_red_temp_v1 = T.alloc_buffer((T.int64(4),))
    for ax0, k1 in T.grid(T.int64(4), T.int64(10)):
        with T.block("p0_red_temp"):
            v_ax0, v_k1 = T.axis.remap("SR", [ax0, k1])
            T.reads(p0[v_ax0, v_k1])
            T.writes(p0_red_temp_v0[v_ax0], p0_red_temp_v1[v_ax0])
            with T.init():
                p0_red_temp_v0[v_ax0] = -1
                p0_red_temp_v1[v_ax0] = T.float32(-3.4028234663852886e+38)
            v_p0_red_temp_v0: T.int64 = T.Select(p0_red_temp_v1[v_ax0] > p0[v_ax0, v_k1] or p0_red_temp_v1[v_ax0] == p0[v_ax0, v_k1] and T.Cast("int64", p0_red_temp_v0[v_ax0]) > v_k1, T.Cast("int64", p0_red_temp_v0[v_ax0]), v_k1)
            v_p0_red_temp_v1: T.float32 = T.Select(p0_red_temp_v1[v_ax0] > p0[v_ax0, v_k1], p0_red_temp_v1[v_ax0], p0[v_ax0, v_k1])
            p0_red_temp_v0[v_ax0] = T.Cast("int32", v_p0_red_temp_v0)
            p0_red_temp_v1[v_ax0] = v_p0_red_temp_v1
    for ax0 in range(T.int64(4)):
        with T.block("p0_red"):
            v_ax0 = T.axis.spatial(T.int64(4), ax0)
            T.reads(p0_red_temp_v0[v_ax0])
            T.writes(p0_red[v_ax0])
            p0_red[v_ax0] = p0_red_temp_v0[v_ax0]

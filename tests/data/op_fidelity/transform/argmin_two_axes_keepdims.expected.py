# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3), T.int64(4)), "float32"), p0_red: T.Buffer((T.int64(1), T.int64(3), T.int64(1)), "int32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    p0_red_temp_v0 = T.alloc_buffer((T.int64(1), T.int64(3), T.int64(1)), "int32")
    p0_red_temp_v1 = T.alloc_buffer((T.int64(1), T.int64(3), T.int64(1)))
    for ax0, ax1, ax2, k0, k2 in T.grid(T.int64(1), T.int64(3), T.int64(1), T.int64(2), T.int64(4)):
        with T.block("p0_red_temp"):
            v_ax0, v_ax1, v_ax2, v_k0, v_k2 = T.axis.remap("SSSRR", [ax0, ax1, ax2, k0, k2])
            T.reads(p0[v_k0, v_ax1, v_k2])
            T.writes(p0_red_temp_v0[v_ax0, v_ax1, v_ax2], p0_red_temp_v1[v_ax0, v_ax1, v_ax2])
            with T.init():
                p0_red_temp_v0[v_ax0, v_ax1, v_ax2] = -1
                p0_red_temp_v1[v_ax0, v_ax1, v_ax2] = T.float32(3.4028234663852886e+38)
            v_p0_red_temp_v0: T.int64 = T.Select(p0_red_temp_v1[v_ax0, v_ax1, v_ax2] < p0[v_k0, v_ax1, v_k2] or p0_red_temp_v1[v_ax0, v_ax1, v_ax2] == p0[v_k0, v_ax1, v_k2] and T.Cast("int64", p0_red_temp_v0[v_ax0, v_ax1, v_ax2]) < v_k0 * T.int64(4) + v_k2, T.Cast("int64", p0_red_temp_v0[v_ax0, v_ax1, v_ax2]), v_k0 * T.int64(4) + v_k2)
            v_p0_red_temp_v1: T.float32 = T.Select(p0_red_temp_v1[v_ax0, v_ax1, v_ax2] < p0[v_k0, v_ax1, v_k2], p0_red_temp_v1[v_ax0, v_ax1, v_ax2], p0[v_k0, v_ax1, v_k2])
            p0_red_temp_v0[v_ax0, v_ax1, v_ax2] = T.Cast("int32", v_p0_red_temp_v0)
            p0_red_temp_v1[v_ax0, v_ax1, v_ax2] = v_p0_red_temp_v1
    for ax0, ax1, ax2 in T.grid(T.int64(1), T.int64(3), T.int64(1)):
        with T.block("p0_red"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(p0_red_temp_v0[v_ax0, v_ax1, v_ax2])
            T.writes(p0_red[v_ax0, v_ax1, v_ax2])
            p0_red[v_ax0, v_ax1, v_ax2] = p0_red_temp_v0[v_ax0, v_ax1, v_ax2]

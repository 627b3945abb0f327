# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(1), T.int64(3), T.int64(4)), "float32"), p1: T.Buffer((T.int64(1), T.int64(2), T.int64(1), T.int64(2)), "float32"), compute: T.Buffer((T.int64(1), T.int64(1), T.int64(1), T.int64(2)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for n, c, h, w in T.grid(T.int64(1), T.int64(1), T.int64(1), T.int64(2)):
        with T.block("compute"):
            v_n, v_c, v_h, v_w = T.axis.remap("SSSS", [n, c, h, w])
            T.reads(p1[v_n, T.int64(0):T.int64(2), v_h, v_w], p0[v_n, v_c, T.Cast("int64", T.nearbyint(T.min(T.max(T.float32(-0.5) + (p1[v_n, T.int64(1), v_h, v_w] + T.float32(1)) * T.float32(3) * T.float32(0.5), T.float32(0)), T.float32(2)))), T.Cast("int64", T.nearbyint(T.min(T.max(T.float32(-0.5) + (p1[v_n, T.int64(0), v_h, v_w] + T.float32(1)) * T.float32(4) * T.float32(0.5), T.float32(0)), T.float32(3))))])
            T.writes(compute[v_n, v_c, v_h, v_w])
            compute[v_n, v_c, v_h, v_w] = T.if_then_else(T.int64(0) <= T.Cast("int64", T.nearbyint(T.min(T.max(T.float32(-0.5) + (p1[v_n, T.int64(1), v_h, v_w] + T.float32(1)) * T.float32(3) * T.float32(0.5), T.float32(0)), T.float32(2)))) and T.int64(0) <= T.Cast("int64", T.nearbyint(T.min(T.max(T.float32(-0.5) + (p1[v_n, T.int64(0), v_h, v_w] + T.float32(1)) * T.float32(4) * T.float32(0.5), T.float32(0)), T.float32(3)))) and T.Cast("int64", T.nearbyint(T.min(T.max(T.float32(-0.5) + (p1[v_n, T.int64(1), v_h, v_w] + T.float32(1)) * T.float32(3) * T.float32(0.5), T.float32(0)), T.float32(2)))) < T.int64(3) and T.Cast("int64", T.nearbyint(T.min(T.max(T.float32(-0.5) + (p1[v_n, T.int64(0), v_h, v_w] + T.float32(1)) * T.float32(4) * T.float32(0.5), T.float32(0)), T.float32(3)))) < T.int64(4), p0[v_n, v_c, T.Cast("int64", T.nearbyint(T.min(T.max(T.float32(-0.5) + (p1[v_n, T.int64(1), v_h, v_w] + T.float32(1)) * T.float32(3) * T.float32(0.5), T.float32(0)), T.float32(2)))), T.Cast("int64", T.nearbyint(T.min(T.max(T.float32(-0.5) + (p1[v_n, T.int64(0), v_h, v_w] + T.float32(1)) * T.float32(4) * T.float32(0.5), T.float32(0)), T.float32(3))))], T.float32(0))

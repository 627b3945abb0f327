# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(2), T.int64(4), T.int64(4)), "int8"), p1: T.Buffer((T.int64(2), T.int64(1), T.int64(3), T.int64(3)), "int8"), DepthwiseConv2d: T.Buffer((T.int64(1), T.int64(2), T.int64(4), T.int64(4)), "int32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    PaddedInput = T.alloc_buffer((T.int64(1), T.int64(2), T.int64(6), T.int64(6)), "int8")
    for i0, i1, i2, i3 in T.grid(T.int64(1), T.int64(2), T.int64(6), T.int64(6)):
        with T.block("PaddedInput"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(p0[v_i0, v_i1, v_i2 - T.int64(1), v_i3 - T.int64(1)])
            T.writes(PaddedInput[v_i0, v_i1, v_i2, v_i3])
            PaddedInput[v_i0, v_i1, v_i2, v_i3] = T.if_then_else(T.int64(1) <= v_i2 and v_i2 < T.int64(5) and T.int64(1) <= v_i3 and v_i3 < T.int64(5), p0[v_i0, v_i1, v_i2 - T.int64(1), v_i3 - T.int64(1)], T.int8(0))
    for b, c, i, j, di, dj in T.grid(T.int64(1), T.int64(2), T.int64(4), T.int64(4), T.int64(3), T.int64(3)):
        with T.block("DepthwiseConv2d"):
            v_b, v_c, v_i, v_j, v_di, v_dj = T.axis.remap("SSSSRR", [b, c, i, j, di, dj])
            T.reads(PaddedInput[v_b, v_c, v_i + v_di, v_j + v_dj], p1[v_c, T.int64(0), v_di, v_dj])
            T.writes(DepthwiseConv2d[v_b, v_c, v_i, v_j])
            with T.init():
                DepthwiseConv2d[v_b, v_c, v_i, v_j] = 0
            DepthwiseConv2d[v_b, v_c, v_i, v_j] = DepthwiseConv2d[v_b, v_c, v_i, v_j] + T.Cast("int32", PaddedInput[v_b, v_c, v_i + v_di, v_j + v_dj]) * T.Cast("int32", p1[v_c, T.int64(0), v_di, v_dj])

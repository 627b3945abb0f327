# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3), T.int64(4)), "float32"), MirrorPadInput: T.Buffer((T.int64(2), T.int64(6), T.int64(6)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for i0, i1, i2 in T.grid(T.int64(2), T.int64(6), T.int64(6)):
        with T.block("MirrorPadInput"):
            v_i0, v_i1, v_i2 = T.axis.remap("SSS", [i0, i1, i2])
            T.reads(p0[v_i0, T.if_then_else(T.int64(4) <= v_i1, T.int64(6) - v_i1, T.if_then_else(v_i1 < T.int64(1), T.int64(0) - v_i1, v_i1 - T.int64(1))), T.if_then_else(T.int64(6) <= v_i2, T.int64(9) - v_i2, T.if_then_else(v_i2 < T.int64(2), T.int64(1) - v_i2, v_i2 - T.int64(2)))])
            T.writes(MirrorPadInput[v_i0, v_i1, v_i2])
            MirrorPadInput[v_i0, v_i1, v_i2] = p0[v_i0, T.if_then_else(T.int64(4) <= v_i1, T.int64(6) - v_i1, T.if_then_else(v_i1 < T.int64(1), T.int64(0) - v_i1, v_i1 - T.int64(1))), T.if_then_else(T.int64(6) <= v_i2, T.int64(9) - v_i2, T.if_then_else(v_i2 < T.int64(2), T.int64(1) - v_i2, v_i2 - T.int64(2)))]

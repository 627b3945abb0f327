# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3), T.int64(4)), "float32"), DilatedInput: T.Buffer((T.int64(2), T.int64(5), T.int64(10)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for i0, i1, i2 in T.grid(T.int64(2), T.int64(5), T.int64(10)):
        with T.block("DilatedInput"):
            v_i0, v_i1, v_i2 = T.axis.remap("SSS", [i0, i1, i2])
            T.reads(p0[v_i0, v_i1 // T.int64(2), v_i2 // T.int64(3)])
            T.writes(DilatedInput[v_i0, v_i1, v_i2])
            DilatedInput[v_i0, v_i1, v_i2] = T.if_then_else(v_i1 % T.int64(2) == T.int64(0) and v_i2 % T.int64(3) == T.int64(0), p0[v_i0, v_i1 // T.int64(2), v_i2 // T.int64(3)], T.float32(0.5))

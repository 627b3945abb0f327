# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(3), T.int64(3)), "int32"), p1: T.Buffer((), "int64"), trilu: T.Buffer((T.int64(3), T.int64(3)), "int32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for i0, i1 in T.grid(T.int64(3), T.int64(3)):
        with T.block("trilu"):
            v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
            T.reads(p1[()], p0[v_i0, v_i1])
            T.writes(trilu[v_i0, v_i1])
            trilu[v_i0, v_i1] = T.Select(v_i1 - T.Cast("int64", T.Cast("int32", p1[()])) <= v_i0, p0[v_i0, v_i1], 0)

# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3), T.int64(4)), "float32"), trilu: T.Buffer((T.int64(2), T.int64(3), T.int64(4)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    compile_engine_const = T.alloc_buffer((), "int64")
    with T.block("compile_engine_const"):
        vi = T.axis.spatial(T.int64(1), T.int64(0))
        T.reads()
        T.writes(compile_engine_const[()])
        compile_engine_const[()] = T.int64(1)
    for i0, i1, i2 in T.grid(T.int64(2), T.int64(3), T.int64(4)):
        with T.block("trilu"):
            v_i0, v_i1, v_i2 = T.axis.remap("SSS", [i0, i1, i2])
            T.reads(compile_engine_const[()], p0[v_i0, v_i1, v_i2])
            T.writes(trilu[v_i0, v_i1, v_i2])
            trilu[v_i0, v_i1, v_i2] = T.Select(v_i1 <= v_i2 - T.Cast("int64", T.Cast("int32", compile_engine_const[()])), p0[v_i0, v_i1, v_i2], T.float32(0))

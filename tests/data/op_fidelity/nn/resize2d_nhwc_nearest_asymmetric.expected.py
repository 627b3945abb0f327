# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(3), T.int64(2), T.int64(5)), "float32"), resize: T.Buffer((T.int64(1), T.int64(6), T.int64(4), T.int64(5)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for i0, i1, i2, i3 in T.grid(T.int64(1), T.int64(6), T.int64(4), T.int64(5)):
        with T.block("resize"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(p0[v_i0, T.max(T.min(T.Div(v_i1, T.int64(2)), T.int64(2)), T.int64(0)), T.max(T.min(T.Div(v_i2, T.int64(2)), T.int64(1)), T.int64(0)), v_i3])
            T.writes(resize[v_i0, v_i1, v_i2, v_i3])
            resize[v_i0, v_i1, v_i2, v_i3] = p0[v_i0, T.max(T.min(T.Div(v_i1, T.int64(2)), T.int64(2)), T.int64(0)), T.max(T.min(T.Div(v_i2, T.int64(2)), T.int64(1)), T.int64(0)), v_i3]

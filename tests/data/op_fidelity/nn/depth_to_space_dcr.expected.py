# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(8), T.int64(2), T.int64(3)), "float32"), depth_to_space: T.Buffer((T.int64(1), T.int64(2), T.int64(4), T.int64(6)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for i0, i1, i2, i3 in T.grid(T.int64(1), T.int64(2), T.int64(4), T.int64(6)):
        with T.block("depth_to_space"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(p0[v_i0, T.truncmod(v_i2, T.int64(2)) * T.int64(4) + T.truncmod(v_i3, T.int64(2)) * T.int64(2) + v_i1, T.Div(v_i2, T.int64(2)), T.Div(v_i3, T.int64(2))])
            T.writes(depth_to_space[v_i0, v_i1, v_i2, v_i3])
            depth_to_space[v_i0, v_i1, v_i2, v_i3] = p0[v_i0, T.truncmod(v_i2, T.int64(2)) * T.int64(4) + T.truncmod(v_i3, T.int64(2)) * T.int64(2) + v_i1, T.Div(v_i2, T.int64(2)), T.Div(v_i3, T.int64(2))]

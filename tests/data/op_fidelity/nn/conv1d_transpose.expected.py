# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(3), T.int64(5)), "float32"), p1: T.Buffer((T.int64(3), T.int64(2), T.int64(3)), "float32"), compute: T.Buffer((T.int64(1), T.int64(2), T.int64(10)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    data_dilate = T.alloc_buffer((T.int64(1), T.int64(3), T.int64(9)))
    data_pad = T.alloc_buffer((T.int64(1), T.int64(3), T.int64(12)))
    kernel = T.alloc_buffer((T.int64(2), T.int64(3), T.int64(3)))
    for i0, i1, i2 in T.grid(T.int64(1), T.int64(3), T.int64(9)):
        with T.block("data_dilate"):
            v_i0, v_i1, v_i2 = T.axis.remap("SSS", [i0, i1, i2])
            T.reads(p0[v_i0, v_i1, v_i2 // T.int64(2)])
            T.writes(data_dilate[v_i0, v_i1, v_i2])
            data_dilate[v_i0, v_i1, v_i2] = T.if_then_else(v_i2 % T.int64(2) == T.int64(0), p0[v_i0, v_i1, v_i2 // T.int64(2)], T.float32(0))
    for i0, i1, i2 in T.grid(T.int64(1), T.int64(3), T.int64(12)):
        with T.block("data_pad"):
            v_i0, v_i1, v_i2 = T.axis.remap("SSS", [i0, i1, i2])
            T.reads(data_dilate[v_i0, v_i1, v_i2 - T.int64(1)])
            T.writes(data_pad[v_i0, v_i1, v_i2])
            data_pad[v_i0, v_i1, v_i2] = T.if_then_else(T.int64(1) <= v_i2 and v_i2 < T.int64(10), data_dilate[v_i0, v_i1, v_i2 - T.int64(1)], T.float32(0))
    for o, i, w in T.grid(T.int64(2), T.int64(3), T.int64(3)):
        with T.block("kernel"):
            v_o, v_i, v_w = T.axis.remap("SSS", [o, i, w])
            T.reads(p1[v_i, v_o, T.int64(2) - v_w])
            T.writes(kernel[v_o, v_i, v_w])
            kernel[v_o, v_i, v_w] = p1[v_i, v_o, T.int64(2) - v_w]
    for b, c, w, dc, dw in T.grid(T.int64(1), T.int64(2), T.int64(10), T.int64(3), T.int64(3)):
        with T.block("compute"):
            v_b, v_c, v_w, v_dc, v_dw = T.axis.remap("SSSRR", [b, c, w, dc, dw])
            T.reads(data_pad[v_b, v_dc, v_w + v_dw], kernel[v_c, v_dc, v_dw])
            T.writes(compute[v_b, v_c, v_w])
            with T.init():
                compute[v_b, v_c, v_w] = T.float32(0)
            compute[v_b, v_c, v_w] = compute[v_b, v_c, v_w] + data_pad[v_b, v_dc, v_w + v_dw] * kernel[v_c, v_dc, v_dw]

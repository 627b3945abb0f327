# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(3), T.int64(4), T.int64(4)), "float32"), p1: T.Buffer((T.int64(3), T.int64(2), T.int64(1), T.int64(1)), "float32"), compute: T.Buffer((T.int64(1), T.int64(2), T.int64(4), T.int64(4)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    data_dilate = T.alloc_buffer((T.int64(1), T.int64(3), T.int64(4), T.int64(4)))
    data_pad = T.alloc_buffer((T.int64(1), T.int64(3), T.int64(4), T.int64(4)))
    kernel_transform = T.alloc_buffer((T.int64(2), T.int64(3), T.int64(1), T.int64(1)))
    for i0, i1, i2, i3 in T.grid(T.int64(1), T.int64(3), T.int64(4), T.int64(4)):
        with T.block("data_dilate"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(p0[v_i0, v_i1, v_i2, v_i3])
            T.writes(data_dilate[v_i0, v_i1, v_i2, v_i3])
            data_dilate[v_i0, v_i1, v_i2, v_i3] = p0[v_i0, v_i1, v_i2, v_i3]
    for i0, i1, i2, i3 in T.grid(T.int64(1), T.int64(3), T.int64(4), T.int64(4)):
        with T.block("data_pad"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(data_dilate[v_i0, v_i1, v_i2, v_i3])
            T.writes(data_pad[v_i0, v_i1, v_i2, v_i3])
            data_pad[v_i0, v_i1, v_i2, v_i3] = data_dilate[v_i0, v_i1, v_i2, v_i3]
    for o, i, h, w in T.grid(T.int64(2), T.int64(3), T.int64(1), T.int64(1)):
        with T.block("kernel_transform"):
            v_o, v_i, v_h, v_w = T.axis.remap("SSSS", [o, i, h, w])
            T.reads(p1[v_i, v_o, T.int64(0) - v_h, T.int64(0) - v_w])
            T.writes(kernel_transform[v_o, v_i, v_h, v_w])
            kernel_transform[v_o, v_i, v_h, v_w] = p1[v_i, v_o, T.int64(0) - v_h, T.int64(0) - v_w]
    for b, c, h, w, dc, dh, dw in T.grid(T.int64(1), T.int64(2), T.int64(4), T.int64(4), T.int64(3), T.int64(1), T.int64(1)):
        with T.block("compute"):
            v_b, v_c, v_h, v_w, v_dc, v_dh, v_dw = T.axis.remap("SSSSRRR", [b, c, h, w, dc, dh, dw])
            T.reads(data_pad[v_b, v_dc, v_h + v_dh, v_w + v_dw], kernel_transform[v_c, v_dc, v_dh, v_dw])
            T.writes(compute[v_b, v_c, v_h, v_w])
            with T.init():
                compute[v_b, v_c, v_h, v_w] = T.float32(0)
            compute[v_b, v_c, v_h, v_w] = compute[v_b, v_c, v_h, v_w] + data_pad[v_b, v_dc, v_h + v_dh, v_w + v_dw] * kernel_transform[v_c, v_dc, v_dh, v_dw]

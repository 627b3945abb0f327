# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3), T.int64(4)), "float32"), compute: T.Buffer((T.int64(2), T.int64(3), T.int64(4)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    T_softmax_maxelem = T.alloc_buffer((T.int64(2), T.int64(4)))
    compute_1 = T.alloc_buffer((T.int64(2), T.int64(4)))
    for i0, i1, k in T.grid(T.int64(2), T.int64(4), T.int64(3)):
        with T.block("T_softmax_maxelem"):
            v_i0, v_i1, v_k = T.axis.remap("SSR", [i0, i1, k])
            T.reads(p0[v_i0, v_k, v_i1])
            T.writes(T_softmax_maxelem[v_i0, v_i1])
            with T.init():
                T_softmax_maxelem[v_i0, v_i1] = T.float32(-3.4028234663852886e+38)
            T_softmax_maxelem[v_i0, v_i1] = T.max(T_softmax_maxelem[v_i0, v_i1], p0[v_i0, v_k, v_i1])
    for i0, i1, k in T.grid(T.int64(2), T.int64(4), T.int64(3)):
        with T.block("compute"):
            v_i0, v_i1, v_k = T.axis.remap("SSR", [i0, i1, k])
            T.reads(p0[v_i0, v_k, v_i1], T_softmax_maxelem[v_i0, v_i1])
            T.writes(compute_1[v_i0, v_i1])
            with T.init():
                compute_1[v_i0, v_i1] = T.float32(0)
            compute_1[v_i0, v_i1] = compute_1[v_i0, v_i1] + T.exp(p0[v_i0, v_k, v_i1] - T_softmax_maxelem[v_i0, v_i1])
    for i0, i1, i2 in T.grid(T.int64(2), T.int64(3), T.int64(4)):
        with T.block("compute_1"):
            v_i0, v_i1, v_i2 = T.axis.remap("SSS", [i0, i1, i2])
            T.reads(p0[v_i0, v_i1, v_i2], T_softmax_maxelem[v_i0, v_i2], compute_1[v_i0, v_i2])
            T.writes(compute[v_i0, v_i1, v_i2])
            T.block_attr({"axis": 1})
            compute[v_i0, v_i1, v_i2] = p0[v_i0, v_i1, v_i2] - T_softmax_maxelem[v_i0, v_i2] - T.log(compute_1[v_i0, v_i2])

# RUN: tirgen opt %s --schedule %S/rfactor_argmax_two_buffers.trace.py
# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(4), T.int64(8)), "float32"), out_i: T.Buffer((T.int64(4),), "int64"), out_v: T.Buffer((T.int64(4),), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for i, k in T.grid(T.int64(4), T.int64(8)):
        with T.block("argmax"):
            v_i, v_k = T.axis.remap("SR", [i, k])
            T.reads(p0[v_i, v_k])
            T.writes(out_i[v_i], out_v[v_i])
            with T.init():
                out_i[v_i] = T.int64(-1)
                out_v[v_i] = T.float32(-3.4028234663852886e+38)
            v_out_i: T.int64 = T.Select(out_v[v_i] > p0[v_i, v_k] or out_v[v_i] == p0[v_i, v_k] and out_i[v_i] < v_k, out_i[v_i], v_k)
            v_out_v: T.float32 = T.Select(out_v[v_i] > p0[v_i, v_k], out_v[v_i], p0[v_i, v_k])
            out_i[v_i] = v_out_i
            out_v[v_i] = v_out_v

# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3), T.int64(4)), "float32"), p0_red: T.Buffer((), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for k0, k1, k2 in T.grid(T.int64(2), T.int64(3), T.int64(4)):
        with T.block("p0_red"):
            v_k0, v_k1, v_k2 = T.axis.remap("RRR", [k0, k1, k2])
            T.reads(p0[v_k0, v_k1, v_k2])
            T.writes(p0_red[()])
            with T.init():
                p0_red[()] = T.float32(1)
            p0_red[()] = p0_red[()] * p0[v_k0, v_k1, v_k2]

# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "bool"), p0_red: T.Buffer((), "bool")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for k0, k1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("p0_red"):
            v_k0, v_k1 = T.axis.remap("RR", [k0, k1])
            T.reads(p0[v_k0, v_k1])
            T.writes(p0_red[()])
            with T.init():
                p0_red[()] = T.bool(False)
            p0_red[()] = p0_red[()] or p0[v_k0, v_k1]

# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "bool"), p0_red: T.Buffer((T.int64(3),), "bool")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, k0 in T.grid(T.int64(3), T.int64(2)):
        with T.block("p0_red"):
            v_ax0, v_k0 = T.axis.remap("SR", [ax0, k0])
            T.reads(p0[v_k0, v_ax0])
            T.writes(p0_red[v_ax0])
            with T.init():
                p0_red[v_ax0] = T.bool(False)
            p0_red[v_ax0] = p0_red[v_ax0] or p0[v_k0, v_ax0]

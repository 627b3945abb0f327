# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3), T.int64(4)), "float32"), p0_red: T.Buffer((T.int64(2), T.int64(4)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1, k1 in T.grid(T.int64(2), T.int64(4), T.int64(3)):
        with T.block("p0_red"):
            v_ax0, v_ax1, v_k1 = T.axis.remap("SSR", [ax0, ax1, k1])
            T.reads(p0[v_ax0, v_k1, v_ax1])
            T.writes(p0_red[v_ax0, v_ax1])
            with T.init():
                p0_red[v_ax0, v_ax1] = T.float32(-3.4028234663852886e+38)
            p0_red[v_ax0, v_ax1] = T.max(p0_red[v_ax0, v_ax1], p0[v_ax0, v_k1, v_ax1])

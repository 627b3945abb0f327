# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3), T.int64(4)), "float32"), p0_red: T.Buffer((T.int64(1), T.int64(3), T.int64(1)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1, ax2, k0, k2 in T.grid(T.int64(1), T.int64(3), T.int64(1), T.int64(2), T.int64(4)):
        with T.block("p0_red"):
            v_ax0, v_ax1, v_ax2, v_k0, v_k2 = T.axis.remap("SSSRR", [ax0, ax1, ax2, k0, k2])
            T.reads(p0[v_k0, v_ax1, v_k2])
            T.writes(p0_red[v_ax0, v_ax1, v_ax2])
            with T.init():
                p0_red[v_ax0, v_ax1, v_ax2] = T.float32(0)
            p0_red[v_ax0, v_ax1, v_ax2] = p0_red[v_ax0, v_ax1, v_ax2] + p0[v_k0, v_ax1, v_k2]

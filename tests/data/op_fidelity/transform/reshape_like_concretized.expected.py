# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(6)), "float32"), T_reshape: T.Buffer((T.int64(3), T.int64(4)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1 in T.grid(T.int64(3), T.int64(4)):
        with T.block("T_reshape"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[(v_ax0 * T.int64(4) + v_ax1) % T.int64(12) // T.int64(6), (v_ax0 * T.int64(4) + v_ax1) % T.int64(6)])
            T.writes(T_reshape[v_ax0, v_ax1])
            T_reshape[v_ax0, v_ax1] = p0[(v_ax0 * T.int64(4) + v_ax1) % T.int64(12) // T.int64(6), (v_ax0 * T.int64(4) + v_ax1) % T.int64(6)]

# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(3), T.int64(2), T.int64(2)), "float32"), p1: T.Buffer((T.int64(3),), "float32"), T_prelu: T.Buffer((T.int64(1), T.int64(3), T.int64(2), T.int64(2)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(3), T.int64(2), T.int64(2)):
        with T.block("T_prelu"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(p0[v_ax0, v_ax1, v_ax2, v_ax3], p1[v_ax1])
            T.writes(T_prelu[v_ax0, v_ax1, v_ax2, v_ax3])
            T_prelu[v_ax0, v_ax1, v_ax2, v_ax3] = T.Select(T.float32(0) < p0[v_ax0, v_ax1, v_ax2, v_ax3], p0[v_ax0, v_ax1, v_ax2, v_ax3], p0[v_ax0, v_ax1, v_ax2, v_ax3] * p1[v_ax1])

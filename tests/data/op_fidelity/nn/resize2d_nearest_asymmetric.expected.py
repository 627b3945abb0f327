# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(2), T.int64(3), T.int64(3)), "float32"), resize: T.Buffer((T.int64(1), T.int64(2), T.int64(6), T.int64(6)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(2), T.int64(6), T.int64(6)):
        with T.block("resize"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(p0[v_ax0, v_ax1, T.max(T.min(T.Div(v_ax2, T.int64(2)), T.int64(2)), T.int64(0)), T.max(T.min(T.Div(v_ax3, T.int64(2)), T.int64(2)), T.int64(0))])
            T.writes(resize[v_ax0, v_ax1, v_ax2, v_ax3])
            resize[v_ax0, v_ax1, v_ax2, v_ax3] = p0[v_ax0, v_ax1, T.max(T.min(T.Div(v_ax2, T.int64(2)), T.int64(2)), T.int64(0)), T.max(T.min(T.Div(v_ax3, T.int64(2)), T.int64(2)), T.int64(0))]

# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(4), T.int64(6), T.int64(2)), "float32"), T_strided_slice: T.Buffer((T.int64(2), T.int64(6), T.int64(2)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1, ax2 in T.grid(T.int64(2), T.int64(6), T.int64(2)):
        with T.block("T_strided_slice"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T.reads(p0[v_ax0 + T.int64(1), v_ax1, v_ax2])
            T.writes(T_strided_slice[v_ax0, v_ax1, v_ax2])
            T_strided_slice[v_ax0, v_ax1, v_ax2] = p0[v_ax0 + T.int64(1), v_ax1, v_ax2]

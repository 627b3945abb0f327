# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "float32"), p1: T.Buffer((T.int64(3), T.int64(4)), "float32"), T_einsum: T.Buffer((T.int64(2), T.int64(4)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1, j in T.grid(T.int64(2), T.int64(4), T.int64(3)):
        with T.block("T_einsum"):
            v_ax0, v_ax1, v_j = T.axis.remap("SSR", [ax0, ax1, j])
            T.reads(p0[v_ax0, v_j], p1[v_j, v_ax1])
            T.writes(T_einsum[v_ax0, v_ax1])
            with T.init():
                T_einsum[v_ax0, v_ax1] = T.float32(0)
            T_einsum[v_ax0, v_ax1] = T_einsum[v_ax0, v_ax1] + p0[v_ax0, v_j] * p1[v_j, v_ax1]

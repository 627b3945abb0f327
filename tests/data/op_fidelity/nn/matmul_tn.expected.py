# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(4), T.int64(3)), "float32"), p1: T.Buffer((T.int64(4), T.int64(5)), "float32"), T_matmul_TN: T.Buffer((T.int64(3), T.int64(5)), "float32")):
    T.func_attr({"layout_free_buffers": [1], "tir.noalias": T.bool(True)})
    # with T.block("root"):
    for i, j, k in T.grid(T.int64(3), T.int64(5), T.int64(4)):
        with T.block("T_matmul_TN"):
            v_i, v_j, v_k = T.axis.remap("SSR", [i, j, k])
            T.reads(p0[v_k, v_i], p1[v_k, v_j])
            T.writes(T_matmul_TN[v_i, v_j])
            with T.init():
                T_matmul_TN[v_i, v_j] = T.float32(0)
            T_matmul_TN[v_i, v_j] = T_matmul_TN[v_i, v_j] + p0[v_k, v_i] * p1[v_k, v_j]

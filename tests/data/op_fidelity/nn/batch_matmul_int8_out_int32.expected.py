# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3), T.int64(4)), "int8"), p1: T.Buffer((T.int64(2), T.int64(5), T.int64(4)), "int8"), T_batch_matmul_NT: T.Buffer((T.int64(2), T.int64(3), T.int64(5)), "int32")):
    T.func_attr({"layout_free_buffers": [1], "tir.noalias": T.bool(True)})
    # with T.block("root"):
    for b, i, j, k in T.grid(T.int64(2), T.int64(3), T.int64(5), T.int64(4)):
        with T.block("T_batch_matmul_NT"):
            v_b, v_i, v_j, v_k = T.axis.remap("SSSR", [b, i, j, k])
            T.reads(p0[v_b, v_i, v_k], p1[v_b, v_j, v_k])
            T.writes(T_batch_matmul_NT[v_b, v_i, v_j])
            with T.init():
                T_batch_matmul_NT[v_b, v_i, v_j] = 0
            T_batch_matmul_NT[v_b, v_i, v_j] = T_batch_matmul_NT[v_b, v_i, v_j] + T.Cast("int32", p0[v_b, v_i, v_k]) * T.Cast("int32", p1[v_b, v_j, v_k])

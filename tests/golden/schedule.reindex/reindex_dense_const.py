# RUN: tirgen opt %s --schedule %S/reindex_dense_const.trace.py
# The matmul reads p0 and the constant and writes T_matmul through buffers indexed by its iter
# vars (i, k), (j, k) and (i, j): copies before and after its loop nest; the init writes the
# reindex buffer too; the constant stays one allocate_const.
# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(8), T.int64(4)), "float32"), T_out: T.Buffer((T.int64(8), T.int64(4)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    T_matmul = T.alloc_buffer((T.int64(8), T.int64(4)))
    fused_constant = T.allocate_const([-2.0, 0.0, 2.0, -1.0, 1.0, -2.0, 0.0, 2.0, -1.0, 1.0, -2.0, 0.0, 2.0, -1.0, 1.0, -2.0], "float32", [4, 4])
    for i, j, k in T.grid(T.int64(8), T.int64(4), T.int64(4)):
        with T.block("T_matmul"):
            v_i, v_j, v_k = T.axis.remap("SSR", [i, j, k])
            fused_constant_1 = T.Buffer((4, 4), data=fused_constant)
            T.reads(p0[v_i, v_k], fused_constant_1[v_j, v_k])
            T.writes(T_matmul[v_i, v_j])
            with T.init():
                T_matmul[v_i, v_j] = T.float32(0)
            T_matmul[v_i, v_j] = T_matmul[v_i, v_j] + p0[v_i, v_k] * fused_constant_1[v_j, v_k]
    for ax0, ax1 in T.grid(T.int64(8), T.int64(4)):
        with T.block("T_out"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_matmul[v_ax0, v_ax1])
            T.writes(T_out[v_ax0, v_ax1])
            T_out[v_ax0, v_ax1] = T.max(T_matmul[v_ax0, v_ax1], T.float32(0))

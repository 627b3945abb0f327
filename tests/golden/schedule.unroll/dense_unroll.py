# RUN: tirgen opt %s --schedule %S/dense_unroll.trace.py
# TVM v0.14's golden-schedule/dense_unroll_annotate up to its unroll step; expects TVM's 01_unroll.py
# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(16), T.int64(64)), "float32"), p1: T.Buffer((T.int64(32), T.int64(64)), "float32"), p2: T.Buffer((T.int64(32),), "float32"), T_relu: T.Buffer((T.int64(16), T.int64(32)), "float32")):
    T.func_attr({"layout_free_buffers": [1], "tir.noalias": T.bool(True)})
    # with T.block("root"):
    T_matmul_NT = T.alloc_buffer((T.int64(16), T.int64(32)))
    T_add = T.alloc_buffer((T.int64(16), T.int64(32)))
    for i, j, k in T.grid(T.int64(16), T.int64(32), T.int64(64)):
        with T.block("T_matmul_NT"):
            v_i, v_j, v_k = T.axis.remap("SSR", [i, j, k])
            T.reads(p0[v_i, v_k], p1[v_j, v_k])
            T.writes(T_matmul_NT[v_i, v_j])
            with T.init():
                T_matmul_NT[v_i, v_j] = T.float32(0)
            T_matmul_NT[v_i, v_j] = T_matmul_NT[v_i, v_j] + p0[v_i, v_k] * p1[v_j, v_k]
    for ax0, ax1 in T.grid(T.int64(16), T.int64(32)):
        with T.block("T_add"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_matmul_NT[v_ax0, v_ax1], p2[v_ax1])
            T.writes(T_add[v_ax0, v_ax1])
            T_add[v_ax0, v_ax1] = T_matmul_NT[v_ax0, v_ax1] + p2[v_ax1]
    for ax0, ax1 in T.grid(T.int64(16), T.int64(32)):
        with T.block("T_relu"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_add[v_ax0, v_ax1])
            T.writes(T_relu[v_ax0, v_ax1])
            T_relu[v_ax0, v_ax1] = T.max(T_add[v_ax0, v_ax1], T.float32(0))

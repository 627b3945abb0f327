# RUN: tirgen opt %s --schedule %S/add_fuse_parallel_vectorize.trace.py
# TVM v0.14's golden-schedule/add_fuse_parallel_vectorize: fuse, split, parallel, then vectorize; expects TVM's 04_vectorize.py
# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(16), T.int64(32), T.int64(32)), "float32"), p1: T.Buffer((T.int64(1), T.int64(16), T.int64(32), T.int64(32)), "float32"), T_relu: T.Buffer((T.int64(1), T.int64(16), T.int64(32), T.int64(32)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    T_add = T.alloc_buffer((T.int64(1), T.int64(16), T.int64(32), T.int64(32)))
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(16), T.int64(32), T.int64(32)):
        with T.block("T_add"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(p0[v_ax0, v_ax1, v_ax2, v_ax3], p1[v_ax0, v_ax1, v_ax2, v_ax3])
            T.writes(T_add[v_ax0, v_ax1, v_ax2, v_ax3])
            T_add[v_ax0, v_ax1, v_ax2, v_ax3] = p0[v_ax0, v_ax1, v_ax2, v_ax3] + p1[v_ax0, v_ax1, v_ax2, v_ax3]
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(16), T.int64(32), T.int64(32)):
        with T.block("T_relu"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(T_add[v_ax0, v_ax1, v_ax2, v_ax3])
            T.writes(T_relu[v_ax0, v_ax1, v_ax2, v_ax3])
            T_relu[v_ax0, v_ax1, v_ax2, v_ax3] = T.max(T_add[v_ax0, v_ax1, v_ax2, v_ax3], T.float32(0))

# RUN: tirgen opt %s --schedule %S/merge_chain_const.trace.py
# The T_add and T_mul nests (4 x 8) merge into one nest i_m, j_m running both blocks, where
# the T_mul nest was; the constant stays one allocate_const.
# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(4), T.int64(8)), "float32"), T_out: T.Buffer((T.int64(4),), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    T_add = T.alloc_buffer((T.int64(4), T.int64(8)))
    T_mul = T.alloc_buffer((T.int64(4), T.int64(8)))
    fused_constant = T.allocate_const([-3.0, 0.0, 3.0, -1.0, 2.0, -2.0, 1.0, -3.0, 0.0, 3.0, -1.0, 2.0, -2.0, 1.0, -3.0, 0.0, 3.0, -1.0, 2.0, -2.0, 1.0, -3.0, 0.0, 3.0, -1.0, 2.0, -2.0, 1.0, -3.0, 0.0, 3.0, -1.0], "float32", [4, 8])
    for i, j in T.grid(T.int64(4), T.int64(8)):
        with T.block("T_add"):
            v_i, v_j = T.axis.remap("SS", [i, j])
            fused_constant_1 = T.Buffer((4, 8), data=fused_constant)
            T.reads(p0[v_i, v_j], fused_constant_1[v_i, v_j])
            T.writes(T_add[v_i, v_j])
            T_add[v_i, v_j] = p0[v_i, v_j] + fused_constant_1[v_i, v_j]
    for i, j in T.grid(T.int64(4), T.int64(8)):
        with T.block("T_mul"):
            v_i, v_j = T.axis.remap("SS", [i, j])
            T.reads(T_add[v_i, v_j])
            T.writes(T_mul[v_i, v_j])
            T_mul[v_i, v_j] = T_add[v_i, v_j] * T.float32(2)
    for i, k in T.grid(T.int64(4), T.int64(8)):
        with T.block("T_out"):
            v_i, v_k = T.axis.remap("SR", [i, k])
            T.reads(T_mul[v_i, v_k])
            T.writes(T_out[v_i])
            with T.init():
                T_out[v_i] = T.float32(0)
            T_out[v_i] = T_out[v_i] + T_mul[v_i, v_k]

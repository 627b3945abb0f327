# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(p0: T.Buffer((T.int64(8), T.int64(4)), "float32"), T_out: T.Buffer((T.int64(8), T.int64(4)), "float32")):
        T.func_attr({"tir.noalias": T.bool(True)})
        # with T.block("root"):
        T_matmul = T.alloc_buffer((T.int64(8), T.int64(4)))
        p0_reindex = T.alloc_buffer((T.int64(8), T.int64(4)))
        T_matmul_reindex = T.alloc_buffer((T.int64(8), T.int64(4)))
        fused_constant_reindex = T.alloc_buffer((T.int64(4), T.int64(4)))
        fused_constant = T.allocate_const([-2, 0, 2, -1, 1, -2, 0, 2, -1, 1, -2, 0, 2, -1, 1, -2], "float32", [4, 4])
        for ax0, ax1 in T.grid(T.int64(8), T.int64(4)):
            with T.block("p0_reindex_reindex"):
                v0, v1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(p0[v0, v1])
                T.writes(p0_reindex[v0, v1])
                p0_reindex[v0, v1] = p0[v0, v1]
        for ax0, ax1 in T.grid(T.int64(4), T.int64(4)):
            with T.block("fused_constant_reindex_reindex"):
                v0, v1 = T.axis.remap("SS", [ax0, ax1])
                fused_constant_1 = T.Buffer((4, 4), data=fused_constant)
                T.reads(fused_constant_1[v0, v1])
                T.writes(fused_constant_reindex[v0, v1])
                fused_constant_reindex[v0, v1] = fused_constant_1[v0, v1]
        for i, j, k in T.grid(T.int64(8), T.int64(4), T.int64(4)):
            with T.block("T_matmul"):
                v_i, v_j, v_k = T.axis.remap("SSR", [i, j, k])
                T.reads(p0_reindex[v_i, v_k], fused_constant_reindex[v_j, v_k])
                T.writes(T_matmul_reindex[v_i, v_j])
                with T.init():
                    T_matmul_reindex[v_i, v_j] = T.float32(0)
                T_matmul_reindex[v_i, v_j] = T_matmul_reindex[v_i, v_j] + p0_reindex[v_i, v_k] * fused_constant_reindex[v_j, v_k]
        for ax0, ax1 in T.grid(T.int64(8), T.int64(4)):
            with T.block("T_matmul_reindex"):
                v0, v1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(T_matmul_reindex[v0, v1])
                T.writes(T_matmul[v0, v1])
                T_matmul[v0, v1] = T_matmul_reindex[v0, v1]
        for ax0, ax1 in T.grid(T.int64(8), T.int64(4)):
            with T.block("T_out"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(T_matmul[v_ax0, v_ax1])
                T.writes(T_out[v_ax0, v_ax1])
                T_out[v_ax0, v_ax1] = T.max(T_matmul[v_ax0, v_ax1], T.float32(0))

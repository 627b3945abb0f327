# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(p0: T.Buffer((T.int64(16), T.int64(64)), "float32"), p1: T.Buffer((T.int64(32), T.int64(64)), "float32"), p2: T.Buffer((T.int64(32),), "float32"), T_relu: T.Buffer((T.int64(16), T.int64(32)), "float32")):
        T.func_attr({"layout_free_buffers": [1], "tir.noalias": T.bool(True)})
        # with T.block("root"):
        T_matmul_NT = T.alloc_buffer((T.int64(16), T.int64(32)))
        T_add = T.alloc_buffer((T.int64(16), T.int64(32)))
        T_matmul_NT_rf = T.alloc_buffer((T.int64(16), T.int64(32), T.int64(4)))
        T_matmul_NT_rf_rf = T.alloc_buffer((T.int64(16), T.int64(8), T.int64(32), T.int64(4)))
        for i, j, k_0, k_1, k_2 in T.grid(T.int64(16), T.int64(32), T.int64(4), T.int64(2), T.int64(8)):
            with T.block("T_matmul_NT_rf_rf"):
                vk_2, vk_0, v_i, v_j, vk_1 = T.axis.remap("SSSSR", [k_2, k_0, i, j, k_1])
                T.reads(p0[v_i, vk_0 * T.int64(16) + vk_1 * T.int64(8) + vk_2], p1[v_j, vk_0 * T.int64(16) + vk_1 * T.int64(8) + vk_2])
                T.writes(T_matmul_NT_rf_rf[v_i, vk_2, v_j, vk_0])
                with T.init():
                    T_matmul_NT_rf_rf[v_i, vk_2, v_j, vk_0] = T.float32(0)
                T_matmul_NT_rf_rf[v_i, vk_2, v_j, vk_0] = T_matmul_NT_rf_rf[v_i, vk_2, v_j, vk_0] + p0[v_i, vk_0 * T.int64(16) + vk_1 * T.int64(8) + vk_2] * p1[v_j, vk_0 * T.int64(16) + vk_1 * T.int64(8) + vk_2]
        for i, j, k_0, k_2 in T.grid(T.int64(16), T.int64(32), T.int64(4), T.int64(8)):
            with T.block("T_matmul_NT_rf"):
                vk_2, vk_0, v_i, v_j = T.axis.remap("RSSS", [k_2, k_0, i, j])
                T.reads(T_matmul_NT_rf_rf[v_i, vk_2, v_j, vk_0])
                T.writes(T_matmul_NT_rf[v_i, v_j, vk_0])
                with T.init():
                    T_matmul_NT_rf[v_i, v_j, vk_0] = T.float32(0)
                T_matmul_NT_rf[v_i, v_j, vk_0] = T_matmul_NT_rf[v_i, v_j, vk_0] + T_matmul_NT_rf_rf[v_i, vk_2, v_j, vk_0]
        for i, j, k_0 in T.grid(T.int64(16), T.int64(32), T.int64(4)):
            with T.block("T_matmul_NT"):
                vk_0, v_i, v_j = T.axis.remap("RSS", [k_0, i, j])
                T.reads(T_matmul_NT_rf[v_i, v_j, vk_0])
                T.writes(T_matmul_NT[v_i, v_j])
                with T.init():
                    T_matmul_NT[v_i, v_j] = T.float32(0)
                T_matmul_NT[v_i, v_j] = T_matmul_NT[v_i, v_j] + T_matmul_NT_rf[v_i, v_j, vk_0]
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

# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(p0: T.Buffer((T.int64(8), T.int64(4)), "float32"), T_out: T.Buffer((T.int64(8), T.int64(4)), "float32")):
        T.func_attr({"tir.noalias": T.bool(True)})
        # with T.block("root"):
        T_matmul = T.alloc_buffer((T.int64(8), T.int64(4)))
        fused_constant = T.allocate_const([-2, 0, 2, -1, 1, -2, 0, 2, -1, 1, -2, 0, 2, -1, 1, -2], "float32", [4, 4])
        for i in range(T.int64(8)):
            with T.block("T_matmul_o"):
                v_i_o = T.axis.spatial(T.int64(8), i)
                v_j_o = T.axis.spatial(T.int64(1), T.int64(0))
                v_k_o = T.axis.reduce(T.int64(1), T.int64(0))
                fused_constant_1 = T.Buffer((4, 4), data=fused_constant)
                T.reads(p0[v_i_o, T.int64(0):T.int64(4)], fused_constant_1[T.int64(0):T.int64(4), T.int64(0):T.int64(4)])
                T.writes(T_matmul[v_i_o, T.int64(0):T.int64(4)])
                with T.init():
                    for j in range(T.int64(4)):
                        with T.block("T_matmul_init"):
                            v_j_i_init = T.axis.spatial(T.int64(4), j)
                            T.reads()
                            T.writes(T_matmul[v_i_o, v_j_i_init])
                            T_matmul[v_i_o, v_j_i_init] = T.float32(0)
                for j, k in T.grid(T.int64(4), T.int64(4)):
                    with T.block("T_matmul"):
                        v_j_i, v_k_i = T.axis.remap("SR", [j, k])
                        T.reads(T_matmul[v_i_o, v_j_i], p0[v_i_o, v_k_i], fused_constant_1[v_j_i, v_k_i])
                        T.writes(T_matmul[v_i_o, v_j_i])
                        T_matmul[v_i_o, v_j_i] = T_matmul[v_i_o, v_j_i] + p0[v_i_o, v_k_i] * fused_constant_1[v_j_i, v_k_i]
        for ax0, ax1 in T.grid(T.int64(8), T.int64(4)):
            with T.block("T_out"):
                v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(T_matmul[v_ax0, v_ax1])
                T.writes(T_out[v_ax0, v_ax1])
                T_out[v_ax0, v_ax1] = T.max(T_matmul[v_ax0, v_ax1], T.float32(0))

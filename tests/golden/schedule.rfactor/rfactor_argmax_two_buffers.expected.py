# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(p0: T.Buffer((T.int64(4), T.int64(8)), "float32"), out_i: T.Buffer((T.int64(4),), "int64"), out_v: T.Buffer((T.int64(4),), "float32")):
        T.func_attr({"tir.noalias": T.bool(True)})
        # with T.block("root"):
        out_i_rf = T.alloc_buffer((T.int64(4), T.int64(4)), "int64")
        out_v_rf = T.alloc_buffer((T.int64(4), T.int64(4)))
        for i, k_0, k_1 in T.grid(T.int64(4), T.int64(2), T.int64(4)):
            with T.block("argmax_rf"):
                vk_1, v_i, vk_0 = T.axis.remap("SSR", [k_1, i, k_0])
                T.reads(p0[v_i, vk_0 * T.int64(4) + vk_1])
                T.writes(out_i_rf[v_i, vk_1], out_v_rf[v_i, vk_1])
                with T.init():
                    out_i_rf[v_i, vk_1] = T.int64(-1)
                    out_v_rf[v_i, vk_1] = T.float32(-3.4028234663852886e+38)
                v_out_i_rf: T.int64 = T.Select(out_v_rf[v_i, vk_1] > p0[v_i, vk_0 * T.int64(4) + vk_1] or out_v_rf[v_i, vk_1] == p0[v_i, vk_0 * T.int64(4) + vk_1] and out_i_rf[v_i, vk_1] < vk_0 * T.int64(4) + vk_1, out_i_rf[v_i, vk_1], vk_0 * T.int64(4) + vk_1)
                v_out_v_rf: T.float32 = T.Select(out_v_rf[v_i, vk_1] > p0[v_i, vk_0 * T.int64(4) + vk_1], out_v_rf[v_i, vk_1], p0[v_i, vk_0 * T.int64(4) + vk_1])
                out_i_rf[v_i, vk_1] = v_out_i_rf
                out_v_rf[v_i, vk_1] = v_out_v_rf
        for i, k_1 in T.grid(T.int64(4), T.int64(4)):
            with T.block("argmax"):
                vk_1, v_i = T.axis.remap("RS", [k_1, i])
                T.reads(out_i_rf[v_i, vk_1], out_v_rf[v_i, vk_1])
                T.writes(out_i[v_i], out_v[v_i])
                with T.init():
                    out_i[v_i] = T.int64(-1)
                    out_v[v_i] = T.float32(-3.4028234663852886e+38)
                v_out_i: T.int64 = T.Select(out_v[v_i] > out_v_rf[v_i, vk_1] or out_v[v_i] == out_v_rf[v_i, vk_1] and out_i[v_i] < out_i_rf[v_i, vk_1], out_i[v_i], out_i_rf[v_i, vk_1])
                v_out_v: T.float32 = T.Select(out_v[v_i] > out_v_rf[v_i, vk_1], out_v[v_i], out_v_rf[v_i, vk_1])
                out_i[v_i] = v_out_i
                out_v[v_i] = v_out_v

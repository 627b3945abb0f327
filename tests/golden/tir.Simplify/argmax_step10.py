# RUN: tirgen opt %s --pass tir.Simplify
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(p0: T.Buffer((T.int64(4), T.int64(10)), "float32"), p0_red: T.Buffer((T.int64(4),), "int32")):
        T.func_attr({"tir.noalias": T.bool(True)})
        p0_red_temp_v0 = T.allocate([4], "int32", "global")
        p0_red_temp_v0_1 = T.Buffer((T.int64(4),), "int32", data=p0_red_temp_v0)
        for ax0, k1 in T.grid(4, 10):
            p0_red_temp_v1 = T.allocate([1], "float32", "global")
            p0_red_temp_v1_1 = T.Buffer((T.int64(1),), data=p0_red_temp_v1)
            if k1 == 0:
                p0_red_temp_v0_1[ax0] = -1
                p0_red_temp_v1_1[0] = T.float32(-3.4028234663852886e+38)
            p0_1 = T.Buffer((T.int64(40),), data=p0.data)
            v_p0_red_temp_v0: T.int64 = T.Select(p0_1[ax0 * 10 + k1] < p0_red_temp_v1_1[0] or p0_red_temp_v1_1[0] == p0_1[ax0 * 10 + k1] and T.Cast("int32", p0_red_temp_v0_1[ax0]) < k1, T.Cast("int64", p0_red_temp_v0_1[ax0]), T.Cast("int64", k1))
            v_p0_red_temp_v1: T.float32 = T.Select(p0_1[ax0 * 10 + k1] < p0_red_temp_v1_1[0], p0_red_temp_v1_1[0], p0_1[ax0 * 10 + k1])
            p0_red_temp_v0_1[ax0] = T.Cast("int32", v_p0_red_temp_v0)
            p0_red_temp_v1_1[0] = v_p0_red_temp_v1
        for ax0 in range(4):
            p0_red_1 = T.Buffer((T.int64(4),), "int32", data=p0_red.data)
            p0_red_1[ax0] = p0_red_temp_v0_1[ax0]

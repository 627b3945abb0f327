# RUN: tirgen opt %s --pass tir.FlattenBuffer
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(p0: T.Buffer((T.int64(4), T.int64(10)), "float32"), p0_red: T.Buffer((T.int64(4),), "int32")):
        T.func_attr({"tir.noalias": T.bool(True)})
        p0_red_temp_v0 = T.decl_buffer((T.int64(4),), "int32")
        for ax0, k1 in T.grid(T.int64(4), T.int64(10)):
            p0_red_temp_v1 = T.decl_buffer((T.int64(1),))
            if k1 == T.int64(0):
                p0_red_temp_v0[ax0] = -1
                p0_red_temp_v1[T.int64(0)] = T.float32(-3.4028234663852886e+38)
            v_p0_red_temp_v0: T.int64 = T.Select(p0[ax0, k1] < p0_red_temp_v1[T.int64(0)] or p0_red_temp_v1[T.int64(0)] == p0[ax0, k1] and T.Cast("int64", p0_red_temp_v0[ax0]) < k1, T.Cast("int64", p0_red_temp_v0[ax0]), k1)
            v_p0_red_temp_v1: T.float32 = T.Select(p0[ax0, k1] < p0_red_temp_v1[T.int64(0)], p0_red_temp_v1[T.int64(0)], p0[ax0, k1])
            p0_red_temp_v0[ax0] = T.Cast("int32", v_p0_red_temp_v0)
            p0_red_temp_v1[T.int64(0)] = v_p0_red_temp_v1
        for ax0 in range(T.int64(4)):
            p0_red[ax0] = p0_red_temp_v0[ax0]

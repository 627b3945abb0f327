# RUN: tirgen opt %s --pass tir.Simplify
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(p0: T.Buffer((T.int64(4), T.int64(16), T.int64(64)), "float32"), T_divide: T.Buffer((T.int64(4), T.int64(16), T.int64(1)), "float32")):
        T.func_attr({"tir.noalias": T.bool(True)})
        p0_red = T.allocate([64], "float32", "global")
        p0_red_1 = T.Buffer((T.int64(64),), data=p0_red)
        for ax0, ax1, k2 in T.grid(4, 16, 64):
            if k2 == 0:
                p0_red_1[ax0 * 16 + ax1] = T.float32(0)
            p0_1 = T.Buffer((T.int64(4096),), data=p0.data)
            p0_red_1[ax0 * 16 + ax1] = p0_red_1[ax0 * 16 + ax1] + p0_1[ax0 * 1024 + ax1 * 64 + k2]
        for ax0, ax1 in T.grid(4, 16):
            T_divide_1 = T.Buffer((T.int64(64),), data=T_divide.data)
            T_divide_1[ax0 * 16 + ax1] = p0_red_1[ax0 * 16 + ax1] * T.float32(0.015625)

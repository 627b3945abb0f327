# RUN: tirgen opt %s --pass tir.LowerMatchBuffer
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(p0: T.Buffer((T.int64(4), T.int64(16), T.int64(64)), "float32"), T_divide: T.Buffer((T.int64(4), T.int64(16), T.int64(1)), "float32")):
        T.func_attr({"tir.noalias": T.bool(True)})
        # with T.block("root"):
        p0_red = T.alloc_buffer((T.int64(4), T.int64(16), T.int64(1)))
        for ax0, ax1, ax2, k2 in T.grid(T.int64(4), T.int64(16), T.int64(1), T.int64(64)):
            with T.block("p0_red"):
                T.reads(p0[ax0, ax1, k2])
                T.writes(p0_red[ax0, ax1, ax2])
                if k2 == T.int64(0):
                    p0_red[ax0, ax1, ax2] = T.float32(0)
                p0_red[ax0, ax1, ax2] = p0_red[ax0, ax1, ax2] + p0[ax0, ax1, k2]
        for ax0, ax1, ax2 in T.grid(T.int64(4), T.int64(16), T.int64(1)):
            with T.block("T_divide"):
                T.reads(p0_red[ax0, ax1, ax2])
                T.writes(T_divide[ax0, ax1, ax2])
                T_divide[ax0, ax1, ax2] = p0_red[ax0, ax1, ax2] * T.float32(0.015625)

# RUN: tirgen opt %s --pass tir.LowerOpaqueBlock
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(p0: T.Buffer((T.int64(4), T.int64(128)), "float32"), T_softmax_norm: T.Buffer((T.int64(4), T.int64(128)), "float32")):
        T.func_attr({"tir.noalias": T.bool(True)})
        # with T.block("root"):
        T_softmax_maxelem = T.alloc_buffer((T.int64(4),))
        T_softmax_exp = T.alloc_buffer((T.int64(4), T.int64(128)))
        T_softmax_expsum = T.alloc_buffer((T.int64(4),))
        for i0, k in T.grid(T.int64(4), T.int64(128)):
            with T.block("T_softmax_maxelem"):
                T.reads(p0[i0, k])
                T.writes(T_softmax_maxelem[i0])
                if k == T.int64(0):
                    T_softmax_maxelem[i0] = T.float32(-3.4028234663852886e+38)
                T_softmax_maxelem[i0] = T.max(T_softmax_maxelem[i0], p0[i0, k])
        for i0, i1 in T.grid(T.int64(4), T.int64(128)):
            with T.block("T_softmax_exp"):
                T.reads(p0[i0, i1], T_softmax_maxelem[i0])
                T.writes(T_softmax_exp[i0, i1])
                T_softmax_exp[i0, i1] = T.exp(p0[i0, i1] - T_softmax_maxelem[i0])
        for i0, k in T.grid(T.int64(4), T.int64(128)):
            with T.block("T_softmax_expsum"):
                T.reads(T_softmax_exp[i0, k])
                T.writes(T_softmax_expsum[i0])
                if k == T.int64(0):
                    T_softmax_expsum[i0] = T.float32(0)
                T_softmax_expsum[i0] = T_softmax_expsum[i0] + T_softmax_exp[i0, k]
        for i0, i1 in T.grid(T.int64(4), T.int64(128)):
            with T.block("T_softmax_norm"):
                T.reads(T_softmax_exp[i0, i1], T_softmax_expsum[i0])
                T.writes(T_softmax_norm[i0, i1])
                T.block_attr({"axis": 1})
                T_softmax_norm[i0, i1] = T_softmax_exp[i0, i1] / T_softmax_expsum[i0]

# RUN: tirgen opt %s --pass tir.Simplify
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(p0: T.Buffer((T.int64(4), T.int64(128)), "float32"), T_softmax_norm: T.Buffer((T.int64(4), T.int64(128)), "float32")):
        T.func_attr({"tir.noalias": T.bool(True)})
        T_softmax_maxelem = T.allocate([4], "float32", "global")
        T_softmax_exp = T.allocate([512], "float32", "global")
        T_softmax_expsum = T.allocate([4], "float32", "global")
        T_softmax_maxelem_1 = T.Buffer((T.int64(4),), data=T_softmax_maxelem)
        p0_1 = T.Buffer((T.int64(512),), data=p0.data)
        for i0, k in T.grid(4, 128):
            if k == 0:
                T_softmax_maxelem_1[i0] = T.float32(-3.4028234663852886e+38)
            T_softmax_maxelem_1[i0] = T.max(T_softmax_maxelem_1[i0], p0_1[i0 * 128 + k])
        T_softmax_exp_1 = T.Buffer((T.int64(512),), data=T_softmax_exp)
        for i0, i1 in T.grid(4, 128):
            T_softmax_exp_1[i0 * 128 + i1] = T.exp(p0_1[i0 * 128 + i1] - T_softmax_maxelem_1[i0])
        T_softmax_expsum_1 = T.Buffer((T.int64(4),), data=T_softmax_expsum)
        for i0, k in T.grid(4, 128):
            if k == 0:
                T_softmax_expsum_1[i0] = T.float32(0)
            T_softmax_expsum_1[i0] = T_softmax_expsum_1[i0] + T_softmax_exp_1[i0 * 128 + k]
        for i0, i1 in T.grid(4, 128):
            T_softmax_norm_1 = T.Buffer((T.int64(512),), data=T_softmax_norm.data)
            T_softmax_norm_1[i0 * 128 + i1] = T_softmax_exp_1[i0 * 128 + i1] / T_softmax_expsum_1[i0]

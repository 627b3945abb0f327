# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((T.int64(4), T.int64(8)), "float32"), S: T.Buffer((T.int64(4),), "float32"), K: T.Buffer((T.int64(4),), "int64")):
        # with T.block("root"):
        for i, k in T.grid(4, 8):
            with T.block("S"):
                v_i = T.axis.spatial(4, i)
                v_k = T.axis.reduce(T.int64(8), T.Cast("int64", k))
                T.reads(A[v_i, v_k])
                T.writes(S[v_i], K[v_i])
                with T.init():
                    S[v_i] = T.float32(0)
                S[v_i] = S[v_i] + A[v_i, v_k]
                K[v_i] = v_k * T.int64(4294967296)

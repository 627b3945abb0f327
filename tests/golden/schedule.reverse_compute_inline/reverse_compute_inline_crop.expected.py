# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((T.int64(21),), "float32"), C: T.Buffer((T.int64(16),), "float32")):
        T.func_attr({"tir.noalias": T.bool(True)})
        # with T.block("root"):
        for i in range(T.int64(21)):
            with T.block("B"):
                v_i = T.axis.spatial(T.int64(21), i)
                T.where(i < T.int64(16))
                T.reads(A[v_i])
                T.writes(C[v_i])
                C[v_i] = (A[v_i] + T.float32(1)) * T.float32(2)

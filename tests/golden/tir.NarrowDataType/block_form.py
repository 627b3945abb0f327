# RUN: tirgen opt %s --pass tir.NarrowDataType(32)
# Block form (TVM v0.14 IndexDataTypeRewriter's BlockRealize/Block): loop vars, block iter vars,
# their domains, bindings and access regions narrow. v_k's value is stored as data into an
# int64 buffer, so v_k keeps 64 bits and its binding to the narrowed loop var k is cast.
# Hand-written.
# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((T.int64(4), T.int64(8)), "float32"), S: T.Buffer((T.int64(4),), "float32"), K: T.Buffer((T.int64(4),), "int64")):
    for i, k in T.grid(T.int64(4), T.int64(8)):
        with T.block("S"):
            v_i, v_k = T.axis.remap("SR", [i, k])
            T.reads(A[v_i, v_k])
            T.writes(S[v_i], K[v_i])
            with T.init():
                S[v_i] = T.float32(0)
            S[v_i] = S[v_i] + A[v_i, v_k]
            K[v_i] = v_k * T.int64(4294967296)

# RUN: tirgen opt %s --pass tir.NarrowDataType(32)
# Loops, extents and indices that fit in 32 bits become int32; buffer shapes keep their type.
# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((T.int64(64),), "float32")):
    X = T.allocate([T.int64(64)], "float32", "global")
    X_1 = T.Buffer((T.int64(64),), data=X)
    for i, j in T.grid(T.int64(8), T.int64(8)):
        if j == T.int64(0):
            X_1[i * T.int64(8) + j] = T.float32(0)
        A_1 = T.Buffer((T.int64(64),), data=A.data)
        A_1[i * T.int64(8) + j] = X_1[i * T.int64(8) + j]

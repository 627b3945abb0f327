# RUN: tirgen opt %s --pass tir.FlattenBuffer
# axis_separators=[2] keeps two physical axes, (2*3, 4*5) = (6, 20), indexed per group; the
# separator becomes 1 (TVM v0.14 Buffer::GetFlattenedBuffer / ElemOffset). A 0-d buffer becomes
# shape [1], read at [0]. A strided allocation whose extents differ from its DeclBuffer's shape
# gets the product of the extents. Hand-written.
# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((2, 3, 4, 5), "float32"), S: T.Buffer((), "float32"), C: T.Buffer((2, 3, 4, 5), "float32")):
    X = T.allocate([2, 3, 4, 5], "float32", "global")
    X_1 = T.decl_buffer((2, 3, 4, 5), data=X, axis_separators=[2])
    Y = T.allocate([4, 17], "float32", "global")
    Y_1 = T.decl_buffer((4, 8), data=Y, strides=(17, 1))
    for i, j, k, l in T.grid(2, 3, 4, 5):
        X_1[i, j, k, l] = A[i, j, k, l] * S[()]
    for i, j in T.grid(4, 8):
        Y_1[i, j] = T.float32(0)
    for i, j, k, l in T.grid(2, 3, 4, 5):
        C[i, j, k, l] = X_1[i, j, k, l] + Y_1[k, l]

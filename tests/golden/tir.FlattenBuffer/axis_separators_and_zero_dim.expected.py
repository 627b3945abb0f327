# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((2, 3, 4, 5), "float32"), S: T.Buffer((), "float32"), C: T.Buffer((2, 3, 4, 5), "float32")):
        X = T.allocate([6, 20], "float32", "global")
        Y = T.allocate([68], "float32", "global")
        X_1 = T.Buffer((6, 20), data=X, axis_separators=[1])
        for i, j, k, l in T.grid(2, 3, 4, 5):
            A_1 = T.Buffer((120,), data=A.data)
            S_1 = T.Buffer((1,), data=S.data)
            X_1[i * 3 + j, k * 5 + l] = A_1[i * 60 + j * 20 + k * 5 + l] * S_1[0]
        Y_1 = T.Buffer((68,), data=Y)
        for i, j in T.grid(4, 8):
            Y_1[i * 17 + j] = T.float32(0)
        for i, j, k, l in T.grid(2, 3, 4, 5):
            C_1 = T.Buffer((120,), data=C.data)
            C_1[i * 60 + j * 20 + k * 5 + l] = X_1[i * 3 + j, k * 5 + l] + Y_1[k * 17 + l]

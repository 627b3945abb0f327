# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((T.int64(64),), "float32")):
        X = T.allocate([64], "float32", "global")
        for i, j in T.grid(8, 8):
            X_1 = T.Buffer((T.int64(64),), data=X)
            if j == 0:
                X_1[i * 8 + j] = T.float32(0)
            A_1 = T.Buffer((T.int64(64),), data=A.data)
            A_1[i * 8 + j] = X_1[i * 8 + j]

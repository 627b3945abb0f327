# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((4, 16), "float32"), B: T.Buffer((4,), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for i, k in T.grid(4, 16):
        with T.block("B"):
            vi, vk = T.axis.remap("SR", [i, k])
            T.reads(A[vi, vk])
            T.writes(B[vi])
            with T.init():
                B[vi] = T.float32(0)
            B[vi] = B[vi] + A[vi, vk]

# RUN: tirgen opt %s --pass tir.VectorizeLoop
# A guard without else (a predicate of a split that does not divide) stays an `if` over the
# vectorized stores: a scalar test when it does not depend on the loop var, else a vector of
# lanes (the C code generator stores only the lanes that hold).
# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((54,), "float32"), B: T.Buffer((54,), "float32"), n: T.int32):
    for io in range(4):
        for ii in T.vectorized(16):
            if io * 16 + ii < 54:
                B[io * 16 + ii] = A[io * 16 + ii] * T.float32(2)
    for ii in T.vectorized(16):
        if n < 3:
            B[ii] = A[ii]

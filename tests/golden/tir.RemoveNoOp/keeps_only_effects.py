# RUN: tirgen opt %s --pass tir.RemoveNoOp
# TVM's rules through tir::SideEffect: an evaluated value that only reads is dropped, an extern
# call is kept; a let whose variable the body never uses keeps only its value's effects; a loop
# whose extent the enclosing loop's range shows is at most 0 vanishes, then its parent.
# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((4,), "float32"), n: T.int32):
    for i in range(4):
        T.evaluate(A[i] + T.float32(1))
    T.evaluate(T.call_extern("int32", "f", n))
    x: T.int32 = T.call_extern("int32", "g", n)
    A[0] = T.float32(2)
    for j in range(2):
        for k in range(j - 2):
            A[k] = T.float32(3)
    for m in range(n):
        T.evaluate(T.call_extern("int32", "h", m))

# from tvm.script import tir as T

@T.prim_func
def sum4_impl(a: T.handle, c: T.handle):
    A = T.match_buffer(a, (T.int64(4),), offset_factor=1)
    C = T.match_buffer(c, (), offset_factor=1)
    with T.block("root"):
        T.reads(C[()], A[0:4])
        T.writes(C[()])
        C[()] = C[()] + A[0] + A[1] + A[2] + A[3]

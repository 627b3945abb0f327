# from tvm.script import tir as T

@T.prim_func
def sum4_desc(a: T.handle, c: T.handle):
    A = T.match_buffer(a, (T.int64(4),), offset_factor=1)
    C = T.match_buffer(c, (), offset_factor=1)
    with T.block("root"):
        T.reads(C[()], A[0:4])
        T.writes(C[()])
        for k in range(T.int64(4)):
            with T.block("update"):
                vk = T.axis.reduce(T.int64(4), k)
                T.reads(C[()], A[vk])
                T.writes(C[()])
                C[()] = C[()] + A[vk]

# RUN: tirgen opt %s --pass tir.NarrowDataType(32)
# Thread extents bind their vars as loops do: bx < 4 and tx < 64 make the indices fit, so the
# int64 casts, the constants and the launch extents narrow to int32 (TVM v0.14 narrow_datatype.cc
# DataTypeVisitor for thread_extent; DataTypeLegalizer casts the extent to the var's type).
# Hand-written; a launch with an int64 extent and an int32 thread var was an internal error.
# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((T.int64(256),), "float32"), B: T.Buffer((T.int64(256),), "float32")):
    bx = T.env_thread("blockIdx.x")
    tx = T.env_thread("threadIdx.x")
    with T.launch_thread(bx, T.int64(4)):
        with T.launch_thread(tx, T.int64(64)):
            B[T.Cast("int64", bx) * T.int64(64) + T.Cast("int64", tx)] = A[T.Cast("int64", bx) * T.int64(64) + T.Cast("int64", tx)]

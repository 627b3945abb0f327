# From TVM v0.14 tests/python/unittest/test_tir_transform_inject_ptx_async_copy.py (Apache-2.0):
# generate_global_to_shared_vectorized_copy, with the (dtype, vector_size) pairs the test uses.
# Ported: tvm.runtime.convert(vector_size) is tirgen.tir.const(vector_size) (an int32 IntImm).
from tirgen import tir
from tirgen.script import tir as T




def generate_global_to_shared_vectorized_copy(dtype, vector_size):
    num_iters = 128 // vector_size
    vector_size_expr = tir.const(vector_size)

    @T.prim_func
    def ptx_global_to_shared_copy(
        A: T.Buffer((32, 128), dtype), B: T.Buffer((32, 128), dtype)
    ) -> None:
        T.func_attr({"global_symbol": "main", "tir.noalias": True})
        bx = T.env_thread("blockIdx.x")
        tx = T.env_thread("threadIdx.x")
        T.launch_thread(bx, 1)
        T.launch_thread(tx, 32)
        with T.block():
            A_shared = T.alloc_buffer([32, 128], dtype, scope="shared")
            T.reads(A[0:32, 0:128])
            T.writes(B[0:32, 0:128])

            T.attr("default", "async_scope", 1)
            for i in T.serial(num_iters):
                for j in T.vectorized(vector_size):
                    A_shared[tx, i * vector_size_expr + j] = A[tx, i * vector_size_expr + j]

            T.evaluate(T.ptx_commit_group(dtype=""))
            T.evaluate(T.ptx_wait_group(0, dtype=""))

            for i in range(128):
                B[tx, i] = A_shared[tx, i]

    return ptx_global_to_shared_copy


PROGRAMS = {
    f"ptx_global_to_shared_copy@41[{d},{v}]": (lambda d=d, v=v: generate_global_to_shared_vectorized_copy(d, v))
    for d, v in (("float16", 8), ("float16", 4), ("float32", 4))
}

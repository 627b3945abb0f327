# From TVM v0.14 tests/python/unittest/test_tir_transform_inject_software_pipeline.py
# (Apache-2.0): gen_simple_compute, with the num_stages values the tests use.
from tirgen.script import tir as T


def gen_simple_compute(num_stages):
    @T.prim_func
    def simple_compute(A: T.Buffer((16, 16), "float32"), C: T.Buffer((16, 16), "float32")):
        for tx in T.thread_binding(0, 16, thread="threadIdx.x"):
            for i in T.serial(
                0,
                16,
                annotations={
                    "software_pipeline_stage": [0, num_stages],
                    "software_pipeline_order": [0, 1],
                },
            ):
                with T.block("compute"):
                    T.reads(A[tx, i])
                    T.writes(C[tx, i])
                    B = T.alloc_buffer((16, 1), dtype="float32", scope="shared")
                    with T.block():
                        T.reads(A[tx, i])
                        T.writes(B[tx, 0])
                        B[tx, 0] = A[tx, i] * T.float32(2)
                    with T.block():
                        T.reads(B[tx, 0])
                        T.writes(C[tx, i])
                        C[tx, i] = B[tx, 0] + T.float32(1)

    return simple_compute




PROGRAMS = {f"simple_compute@98[{n}]": (lambda n=n: gen_simple_compute(n)) for n in (1, 2)}

# From TVM v0.14 tests/python/unittest/test_tir_schedule_trace.py (Apache-2.0):
# _test_apply_annotation_trace_from_json's expected program, which takes `annotation` from the
# enclosing function, for each annotation the tests pass ("SSRSSR", "", '""', '"').
from tirgen.script import tir as T


def _test_apply_annotation_trace_from_json(annotation: str):

    @T.prim_func
    def elementwise_expected(a: T.handle, c: T.handle) -> None:
        A = T.match_buffer(a, (128, 128))
        B = T.alloc_buffer((128, 128))
        C = T.match_buffer(c, (128, 128))
        for i, j in T.grid(128, 128):
            with T.block("B"):
                T.block_attr({"meta_schedule.auto_tensorize": annotation})
                vi, vj = T.axis.remap("SS", [i, j])
                B[vi, vj] = A[vi, vj] * 2.0
        for i, j in T.grid(128, 128):
            with T.block("C"):
                vi, vj = T.axis.remap("SS", [i, j])
                C[vi, vj] = B[vi, vj] + 1.0

    return elementwise_expected


PROGRAMS = {
    f"elementwise_expected@362[{a}]": (lambda a=a: _test_apply_annotation_trace_from_json(a))
    for a in ("SSRSSR", "", '""', '"')
}

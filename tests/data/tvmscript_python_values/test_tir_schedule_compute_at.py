# From TVM v0.14 tests/python/unittest/test_tir_schedule_compute_at.py (Apache-2.0):
# test_compute_at_allocate_const and test_compute_inline_allocate_const, whose programs call the
# Python helper `apply_decl_buffer`, which returns a T.decl_buffer frame or a T.Buffer (the
# use_decl_buffer parameter). Ported: each test function returns (before, expected, schedule)
# instead of running the schedule itself; sch.get_loops takes a block handle (tirgen's Schedule does
# not take block names there).
from tirgen.script import tir as T


def compute_at_allocate_const(use_decl_buffer, use_reverse_compute_at):
    def apply_decl_buffer(*args, **kwargs):
        if use_decl_buffer:
            return T.decl_buffer(*args, **kwargs)
        else:
            return T.Buffer(*args, **kwargs)

    @T.prim_func
    def before(A: T.Buffer([4, 256], "float32"), C: T.Buffer([4, 256], "float32")):
        B = T.alloc_buffer([4])

        offset_ptr = T.allocate_const([1.0, 2.0, 3.0, 4.0], dtype="float32", extents=[4])
        offset = apply_decl_buffer([4], data=offset_ptr)
        for i in range(4):
            with T.block("compute_B"):
                vi = T.axis.remap("S", [i])
                B[vi] = 10.0 * vi + offset[vi]

        for i, j in T.grid(4, 256):
            with T.block("compute_C"):
                vi, vj = T.axis.remap("SS", [i, j])
                C[vi, vj] = B[vi] + 100.0 * vj

    @T.prim_func
    def expected(A: T.Buffer([4, 256], "float32"), C: T.Buffer([4, 256], "float32")):
        B = T.alloc_buffer([4])

        offset_ptr = T.allocate_const([1.0, 2.0, 3.0, 4.0], dtype="float32", extents=[4])
        offset = apply_decl_buffer([4], data=offset_ptr)
        for i in range(4):
            with T.block("compute_B"):
                vi = T.axis.remap("S", [i])
                B[vi] = 10.0 * vi + offset[vi]

            for j in range(256):
                with T.block("compute_C"):
                    vi, vj = T.axis.remap("SS", [i, j])
                    C[vi, vj] = B[vi] + 100.0 * vj

    def schedule(sch):
        if use_reverse_compute_at:
            block = sch.get_block("compute_C")
            axis = sch.get_loops(sch.get_block("compute_B"))[0]
            sch.reverse_compute_at(block, axis)
        else:
            block = sch.get_block("compute_B")
            axis = sch.get_loops(sch.get_block("compute_C"))[0]
            sch.compute_at(block, axis)

    return before, expected, schedule


def compute_inline_allocate_const(use_decl_buffer):
    def apply_decl_buffer(*args, **kwargs):
        if use_decl_buffer:
            return T.decl_buffer(*args, **kwargs)
        else:
            return T.Buffer(*args, **kwargs)

    @T.prim_func
    def before(A: T.Buffer([4, 256], "float32"), C: T.Buffer([4, 256], "float32")):
        B = T.alloc_buffer([4])

        offset_ptr = T.allocate_const([1.0, 2.0, 3.0, 4.0], dtype="float32", extents=[4])
        offset = apply_decl_buffer([4], data=offset_ptr)
        for i in range(4):
            with T.block("compute_B"):
                vi = T.axis.remap("S", [i])
                B[vi] = 10.0 * vi + offset[vi]

        for i, j in T.grid(4, 256):
            with T.block("compute_C"):
                vi, vj = T.axis.remap("SS", [i, j])
                C[vi, vj] = B[vi] + 100.0 * vj

    @T.prim_func
    def expected(A: T.Buffer([4, 256], "float32"), C: T.Buffer([4, 256], "float32")):
        offset_ptr = T.allocate_const([1.0, 2.0, 3.0, 4.0], dtype="float32", extents=[4])
        offset = apply_decl_buffer([4], data=offset_ptr)
        for i, j in T.grid(4, 256):
            with T.block("compute_C"):
                vi, vj = T.axis.remap("SS", [i, j])
                C[vi, vj] = (10.0 * vi + offset[vi]) + 100.0 * vj

    def schedule(sch):
        sch.compute_inline(sch.get_block("compute_B"))

    return before, expected, schedule


PROGRAMS = {}
SCHEDULES = {}
for _name, _use in (("decl_buffer", True), ("t_buffer", False)):
    PROGRAMS[f"before@1757[{_name}]"] = lambda u=_use: compute_at_allocate_const(u, False)[0]
    PROGRAMS[f"expected@1773[{_name}]"] = lambda u=_use: compute_at_allocate_const(u, False)[1]
    PROGRAMS[f"before@1813[{_name}]"] = lambda u=_use: compute_inline_allocate_const(u)[0]
    PROGRAMS[f"expected@1829[{_name}]"] = lambda u=_use: compute_inline_allocate_const(u)[1]
    for _rev in (False, True):
        SCHEDULES[f"compute_at_allocate_const[{_name}-{_rev}]"] = (
            lambda u=_use, r=_rev: compute_at_allocate_const(u, r))
    SCHEDULES[f"compute_inline_allocate_const[{_name}]"] = lambda u=_use: compute_inline_allocate_const(u)

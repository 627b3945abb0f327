# From TVM v0.14 tests/python/unittest/test_tir_schedule_cache_read_write.py (Apache-2.0):
# test_cache_write_allocate_const, whose programs call the Python helper `apply_decl_buffer`,
# which returns a T.decl_buffer frame or a T.Buffer (the use_decl_buffer parameter). Ported: the
# test function returns (before, expected, schedule) instead of running the schedule itself.
from tirgen.script import tir as T


def cache_write_allocate_const(use_decl_buffer):
    def apply_decl_buffer(*args, **kwargs):
        if use_decl_buffer:
            return T.decl_buffer(*args, **kwargs)
        else:
            return T.Buffer(*args, **kwargs)

    @T.prim_func
    def before(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float16")):
        B = T.alloc_buffer([128, 128], dtype="float32")
        const1 = T.allocate_const([0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7], "float32", [8])
        const1_buf = apply_decl_buffer([8], dtype="float32", data=const1)
        const2 = T.allocate_const([0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7], "float32", [8])
        const2_buf = apply_decl_buffer([8], dtype="float32", data=const2)
        for i, j in T.grid(128, 128):
            for x in range(8):
                with T.block("B"):
                    vi, vj, vx = T.axis.remap("SSS", [i, j, x])
                    T.reads(A[vi, vj], const1_buf[vx], const2_buf[vx])
                    T.writes(B[vi, vj])
                    B[vi, vj] = A[vi, vj] * const1_buf[vx] + const2_buf[vx]
        for i, j in T.grid(128, 128):
            with T.block("C"):
                vi, vj = T.axis.remap("SS", [i, j])
                T.reads(B[vi, vj])
                T.writes(C[vi, vj])
                C[vi, vj] = B[vi, vj] + 1.0

    @T.prim_func
    def expected(A: T.Buffer((128, 128), "float32"), C: T.Buffer((128, 128), "float16")):
        B = T.alloc_buffer([128, 128], dtype="float32")
        A_global = T.alloc_buffer([128, 128], dtype="float32")
        C_global = T.alloc_buffer([128, 128], dtype="float16")
        const1 = T.allocate_const([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7], "float32", [8])
        const1_buf = apply_decl_buffer([8], dtype="float32", data=const1)
        const2 = T.allocate_const([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7], "float32", [8])
        const2_buf = apply_decl_buffer([8], dtype="float32", data=const2)
        for ax0, ax1 in T.grid(128, 128):
            with T.block("A_global"):
                v0, v1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(A[v0, v1])
                T.writes(A_global[v0, v1])
                A_global[v0, v1] = A[v0, v1]
        for i, j, x in T.grid(128, 128, 8):
            with T.block("B"):
                vi, vj, vx = T.axis.remap("SSS", [i, j, x])
                T.reads(A_global[vi, vj], const1_buf[vx], const2_buf[vx])
                T.writes(B[vi, vj])
                B[vi, vj] = A_global[vi, vj] * const1_buf[vx] + const2_buf[vx]
        for i, j in T.grid(128, 128):
            with T.block("C"):
                vi, vj = T.axis.remap("SS", [i, j])
                T.reads(B[vi, vj])
                T.writes(C_global[vi, vj])
                C_global[vi, vj] = B[vi, vj] + T.float32(1)
        for ax0, ax1 in T.grid(128, 128):
            with T.block("C_global"):
                v0, v1 = T.axis.remap("SS", [ax0, ax1])
                T.reads(C_global[v0, v1])
                T.writes(C[v0, v1])
                C[v0, v1] = C_global[v0, v1]

    def schedule(sch):
        block_b = sch.get_block("B")
        block_c = sch.get_block("C")
        sch.cache_read(block_b, 0, "global")
        sch.cache_write(block_c, 0, "global")

    return before, expected, schedule


PROGRAMS = {}
SCHEDULES = {}
for _name, _use in (("decl_buffer", True), ("t_buffer", False)):
    PROGRAMS[f"before@1554[{_name}]"] = lambda u=_use: cache_write_allocate_const(u)[0]
    PROGRAMS[f"expected@1575[{_name}]"] = lambda u=_use: cache_write_allocate_const(u)[1]
    SCHEDULES[f"cache_write_allocate_const[{_name}]"] = lambda u=_use: cache_write_allocate_const(u)

# From TVM v0.14 tests/python/unittest/test_tir_transform_bf16_legalize.py (Apache-2.0), the
# programs that take helper functions from the enclosing Python scope, with those helpers as
# there. Ported: `tvm.tir.const` is tirgen.tir.const, `tvm.script.ir_module` is I.ir_module.
from tirgen import tir
from tirgen.script import ir as I
from tirgen.script import tir as T

def u16tof32(v):
    uint32_v = v.astype("uint32")
    uint32_v = uint32_v << tir.const(16, "uint32")
    return T.reinterpret("float32", uint32_v)


def bf16tof32(v):
    return u16tof32(T.reinterpret("uint16", v))


def f32tou16(v):
    uint32_v = T.reinterpret("uint32", v)
    rounding_bias = (uint32_v >> tir.const(16, "uint32")) & tir.const(1, "uint32")
    rounding_bias += tir.const(0x7FFF, "uint32")
    uint32_v = uint32_v + rounding_bias
    return (uint32_v >> tir.const(16, "uint32")).astype("uint16")


def f32tobf16(v):
    return T.reinterpret("bfloat16", f32tou16(v))



def after_compute_legalize_64():
    @I.ir_module
    class After:
        @T.prim_func
        def main(
            Aptr: T.handle("bfloat16"), Bptr: T.handle("bfloat16"), Dptr: T.handle("bfloat16")
        ):
            T.func_attr({"global_symbol": "main"})
            A = T.decl_buffer((100,), "bfloat16", data=Aptr)
            B = T.decl_buffer((100,), "bfloat16", data=Bptr)
            D = T.decl_buffer((100,), "bfloat16", data=Dptr)
            C = T.decl_buffer((100,), "float32")
            for i in T.grid(100):
                C[i] = bf16tof32(A[i]) + bf16tof32(B[i])
                D[i] = f32tobf16(T.exp(C[i]))

    return After



def after_storage_legalize_83():
    @I.ir_module
    class After:
        @T.prim_func
        def main(Aptr: T.handle("uint16"), Bptr: T.handle("uint16"), Dptr: T.handle("uint16")):
            T.func_attr({"global_symbol": "main"})
            A = T.decl_buffer((100,), "uint16", data=Aptr)
            B = T.decl_buffer((100,), "uint16", data=Bptr)
            D = T.decl_buffer((100,), "uint16", data=Dptr)
            C = T.decl_buffer((100,), "float32")
            for i in T.grid(100):
                C[i] = u16tof32(A[i]) + u16tof32(B[i])
                D[i] = f32tou16(T.exp(C[i]))

    return After



def after_compute_legalize_139():
    @I.ir_module
    class After:
        @T.prim_func
        def main(
            Aptr: T.handle("bfloat16", storage_scope="shared"),
            Bptr: T.handle("bfloat16", storage_scope="local"),
            Dptr: T.handle("bfloat16"),
        ):
            T.func_attr({"global_symbol": "main"})
            A = T.decl_buffer((100,), "bfloat16", data=Aptr)
            B = T.decl_buffer((100,), "bfloat16", data=Bptr)
            D = T.decl_buffer((100,), "bfloat16", data=Dptr)
            C = T.decl_buffer((100,), "float32")
            for i in T.grid(100):
                C[i] = bf16tof32(A[i]) + bf16tof32(B[i])
                D[i] = f32tobf16(T.exp(C[i]))

    return After


def after_storage_legalize_159():
    @I.ir_module
    class After:
        @T.prim_func
        def main(
            Aptr: T.handle("uint16", storage_scope="shared"),
            Bptr: T.handle("uint16", storage_scope="local"),
            Dptr: T.handle("uint16"),
        ):
            T.func_attr({"global_symbol": "main"})
            A = T.decl_buffer((100,), "uint16", data=Aptr)
            B = T.decl_buffer((100,), "uint16", data=Bptr)
            D = T.decl_buffer((100,), "uint16", data=Dptr)
            C = T.decl_buffer((100,), "float32")
            for i in T.grid(100):
                C[i] = u16tof32(A[i]) + u16tof32(B[i])
                D[i] = f32tou16(T.exp(C[i]))

    return After


PROGRAMS = {
    "After@64": after_compute_legalize_64,
    "After@83": after_storage_legalize_83,
    "After@139": after_compute_legalize_139,
    "After@159": after_storage_legalize_159,
}

# From TVM v0.14 tests/python/unittest/test_tir_transform_combine_context_call.py (Apache-2.0):
# the `before` programs of TestCombineContextsInLoop and ...WithoutTarget, which call the
# Python helper _device_context while being parsed. Ported: tvm.tir.call_extern / tvm.tir.Call
# are tirgen.tir.call_extern / tirgen.tir.Call; the classes are plain (no CompareBeforeAfter).
from tirgen import tir
from tirgen.script import tir as T


def _device_context(dev_type, dev_id):
    ctx = tir.call_extern("handle", "device_context", dev_type, dev_id)
    return tir.Call("handle", "tir.tvm_thread_context", [ctx])


class TestCombineContextsInLoop:
    """Device contexts should be hoisted and merged"""

    def before(self):
        @T.prim_func
        def func(dev_type: T.int32, n: T.int32):
            T.func_attr({"target": T.target("llvm")})
            A = T.allocate([n], "float32", "global")
            for i in range(n):
                T.call_extern(
                    "int32",
                    "fadd",
                    _device_context(dev_type, 0),
                    A,
                )
                for j in range(10):
                    T.call_extern(
                        "int32",
                        "fadd",
                        _device_context(dev_type, 1),
                        A,
                    )
                    T.call_extern(
                        "int32",
                        "fadd",
                        _device_context(dev_type, 0),
                        A,
                    )

        return func

class TestCombineContextsInLoopWithoutTarget(TestCombineContextsInLoop):
    """CombineContextCall only updates host-side functions"""

    def before(self):
        @T.prim_func
        def func(dev_type: T.int32, n: T.int32):
            A = T.allocate([n], "float32", "global")
            for i in range(n):
                T.call_extern(
                    "int32",
                    "fadd",
                    _device_context(dev_type, 0),
                    A,
                )
                for j in range(10):
                    T.call_extern(
                        "int32",
                        "fadd",
                        _device_context(dev_type, 1),
                        A,
                    )
                    T.call_extern(
                        "int32",
                        "fadd",
                        _device_context(dev_type, 0),
                        A,
                    )

        return func


PROGRAMS = {
    "func@35": TestCombineContextsInLoop().before,
    "func@78": TestCombineContextsInLoopWithoutTarget().before,
}

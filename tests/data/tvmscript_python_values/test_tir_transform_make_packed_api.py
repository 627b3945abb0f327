# From TVM v0.14 tests/python/unittest/test_tir_transform_make_packed_api.py (Apache-2.0): the
# programs of test_no_op_when_global_symbol_is_absent and test_target_host_removed, which take a
# function-attribute dict / a host target from the enclosing scope. Ported:
# tvm.target.Target(...) is T.target(...) (which is what TVM's T.target returns).
from tirgen.script import ir as I
from tirgen.script import tir as T


def test_no_op_when_global_symbol_is_absent():
    func_attr = {"target": T.target("llvm", host="llvm")}

    @T.prim_func(private=True)
    def before():
        T.func_attr(func_attr)
        T.evaluate(0)

    return before


def test_target_host_removed():
    host = T.target("llvm")


    @I.ir_module
    class before:
        @T.prim_func
        def main(A: T.Buffer(1, "float32")):
            T.func_attr({"global_symbol": "main", "target": T.target("cuda", host=host)})
            T.evaluate(0)

    return before


PROGRAMS = {
    "before@179": test_no_op_when_global_symbol_is_absent,
    "before@204": test_target_host_removed,
}

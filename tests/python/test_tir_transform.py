"""tirgen.tir.transform: TVM's TIR passes by name on IRModules; golden-passes replayed."""
import os

import pytest

import tirgen
from tirgen.tir import transform as T

SHARED = os.environ.get(
    "TIRGEN_SHARED_DIR", os.path.join(os.path.dirname(__file__), "..", "data", "tvm"))
PASSES = os.path.join(SHARED, "golden-passes")

STEPS = [
    ("01_LowerInitBlock.py", T.LowerInitBlock()),
    ("02_PlanAndUpdateBufferAllocationLocation.py", T.PlanAndUpdateBufferAllocationLocation()),
    ("03_ConvertBlocksToOpaque.py", T.ConvertBlocksToOpaque()),
    ("04_CompactBufferAllocation.py", T.CompactBufferAllocation()),
    ("05_LowerMatchBuffer.py", T.LowerMatchBuffer()),
    ("06_Simplify.py", T.Simplify()),
    ("07_LowerOpaqueBlock.py", T.LowerOpaqueBlock()),
    ("08_FlattenBuffer.py", T.FlattenBuffer()),
    ("09_NarrowDataType.py", T.NarrowDataType(32)),
    ("10_Simplify.py", T.Simplify()),
]


def read(folder, name):
    with open(os.path.join(PASSES, folder, name)) as f:
        return f.read()


def as_module(obj):
    return obj if isinstance(obj, tirgen.IRModule) else tirgen.IRModule({"main": obj})


@pytest.mark.parametrize("folder", ["add_relu__primfunc_0", "conv2d_bias_relu__primfunc_0",
                                    "softmax__primfunc_0", "mlp_link_params__primfunc_0"])
def test_each_pass_reproduces_tvm(folder):
    mod = as_module(tirgen.script.parse(read(folder, "00_input.py")))
    for name, p in STEPS:
        mod = p(mod)
        assert mod.script() == read(folder, name), f"{folder}: {name}"


def test_sequential_equals_stepwise():
    folder = "softmax__primfunc_0"
    mod = as_module(tirgen.script.parse(read(folder, "00_input.py")))
    seq = T.Sequential([p for _, p in STEPS])
    assert seq(mod).script() == read(folder, "10_Simplify.py")
    assert seq.name == "Sequential"


def test_registry_and_arguments():
    names = T.list_passes()
    for n in ["LowerInitBlock", "FlattenBuffer", "NarrowDataType", "VectorizeLoop", "UnrollLoop", "CommonSubexprElimTIR"]:
        assert n in names
        assert hasattr(T, n)
    assert T.CompactBufferAllocation(is_strict=False).name == "CompactBufferAllocation"


def test_keyword_arguments_map_by_name():
    """identify_equiv_terms=False is the second parameter: CSE stays on (it was read as the
    first, enable_cse_tir, and turned CSE off)."""
    text = ('@T.prim_func\ndef f(B: T.Buffer(2, "int32"), x: T.int32, y: T.int32, z: T.int32):\n'
            '    B[0] = (x * y + z) * (x * y + z)\n')
    mod = as_module(tirgen.script.parse(text))
    on = T.CommonSubexprElimTIR()(mod).script()
    assert "cse_var_1" in on
    assert T.CommonSubexprElimTIR(identify_equiv_terms=False)(mod).script() == on
    assert "cse_var_1" not in T.CommonSubexprElimTIR(enable_cse_tir=False)(mod).script()
    assert T.NarrowDataType(target_bits=32).name == "NarrowDataType"
    with pytest.raises(tirgen.TirgenError,
                       match=r"^VectorizeLoop\(\) got an unexpected keyword argument 'enable' \(accepted: enable_vectorize\)$"):
        T.VectorizeLoop(enable=False)
    with pytest.raises(tirgen.TirgenError, match=r"got multiple values for argument 'is_strict'"):
        T.CompactBufferAllocation(True, is_strict=False)
    with pytest.raises(tirgen.TirgenError, match=r"NarrowDataType\(\) missing required argument 'target_bits'"):
        T.NarrowDataType()
    with pytest.raises(tirgen.TirgenError, match="integers or booleans"):
        T.NarrowDataType("32")

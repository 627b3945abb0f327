"""tirgen: graph-level tensor programs to TensorIR, with TVM's Python names.

    import tirgen
    f = tirgen.script.parse(open("f.py").read())
    print(f.script())
"""
from ._tirgen import (  # noqa: F401
    Executable,
    ExtractedTask,
    InternalError,
    IRModule,
    Object,
    PrimFunc,
    TirgenError,
    arith,
    build,
    emit_c,
    lower_te,
    lower_to_primfunc,
    relay,
    run,
    script,
    structural_equal,
    structural_hash,
    tir,
)
from .frontend import from_onnx, from_pytorch  # noqa: F401,E402
from .tasks import extract_tasks  # noqa: F401,E402
from .tune import tune  # noqa: F401,E402
from . import viz  # noqa: F401,E402
from . import te  # noqa: F401,E402

# Native submodules importable by their dotted names (`from tirgen.tir import transform`).
import sys as _sys

# TVMScript authoring in Python: `from tirgen.script import tir as T, ir as I`.
from . import _script_authoring  # noqa: E402

script.tir = _script_authoring.tir
script.ir = _script_authoring.ir
_sys.modules[__name__ + ".script"] = script
_sys.modules[__name__ + ".script.tir"] = _script_authoring.tir
_sys.modules[__name__ + ".script.ir"] = _script_authoring.ir
_sys.modules[__name__ + ".tir"] = tir
_sys.modules[__name__ + ".arith"] = arith
_sys.modules[__name__ + ".tir.transform"] = tir.transform
_sys.modules[__name__ + ".relay"] = relay
_sys.modules[__name__ + ".relay.analysis"] = relay.analysis
_sys.modules[__name__ + ".relay.transform"] = relay.transform

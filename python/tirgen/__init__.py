"""tirgen: graph-level tensor programs to TensorIR, with TVM's Python names.

    import tirgen
    f = tirgen.script.parse(open("f.py").read())
    print(f.script())
"""
from ._tirgen import (  # noqa: F401
    InternalError,
    IRModule,
    Object,
    PrimFunc,
    TirgenError,
    script,
    structural_equal,
    structural_hash,
)

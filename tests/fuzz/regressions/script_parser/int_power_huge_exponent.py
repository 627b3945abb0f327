# script_parser_fuzz timeout: an int ** with a huge exponent multiplied once per unit of the
# exponent (0 ** 8490659594535828 ran for hours).
from tvm.script import tir as T

@T.prim_func
def f(A: T.Buffer((4,), "int64")):
    A[0] = T.int64(0 ** 8490659594535828 + (-1) ** 8490659594535829 + 1 ** 9223372036854775807 + 3 ** 39)

# script_parser_fuzz crash: a store into T.Buffer bound to a name (T.Buffer[i] = v) reached the
# store with no buffer (null dereference); now a located error.
# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((8,), "float32")):
    B = T.Buffer
    for i in range(8):
        B[i] = p0[i]

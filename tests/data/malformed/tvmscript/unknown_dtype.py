# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((4,), "float33")):
    T.evaluate(0)

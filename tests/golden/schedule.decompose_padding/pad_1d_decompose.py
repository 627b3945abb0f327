# RUN: tirgen opt %s --schedule %S/pad_1d_decompose.trace.py
# TVM's 1-d case (int32, `vi >= 6` form of the bound): the in-bound block writes y[vi + 6].
# from tvm.script import tir as T

@T.prim_func
def main(x: T.Buffer((128,), "int32"), y: T.Buffer((140,), "int32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for i in range(140):
        with T.block("block"):
            vi = T.axis.spatial(140, i)
            T.reads(x[vi - 6])
            T.writes(y[vi])
            y[vi] = T.if_then_else(vi >= 6 and vi < 134, x[vi - 6], 0)

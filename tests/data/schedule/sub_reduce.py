# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(8), T.int64(4)), "float32"), T_red: T.Buffer((T.int64(8),), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for i, k in T.grid(T.int64(8), T.int64(4)):
        with T.block("T_red"):
            v_i, v_k = T.axis.remap("SR", [i, k])
            T.reads(p0[v_i, v_k])
            T.writes(T_red[v_i])
            with T.init():
                T_red[v_i] = T.float32(0)
            T_red[v_i] = T_red[v_i] - p0[v_i, v_k]

# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "float32"), T_identity: T.Buffer((T.int64(2), T.int64(3)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_identity"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1])
            T.writes(T_identity[v_ax0, v_ax1])
            T_identity[v_ax0, v_ax1] = p0[v_ax0, v_ax1]

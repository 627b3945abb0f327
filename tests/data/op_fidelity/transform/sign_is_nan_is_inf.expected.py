# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "float32"), T_logical_or: T.Buffer((T.int64(2), T.int64(3)), "bool")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    T_sign = T.alloc_buffer((T.int64(2), T.int64(3)))
    T_isnan = T.alloc_buffer((T.int64(2), T.int64(3)), "bool")
    T_isinf = T.alloc_buffer((T.int64(2), T.int64(3)), "bool")
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_sign"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1])
            T.writes(T_sign[v_ax0, v_ax1])
            T_sign[v_ax0, v_ax1] = T.Select(T.float32(0) < p0[v_ax0, v_ax1], T.float32(1), T.Select(p0[v_ax0, v_ax1] < T.float32(0), T.float32(-1), T.float32(0)))
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_isnan"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_sign[v_ax0, v_ax1])
            T.writes(T_isnan[v_ax0, v_ax1])
            T_isnan[v_ax0, v_ax1] = T.isnan(T_sign[v_ax0, v_ax1])
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_isinf"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1])
            T.writes(T_isinf[v_ax0, v_ax1])
            T_isinf[v_ax0, v_ax1] = T.fabs(p0[v_ax0, v_ax1]) == T.float32("inf") and not T.isnan(p0[v_ax0, v_ax1])
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_logical_or"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_isnan[v_ax0, v_ax1], T_isinf[v_ax0, v_ax1])
            T.writes(T_logical_or[v_ax0, v_ax1])
            T_logical_or[v_ax0, v_ax1] = T_isnan[v_ax0, v_ax1] or T_isinf[v_ax0, v_ax1]

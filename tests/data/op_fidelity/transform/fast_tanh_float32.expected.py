# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(2), T.int64(3)), "float32"), T_fast_tanh: T.Buffer((T.int64(2), T.int64(3)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    T_minimum = T.alloc_buffer((T.int64(2), T.int64(3)))
    T_maximum = T.alloc_buffer((T.int64(2), T.int64(3)))
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_minimum"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(p0[v_ax0, v_ax1])
            T.writes(T_minimum[v_ax0, v_ax1])
            T_minimum[v_ax0, v_ax1] = T.min(T.float32(9), p0[v_ax0, v_ax1])
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_maximum"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_minimum[v_ax0, v_ax1])
            T.writes(T_maximum[v_ax0, v_ax1])
            T_maximum[v_ax0, v_ax1] = T.max(T.float32(-9), T_minimum[v_ax0, v_ax1])
    for ax0, ax1 in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_fast_tanh"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_maximum[v_ax0, v_ax1])
            T.writes(T_fast_tanh[v_ax0, v_ax1])
            T_fast_tanh[v_ax0, v_ax1] = T_maximum[v_ax0, v_ax1] * (T_maximum[v_ax0, v_ax1] * T_maximum[v_ax0, v_ax1] * (T_maximum[v_ax0, v_ax1] * T_maximum[v_ax0, v_ax1] * (T_maximum[v_ax0, v_ax1] * T_maximum[v_ax0, v_ax1] * (T_maximum[v_ax0, v_ax1] * T_maximum[v_ax0, v_ax1] * (T_maximum[v_ax0, v_ax1] * T_maximum[v_ax0, v_ax1] * (T_maximum[v_ax0, v_ax1] * T_maximum[v_ax0, v_ax1] * T.float32(-2.76076847742355e-16) + T.float32(2.0001879048247699e-13)) + T.float32(-8.60467152213735e-11)) + T.float32(5.1222970903711401e-08)) + T.float32(1.4857223571797901e-05)) + T.float32(0.00063726192887543596)) + T.float32(0.0048935245589178597)) / (T_maximum[v_ax0, v_ax1] * T_maximum[v_ax0, v_ax1] * (T_maximum[v_ax0, v_ax1] * T_maximum[v_ax0, v_ax1] * (T_maximum[v_ax0, v_ax1] * T_maximum[v_ax0, v_ax1] * T.float32(1.1982583946670199e-06) + T.float32(0.000118534705686654)) + T.float32(0.0022684346324390002)) + T.float32(0.0048935251855438504))

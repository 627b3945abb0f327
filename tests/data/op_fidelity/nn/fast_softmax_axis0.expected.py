# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(3), T.int64(2)), "float32"), T_softmax_norm: T.Buffer((T.int64(3), T.int64(2)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    T_softmax_maxelem = T.alloc_buffer((T.int64(2),))
    T_softmax_delta = T.alloc_buffer((T.int64(3), T.int64(2)))
    T_fast_exp = T.alloc_buffer((T.int64(3), T.int64(2)))
    T_softmax_expsum = T.alloc_buffer((T.int64(2),))
    for i0, k in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_softmax_maxelem"):
            v_i0, v_k = T.axis.remap("SR", [i0, k])
            T.reads(p0[v_k, v_i0])
            T.writes(T_softmax_maxelem[v_i0])
            with T.init():
                T_softmax_maxelem[v_i0] = T.float32(-3.4028234663852886e+38)
            T_softmax_maxelem[v_i0] = T.max(T_softmax_maxelem[v_i0], p0[v_k, v_i0])
    for i0, i1 in T.grid(T.int64(3), T.int64(2)):
        with T.block("T_softmax_delta"):
            v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
            T.reads(p0[v_i0, v_i1], T_softmax_maxelem[v_i1])
            T.writes(T_softmax_delta[v_i0, v_i1])
            T_softmax_delta[v_i0, v_i1] = p0[v_i0, v_i1] - T_softmax_maxelem[v_i1]
    for ax0, ax1 in T.grid(T.int64(3), T.int64(2)):
        with T.block("T_fast_exp"):
            v_ax0, v_ax1 = T.axis.remap("SS", [ax0, ax1])
            T.reads(T_softmax_delta[v_ax0, v_ax1])
            T.writes(T_fast_exp[v_ax0, v_ax1])
            T_fast_exp[v_ax0, v_ax1] = T.max(T.reinterpret("float32", T.shift_left(T.Cast("int32", T.floor(T.max(T.min(T_softmax_delta[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) * T.float32(1.4426950216293335) + T.float32(0.5)) + T.float32(127)), 23)) * ((((((T.float32(0.00019875691214110702) * (T.max(T.min(T_softmax_delta[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) - T.floor(T.max(T.min(T_softmax_delta[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) * T.float32(1.4426950216293335) + T.float32(0.5)) * T.float32(0.69314718246459961)) + T.float32(0.0013981999363750219)) * (T.max(T.min(T_softmax_delta[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) - T.floor(T.max(T.min(T_softmax_delta[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) * T.float32(1.4426950216293335) + T.float32(0.5)) * T.float32(0.69314718246459961)) + T.float32(0.008333452045917511)) * (T.max(T.min(T_softmax_delta[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) - T.floor(T.max(T.min(T_softmax_delta[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) * T.float32(1.4426950216293335) + T.float32(0.5)) * T.float32(0.69314718246459961)) + T.float32(0.041665796190500259)) * (T.max(T.min(T_softmax_delta[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) - T.floor(T.max(T.min(T_softmax_delta[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) * T.float32(1.4426950216293335) + T.float32(0.5)) * T.float32(0.69314718246459961)) + T.float32(0.1666666567325592)) * (T.max(T.min(T_softmax_delta[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) - T.floor(T.max(T.min(T_softmax_delta[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) * T.float32(1.4426950216293335) + T.float32(0.5)) * T.float32(0.69314718246459961)) + T.float32(0.5)) * (T.max(T.min(T_softmax_delta[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) - T.floor(T.max(T.min(T_softmax_delta[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) * T.float32(1.4426950216293335) + T.float32(0.5)) * T.float32(0.69314718246459961)) * (T.max(T.min(T_softmax_delta[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) - T.floor(T.max(T.min(T_softmax_delta[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) * T.float32(1.4426950216293335) + T.float32(0.5)) * T.float32(0.69314718246459961)) + (T.max(T.min(T_softmax_delta[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) - T.floor(T.max(T.min(T_softmax_delta[v_ax0, v_ax1], T.float32(88.376266479492188)), T.float32(-88.376258850097656)) * T.float32(1.4426950216293335) + T.float32(0.5)) * T.float32(0.69314718246459961)) + T.float32(1)), T_softmax_delta[v_ax0, v_ax1])
    for i0, k in T.grid(T.int64(2), T.int64(3)):
        with T.block("T_softmax_expsum"):
            v_i0, v_k = T.axis.remap("SR", [i0, k])
            T.reads(T_fast_exp[v_k, v_i0])
            T.writes(T_softmax_expsum[v_i0])
            with T.init():
                T_softmax_expsum[v_i0] = T.float32(0)
            T_softmax_expsum[v_i0] = T_softmax_expsum[v_i0] + T_fast_exp[v_k, v_i0]
    for i0, i1 in T.grid(T.int64(3), T.int64(2)):
        with T.block("T_softmax_norm"):
            v_i0, v_i1 = T.axis.remap("SS", [i0, i1])
            T.reads(T_fast_exp[v_i0, v_i1], T_softmax_expsum[v_i1])
            T.writes(T_softmax_norm[v_i0, v_i1])
            T.block_attr({"axis": 0})
            T_softmax_norm[v_i0, v_i1] = T_fast_exp[v_i0, v_i1] / T_softmax_expsum[v_i1]

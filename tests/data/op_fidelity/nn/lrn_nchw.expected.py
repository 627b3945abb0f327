# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(1), T.int64(4), T.int64(2), T.int64(2)), "float32"), T_divide: T.Buffer((T.int64(1), T.int64(4), T.int64(2), T.int64(2)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    # with T.block("root"):
    pad_data = T.alloc_buffer((T.int64(1), T.int64(6), T.int64(2), T.int64(2)))
    tensor = T.alloc_buffer((T.int64(1), T.int64(4), T.int64(2), T.int64(2)))
    tensor_1 = T.alloc_buffer((T.int64(1), T.int64(4), T.int64(2), T.int64(2)))
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(6), T.int64(2), T.int64(2)):
        with T.block("pad_data"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(p0[v_ax0, v_ax1 - T.int64(1), v_ax2, v_ax3])
            T.writes(pad_data[v_ax0, v_ax1, v_ax2, v_ax3])
            pad_data[v_ax0, v_ax1, v_ax2, v_ax3] = T.if_then_else(T.int64(1) <= v_ax1 and v_ax1 < T.int64(5), p0[v_ax0, v_ax1 - T.int64(1), v_ax2, v_ax3], T.float32(0))
    for ax0, ax1, ax2, ax3, rxs in T.grid(T.int64(1), T.int64(4), T.int64(2), T.int64(2), T.int64(3)):
        with T.block("tensor"):
            v_ax0, v_ax1, v_ax2, v_ax3, v_rxs = T.axis.remap("SSSSR", [ax0, ax1, ax2, ax3, rxs])
            T.reads(pad_data[v_ax0, v_ax1 + v_rxs, v_ax2, v_ax3])
            T.writes(tensor[v_ax0, v_ax1, v_ax2, v_ax3])
            with T.init():
                tensor[v_ax0, v_ax1, v_ax2, v_ax3] = T.float32(0)
            tensor[v_ax0, v_ax1, v_ax2, v_ax3] = tensor[v_ax0, v_ax1, v_ax2, v_ax3] + pad_data[v_ax0, v_ax1 + v_rxs, v_ax2, v_ax3] * pad_data[v_ax0, v_ax1 + v_rxs, v_ax2, v_ax3]
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(4), T.int64(2), T.int64(2)):
        with T.block("tensor_1"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(tensor[v_ax0, v_ax1, v_ax2, v_ax3])
            T.writes(tensor_1[v_ax0, v_ax1, v_ax2, v_ax3])
            tensor_1[v_ax0, v_ax1, v_ax2, v_ax3] = T.pow(T.float32(1) + T.float32(9.9999997473787516e-05) * tensor[v_ax0, v_ax1, v_ax2, v_ax3] * T.float32(0.33333333333333331), T.float32(0.75))
    for ax0, ax1, ax2, ax3 in T.grid(T.int64(1), T.int64(4), T.int64(2), T.int64(2)):
        with T.block("T_divide"):
            v_ax0, v_ax1, v_ax2, v_ax3 = T.axis.remap("SSSS", [ax0, ax1, ax2, ax3])
            T.reads(p0[v_ax0, v_ax1, v_ax2, v_ax3], tensor_1[v_ax0, v_ax1, v_ax2, v_ax3])
            T.writes(T_divide[v_ax0, v_ax1, v_ax2, v_ax3])
            T_divide[v_ax0, v_ax1, v_ax2, v_ax3] = p0[v_ax0, v_ax1, v_ax2, v_ax3] / tensor_1[v_ax0, v_ax1, v_ax2, v_ax3]

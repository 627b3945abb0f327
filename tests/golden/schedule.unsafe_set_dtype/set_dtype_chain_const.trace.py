# from tvm import tir
def apply_trace(sch: tir.Schedule) -> None:
  b0 = sch.get_block(name="T_mul", func_name="main")
  sch.unsafe_set_dtype(block=b0, buffer_index=0, dtype="float64")
  b1 = sch.get_block(name="T_add", func_name="main")
  sch.unsafe_set_dtype(block=b1, buffer_index=0, dtype="float32")

# from tvm import tir
def apply_trace(sch: tir.Schedule) -> None:
  b0 = sch.get_block(name="T_mul", func_name="main")
  sch.reverse_compute_inline(block=b0)

# from tvm import tir
def apply_trace(sch: tir.Schedule) -> None:
  b0 = sch.get_block(name="T_add", func_name="main")
  l1, l2 = sch.get_loops(block=b0)
  b3 = sch.get_block(name="T_mul", func_name="main")
  l4, l5 = sch.get_loops(block=b3)
  l6 = sch.merge(l2, l5)

# from tvm import tir
def apply_trace(sch: tir.Schedule) -> None:
  b0 = sch.get_block(name="T_add", func_name="main")
  l1, l2 = sch.get_loops(block=b0)
  b3 = sch.get_block(name="T_mul", func_name="main")
  sch.reverse_compute_at(block=b3, loop=l1, preserve_unit_loops=False, index=-1)

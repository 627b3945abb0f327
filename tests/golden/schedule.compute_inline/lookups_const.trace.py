# from tvm import tir
def apply_trace(sch: tir.Schedule) -> None:
  b0 = sch.get_block(name="T_mul", func_name="main")
  b1, = sch.get_producers(block=b0)
  b2, = sch.get_consumers(block=b0)
  l3, l4 = sch.get_loops(block=b0)
  b5, = sch.get_child_blocks(l3)
  b6 = sch.get_block(name="root", func_name="main")
  b7, b8, b9 = sch.get_child_blocks(b6)
  sch.compute_inline(block=b1)

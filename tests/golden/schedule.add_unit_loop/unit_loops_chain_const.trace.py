# from tvm import tir
def apply_trace(sch: tir.Schedule) -> None:
  b0 = sch.get_block(name="T_add", func_name="main")
  l1, l2 = sch.get_loops(block=b0)
  l3 = sch.add_unit_loop(block_or_loop=l1)
  l4 = sch.add_unit_loop(block_or_loop=b0)
  b5 = sch.get_block(name="root", func_name="main")
  b6, = sch.get_output_blocks(block=b5)
  l7 = sch.add_unit_loop(block_or_loop=b6)

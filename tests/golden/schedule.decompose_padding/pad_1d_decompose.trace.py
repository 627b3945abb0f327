# from tvm import tir
def apply_trace(sch: tir.Schedule) -> None:
  b0 = sch.get_block(name="block", func_name="main")
  l1, = sch.get_loops(block=b0)
  b2 = sch.decompose_padding(block=b0, loop=l1)

# from tvm import tir
def apply_trace(sch: tir.Schedule) -> None:
  b0 = sch.get_block(name="pad_temp", func_name="main")
  l1, l2, l3, l4 = sch.get_loops(block=b0)
  l5, l6 = sch.split(loop=l3, factors=[2, 4], preserve_unit_iters=True)
  b7 = sch.decompose_padding(block=b0, loop=l6)

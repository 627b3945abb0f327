# from tvm import tir
def apply_trace(sch: tir.Schedule) -> None:
  b0 = sch.get_block(name="C", func_name="main")
  l1, l2 = sch.get_loops(block=b0)
  l3, l4 = sch.split(loop=l1, factors=[None, 4], preserve_unit_iters=True)
  sch.reorder(l3, l2, l4)
  sch.parallel(loop=l3)
  sch.vectorize(loop=l4)

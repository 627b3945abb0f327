# from tvm import tir
def apply_trace(sch: tir.Schedule) -> None:
  b0 = sch.get_block(name="T_out", func_name="main")
  l1, l2 = sch.get_loops(block=b0)
  sch.parallel(loop=l1)
  sch.vectorize(loop=l2)
  b3 = sch.get_block(name="T_matmul", func_name="main")
  l4, l5, l6 = sch.get_loops(block=b3)
  sch.unroll(loop=l6)

# from tvm import tir
def apply_trace(sch: tir.Schedule) -> None:
  b0 = sch.get_block(name="T_out", func_name="main")
  l1, l2 = sch.get_loops(block=b0)
  sch.enter_postproc()
  sch.parallel(loop=l1)

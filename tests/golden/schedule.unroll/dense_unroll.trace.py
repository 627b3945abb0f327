# from tvm import tir
def apply_trace(sch: tir.Schedule) -> None:
  b0 = sch.get_block(name="T_matmul_NT", func_name="main")
  l1, l2, l3 = sch.get_loops(block=b0)
  sch.unroll(loop=l3)

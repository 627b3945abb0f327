# from tvm import tir
def apply_trace(sch: tir.Schedule) -> None:
  b0 = sch.get_block(name="T_matmul_NT", func_name="main")
  l1, l2, l3 = sch.get_loops(block=b0)
  l4, l5, l6 = sch.split(loop=l3, factors=[4, None, 8], preserve_unit_iters=True)
  b7 = sch.rfactor(loop=l4, factor_axis=-1)
  l8, l9, l10, l11, l12 = sch.get_loops(block=b7)
  b13 = sch.rfactor(loop=l12, factor_axis=1)

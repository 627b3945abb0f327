# from tvm import tir
def apply_trace(sch: tir.Schedule) -> None:
  b0 = sch.get_block(name="T_mul", func_name="main")
  l1, l2 = sch.get_loops(block=b0)
  v3, v4 = sch.sample_perfect_tile(loop=l2, n=2, max_innermost_factor=4, decision=[2, 4])
  l5, l6 = sch.split(loop=l2, factors=[v3, v4], preserve_unit_iters=True)

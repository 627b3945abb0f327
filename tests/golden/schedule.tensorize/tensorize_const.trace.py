# from tvm import tir
def apply_trace(sch: tir.Schedule) -> None:
  b0 = sch.get_block(name="T_out", func_name="main")
  l1, l2 = sch.get_loops(block=b0)
  l3, l4 = sch.split(loop=l2, factors=[None, 4], preserve_unit_iters=True)
  b5 = sch.decompose_reduction(block=b0, loop=l3)
  sch.tensorize(block_or_loop=l4, tensor_intrin="sum4", preserve_unit_iters=True)

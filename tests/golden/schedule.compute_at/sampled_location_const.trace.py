# from tvm import tir
def apply_trace(sch: tir.Schedule) -> None:
  b0 = sch.get_block(name="T_add", func_name="main")
  l1 = sch.sample_compute_location(block=b0, decision=0)
  sch.compute_at(block=b0, loop=l1, preserve_unit_loops=True, index=-1)

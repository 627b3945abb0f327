# from tvm import tir
def apply_trace(sch: tir.Schedule) -> None:
  b0 = sch.get_block(name="T_mul", func_name="main")
  l1, l2 = sch.get_loops(block=b0)
  sch.annotate(block_or_loop=l2, ann_key="pragma_unroll_explicit", ann_val=1)
  sch.annotate(block_or_loop=b0, ann_key="schedule_rule", ann_val="none")
  sch.unannotate(block_or_loop=l2, ann_key="pragma_unroll_explicit")

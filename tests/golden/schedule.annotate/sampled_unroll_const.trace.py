# from tvm import tir
def apply_trace(sch: tir.Schedule) -> None:
  b0 = sch.get_block(name="root", func_name="main")
  v1 = sch.sample_categorical(candidates=[0, 16, 64], probs=[0.25, 0.5, 0.25], decision=1)
  sch.annotate(block_or_loop=b0, ann_key="meta_schedule.unroll_explicit", ann_val=v1)

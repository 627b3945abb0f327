# from tvm import tir
def apply_trace(sch: tir.Schedule) -> None:
  b0 = sch.get_block(name="C", func_name="main")
  l1, l2, l3 = sch.get_loops(block=b0)
  v4, v5 = sch.sample_perfect_tile(loop=l1, n=2, max_innermost_factor=16, decision=[8, 4])
  l6, l7 = sch.split(loop=l1, factors=[v4, v5], preserve_unit_iters=True)
  v8 = sch.sample_categorical(candidates=[0, 16, 64, 512], probs=[0.25, 0.25, 0.25, 0.25], decision=1)
  sch.annotate(block_or_loop=b0, ann_key="meta_schedule.unroll_explicit", ann_val=v8)
  b9 = sch.cache_write(block=b0, write_buffer_index=0, storage_scope="local")
  sch.reverse_compute_at(block=b9, loop=l6, preserve_unit_loops=True, index=-1)

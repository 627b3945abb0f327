# from tvm import tir
def apply_trace(sch: tir.Schedule) -> None:
  b0 = sch.get_block(name="T_add", func_name="main")
  b1 = sch.cache_read(block=b0, read_buffer_index=1, storage_scope="global")
  b2 = sch.get_block(name="T_mul", func_name="main")
  b3 = sch.cache_read(block=b2, read_buffer_index=0, storage_scope="global")

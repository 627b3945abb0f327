# from tvm import tir
def apply_trace(sch: tir.Schedule) -> None:
  b0 = sch.get_block(name="T_add", func_name="main")
  b1 = sch.cache_write(block=b0, write_buffer_index=0, storage_scope="global")

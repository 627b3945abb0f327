# from tvm import tir
def apply_trace(sch: tir.Schedule) -> None:
  b0 = sch.get_block(name="T_add", func_name="main")
  sch.set_scope(block=b0, buffer_index=0, storage_scope="local")
  sch.storage_align(block=b0, buffer_index=0, axis=0, factor=16, offset=8)

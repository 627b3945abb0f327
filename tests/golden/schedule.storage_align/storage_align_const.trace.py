# from tvm import tir
def apply_trace(sch: tir.Schedule) -> None:
  b0 = sch.get_block(name="T_add", func_name="main")
  sch.storage_align(block=b0, buffer_index=0, axis=1, factor=8, offset=1)

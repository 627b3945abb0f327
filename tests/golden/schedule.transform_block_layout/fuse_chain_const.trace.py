# from tvm import tir
def apply_trace(sch: tir.Schedule) -> None:
  b0 = sch.get_block(name="T_add", func_name="main")
  sch.transform_block_layout(block=b0, index_map=lambda i, j: (i * 8 + j,))

# from tvm import tir
def apply_trace(sch: tir.Schedule) -> None:
  b0 = sch.get_block(name="pad_temp", func_name="main")
  sch.transform_layout(block=b0, buffer=("write", 0), index_map=lambda i0, i1, i2, i3: (i0, i2, i3, i1,), pad_value=None, assume_injective_transform=False)
  b1 = sch.get_block(name="conv2d_nchw", func_name="main")
  sch.transform_layout(block=b1, buffer=("write", 0), index_map=lambda n, c, h, w: (n, c // 4, h, w, c % 4,), pad_value=None, assume_injective_transform=False)

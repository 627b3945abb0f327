# from tvm import tir
def apply_trace(sch: tir.Schedule) -> None:
  b0 = sch.get_block(name="T_matmul", func_name="main")
  b1 = sch.reindex(block=b0, buffer=("read", 0))
  b2 = sch.reindex(block=b0, buffer=("write", 0))
  b3 = sch.reindex(block=b0, buffer=("read", 1))

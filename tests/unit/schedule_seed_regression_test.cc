// The regression that motivated lower_to_primfunc (golden-schedule/seed_regression): the uint8
// conv2d with its weight embedded as an AllocateConst is decomposed at `rc` and its `rx` loop
// tensorized with a 3-element u8*u8->i32 dot product (dot3_desc.py / dot3_impl.py, parsed by
// tirgen's TVMScript parser); LowerInitBlock and PlanAndUpdateBufferAllocationLocation then
// run. Every module must equal TVM's files, the weight stays one AllocateConst, and the built
// program equals the unscheduled one exactly (integers).
// Beyond TVM: a 4-wide dot over `rc` (dimension 1 of the data and the weight: a strided
// region TVM cannot tensorize) is tensorized, built and run, and equals the unscheduled program.
#include <gtest/gtest.h>

#include "schedule_test_util.h"
#include "tirgen/tir/schedule/tensor_intrin.h"

namespace tirgen {
namespace tir {
namespace {

namespace fs = std::filesystem;
using testing::ReadText;

fs::path Dir() { return fs::path(TIRGEN_SHARED_DIR) / "golden-schedule" / "seed_regression"; }

PrimFunc ParseFunc(const fs::path& p) { return script::Parse(ReadText(p), p.filename().string()).cast<PrimFunc>(); }

void RegisterDot3() {
  TensorIntrin::Register("dot3_u8u8i32", ParseFunc(Dir() / "dot3_desc.py"), ParseFunc(Dir() / "dot3_impl.py"),
                         /*override=*/true);
}

TEST(ScheduleSeedRegression, DecomposeTensorizeLowerMatchesTvmAndRuns) {
  RegisterDot3();
  PrimFunc lowered = ParseFunc(Dir() / "0_lowered.py");
  Schedule sch(lowered);
  std::string trace_text = ReadText(Dir() / "trace.py");
  Trace::Parse(trace_text, "trace.py").ApplyTo(sch);
  std::string scheduled = testing::PrintChecked(sch.mod());
  EXPECT_EQ(testing::FirstDiff(ReadText(Dir() / "1_scheduled.py"), scheduled), "");
  EXPECT_EQ(sch.trace().Str() + "\n", trace_text);
  IRModule after = transform::Sequential({transform::LowerInitBlock(),
                                          transform::PlanAndUpdateBufferAllocationLocation()})(sch.mod());
  std::string planned = testing::PrintChecked(after);
  EXPECT_EQ(testing::FirstDiff(ReadText(Dir() / "2_after_LowerInitBlock_PlanAndUpdateBufferAllocationLocation.py"), planned), "");
  for (const std::string& text : {scheduled, planned}) EXPECT_EQ(testing::CountText(text, "T.allocate_const("), 1u);
  testing::ExpectSameResults(lowered, sch.mod());
}

// dot4 over a strided region: description and implementation as TVMScript text.
const char* kDot4Desc = R"(# from tvm.script import tir as T

@T.prim_func
def dot4_desc(a: T.handle, b: T.handle, c: T.handle):
    A = T.match_buffer(a, (T.int64(4),), "uint8", offset_factor=1)
    B = T.match_buffer(b, (4,), "uint8", offset_factor=1)
    C = T.match_buffer(c, (), "int32", offset_factor=1)
    with T.block("root"):
        T.reads(C[()], A[0:4], B[0:4])
        T.writes(C[()])
        for k in range(T.int64(4)):
            with T.block("update"):
                vk = T.axis.reduce(T.int64(4), k)
                T.reads(C[()], A[vk], B[vk])
                T.writes(C[()])
                C[()] = C[()] + T.Cast("int32", A[vk]) * T.Cast("int32", B[vk])
)";
const char* kDot4Impl = R"(# from tvm.script import tir as T

@T.prim_func
def dot4_impl(a: T.handle, b: T.handle, c: T.handle):
    A = T.match_buffer(a, (T.int64(4),), "uint8", offset_factor=1)
    B = T.match_buffer(b, (4,), "uint8", offset_factor=1)
    C = T.match_buffer(c, (), "int32", offset_factor=1)
    with T.block("root"):
        T.reads(C[()], A[0:4], B[0:4])
        T.writes(C[()])
        C[()] = C[()] + T.Cast("int32", A[0]) * T.Cast("int32", B[0]) + T.Cast("int32", A[1]) * T.Cast("int32", B[1]) + T.Cast("int32", A[2]) * T.Cast("int32", B[2]) + T.Cast("int32", A[3]) * T.Cast("int32", B[3])
)";

TEST(ScheduleSeedRegression, StridedDot4OverRcTensorizesBuildsAndRuns) {
  TensorIntrin::Register("dot4_u8u8i32", script::Parse(kDot4Desc).cast<PrimFunc>(),
                         script::Parse(kDot4Impl).cast<PrimFunc>(), /*override=*/true);
  PrimFunc lowered = ParseFunc(Dir() / "0_lowered.py");
  Schedule sch(lowered);
  std::string trace_text = std::string("# from tvm import tir\ndef apply_trace(sch: tir.Schedule) -> None:\n") +
      "  b0 = sch.get_block(name=\"conv2d_nchw\", func_name=\"main\")\n"
      "  l1, l2, l3, l4, l5, l6, l7 = sch.get_loops(block=b0)\n"
      "  l8, l9 = sch.split(loop=l5, factors=[None, 4], preserve_unit_iters=True)\n"
      "  sch.reorder(l8, l6, l7, l9)\n"
      "  b10 = sch.decompose_reduction(block=b0, loop=l8)\n"
      "  sch.tensorize(block_or_loop=l9, tensor_intrin=\"dot4_u8u8i32\", preserve_unit_iters=True)\n";
  Trace::Parse(trace_text).ApplyTo(sch);
  std::string text = testing::PrintChecked(sch.mod());
  EXPECT_EQ(sch.trace().Str() + "\n", trace_text);
  EXPECT_EQ(testing::CountText(text, "T.allocate_const("), 1u);
  // The 4 data and weight values come from dimension 1 (rc): no view, direct strided accesses.
  EXPECT_NE(text.find("T.Cast(\"int32\", pad_temp[v_nn_o, v_rc_o * T.int64(4) + T.int64(3), v_yy_o + v_ry_o, v_xx_o + v_rx_o])"), std::string::npos);
  EXPECT_EQ(text.find("A = T.match_buffer"), std::string::npos);
  testing::ExpectSameResults(lowered, sch.mod());
}

TEST(ScheduleSeedRegression, TensorizeMismatchIsAScheduleError) {
  RegisterDot3();
  Schedule sch(ParseFunc(Dir() / "0_lowered.py"));
  BlockRV b = sch.GetBlock("conv2d_nchw");
  std::vector<LoopRV> loops = sch.GetLoops(b);
  // ry..rx has 9 iterations in two loops: not the description's single loop of 3.
  try {
    sch.Tensorize(loops[5], "dot3_u8u8i32");
    FAIL() << "no error";
  } catch (const ScheduleError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot tensorize loop \"ry\" with \"dot3_u8u8i32\""), std::string::npos) << e.what();
  }
  try {
    sch.Tensorize(loops[6], "no_such_intrin");
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("no tensor intrinsic named \"no_such_intrin\""), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace tir
}  // namespace tirgen

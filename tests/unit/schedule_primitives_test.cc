// Before/after tests for every schedule primitive on small programs, several holding an
// AllocateConst: the cases of tests/golden/schedule.*/ (and transform_layout_const, here) replay their trace,
// the printed module must equal the expected file, the constant stays exactly one
// AllocateConst, the recorded trace prints back as the input trace, and the scheduled program,
// built and run, equals the unscheduled one.
// Then one precondition violation per primitive, asserting the ScheduleError message.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>

#include "schedule_test_util.h"
#include "tirgen/tir/schedule/tensor_intrin.h"

namespace tirgen {
namespace tir {
namespace {

namespace fs = std::filesystem;
using testing::ReadText;

fs::path DataDir() { return fs::path(TIRGEN_SOURCE_DIR) / "tests" / "data" / "schedule"; }

const char* kHeader = "# from tvm import tir\ndef apply_trace(sch: tir.Schedule) -> None:\n";

fs::path InputPath(const std::string& input) {
  if (input.rfind("golden:", 0) == 0) return fs::path(TIRGEN_SHARED_DIR) / "golden-schedule" / input.substr(7);
  return DataDir() / input;
}

// The intrinsic the tensorize cases use: a 4-element float sum, the same files `tirgen opt
// --tensor-intrin` reads for the tensorize goldens.
void RegisterSum4() {
  fs::path dir = fs::path(TIRGEN_SOURCE_DIR) / "tests" / "golden" / "schedule.tensorize";
  TensorIntrin::Register("sum4", script::Parse(ReadText(dir / "sum4_desc.intrin.py")).cast<PrimFunc>(),
                         script::Parse(ReadText(dir / "sum4_impl.intrin.py")).cast<PrimFunc>(), /*override=*/true);
}

Schedule Replay(const PrimFunc& f, const std::string& trace_text) {
  RegisterSum4();
  Schedule sch(f);
  Trace::Parse(trace_text, "<test trace>").ApplyTo(sch);
  return sch;
}

// The cases live in tests/golden/schedule.<primitive>/ (input <case>.py, trace <case>.trace.py,
// expected <case>.expected.py, which the opt golden driver compares). Here each also replays
// to the same trace, keeps its constants and, built and run, computes what its input computes.
std::vector<std::string> GoldenCases() {
  std::vector<std::string> out;
  fs::path root = fs::path(TIRGEN_SOURCE_DIR) / "tests" / "golden";
  for (const auto& dir : fs::directory_iterator(root)) {
    if (dir.path().filename().string().rfind("schedule.", 0) != 0) continue;
    for (const auto& e : fs::directory_iterator(dir.path())) {
      std::string name = e.path().filename().string();
      const std::string suffix = ".trace.py";
      if (name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
        out.push_back(dir.path().filename().string() + "/" + name.substr(0, name.size() - suffix.size()));
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

class SchedulePrimitive : public ::testing::TestWithParam<std::string> {};

TEST_P(SchedulePrimitive, ReplaysRunsAndKeepsConstants) {
  fs::path base = fs::path(TIRGEN_SOURCE_DIR) / "tests" / "golden" / GetParam();
  std::string input_text = ReadText(base.string() + ".py");
  PrimFunc input = script::Parse(input_text, GetParam()).cast<PrimFunc>();
  std::string trace_text = ReadText(base.string() + ".trace.py");
  Schedule sch = Replay(input, trace_text);
  std::string got = testing::PrintChecked(sch.mod());
  EXPECT_EQ(testing::FirstDiff(ReadText(base.string() + ".expected.py"), got), "");
  EXPECT_EQ(testing::CountText(got, "T.allocate_const("), testing::CountText(input_text, "T.allocate_const("));
  EXPECT_EQ(sch.trace().Str() + "\n", trace_text);
  testing::ExpectSameResults(input, sch.mod());
}

INSTANTIATE_TEST_SUITE_P(Golden, SchedulePrimitive, ::testing::ValuesIn(GoldenCases()),
                         [](const ::testing::TestParamInfo<std::string>& i) {
                           std::string n;
                           for (char c : i.param) n += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                           return n;
                         });

// A case that would copy 112 KB of constants into tests/golden: transform_layout_const's input
// is the vendored const_cache_read golden. Their expected modules stay in tests/data/schedule/after/
// (UPDATE_GOLDEN=1 rewrites them; review the diff).
struct LocalCase {
  const char* name;
  const char* input;  ///< file under tests/data/schedule, or "golden:<dir>/<file>"
  const char* trace;  ///< body lines of apply_trace
};
const LocalCase kLocalCases[] = {
    {"transform_layout_const", "golden:const_cache_read/00_input.py",
     "  b0 = sch.get_block(name=\"conv2d_nchw\", func_name=\"main\")\n"
     "  sch.transform_layout(block=b0, buffer=(\"read\", 0), index_map=lambda n, c, h, w: (n, h, w, c,), pad_value=None, assume_injective_transform=False)\n"
     "  b1 = sch.get_block(name=\"pad_temp\", func_name=\"main\")\n"
     "  l2, l3, l4, l5 = sch.get_loops(block=b1)\n"
     "  sch.reorder(l2, l4, l5, l3)\n"},
};

void PrintTo(const LocalCase& c, std::ostream* os) { *os << c.name; }

class SchedulePrimitiveLocal : public ::testing::TestWithParam<LocalCase> {};

TEST_P(SchedulePrimitiveLocal, BeforeAfterRunsAndKeepsConstants) {
  const LocalCase& c = GetParam();
  std::string input_text = ReadText(InputPath(c.input));
  PrimFunc input = script::Parse(input_text, c.input).cast<PrimFunc>();
  std::string trace_text = std::string(kHeader) + c.trace;
  Schedule sch = Replay(input, trace_text);
  std::string got = testing::PrintChecked(sch.mod());
  fs::path expected = DataDir() / "after" / (std::string(c.name) + ".py");
  if (std::getenv("UPDATE_GOLDEN")) std::ofstream(expected, std::ios::binary) << got;
  ASSERT_TRUE(fs::exists(expected)) << expected << " missing (run with UPDATE_GOLDEN=1 and review)";
  EXPECT_EQ(testing::FirstDiff(ReadText(expected), got), "");
  EXPECT_EQ(testing::CountText(got, "T.allocate_const("), testing::CountText(input_text, "T.allocate_const("));
  EXPECT_EQ(sch.trace().Str() + "\n", trace_text);
  testing::ExpectSameResults(input, sch.mod());
}

INSTANTIATE_TEST_SUITE_P(Cases, SchedulePrimitiveLocal, ::testing::ValuesIn(kLocalCases),
                         [](const ::testing::TestParamInfo<LocalCase>& i) { return std::string(i.param.name); });

struct ErrorCase {
  const char* name;
  const char* input;
  const char* trace;
  const char* message;  ///< must occur in the error
};

const ErrorCase kErrors[] = {
    {"get_block_missing", "const_dense.py",
     "  b0 = sch.get_block(name=\"nope\", func_name=\"main\")\n",
     "ScheduleError: no block named \"nope\" in function \"main\" (blocks: T_matmul, T_out)"},
    {"split_two_none", "const_dense.py",
     "  b0 = sch.get_block(name=\"T_matmul\", func_name=\"main\")\n"
     "  l1, l2, l3 = sch.get_loops(block=b0)\n"
     "  l4, l5 = sch.split(loop=l3, factors=[None, None], preserve_unit_iters=True)\n",
     "split of loop \"k\": only one factor can be None or -1"},
    {"split_product_too_small", "const_dense.py",
     "  b0 = sch.get_block(name=\"T_matmul\", func_name=\"main\")\n"
     "  l1, l2, l3 = sch.get_loops(block=b0)\n"
     "  l4, l5 = sch.split(loop=l3, factors=[1, 2], preserve_unit_iters=True)\n",
     "split of loop \"k\": the product of factors (2) is less than the loop extent (4)"},
    {"fuse_not_nested", "const_dense.py",
     "  b0 = sch.get_block(name=\"T_matmul\", func_name=\"main\")\n"
     "  l1, l2, l3 = sch.get_loops(block=b0)\n"
     "  l4 = sch.fuse(l1, l3, preserve_unit_iters=True)\n",
     "cannot fuse: the outer loop \"i\" is not the parent of the inner loop \"k\""},
    {"reorder_twice", "const_dense.py",
     "  b0 = sch.get_block(name=\"T_matmul\", func_name=\"main\")\n"
     "  l1, l2, l3 = sch.get_loops(block=b0)\n"
     "  sch.reorder(l1, l1)\n",
     "cannot reorder: loop \"i\" appears more than once"},
    {"reorder_not_chain", "const_dense.py",
     "  b0 = sch.get_block(name=\"T_matmul\", func_name=\"main\")\n"
     "  l1, l2, l3 = sch.get_loops(block=b0)\n"
     "  b4 = sch.get_block(name=\"T_out\", func_name=\"main\")\n"
     "  l5, l6 = sch.get_loops(block=b4)\n"
     "  sch.reorder(l1, l5)\n",
     "cannot reorder: the loops are not in one chain"},
    {"parallel_reduction", "const_dense.py",
     "  b0 = sch.get_block(name=\"T_matmul\", func_name=\"main\")\n"
     "  l1, l2, l3 = sch.get_loops(block=b0)\n"
     "  sch.parallel(loop=l3)\n",
     "cannot parallelize loop \"k\": block \"T_matmul\" binds its non-data-parallel iter var \"v_k\" to it"},
    {"vectorize_reduction", "const_dense.py",
     "  b0 = sch.get_block(name=\"T_matmul\", func_name=\"main\")\n"
     "  l1, l2, l3 = sch.get_loops(block=b0)\n"
     "  sch.vectorize(loop=l3)\n",
     "cannot vectorize loop \"k\": block \"T_matmul\" binds its non-data-parallel iter var \"v_k\""},
    {"unannotate_missing", "const_dense.py",
     "  b0 = sch.get_block(name=\"T_matmul\", func_name=\"main\")\n"
     "  sch.unannotate(block_or_loop=b0, ann_key=\"x\")\n",
     "cannot unannotate: block \"T_matmul\" has no annotation \"x\""},
    {"stale_loop_handle", "const_dense.py",
     "  b0 = sch.get_block(name=\"T_matmul\", func_name=\"main\")\n"
     "  l1, l2, l3 = sch.get_loops(block=b0)\n"
     "  l4, l5 = sch.split(loop=l3, factors=[None, 2], preserve_unit_iters=True)\n"
     "  sch.unroll(loop=l3)\n",
     "the loop \"k\" this handle refers to no longer exists"},
    {"compute_inline_output", "const_dense.py",
     "  b0 = sch.get_block(name=\"T_out\", func_name=\"main\")\n"
     "  sch.compute_inline(block=b0)\n",
     "cannot inline block \"T_out\": it writes the function output \"T_out\""},
    {"compute_inline_reduction", "const_dense.py",
     "  b0 = sch.get_block(name=\"T_matmul\", func_name=\"main\")\n"
     "  sch.compute_inline(block=b0)\n",
     "cannot inline block \"T_matmul\": its body must be a single BufferStore"},
    {"reverse_compute_inline_reduction_producer", "const_dense.py",
     "  b0 = sch.get_block(name=\"T_out\", func_name=\"main\")\n"
     "  sch.reverse_compute_inline(block=b0)\n",
     "cannot reverse-inline block \"T_out\": its producer block \"T_matmul\" must have a single BufferStore body and no init"},
    {"compute_at_consumer_outside", "const_chain.py",
     "  b0 = sch.get_block(name=\"T_out\", func_name=\"main\")\n"
     "  l1, l2 = sch.get_loops(block=b0)\n"
     "  b3 = sch.get_block(name=\"T_add\", func_name=\"main\")\n"
     "  sch.compute_at(block=b3, loop=l1, preserve_unit_loops=False, index=-1)\n",
     "cannot compute_at block \"T_add\" at loop \"i\": its consumer block \"T_mul\" is not under the loop"},
    {"reverse_compute_at_producer_outside", "const_chain.py",
     "  b0 = sch.get_block(name=\"T_add\", func_name=\"main\")\n"
     "  l1, l2 = sch.get_loops(block=b0)\n"
     "  b3 = sch.get_block(name=\"T_out\", func_name=\"main\")\n"
     "  sch.reverse_compute_at(block=b3, loop=l1, preserve_unit_loops=False, index=-1)\n",
     "cannot reverse_compute_at block \"T_out\" at loop \"i\": iter var \"v_k\" is not data-parallel"},
    {"cache_read_bad_index", "const_chain.py",
     "  b0 = sch.get_block(name=\"T_add\", func_name=\"main\")\n"
     "  b1 = sch.cache_read(block=b0, read_buffer_index=2, storage_scope=\"global\")\n",
     "cannot cache_read: read_buffer_index 2 is out of range, block \"T_add\" reads 2 buffer(s)"},
    {"cache_write_bad_index", "const_chain.py",
     "  b0 = sch.get_block(name=\"T_add\", func_name=\"main\")\n"
     "  b1 = sch.cache_write(block=b0, write_buffer_index=1, storage_scope=\"global\")\n",
     "cannot cache_write: write_buffer_index 1 is out of range, block \"T_add\" writes 1 buffer(s)"},
    {"decompose_not_reduction", "const_chain.py",
     "  b0 = sch.get_block(name=\"T_add\", func_name=\"main\")\n"
     "  l1, l2 = sch.get_loops(block=b0)\n"
     "  b3 = sch.decompose_reduction(block=b0, loop=l1)\n",
     "cannot decompose block \"T_add\": it is not a reduction block with an init"},
    {"decompose_below_reduction_loop", "const_dense.py",
     "  b0 = sch.get_block(name=\"T_matmul\", func_name=\"main\")\n"
     "  l1, l2, l3 = sch.get_loops(block=b0)\n"
     "  sch.reorder(l3, l1)\n"
     "  b4 = sch.decompose_reduction(block=b0, loop=l2)\n",
     "the outer loop \"k\" binds the reduction iter var \"v_k\""},
    {"blockize_two_blocks", "const_chain.py",
     "  b0 = sch.get_block(name=\"T_mul\", func_name=\"main\")\n"
     "  l1, l2 = sch.get_loops(block=b0)\n"
     "  b3 = sch.get_block(name=\"T_add\", func_name=\"main\")\n"
     "  sch.compute_at(block=b3, loop=l1, preserve_unit_loops=False, index=-1)\n"
     "  b4 = sch.blockize(target=l1, preserve_unit_iters=True)\n",
     "cannot blockize loop \"i\": the loops under it must end in exactly one block"},
    {"set_scope_param", "const_chain.py",
     "  b0 = sch.get_block(name=\"T_out\", func_name=\"main\")\n"
     "  sch.set_scope(block=b0, buffer_index=0, storage_scope=\"local\")\n",
     "cannot set_scope buffer \"T_out\" of block \"T_out\": it is not allocated by a block"},
    {"storage_align_bad_axis", "const_chain.py",
     "  b0 = sch.get_block(name=\"T_add\", func_name=\"main\")\n"
     "  sch.storage_align(block=b0, buffer_index=0, axis=2, factor=16, offset=8)\n",
     "cannot storage_align buffer \"T_add\": axis 2 is out of range for its 2 dimension(s)"},
    {"tensorize_mismatch", "const_chain.py",
     "  b0 = sch.get_block(name=\"T_mul\", func_name=\"main\")\n"
     "  l1, l2 = sch.get_loops(block=b0)\n"
     "  l3, l4 = sch.split(loop=l2, factors=[None, 4], preserve_unit_iters=True)\n"
     "  sch.tensorize(block_or_loop=l4, tensor_intrin=\"sum4\", preserve_unit_iters=True)\n",
     "cannot tensorize loop \"j_1\" with \"sum4\": iter var \"v_j_i\" of block \"T_mul\" differs in kind or extent"},
    {"rfactor_data_parallel_loop", "const_dense.py",
     "  b0 = sch.get_block(name=\"T_matmul\", func_name=\"main\")\n"
     "  l1, l2, l3 = sch.get_loops(block=b0)\n"
     "  b4 = sch.rfactor(loop=l2, factor_axis=0)\n",
     "cannot rfactor loop \"j\": it is not a reduction loop, a data-parallel iter var of block \"T_matmul\" uses it"},
    {"rfactor_unknown_reducer", "sub_reduce.py",
     "  b0 = sch.get_block(name=\"T_red\", func_name=\"main\")\n"
     "  l1, l2 = sch.get_loops(block=b0)\n"
     "  b3 = sch.rfactor(loop=l2, factor_axis=0)\n",
     "cannot rfactor block \"T_red\": no known commutative reducer (sum, product, min, max, argmax, argmin) matches "
     "its init and update `T_red[v_i] = T_red[v_i] - p0[v_i, v_k]`"},
    {"rfactor_not_reduction", "const_dense.py",
     "  b0 = sch.get_block(name=\"T_out\", func_name=\"main\")\n"
     "  l1, l2 = sch.get_loops(block=b0)\n"
     "  b3 = sch.rfactor(loop=l2, factor_axis=0)\n",
     "cannot rfactor loop \"ax1\": block \"T_out\" is not a reduction block (it needs reduction iter vars and an init)"},
    {"rfactor_factor_axis_range", "const_dense.py",
     "  b0 = sch.get_block(name=\"T_matmul\", func_name=\"main\")\n"
     "  l1, l2, l3 = sch.get_loops(block=b0)\n"
     "  b4 = sch.rfactor(loop=l3, factor_axis=3)\n",
     "cannot rfactor loop \"k\": factor_axis 3 is out of range [-3, 2] for buffer \"T_matmul\" of 2 dimension(s)"},
    {"decompose_padding_not_padding", "const_chain.py",
     "  b0 = sch.get_block(name=\"T_add\", func_name=\"main\")\n"
     "  l1, l2 = sch.get_loops(block=b0)\n"
     "  b3 = sch.decompose_padding(block=b0, loop=l1)\n",
     "decompose_padding expects block \"T_add\" to match the padding pattern: the stored value must be "
     "T.if_then_else(in-bound condition, value, pad value)"},
    {"decompose_padding_reduction", "const_chain.py",
     "  b0 = sch.get_block(name=\"T_out\", func_name=\"main\")\n"
     "  l1, l2 = sch.get_loops(block=b0)\n"
     "  b3 = sch.decompose_padding(block=b0, loop=l1)\n",
     "cannot decompose_padding block \"T_out\": it is not a complete block (iter var \"v_k\" is not data parallel)"},
    {"decompose_padding_loop_elsewhere", "golden:conv_inline/00_input.py",
     "  b0 = sch.get_block(name=\"pad_temp\", func_name=\"main\")\n"
     "  b1 = sch.get_block(name=\"T_relu\", func_name=\"main\")\n"
     "  l2, l3, l4, l5 = sch.get_loops(block=b1)\n"
     "  b6 = sch.decompose_padding(block=b0, loop=l2)\n",
     "cannot decompose_padding block \"pad_temp\" at loop \"ax0\": the loop is not an ancestor of the block"},
    {"add_unit_loop_root", "const_chain.py",
     "  b0 = sch.get_block(name=\"root\", func_name=\"main\")\n"
     "  l1 = sch.add_unit_loop(block_or_loop=b0)\n",
     "cannot add_unit_loop above block \"root\": it is the root block"},
    {"unsafe_set_dtype_param", "const_chain.py",
     "  b0 = sch.get_block(name=\"T_out\", func_name=\"main\")\n"
     "  sch.unsafe_set_dtype(block=b0, buffer_index=0, dtype=\"float16\")\n",
     "cannot unsafe_set_dtype buffer \"T_out\" of block \"T_out\": it is not allocated by a block"},
    {"reindex_bad_index", "const_chain.py",
     "  b0 = sch.get_block(name=\"T_add\", func_name=\"main\")\n"
     "  b1 = sch.reindex(block=b0, buffer=(\"read\", 5))\n",
     "cannot reindex: buffer index 5 is out of range, block \"T_add\" reads 2 buffer(s)"},
    {"reindex_loops_not_chain", "const_chain.py",
     "  b0 = sch.get_block(name=\"T_mul\", func_name=\"main\")\n"
     "  l1, l2 = sch.get_loops(block=b0)\n"
     "  b3 = sch.get_block(name=\"T_add\", func_name=\"main\")\n"
     "  sch.compute_at(block=b3, loop=l1, preserve_unit_loops=False, index=-1)\n"
     "  b4 = sch.reindex(block=b3, buffer=(\"read\", 0))\n",
     "cannot reindex block \"T_add\": loop \"i\" holds more than the block's loop nest"},
    {"merge_depths_differ", "const_chain.py",
     "  b0 = sch.get_block(name=\"T_add\", func_name=\"main\")\n"
     "  l1, l2 = sch.get_loops(block=b0)\n"
     "  b3 = sch.get_block(name=\"T_mul\", func_name=\"main\")\n"
     "  l4, l5 = sch.get_loops(block=b3)\n"
     "  l6 = sch.merge(l2, l4)\n",
     "cannot merge: loop \"i\" is 1 loop(s) below the common ancestor, loop \"j\" 2"},
    {"merge_nested", "const_chain.py",
     "  b0 = sch.get_block(name=\"T_add\", func_name=\"main\")\n"
     "  l1, l2 = sch.get_loops(block=b0)\n"
     "  l3 = sch.merge(l1, l2)\n",
     "cannot merge loop \"i\": it encloses another of the loops"},
    {"merge_extents_differ", "golden:conv_inline/00_input.py",
     "  b0 = sch.get_block(name=\"T_expand_dims\", func_name=\"main\")\n"
     "  l1, l2, l3 = sch.get_loops(block=b0)\n"
     "  b4 = sch.get_block(name=\"T_add\", func_name=\"main\")\n"
     "  l5, l6, l7, l8 = sch.get_loops(block=b4)\n"
     "  l9 = sch.merge(l3, l7)\n",
     "cannot merge: loop \"ax2\" and loop \"ax2\" have different extents"},
    {"rfactor_argmax_golden_casts", "golden:../golden/argmax/primfunc_0.py",
     "  b0 = sch.get_block(name=\"p0_red_temp\", func_name=\"main\")\n"
     "  l1, l2 = sch.get_loops(block=b0)\n"
     "  b3 = sch.rfactor(loop=l2, factor_axis=0)\n",
     "cannot rfactor block \"p0_red_temp\": each store must store one of the let-bound combined values"},
    {"transform_layout_padding", "golden:conv_inline/00_input.py",
     "  b0 = sch.get_block(name=\"pad_temp\", func_name=\"main\")\n"
     "  sch.transform_layout(block=b0, buffer=(\"write\", 0), index_map=lambda n, c, h, w: (n, c, h // 4, w, h % 4,), pad_value=None, assume_injective_transform=False)\n",
     "cannot transform_layout buffer \"pad_temp\" of block \"pad_temp\": lambda n, c, h, w: (n, c, h // T.int64(4), w, h % T.int64(4),) "
     "maps shape (T.int64(1), T.int64(3), T.int64(34), T.int64(34)) into shape (T.int64(1), T.int64(3), T.int64(9), T.int64(34), T.int64(4)) "
     "with 204 more element(s): it would introduce padding"},
    {"transform_layout_not_injective", "const_dense.py",
     "  b0 = sch.get_block(name=\"T_matmul\", func_name=\"main\")\n"
     "  sch.transform_layout(block=b0, buffer=(\"write\", 0), index_map=lambda i, j: (i // 2, j % 2, i % 2 + j // 2,), pad_value=None, assume_injective_transform=False)\n",
     "is not a bijection on shape (T.int64(8), T.int64(4)), two elements map to the same place"},
    {"transform_layout_constant", "const_dense.py",
     "  b0 = sch.get_block(name=\"T_matmul\", func_name=\"main\")\n"
     "  sch.transform_layout(block=b0, buffer=(\"read\", 1), index_map=lambda i, j: (j, i,), pad_value=None, assume_injective_transform=False)\n",
     "cannot transform_layout buffer \"fused_constant_1\" of block \"T_matmul\": it is a constant (AllocateConst) buffer"},
    {"transform_layout_arity", "const_dense.py",
     "  b0 = sch.get_block(name=\"T_out\", func_name=\"main\")\n"
     "  sch.transform_layout(block=b0, buffer=(\"read\", 0), index_map=lambda i: (i,), pad_value=None, assume_injective_transform=False)\n",
     "cannot transform_layout buffer \"T_matmul\" of block \"T_out\": lambda i: (i,) takes 1 indices but the buffer has 2 dimension(s)"},
    {"transform_block_layout_not_bijective", "const_chain.py",
     "  b0 = sch.get_block(name=\"T_add\", func_name=\"main\")\n"
     "  sch.transform_block_layout(block=b0, index_map=lambda i, j: (i + j,))\n",
     "cannot transform_block_layout of block \"T_add\": the index map lambda i, j: (i + j,) is not bijective affine"},
    {"transform_block_layout_drops_values", "const_chain.py",
     "  b0 = sch.get_block(name=\"T_add\", func_name=\"main\")\n"
     "  sch.transform_block_layout(block=b0, index_map=lambda i, j: (i, j // 2,))\n",
     "no output uses j % 2 (only 4 of its 8 values are told apart)"},
    {"transform_block_layout_mixed_iter_types", "const_chain.py",
     "  b0 = sch.get_block(name=\"T_out\", func_name=\"main\")\n"
     "  sch.transform_block_layout(block=b0, index_map=lambda i, k: (i * 8 + k,))\n",
     "mixes iters of different types (spatial and reduction)"},
    {"transform_block_layout_arity", "const_chain.py",
     "  b0 = sch.get_block(name=\"T_add\", func_name=\"main\")\n"
     "  sch.transform_block_layout(block=b0, index_map=lambda i: (i,))\n",
     "cannot transform_block_layout of block \"T_add\": the index map lambda i: (i,) takes 1 parameters but the block has 2 iters"},
    {"transform_block_layout_split_binding", "const_chain.py",
     "  b0 = sch.get_block(name=\"T_add\", func_name=\"main\")\n"
     "  l1, l2 = sch.get_loops(block=b0)\n"
     "  l3, l4 = sch.split(loop=l2, factors=[2, 4], preserve_unit_iters=True)\n"
     "  sch.transform_block_layout(block=b0, index_map=lambda i, j: (j, i,))\n",
     "its bindings are not trivial (each iter must be bound to its own loop, in order)"},
};

void PrintTo(const ErrorCase& c, std::ostream* os) { *os << c.name; }

class SchedulePrecondition : public ::testing::TestWithParam<ErrorCase> {};

TEST_P(SchedulePrecondition, RaisesScheduleErrorNamingTheViolation) {
  const ErrorCase& c = GetParam();
  PrimFunc input = script::Parse(ReadText(InputPath(c.input)), c.input).cast<PrimFunc>();
  RegisterSum4();
  Schedule sch(input);
  IRModule before;
  try {
    Trace::Parse(std::string(kHeader) + c.trace).ApplyTo(sch, [&](size_t) { before = sch.mod(); });
    FAIL() << "no error raised";
  } catch (const ScheduleError& e) {
    EXPECT_NE(std::string(e.what()).find(c.message), std::string::npos) << e.what();
  }
  // A failing primitive leaves the module as it was.
  if (before.defined()) EXPECT_TRUE(sch.mod().same_as(before));
}

INSTANTIATE_TEST_SUITE_P(Cases, SchedulePrecondition, ::testing::ValuesIn(kErrors),
                         [](const ::testing::TestParamInfo<ErrorCase>& i) { return std::string(i.param.name); });

// transform_layout of a parameter: the signature changes (TVM rewrites the buffer_map) and the
// built program writes the transposed output.
TEST(ScheduleTransformLayout, ParameterBufferRunsTransposed) {
  PrimFunc input = script::Parse(ReadText(DataDir() / "const_dense.py"), "const_dense.py").cast<PrimFunc>();
  Schedule sch = Replay(input, std::string(kHeader) +
                                   "  b0 = sch.get_block(name=\"T_out\", func_name=\"main\")\n"
                                   "  sch.transform_layout(block=b0, buffer=(\"write\", 0), index_map=lambda i, j: (j, i,), "
                                   "pad_value=None, assume_injective_transform=False)\n");
  std::string got = testing::PrintChecked(sch.mod());
  EXPECT_NE(got.find("T_out: T.Buffer((T.int64(4), T.int64(8)), \"float32\")"), std::string::npos) << got;
  EXPECT_NE(got.find("T_out[v_ax1, v_ax0] = T.max(T_matmul[v_ax0, v_ax1], T.float32(0))"), std::string::npos) << got;
  EXPECT_EQ(testing::CountText(got, "T.allocate_const("), 1u);
  using testing::ScheduleLowerPipeline;
  IRModule before = ScheduleLowerPipeline()(IRModule(std::map<std::string, ObjectRef>{{"main", input}}));
  IRModule after = ScheduleLowerPipeline()(sch.mod());
  std::vector<NDArray> inputs = testing::RandomInputs(input, 1);
  std::vector<NDArray> ra = runtime::Module::Build(before->functions.at("main").cast<PrimFunc>()).Run("main", inputs);
  std::vector<NDArray> rb = runtime::Module::Build(after->functions.at("main").cast<PrimFunc>()).Run("main", inputs);
  ASSERT_EQ(ra.size(), 1u);
  ASSERT_EQ(rb.size(), 1u);
  ASSERT_EQ(rb[0]->shape, (std::vector<int64_t>{4, 8}));
  const float* a = ra[0].data_as<float>();
  const float* b = rb[0].data_as<float>();
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 4; ++j) EXPECT_EQ(a[i * 4 + j], b[j * 8 + i]) << i << "," << j;
}

}  // namespace
}  // namespace tir
}  // namespace tirgen

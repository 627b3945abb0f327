// TVM's JSON form of traces (src/tir/schedule/trace_json.cc): the layout TVM's Trace.as_json()
// gives (cases from TVM's test_tir_schedule_trace.py and the tuning-record form of sampling
// instructions), JSON -> trace -> text round trips, replay from JSON equal to replay from text,
// TVM's database formatting (JSONDumps), and errors for malformed entries.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli_test_util.h"
#include "schedule_test_util.h"

namespace tirgen {
namespace tir {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

PrimFunc Load(const std::string& rel) { return testing::LoadSharedPrimFunc(rel); }

const char* kHeader = "# from tvm import tir\ndef apply_trace(sch: tir.Schedule) -> None:\n";

const char* kSampled =
    "  b0 = sch.get_block(name=\"conv2d_nchw\", func_name=\"main\")\n"
    "  l1, l2, l3, l4, l5, l6, l7 = sch.get_loops(block=b0)\n"
    "  v8, v9, v10 = sch.sample_perfect_tile(loop=l2, n=3, max_innermost_factor=64, decision=[4, 2, 2])\n"
    "  l11, l12, l13 = sch.split(loop=l2, factors=[v8, v9, v10], preserve_unit_iters=True)\n"
    "  v14 = sch.sample_categorical(candidates=[0, 16, 64, 512], probs=[0.25, 0.25, 0.25, 0.25], decision=2)\n"
    "  sch.annotate(block_or_loop=b0, ann_key=\"meta_schedule.unroll_explicit\", ann_val=v14)\n"
    "  b15 = sch.get_block(name=\"pad_temp\", func_name=\"main\")\n"
    "  l16 = sch.sample_compute_location(block=b15, decision=-2)\n"
    "  sch.compute_at(block=b15, loop=l16, preserve_unit_loops=True, index=-1)\n"
    "  l17 = sch.fuse(l12, l13, preserve_unit_iters=True)\n"
    "  b18 = sch.cache_write(block=b0, write_buffer_index=0, storage_scope=\"local\")\n"
    "  sch.reverse_compute_at(block=b18, loop=l11, preserve_unit_loops=False, index=-1)\n"
    "  b19 = sch.get_block(name=\"root\", func_name=\"main\")\n"
    "  b20, b21, b22, b23, b24 = sch.get_child_blocks(b19)\n"
    "  sch.parallel(loop=l11)";

TEST(ScheduleTraceJson, TvmsLayout) {
  Trace t = Trace::Parse(std::string(kHeader) + kSampled);
  EXPECT_EQ(JSONDumps(t.AsJSON()),
            "[[[\"GetBlock\",[],[\"conv2d_nchw\",\"main\"],[\"b0\"]],"
            "[\"GetLoops\",[\"b0\"],[],[\"l1\",\"l2\",\"l3\",\"l4\",\"l5\",\"l6\",\"l7\"]],"
            "[\"SamplePerfectTile\",[\"l2\"],[3,64],[\"v8\",\"v9\",\"v10\"]],"
            "[\"Split\",[\"l2\",\"v8\",\"v9\",\"v10\"],[1],[\"l11\",\"l12\",\"l13\"]],"
            "[\"SampleCategorical\",[],[[0,16,64,512],[0.25,0.25,0.25,0.25]],[\"v14\"]],"
            "[\"Annotate\",[\"b0\",\"v14\"],[\"meta_schedule.unroll_explicit\"],[]],"
            "[\"GetBlock\",[],[\"pad_temp\",\"main\"],[\"b15\"]],"
            "[\"SampleComputeLocation\",[\"b15\"],[],[\"l16\"]],"
            "[\"ComputeAt\",[\"b15\",\"l16\"],[1,-1],[]],"
            "[\"Fuse\",[\"l12\",\"l13\"],[1],[\"l17\"]],"
            "[\"CacheWrite\",[\"b0\",[]],[0,\"local\"],[\"b18\"]],"
            "[\"ReverseComputeAt\",[\"b18\",\"l11\"],[0,-1],[]],"
            "[\"GetBlock\",[],[\"root\",\"main\"],[\"b19\"]],"
            "[\"GetChildBlocks\",[\"b19\"],[],[\"b20\",\"b21\",\"b22\",\"b23\",\"b24\"]],"
            "[\"Parallel\",[\"l11\"],[],[]]],"
            "[[2,[4,2,2]],[4,2],[7,-2]]]");
  // TVM's test_trace_as_json_1 and test_apply_json_to_schedule_sample_categorical.
  Trace small = Trace::Parse(std::string(kHeader) + "  b0 = sch.get_block(name=\"block\", func_name=\"main\")\n"
                                                    "  l1, l2 = sch.get_loops(block=b0)\n");
  EXPECT_EQ(small.AsJSON(), Json::parse(R"([[["GetBlock", [], ["block", "main"], ["b0"]],
                                             ["GetLoops", ["b0"], [], ["l1", "l2"]]], []])"));
  Schedule sch(Load("golden/conv2d_bias_relu/primfunc_0.py"));
  Trace::ApplyJSONToSchedule(Json::parse(R"([[["SampleCategorical", [], [[3], [1]], ["v0"]]], []])"), sch);
  EXPECT_EQ(sch.trace().Str(), std::string(kHeader) + "  v0 = sch.sample_categorical(candidates=[3], probs=[1], decision=0)");
}

TEST(ScheduleTraceJson, RoundTripsAndReplays) {
  std::string text = std::string(kHeader) + kSampled;
  Schedule by_text(Load("golden/conv2d_bias_relu/primfunc_0.py"));
  Trace::Parse(text).ApplyTo(by_text);
  EXPECT_EQ(by_text.trace().Str(), text);
  Json json = by_text.trace().AsJSON();
  EXPECT_EQ(Trace::FromJSON(json).Str(), text);
  EXPECT_EQ(Trace::FromJSON(Json::parse(JSONDumps(json))).AsJSON(), json);
  Schedule by_json(Load("golden/conv2d_bias_relu/primfunc_0.py"), 123);
  Trace::ApplyJSONToSchedule(json, by_json);
  EXPECT_EQ(by_json.trace().Str(), text);
  EXPECT_TRUE(StructuralEqual(by_text.mod(), by_json.mod()));
  testing::ExpectSameResults(Load("golden/conv2d_bias_relu/primfunc_0.py"), by_json.mod());
}

TEST(ScheduleTraceJson, TvmGoldenTracesRoundTrip) {
  // Every TVM-printed trace of golden-schedule: text -> JSON -> text is the identity, and (but
  // for the tensorize case, whose intrinsic is registered elsewhere) the JSON replays to the
  // module the text replays to.
  size_t n = 0;
  for (const auto& e : fs::directory_iterator(fs::path(TIRGEN_SHARED_DIR) / "golden-schedule")) {
    fs::path trace = e.path() / "trace.py", input = e.path() / "00_input.py";
    if (!fs::exists(trace) || !fs::exists(input)) continue;
    std::string text = testing::ReadText(trace.string());
    Trace t = Trace::Parse(text, trace.string());
    Trace back = Trace::FromJSON(t.AsJSON());
    EXPECT_EQ(back.Str(), t.Str()) << trace;
    ++n;
    if (text.find("tensorize") != std::string::npos) continue;
    PrimFunc f = script::Parse(testing::ReadText(input.string())).cast<PrimFunc>();
    Schedule by_text(f), by_json(f);
    t.ApplyTo(by_text);
    Trace::ApplyJSONToSchedule(t.AsJSON(), by_json);
    EXPECT_TRUE(StructuralEqual(by_text.mod(), by_json.mod())) << trace;
  }
  EXPECT_GE(n, 10u);
}

// The kinds of decompose_padding, add_unit_loop, get_output_blocks, unsafe_set_dtype, reindex and
// merge as TVM v0.14 lays them out (their traits: inputs block/loop, block_or_loop, block, the
// loops; attrs buffer_index and dtype, reindex's buffer index and type), and each golden trace of theirs replays the same from JSON.
TEST(ScheduleTraceJson, DecomposePaddingUnitLoopOutputBlocksSetDTypeReIndexMerge) {
  Trace t = Trace::Parse(std::string(kHeader) +
                         "  b0 = sch.get_block(name=\"pad_temp\", func_name=\"main\")\n"
                         "  l1, l2 = sch.get_loops(block=b0)\n"
                         "  b3 = sch.decompose_padding(block=b0, loop=l1)\n"
                         "  l4 = sch.add_unit_loop(block_or_loop=b0)\n"
                         "  b5 = sch.get_block(name=\"root\", func_name=\"main\")\n"
                         "  b6, b7 = sch.get_output_blocks(block=b5)\n"
                         "  sch.unsafe_set_dtype(block=b3, buffer_index=0, dtype=\"float16\")\n"
                         "  b8 = sch.reindex(block=b3, buffer=(\"write\", 0))\n"
                         "  l9 = sch.merge(l1, l2)");
  EXPECT_EQ(JSONDumps(t.AsJSON()),
            "[[[\"GetBlock\",[],[\"pad_temp\",\"main\"],[\"b0\"]],"
            "[\"GetLoops\",[\"b0\"],[],[\"l1\",\"l2\"]],"
            "[\"DecomposePadding\",[\"b0\",\"l1\"],[],[\"b3\"]],"
            "[\"AddUnitLoop\",[\"b0\"],[],[\"l4\"]],"
            "[\"GetBlock\",[],[\"root\",\"main\"],[\"b5\"]],"
            "[\"GetOutputBlocks\",[\"b5\"],[],[\"b6\",\"b7\"]],"
            "[\"UnsafeSetDType\",[\"b3\"],[0,\"float16\"],[]],"
            "[\"ReIndex\",[\"b3\"],[0,1],[\"b8\"]],"
            "[\"Merge\",[\"l1\",\"l2\"],[],[\"l9\"]]],[]]");
  EXPECT_EQ(Trace::FromJSON(t.AsJSON()).Str(), t.Str());
  size_t n = 0;
  for (const char* dir : {"schedule.decompose_padding", "schedule.add_unit_loop", "schedule.unsafe_set_dtype",
                          "schedule.reindex", "schedule.merge", "schedule.transform_block_layout"}) {
    for (const auto& e : fs::directory_iterator(fs::path(TIRGEN_SOURCE_DIR) / "tests" / "golden" / dir)) {
      std::string name = e.path().string();
      if (name.size() < 9 || name.compare(name.size() - 9, 9, ".trace.py") != 0) continue;
      std::string input = name.substr(0, name.size() - 9) + ".py";
      Trace trace = Trace::Parse(testing::ReadText(name), name);
      EXPECT_EQ(Trace::FromJSON(trace.AsJSON()).Str(), trace.Str()) << name;
      PrimFunc f = script::Parse(testing::ReadText(input)).cast<PrimFunc>();
      Schedule by_text(f), by_json(f);
      trace.ApplyTo(by_text);
      Trace::ApplyJSONToSchedule(trace.AsJSON(), by_json);
      EXPECT_TRUE(StructuralEqual(by_text.mod(), by_json.mod())) << name;
      ++n;
    }
  }
  EXPECT_GE(n, 9u);
}

// TransformBlockLayout as TVM v0.14 lays it out (input the block, attr the index map, which tirgen
// keeps as lambda text). Its golden traces replay from JSON in the test above.
TEST(ScheduleTraceJson, TransformBlockLayout) {
  Trace t = Trace::Parse(std::string(kHeader) +
                         "  b0 = sch.get_block(name=\"T_add\", func_name=\"main\")\n"
                         "  sch.transform_block_layout(block=b0, index_map=lambda i, j: (i * 8 + j,))");
  EXPECT_EQ(JSONDumps(t.AsJSON()),
            "[[[\"GetBlock\",[],[\"T_add\",\"main\"],[\"b0\"]],"
            "[\"TransformBlockLayout\",[\"b0\"],[\"lambda i, j: (i * 8 + j,)\"],[]]],[]]");
  EXPECT_EQ(Trace::FromJSON(t.AsJSON()).Str(), t.Str());
}

TEST(ScheduleTraceJson, DumpsLikeTvmsDatabase) {
  EXPECT_EQ(JSONDumps(Json::parse(R"([0.1, 1.0, 0.25, -3, true, null, "a\"b", {"b": 1, "a": [2]}])")),
            "[0.10000000000000000555,1,0.25,-3,true,null,\"a\\\"b\",{\"a\":[2],\"b\":1}]");
}

TEST(ScheduleTraceJson, MalformedEntriesAreClearErrors) {
  struct Bad {
    const char* json;
    const char* message;
  } cases[] = {
      {R"([[]])", "trace JSON: a trace is [instructions, decisions]"},
      {R"([[["Frobnicate", [], [], []]], []])", "instruction kind \"Frobnicate\" is not one tirgen replays"},
      {R"([[["GetLoops", [], [], []]], []])", "GetLoops has too few inputs or attrs"},
      {R"([[["GetLoops", ["b0", "b1"], [], []]], []])", "GetLoops has too many inputs or attrs"},
      {R"([[["GetBlock", [], ["x", "main"], ["b0"]]], [[0]]])", "a decision is [instruction index, decision]"},
  };
  for (const Bad& c : cases) {
    try {
      Trace::FromJSON(Json::parse(c.json));
      ADD_FAILURE() << "no error for " << c.json;
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(c.message), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace tir
}  // namespace tirgen

// `tirgen tasks` (tools/tirgen/tasks_command.cc), and acceptance 4 of issue 4: on torchvision
// resnet18 as TVM v0.14's ONNX frontend prints it (tests/data/tvm/models/resnet18), the task
// list is exactly TVM's extract_tasks one — names, weights, order — with and without
// link-params. Params are seeded random arrays of the declared shapes (task lists do not
// depend on weight values). The expected lists below are derived from TVM's rules (spec §2.5,
// §7.2) and the architecture, not from tirgen's output; a second, independent check counts
// the convolutions of model.relay by text.
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <map>
#include <random>
#include <regex>

#include "cli_test_util.h"
#include "onnx_test_models.h"
#include "tirgen/ir/npz.h"
#include "tirgen/relay/text.h"

namespace {

using namespace tirgen_cli_test;  // NOLINT
using Json = nlohmann::json;
using Shape = std::vector<int64_t>;

const std::string kResnet = std::string(TIRGEN_SHARED_DIR) + "/models/resnet18/model.relay";

// Seeded random params for every parameter of main but the input, written once per process.
std::string ResnetParams() {
  static const std::string path = [] {
    tirgen::IRModule mod = tirgen::relay::ParseModule(ReadText(kResnet), kResnet);
    const auto* main = mod->functions.at("main").as<tirgen::relay::FunctionNode>();
    std::mt19937 rng(20240613);
    std::normal_distribution<float> normal;
    std::map<std::string, tirgen::NDArray> params;
    for (const auto& p : main->params) {
      if (p->name_hint == "input_0") continue;
      const auto* ty = p->type_annotation.as<tirgen::relay::TensorTypeNode>();
      std::vector<int64_t> shape;
      size_t n = 1;
      for (const auto& d : ty->shape) {
        shape.push_back(d.as<tirgen::tir::IntImmNode>()->value);
        n *= static_cast<size_t>(shape.back());
      }
      std::vector<float> v(n);
      for (float& x : v) x = normal(rng);
      std::vector<uint8_t> bytes(n * sizeof(float));
      std::memcpy(bytes.data(), v.data(), bytes.size());
      params.emplace(p->name_hint, tirgen::NDArray(shape, ty->dtype, std::move(bytes)));
    }
    // Per process: ctest runs these tests in parallel processes.
    std::string out = TempPath("resnet18_params_" + std::to_string(getpid()) + ".npz");
    tirgen::SaveNpz(out, params);
    return out;
  }();
  return path;
}

Json Tasks(const std::string& flags) {
  RunResult r = RunCli("tasks " + kResnet + " --params " + ResnetParams() + " --json " + flags + " 2>/dev/null");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  return Json::parse(r.output);
}

struct Expected {
  std::string name;
  int weight;
  Shape data;    // the PrimFunc's first parameter
  Shape weight_shape;  // the conv/dense weight: second parameter, or the embedded constant
};

// How TVM gets there. FuseOps makes, per residual block, conv1 -> fused_nn_conv2d_add_nn_relu
// and conv2 (+bias +residual add +relu) -> fused_nn_conv2d_add_add_nn_relu (the residual
// add's first operand is conv2's branch, so conv2 absorbs it; the downsample conv, reached
// second, stops at its bias: fused_nn_conv2d_add). Fused functions take (data, weight, bias,
// residual) in that order. PostOrderVisit of main visits a call's callee before its
// arguments, so from the output it meets dense_add, batch_flatten, global_avg_pool2d, then
// follows each block's data argument down to the stem before any downsample branch:
//   D4 F4 C4 D3 F3 C3 D2 F2 C2 B A maxpool stem E2 E3 E4
// (Dk/Fk/Ck/Ek = stage k's conv2 / second block's conv1 / first block's strided conv1 /
// downsample; A/B = layer1's conv1/conv2). Reversed, that is the order below; the fresh
// NameSupply then numbers each fused name in that order.
// Weights without link-params (weights are parameters, so equal shapes are one task):
//   layer1's four 3x3 64->64 convs are 2 conv1 (A) + 2 conv2 (B) -> weights 2 and 2;
//   in stages 2-4 the two conv2s (Dk) share shapes -> 2; the strided conv1 (Ck), the
//   second block's conv1 (Fk, different input channels/stride than Ck) and the downsample
//   (Ek) occur once each. 1+1+2+2+3*(1+1+2+1)+3 = 19 tasks, weights summing to 24 calls.
const std::vector<Expected> kPlain = {
    {"fused_nn_conv2d_add", 1, {1, 256, 14, 14}, {512, 256, 1, 1}},    // E4
    {"fused_nn_conv2d_add_1", 1, {1, 128, 28, 28}, {256, 128, 1, 1}},  // E3
    {"fused_nn_conv2d_add_2", 1, {1, 64, 56, 56}, {128, 64, 1, 1}},    // E2
    {"fused_nn_conv2d_add_nn_relu", 1, {1, 3, 224, 224}, {64, 3, 7, 7}},  // stem
    {"fused_nn_max_pool2d", 1, {1, 64, 112, 112}, {}},
    {"fused_nn_conv2d_add_nn_relu_1", 2, {1, 64, 56, 56}, {64, 64, 3, 3}},      // A
    {"fused_nn_conv2d_add_add_nn_relu", 2, {1, 64, 56, 56}, {64, 64, 3, 3}},    // B
    {"fused_nn_conv2d_add_nn_relu_2", 1, {1, 64, 56, 56}, {128, 64, 3, 3}},     // C2
    {"fused_nn_conv2d_add_nn_relu_3", 1, {1, 128, 28, 28}, {128, 128, 3, 3}},   // F2
    {"fused_nn_conv2d_add_add_nn_relu_1", 2, {1, 128, 28, 28}, {128, 128, 3, 3}},  // D2
    {"fused_nn_conv2d_add_nn_relu_4", 1, {1, 128, 28, 28}, {256, 128, 3, 3}},   // C3
    {"fused_nn_conv2d_add_nn_relu_5", 1, {1, 256, 14, 14}, {256, 256, 3, 3}},   // F3
    {"fused_nn_conv2d_add_add_nn_relu_2", 2, {1, 256, 14, 14}, {256, 256, 3, 3}},  // D3
    {"fused_nn_conv2d_add_nn_relu_6", 1, {1, 256, 14, 14}, {512, 256, 3, 3}},   // C4
    {"fused_nn_conv2d_add_nn_relu_7", 1, {1, 512, 7, 7}, {512, 512, 3, 3}},     // F4
    {"fused_nn_conv2d_add_add_nn_relu_3", 2, {1, 512, 7, 7}, {512, 512, 3, 3}},  // D4
    {"fused_nn_global_avg_pool2d", 1, {1, 512, 7, 7}, {}},
    {"fused_nn_batch_flatten", 1, {1, 512, 1, 1}, {}},
    {"fused_nn_dense_add", 1, {1, 512}, {1000, 512}},
};

// With link-params every conv embeds its own weights, so no two call sites are equal under
// structural equality: one task per call (24), in the same visiting order, the two
// occurrences of A, B and Dk now separate (the one nearer the input first after reversal).
const std::vector<Expected> kLinked = {
    {"fused_nn_conv2d_add", 1, {1, 256, 14, 14}, {512, 256, 1, 1}},
    {"fused_nn_conv2d_add_1", 1, {1, 128, 28, 28}, {256, 128, 1, 1}},
    {"fused_nn_conv2d_add_2", 1, {1, 64, 56, 56}, {128, 64, 1, 1}},
    {"fused_nn_conv2d_add_nn_relu", 1, {1, 3, 224, 224}, {64, 3, 7, 7}},
    {"fused_nn_max_pool2d", 1, {1, 64, 112, 112}, {}},
    {"fused_nn_conv2d_add_nn_relu_1", 1, {1, 64, 56, 56}, {64, 64, 3, 3}},        // layer1.0 conv1
    {"fused_nn_conv2d_add_add_nn_relu", 1, {1, 64, 56, 56}, {64, 64, 3, 3}},      // layer1.0 conv2
    {"fused_nn_conv2d_add_nn_relu_2", 1, {1, 64, 56, 56}, {64, 64, 3, 3}},        // layer1.1 conv1
    {"fused_nn_conv2d_add_add_nn_relu_1", 1, {1, 64, 56, 56}, {64, 64, 3, 3}},    // layer1.1 conv2
    {"fused_nn_conv2d_add_nn_relu_3", 1, {1, 64, 56, 56}, {128, 64, 3, 3}},       // layer2.0 conv1
    {"fused_nn_conv2d_add_add_nn_relu_2", 1, {1, 128, 28, 28}, {128, 128, 3, 3}}, // layer2.0 conv2
    {"fused_nn_conv2d_add_nn_relu_4", 1, {1, 128, 28, 28}, {128, 128, 3, 3}},     // layer2.1 conv1
    {"fused_nn_conv2d_add_add_nn_relu_3", 1, {1, 128, 28, 28}, {128, 128, 3, 3}}, // layer2.1 conv2
    {"fused_nn_conv2d_add_nn_relu_5", 1, {1, 128, 28, 28}, {256, 128, 3, 3}},
    {"fused_nn_conv2d_add_add_nn_relu_4", 1, {1, 256, 14, 14}, {256, 256, 3, 3}},
    {"fused_nn_conv2d_add_nn_relu_6", 1, {1, 256, 14, 14}, {256, 256, 3, 3}},
    {"fused_nn_conv2d_add_add_nn_relu_5", 1, {1, 256, 14, 14}, {256, 256, 3, 3}},
    {"fused_nn_conv2d_add_nn_relu_7", 1, {1, 256, 14, 14}, {512, 256, 3, 3}},
    {"fused_nn_conv2d_add_add_nn_relu_6", 1, {1, 512, 7, 7}, {512, 512, 3, 3}},
    {"fused_nn_conv2d_add_nn_relu_8", 1, {1, 512, 7, 7}, {512, 512, 3, 3}},
    {"fused_nn_conv2d_add_add_nn_relu_7", 1, {1, 512, 7, 7}, {512, 512, 3, 3}},
    {"fused_nn_global_avg_pool2d", 1, {1, 512, 7, 7}, {}},
    {"fused_nn_batch_flatten", 1, {1, 512, 1, 1}, {}},
    {"fused_nn_dense_add", 1, {1, 512}, {1000, 512}},
};

// The conv/dense weight of a task: its second buffer parameter, or its embedded 4-d/2-d
// constant with link-params. Empty for pooling and flatten.
Shape WeightShape(const Json& task) {
  const Json& args = task["args"];
  const Json& consts = task["constants"];
  std::string name = task["name"];
  if (name.find("conv2d") == std::string::npos && name.find("dense") == std::string::npos) return {};
  if (consts.empty()) return args[1]["shape"].get<Shape>();
  for (const Json& c : consts)
    if (c["shape"].size() == (name.find("dense") != std::string::npos ? 2u : 4u)) return c["shape"].get<Shape>();
  return {};
}

// "fused_nn_conv2d_add_nn_relu_3" -> "fused_nn_conv2d_add_nn_relu" (the NameSupply suffix).
std::string WithoutSuffix(const std::string& name) {
  size_t u = name.rfind('_');
  bool digits = u + 1 < name.size() && name.find_first_not_of("0123456789", u + 1) == std::string::npos;
  return digits ? name.substr(0, u) : name;
}

void ExpectTasks(const Json& got, const std::vector<Expected>& want, const std::string& what) {
  ASSERT_EQ(got.size(), want.size()) << what << "\n" << got.dump(1);
  for (size_t i = 0; i < want.size(); ++i) {
    const Json& t = got[i];
    EXPECT_EQ(t["index"], i);
    EXPECT_EQ(t["name"], want[i].name) << what << " task " << i;
    EXPECT_EQ(t["weight"], want[i].weight) << what << " " << want[i].name;
    EXPECT_EQ(t["args"][0]["shape"].get<Shape>(), want[i].data) << what << " " << want[i].name;
    EXPECT_EQ(WeightShape(t), want[i].weight_shape) << what << " " << want[i].name;
    EXPECT_EQ(t["hash"].get<std::string>().size(), 16u);
  }
}

TEST(CliTasks, Resnet18MatchesTvmWithoutLinkParams) {
  ExpectTasks(Tasks(""), kPlain, "plain");
}

TEST(CliTasks, Resnet18MatchesTvmWithLinkParams) {
  Json linked = Tasks("--link-params");
  ExpectTasks(linked, kLinked, "link-params");
  for (const Json& t : linked) EXPECT_TRUE(t["args"].size() < 4u) << "weights are embedded: " << t.dump();
  // Ignoring constant data, the link-params tasks collapse to the plain list (weights summed).
  ExpectTasks(Tasks("--link-params --dedup ignore-ndarray"), kPlain, "link-params ignore-ndarray");
}

// anchor-block (TVM's third module equality): only the conv2d_nchw blocks are compared, so
// each residual conv2 (conv_add_add_relu) joins the conv_add_relu of equal conv shapes (TVM's
// test_task_extraction_anchor_block: "no task from residual blocks"): layer1's A and B are one
// task of weight 4, each later stage's second-block conv1 Fk takes its two conv2s Dk (weight
// 3). Functions are sorted by op count first (TVM's std::sort), so order is checked only
// through the names: 15 tasks, weights summing to the 24 call sites.
TEST(CliTasks, Resnet18AnchorBlockMergesResidualConvolutions) {
  for (const std::string flags : {"", " --link-params"}) {
    Json tasks = Tasks("--dedup anchor-block" + flags);
    std::map<std::pair<std::string, Shape>, int> got;  // (name family, conv weight shape) -> weight
    int total = 0;
    for (const Json& t : tasks) {
      std::string name = t["name"];
      EXPECT_EQ(name.find("add_add"), std::string::npos) << name;
      total += t["weight"].get<int>();
      got[{WithoutSuffix(name), WeightShape(t)}] += t["weight"].get<int>();
    }
    EXPECT_EQ(tasks.size(), 15u) << flags;
    EXPECT_EQ(total, 24) << flags;
    EXPECT_EQ(got[std::make_pair(std::string("fused_nn_conv2d_add_nn_relu"), Shape{64, 64, 3, 3})], 4) << flags;
    EXPECT_EQ(got[std::make_pair(std::string("fused_nn_conv2d_add_nn_relu"), Shape{128, 128, 3, 3})], 3) << flags;
    EXPECT_EQ(got[std::make_pair(std::string("fused_nn_conv2d_add_nn_relu"), Shape{256, 256, 3, 3})], 3) << flags;
    EXPECT_EQ(got[std::make_pair(std::string("fused_nn_conv2d_add_nn_relu"), Shape{512, 512, 3, 3})], 3) << flags;
  }
}

// The same model straight from ONNX (exported like model.relay's source, weights as
// initializers): the importer prints model.relay exactly, so the task lists are TVM's too.
TEST(CliTasks, Resnet18FromOnnxMatchesTvm) {
  std::string path = tirgen_test::OnnxWholeModel("resnet18_tvm");
  if (path.empty()) GTEST_SKIP() << tirgen_test::OnnxModelsError();
  for (const std::string flags : {"", "--link-params"}) {
    RunResult r = RunCli("tasks " + path + " --json " + flags + " 2>/dev/null");
    ASSERT_EQ(r.exit_code, 0) << r.output;
    ExpectTasks(Json::parse(r.output), flags.empty() ? kPlain : kLinked, "onnx " + flags);
  }
}

// Independent of the lists above: count model.relay's convolutions by text (per weight shape,
// and whether the conv feeds a relu directly, through a residual add, or neither) and check
// that the task weights account for every one of them.
TEST(CliTasks, Resnet18WeightsAccountForEveryConvolutionInTheModel) {
  std::string text = ReadText(kResnet);
  std::map<std::string, Shape> declared;  // param name -> shape
  std::regex param(R"(%([\w.:]+): Tensor\[\(([\d, ]+)\), float32\])");
  for (std::sregex_iterator it(text.begin(), text.end(), param), end; it != end; ++it) {
    Shape s;
    std::string dims = (*it)[2];
    std::regex num(R"(\d+)");
    for (std::sregex_iterator d(dims.begin(), dims.end(), num), e; d != e; ++d) s.push_back(std::stoll(d->str()));
    declared.emplace((*it)[1], s);
  }
  // %n = op(%a, %b ...): what each value is and who reads it.
  std::map<std::string, std::string> op_of;
  std::map<std::string, std::vector<std::string>> args_of;
  std::regex line(R"(%(\d+) = ([\w.]+)\(([^)]*)\))");
  for (std::sregex_iterator it(text.begin(), text.end(), line), end; it != end; ++it) {
    std::string id = (*it)[1], op = (*it)[2], args = (*it)[3];
    op_of[id] = op;
    std::regex ref(R"(%([\w.:]+))");
    for (std::sregex_iterator a(args.begin(), args.end(), ref), e; a != e; ++a) args_of[id].push_back((*a)[1]);
  }
  std::map<std::string, std::vector<std::string>> readers;
  for (const auto& [id, args] : args_of)
    for (const auto& a : args) readers[a].push_back(id);
  // Classify each conv: conv -> bias_add -> relu ("relu"), -> add -> relu ("residual"), or
  // -> bias_add -> add with another conv branch that owns the add ("plain").
  std::map<std::pair<std::string, Shape>, int> convs;  // (family, weight shape) -> count
  int total = 0;
  for (const auto& [id, op] : op_of) {
    if (op != "nn.conv2d") continue;
    ++total;
    const std::string& bias = readers[id].at(0);
    const std::string& next = readers[bias].at(0);
    std::string family = op_of[next] == "nn.relu" ? "relu"
                         : args_of[next].at(0) == bias ? "residual"  // first operand absorbs the add
                                                       : "plain";
    ++convs[{family, declared.at(args_of[id].at(1))}];
  }
  EXPECT_EQ(total, 20) << "resnet18 has 20 convolutions";

  for (const std::string flags : {"", "--link-params"}) {
    std::map<std::pair<std::string, Shape>, int> tasks;
    for (const Json& t : Tasks(flags)) {
      std::string name = t["name"];
      if (name.find("conv2d") == std::string::npos) continue;
      std::string family = name.find("add_add_nn_relu") != std::string::npos ? "residual"
                           : name.find("nn_relu") != std::string::npos      ? "relu"
                                                                            : "plain";
      tasks[{family, WeightShape(t)}] += t["weight"].get<int>();
    }
    EXPECT_EQ(tasks, convs) << flags;
  }
}

TEST(CliTasks, OutputIsIdenticalAcrossProcessesAndTheTableListsTheSameTasks) {
  std::string cmd = "tasks " + kResnet + " --params " + ResnetParams() + " 2>/dev/null";
  RunResult a = RunCli(cmd);
  RunResult b = RunCli(cmd);
  ASSERT_EQ(a.exit_code, 0) << a.output;
  EXPECT_EQ(a.output, b.output);
  Json json = Tasks("");
  std::istringstream table(a.output);
  std::string header;
  std::getline(table, header);
  EXPECT_EQ(header.rfind("index  name", 0), 0u) << header;
  for (const Json& t : json) {
    size_t index;
    std::string name, hash;
    int weight;
    table >> index >> name >> weight >> hash;
    EXPECT_EQ(index, t["index"].get<size_t>());
    EXPECT_EQ(name, t["name"]);
    EXPECT_EQ(weight, t["weight"]);
    EXPECT_EQ(hash, t["hash"]);
  }
}

TEST(CliTasks, ProgressGoesToATerminalStderrOnly) {
  if (!HaveTerminal()) GTEST_SKIP() << "no `script` to give tirgen a terminal";
  std::string out = TempPath("tasks_tty_" + std::to_string(getpid()) + ".txt");
  RunResult r = RunCliOnTerminal("tasks " + kResnet + " --params " + ResnetParams() + " -o " + out);
  const std::string& tty = r.output;
  ASSERT_EQ(r.exit_code, 0) << tty;
  EXPECT_NE(tty.find("lowering primitive functions: 24/24"), std::string::npos) << tty;
  EXPECT_EQ(ReadText(out).find("lowering"), std::string::npos) << "progress never reaches the output";
}

TEST(CliTasks, ReadsStdinWritesOutputFileAndReportsBadOptions) {
  std::string text = R"(#[version = "0.0.5"]
def @main(%x: Tensor[(1, 4), float32], %w: Tensor[(4, 4), float32]) {
  %0 = nn.dense(%x, %w, units=4);
  %1 = nn.softmax(%x);
  (%0, %1)
}
)";
  std::string in = TempPath("tasks_in.relay");
  std::string out = TempPath("tasks_out.json");
  WriteText(in, text);
  std::remove(out.c_str());
  RunResult r = RunCli("tasks - --json -o " + out + " < " + in);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output, "") << "no progress on a non-terminal stderr";
  Json tasks = Json::parse(ReadText(out));
  ASSERT_EQ(tasks.size(), 2u);
  EXPECT_EQ(tasks[0]["name"], "fused_nn_softmax");
  EXPECT_EQ(tasks[1]["name"], "fused_nn_dense");

  RunResult dedup = RunCli("tasks " + in + " --dedup anchor");
  EXPECT_EQ(dedup.exit_code, 2) << dedup.output;
  EXPECT_NE(dedup.output.find("--dedup"), std::string::npos) << dedup.output;
  RunResult target = RunCli("tasks " + in + " --target cuda");
  EXPECT_EQ(target.exit_code, 2) << target.output;
  EXPECT_NE(target.output.find("cuda"), std::string::npos) << target.output;
  RunResult missing = RunCli("tasks " + TempPath("no_such_model.relay"));
  EXPECT_EQ(missing.exit_code, 2) << missing.output;
  EXPECT_NE(missing.output.find("no_such_model.relay"), std::string::npos) << missing.output;
}

}  // namespace

// `tirgen lower` (tools/tirgen/lower_command.cc), run as a user runs it:
//  - every golden case (iterated, not listed): `lower CASE/input.relay --emit-dir D` with the
//    manifest's params and link-params writes each primfunc_<i>.py byte for byte, named after
//    its fused name; each fused_<i>.relay given alone is lowered as it is to the same text;
//  - link-params uint8 conv2d: the weight is an AllocateConst holding exactly its values, and
//    parse(print) restores them bit-exactly;
//  - determinism: a module and its permutation print the same PrimFuncs and names; ten runs
//    print the same bytes;
//  - the bundled ONNX example, stdin, -o, progress only on a terminal, and user errors.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <set>

#include "cli_test_util.h"
#include "tirgen/ir/npz.h"
#include "tirgen/lower/fused_name.h"
#include "tirgen/script/parser.h"
#include "tirgen/script/printer.h"
#include "tirgen/tir/functor.h"
#include "tirgen/tir/structural_equal.h"

namespace tirgen {
namespace {

using namespace tirgen_cli_test;  // NOLINT
namespace fs = std::filesystem;

const std::string kGolden = std::string(TIRGEN_SHARED_DIR) + "/golden/";

std::vector<std::string> GoldenCases() {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(kGolden))
    if (fs::exists(e.path() / "manifest.json")) out.push_back(e.path().filename());
  std::sort(out.begin(), out.end());
  return out;
}

// The options the case was produced with (its manifest.json).
std::string CaseFlags(const std::string& dir) {
  auto manifest = nlohmann::json::parse(ReadText(dir + "manifest.json"));
  std::string flags;
  if (manifest.value("link_params", false)) flags += " --link-params";
  if (!manifest["params"].empty()) flags += " --params " + dir + "params.npz";
  return flags;
}

// A fresh empty directory for one test.
std::string FreshDir(const std::string& name) {
  std::string dir = TempPath(name);
  fs::remove_all(dir);
  return dir;
}

std::map<std::string, std::string> ReadDir(const std::string& dir) {
  std::map<std::string, std::string> files;
  if (!fs::exists(dir)) return files;
  for (const auto& e : fs::directory_iterator(dir)) files[e.path().filename()] = ReadText(e.path());
  return files;
}

// Whether `file` is `stem`.py or `stem`_<N>.py (the name of a distinct function sharing it).
bool NamedAfter(const std::string& file, const std::string& stem) {
  if (file == stem + ".py") return true;
  if (file.rfind(stem + "_", 0) != 0 || file.size() < stem.size() + 5) return false;
  std::string n = file.substr(stem.size() + 1, file.size() - stem.size() - 4);
  return n.find_first_not_of("0123456789") == std::string::npos;
}

class LowerCliGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(LowerCliGolden, EmitDirHoldsTvmPrimFuncs) {
  const std::string c = GetParam();
  const std::string dir = kGolden + c + "/";
  const std::string flags = CaseFlags(dir);
  const std::string out = FreshDir("golden_" + c);
  RunResult r = RunCli("lower " + dir + "input.relay" + flags + " --emit-dir " + out + " -o " + out + ".all.py");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output, "") << "quiet when stderr is not a terminal";
  std::map<std::string, std::string> emitted = ReadDir(out);
  auto manifest = nlohmann::json::parse(ReadText(dir + "manifest.json"));
  std::set<std::string> distinct;
  std::vector<std::string> mismatched;
  for (const auto& fn : manifest["functions"]) {
    std::string readable = "fused";
    for (const auto& op : fn["ops"]) readable += "_" + op.get<std::string>();
    const std::string stem = lower::FusedName(readable);
    const std::string golden = ReadText(dir + fn["primfunc"].get<std::string>());
    distinct.insert(golden);
    bool found = false;
    for (const auto& [file, text] : emitted) found = found || (NamedAfter(file, stem) && text == golden);
    if (!found) mismatched.push_back(fn["primfunc"].get<std::string>() + " (expected in " + stem + ".py)");
  }
  if (!mismatched.empty()) {
    // Lowering can only match when the optimize pipeline does: if `tirgen fuse` differs from
    // TVM's optimized.relay the case waits for that pass (OptimizeGolden tracks it).
    RunResult fused = RunCli("fuse " + dir + "input.relay" + flags);
    if (fused.exit_code == 0 && fused.output != ReadText(dir + "optimized.relay"))
      GTEST_SKIP() << c << ": relay::Optimize does not give TVM's optimized.relay yet (see "
                   << "OptimizeGolden.MatchesTvm/" << c << "), so " << mismatched.size()
                   << " primfunc(s) cannot match; first: " << mismatched[0];
    for (const std::string& m : mismatched) ADD_FAILURE() << c << ": no byte-identical file for " << m;
  }
  EXPECT_EQ(emitted.size(), distinct.size()) << c << ": one file per distinct PrimFunc";
  // The whole-module print parses back and prints the same.
  std::string all = ReadText(out + ".all.py");
  EXPECT_EQ(script::Print(script::Parse(all, c + ".all.py")), all) << c;
}

TEST_P(LowerCliGolden, FusedFunctionAloneIsLoweredAsItIs) {
  const std::string c = GetParam();
  const std::string dir = kGolden + c + "/";
  int checked = 0;
  for (int i = 0; fs::exists(dir + "fused_" + std::to_string(i) + ".relay"); ++i) {
    std::string fused = dir + "fused_" + std::to_string(i) + ".relay";
    // Link-params functions print their constants as data-less meta references; they are
    // checked through input.relay above.
    if (ReadText(fused).find("meta[relay.Constant]") != std::string::npos) continue;
    std::string out = FreshDir("fused_" + c + "_" + std::to_string(i));
    RunResult r = RunCli("lower " + fused + " --emit-dir " + out + " -o " + out + ".all.py");
    ASSERT_EQ(r.exit_code, 0) << r.output;
    std::map<std::string, std::string> emitted = ReadDir(out);
    ASSERT_EQ(emitted.size(), 1u) << fused;
    EXPECT_EQ(emitted.begin()->second, ReadText(dir + "primfunc_" + std::to_string(i) + ".py")) << fused;
    ++checked;
  }
  if (checked == 0) GTEST_SKIP() << c << ": every fused function holds constants without data";
}

TEST_P(LowerCliGolden, FusedModuleLowersToTheSameFunctions) {
  // TVM's optimized.relay (main calling primitive functions): optimizing it again changes
  // nothing, so it lowers to the same functions under the same names as input.relay. (Not
  // byte-equal: TVM's printer renamed the functions' parameters, %p01 ..., and parameter names
  // become buffer and block names.)
  const std::string c = GetParam();
  const std::string dir = kGolden + c + "/";
  if (ReadText(dir + "optimized.relay").find("meta[relay.Constant]") != std::string::npos)
    GTEST_SKIP() << c << ": optimized.relay refers to constants it does not hold (printed without metadata)";
  std::map<std::string, std::string> emitted[2];
  const std::string inputs[2] = {"input.relay" + CaseFlags(dir), "optimized.relay"};
  for (int k = 0; k < 2; ++k) {
    std::string out = FreshDir("optimized_" + c + std::to_string(k));
    RunResult r = RunCli("lower " + dir + inputs[k] + " --emit-dir " + out + " -o " + out + ".all.py");
    ASSERT_EQ(r.exit_code, 0) << r.output;
    emitted[k] = ReadDir(out);
  }
  std::set<std::string> names[2];
  for (int k = 0; k < 2; ++k)
    for (const auto& kv : emitted[k]) names[k].insert(kv.first);
  EXPECT_EQ(names[0], names[1]) << c;
}

INSTANTIATE_TEST_SUITE_P(Golden, LowerCliGolden, ::testing::ValuesIn(GoldenCases()),
                         [](const auto& info) { return info.param; });

// The weight as an AllocateConst of the one PrimFunc in `text` (a printed IRModule).
std::vector<const tir::AllocateConstNode*> AllocateConsts(const ObjectRef& func) {
  struct Finder : tir::StmtExprVisitor {
    std::vector<const tir::AllocateConstNode*> found;
    void VisitStmt_(const tir::AllocateConstNode* op) override {
      found.push_back(op);
      tir::StmtExprVisitor::VisitStmt_(op);
    }
  } finder;
  finder.VisitStmt(func.as<tir::PrimFuncNode>()->body);
  return finder.found;
}

TEST(LowerCli, LinkParamsUint8WeightIsAnAllocateConstWithExactlyItsValues) {
  // The link-params conv2d case (uint8 data x uint8 weight -> int32) with weights over the
  // whole uint8 range (the golden's are 1..9), seeded.
  const std::string dir = kGolden + "conv2d_link_params/";
  std::mt19937 rng(7);
  std::vector<uint8_t> bytes(64 * 64 * 3 * 3);
  for (uint8_t& b : bytes) b = static_cast<uint8_t>(rng() & 0xff);
  NDArray weight({64, 64, 3, 3}, DataType::UInt(8), bytes);
  const std::string npz = TempPath("uint8_weight.npz");
  SaveNpz(npz, {{"weight", weight}});
  const std::string out = TempPath("uint8_lowered.py");
  RunResult r = RunCli("lower " + dir + "input.relay --params " + npz + " --link-params -o " + out);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::string text = ReadText(out);
  IRModule mod = script::Parse(text, out).cast<IRModule>();
  ASSERT_EQ(mod->functions.size(), 1u) << text.substr(0, 400);
  const ObjectRef& func = mod->functions.begin()->second;
  std::vector<const tir::AllocateConstNode*> consts = AllocateConsts(func);
  ASSERT_EQ(consts.size(), 1u) << "the weight, embedded once";
  const tir::AllocateConstNode* c = consts[0];
  EXPECT_EQ(c->dtype, DataType::UInt(8));
  EXPECT_EQ(c->data->shape, (std::vector<int64_t>{64, 64, 3, 3}));
  ASSERT_EQ(c->data.nbytes(), bytes.size());
  EXPECT_EQ(std::vector<uint8_t>(c->data.data(), c->data.data() + c->data.nbytes()), bytes)
      << "the AllocateConst holds exactly the weight values, in order";
  // parse(print) restores them bit-exactly: the same text, a structurally equal function.
  EXPECT_EQ(script::Print(mod), text);
  IRModule again = script::Parse(script::Print(mod), out).cast<IRModule>();
  EXPECT_TRUE(StructuralEqual(mod, again)) << StructuralMismatch(mod, again).value_or("");
  EXPECT_TRUE(AllocateConsts(again->functions.begin()->second)[0]->data.ContentEqual(weight));
}

// Two branches of the same shape and one of another, all `fused_nn_relu_add`: with link-params
// three distinct PrimFuncs share one fused name (w1 and w3 differ in data only).
const char* kBranches = R"(#[version = "0.0.5"]
def @main(%x: Tensor[(4), float32], %y: Tensor[(8), float32], %z: Tensor[(4), float32], %w1: Tensor[(4), float32], %w2: Tensor[(8), float32], %w3: Tensor[(4), float32]) {
  %0 = nn.relu(%x);
  %1 = add(%0, %w1);
  %2 = nn.relu(%y);
  %3 = add(%2, %w2);
  %4 = nn.relu(%z);
  %5 = add(%4, %w3);
  (%1, %3, %5)
}
)";
// The same program, its branches (hence its functions) in another order.
const char* kBranchesPermuted = R"(#[version = "0.0.5"]
def @main(%z: Tensor[(4), float32], %w3: Tensor[(4), float32], %y: Tensor[(8), float32], %w2: Tensor[(8), float32], %x: Tensor[(4), float32], %w1: Tensor[(4), float32]) {
  %0 = nn.relu(%z);
  %1 = add(%0, %w3);
  %2 = nn.relu(%y);
  %3 = add(%2, %w2);
  %4 = nn.relu(%x);
  %5 = add(%4, %w1);
  (%5, %3, %1)
}
)";

NDArray RandomFloats(std::vector<int64_t> shape, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(-1.f, 1.f);
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  std::vector<uint8_t> bytes(n * sizeof(float));
  for (int64_t i = 0; i < n; ++i) {
    float v = u(rng);
    std::memcpy(bytes.data() + i * sizeof(float), &v, sizeof v);
  }
  return NDArray(std::move(shape), DataType::Float(32), std::move(bytes));
}

TEST(LowerCli, PermutedModuleGivesTheSamePrimFuncsAndNames) {
  const std::string a = TempPath("branches.relay"), b = TempPath("branches_permuted.relay");
  WriteText(a, kBranches);
  WriteText(b, kBranchesPermuted);
  const std::string npz = TempPath("branches.npz");
  SaveNpz(npz, {{"w1", RandomFloats({4}, 1)}, {"w2", RandomFloats({8}, 2)}, {"w3", RandomFloats({4}, 3)}});
  for (const std::string link : {"", " --link-params"}) {
    std::map<std::string, std::string> outputs[2];
    std::string texts[2];
    for (int k = 0; k < 2; ++k) {
      std::string dir = FreshDir("branches_" + std::to_string(k) + (link.empty() ? "" : "_link"));
      RunResult r = RunCli("lower " + (k ? b : a) + " --params " + npz + link + " --emit-dir " + dir +
                           " -o " + dir + ".all.py");
      ASSERT_EQ(r.exit_code, 0) << r.output;
      outputs[k] = ReadDir(dir);
      texts[k] = ReadText(dir + ".all.py");
    }
    EXPECT_EQ(texts[0], texts[1]) << "module print differs under permutation" << link;
    EXPECT_EQ(outputs[0], outputs[1]) << "emitted PrimFuncs differ under permutation" << link;
    // Without link-params x's and z's functions are equal (lowered once); with it their
    // weights differ, so three functions share the fused name.
    std::set<std::string> names;
    for (const auto& kv : outputs[0]) names.insert(kv.first);
    if (link.empty())
      EXPECT_EQ(names, (std::set<std::string>{"fused_nn_relu_add.py", "fused_nn_relu_add_1.py"}));
    else
      EXPECT_EQ(names, (std::set<std::string>{"fused_nn_relu_add.py", "fused_nn_relu_add_1.py",
                                              "fused_nn_relu_add_2.py"}));
  }
}

TEST(LowerCli, TenRunsPrintTheSameBytes) {
  const std::string model = std::string(TIRGEN_SOURCE_DIR) + "/examples/small_cnn.onnx";
  RunResult first = RunCli("lower " + model + " --link-params");
  ASSERT_EQ(first.exit_code, 0) << first.output;
  for (int i = 1; i < 10; ++i) {
    RunResult again = RunCli("lower " + model + " --link-params");
    ASSERT_EQ(again.exit_code, 0);
    ASSERT_EQ(again.output, first.output) << "run " << i;
  }
}

TEST(LowerCli, LowersTheBundledOnnxModel) {
  const std::string model = std::string(TIRGEN_SOURCE_DIR) + "/examples/small_cnn.onnx";
  const std::string out = TempPath("small_cnn_lowered.py");
  const std::string dir = FreshDir("small_cnn_emit");
  RunResult r = RunCli("lower " + model + " -o " + out + " --emit-dir " + dir);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::string text = ReadText(out);
  IRModule mod = script::Parse(text, out).cast<IRModule>();
  std::set<std::string> names;
  for (const auto& kv : mod->functions) {
    EXPECT_TRUE(kv.second.as<tir::PrimFuncNode>()) << kv.first;
    names.insert(kv.first);
  }
  // conv-bn-relu (bn folded), maxpool, depthwise conv + bias, pointwise conv + bias + relu6,
  // global average pool, flatten, linear, softmax.
  const std::vector<std::string> fused = {
      "fused_nn_batch_flatten", "fused_nn_conv2d_add",        "fused_nn_conv2d_add_clip",
      "fused_nn_conv2d_add_nn_relu", "fused_nn_dense_add",   "fused_nn_global_avg_pool2d",
      "fused_nn_max_pool2d",    "fused_nn_softmax"};
  std::set<std::string> expected;
  for (const std::string& f : fused) expected.insert("tvmgen_default_" + f);
  EXPECT_EQ(names, expected);
  EXPECT_EQ(script::Print(mod), text) << "print(parse(x)) == x";
  // --emit-dir: one standalone `main` per function; --func by fused or global name.
  std::map<std::string, std::string> emitted = ReadDir(dir);
  EXPECT_EQ(emitted.size(), fused.size());
  for (const auto& [file, body] : emitted)
    EXPECT_NE(body.find("@T.prim_func\ndef main("), std::string::npos) << file;
  RunResult one = RunCli("lower " + model + " --func fused_nn_softmax");
  RunResult by_global = RunCli("lower " + model + " --func tvmgen_default_fused_nn_softmax");
  ASSERT_EQ(one.exit_code, 0) << one.output;
  EXPECT_EQ(one.output, by_global.output);
  EXPECT_NE(one.output.find("def tvmgen_default_fused_nn_softmax("), std::string::npos) << one.output;
  EXPECT_TRUE(script::Parse(one.output, "softmax").as<tir::PrimFuncNode>());
}

TEST(LowerCli, ReadsStdinAndShowsProgressOnlyOnATerminal) {
  const std::string input = kGolden + "residual_block/input.relay";
  RunResult file = RunCli("lower " + input);
  RunResult piped = RunCli("lower - < " + input);
  ASSERT_EQ(file.exit_code, 0) << file.output;
  EXPECT_EQ(piped.output, file.output);
  // Under a pseudo-terminal (util-linux `script`) stderr is a terminal: progress appears.
  if (!HaveTerminal()) GTEST_SKIP() << "no util-linux `script` to give tirgen a terminal";
  RunResult tty = RunCliOnTerminal("lower " + input + " -o " + TempPath("pty_out.py"));
  EXPECT_EQ(tty.exit_code, 0) << tty.output;
  const std::string& out = tty.output;
  EXPECT_NE(out.find("lowering 1/2 fused_nn_conv2d"), std::string::npos) << out;
  EXPECT_NE(out.find("lowering 2/2 fused_nn_conv2d"), std::string::npos) << out;
}

// One line on stderr (plus, for a parse error, the source line and its caret), exit code 2.
void ExpectUserError(const RunResult& r, const std::string& starts_with, const std::string& contains) {
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_EQ(r.output.rfind(starts_with, 0), 0u) << r.output;
  EXPECT_NE(r.output.find(contains), std::string::npos) << r.output;
  size_t errors = 0;
  for (size_t p = r.output.find("error"); p != std::string::npos; p = r.output.find("error", p + 1)) ++errors;
  EXPECT_EQ(errors, 1u) << r.output;
}

TEST(LowerCli, UserErrorsAreOneLocatedLineWithExitCode2) {
  ExpectUserError(RunCli("lower /nonexistent/model.relay"), "/nonexistent/model.relay", "cannot open");
  const std::string input = kGolden + "residual_block/input.relay";
  ExpectUserError(RunCli("lower " + input + " --func fused_nn_dense"), input + ": error: --func fused_nn_dense",
                  "available: fused_nn_conv2d_add_nn_relu, fused_nn_conv2d_nn_relu");
  const std::string bad = TempPath("lower_bad.relay");
  WriteText(bad, "#[version = \"0.0.5\"]\ndef @main(%x: Tensor[(2), float32]) {\n  nn.relu(%x, foo=1)\n}\n");
  ExpectUserError(RunCli("lower " + bad), bad + ":3:15: error:", "unknown attribute 'foo'");
  const std::string fused = kGolden + "residual_block/fused_0.relay";
  ExpectUserError(RunCli("lower " + fused + " --link-params"), fused + ": error:", "primitive");
  ExpectUserError(RunCli("lower " + input + " --target cuda"), "error: --target", "generic");
  const std::string file = TempPath("lower_not_a_dir");
  WriteText(file, "x");
  ExpectUserError(RunCli("lower " + input + " --emit-dir " + file), file + ": error: --emit-dir", "directory");
}

}  // namespace
}  // namespace tirgen

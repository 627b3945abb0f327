// ONNX frontend: every per-op model of tests/data/onnx/make_models.py imports, type-infers to
// the shapes/dtypes PyTorch/NumPy produced, uses the expected relay operators and prints text
// that parses back to the same text; whole models; errors (unsupported ops, truncation).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "onnx_test_models.h"
#include "tirgen/frontend/onnx.h"
#include "tirgen/ir/npz.h"
#include "tirgen/relay/text.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/support/error.h"
#include "tirgen/support/io.h"

namespace fs = std::filesystem;
using namespace tirgen;  // NOLINT

namespace {

// The relay operators each case must produce (calls printed as `name(`), and those it must
// not (folded shape arithmetic).
struct Expect {
  Expect(std::vector<std::string> ops, std::vector<std::string> absent = {})  // NOLINT
      : ops(std::move(ops)), absent(std::move(absent)) {}
  std::vector<std::string> ops;
  std::vector<std::string> absent;
};

const std::map<std::string, Expect>& Expectations() {
  static const std::map<std::string, Expect> m = {
      {"add", {{"add("}}}, {"sub", {{"subtract("}}}, {"mul", {{"multiply("}}},
      {"div", {{"divide("}}}, {"pow", {{"power("}}}, {"min", {{"minimum("}}},
      {"max", {{"maximum("}}}, {"equal", {{"equal("}}}, {"less", {{"less("}}},
      {"greater", {{"greater("}}}, {"logical_not", {{"logical_not("}}},
      {"logical_and", {{"logical_and("}}}, {"logical_or", {{"logical_or("}}},
      {"where", {{"where("}}}, {"neg", {{"negative("}}}, {"abs", {{"abs("}}},
      {"exp", {{"exp("}}}, {"log", {{"log("}}}, {"sqrt", {{"sqrt("}}},
      {"reciprocal", {{"divide(1f"}}}, {"floor", {{"floor("}}}, {"ceil", {{"ceil("}}},
      {"erf", {{"erf("}}}, {"relu", {{"nn.relu("}}}, {"leaky_relu", {{"nn.leaky_relu("}}},
      {"sigmoid", {{"sigmoid("}}}, {"tanh", {{"tanh("}}},
      {"hardsigmoid", {{"clip(", "multiply("}}}, {"hardswish", {{"clip(", "multiply("}}},
      {"softplus", {{"log(", "exp("}}}, {"clip_inputs", {{"clip(", "a_min=-0.5f", "a_max=1f"}}},
      {"clip_min_only", {{"clip("}}}, {"relu6", {{"clip(", "a_max=6f"}}},
      {"clip_attributes", {{"clip(%x, a_min=-0.5f, a_max=1f)"}}}, {"cast", {{"cast(", "dtype=\"int32\""}}},
      {"identity", {{}, {"%0 ="}}}, {"dropout", {{"full("}, {"nn.dropout("}}},
      {"constant", {{"add(%x, meta[relay.Constant]"}}},
      {"constant_of_shape", {{}, {"full("}}}, {"shape_range", {{}, {"add("}}},
      {"shape_subgraph", {{"reshape(%x, newshape=[2, 12])"}, {"multiply(", "concatenate("}}},
      {"dynamic_batch_view", {{"reshape(%in0, newshape=[2, 12])", "multiply("}, {"concatenate("}}},
      {"conv", {{"nn.conv2d(", "strides=[2, 2]", "padding=[1, 1, 1, 1]", "nn.bias_add("}}},
      {"conv_groups", {{"nn.conv2d(", "groups=2", "dilation=[2, 2]"}, {"nn.bias_add("}}},
      {"conv_depthwise", {{"nn.conv2d(", "groups=4"}}},
      {"conv1d", {{"nn.conv1d("}}},
      {"conv_auto_pad", {{"padding=[0, 0, 1, 1]"}}},
      {"conv_transpose", {{"nn.conv2d_transpose(", "output_padding=[1, 1]"}}},
      {"gemm", {{"nn.dense(", "units=4", "add("}}},
      {"gemm_alpha_beta", {{"transpose(", "nn.dense(", "multiply("}}},
      {"matmul_2d", {{"nn.dense(", "transpose("}}},
      {"matmul_batched", {{"nn.batch_matmul(", "broadcast_to("}}},
      {"matmul_weight", {{"nn.dense(", "reshape("}, {"nn.batch_matmul("}}},
      {"matmul_vector", {{"nn.batch_matmul(", "reshape("}}},
      {"batch_norm", {{"nn.batch_norm(", ".0"}}}, {"layer_norm", {{"nn.layer_norm("}}},
      {"layer_norm_2axes", {{"mean(", "sqrt("}}}, {"instance_norm", {{"mean(", "expand_dims("}}},
      {"max_pool", {{"nn.max_pool2d(", "pool_size=[3, 3]"}}},
      {"max_pool_ceil", {{"nn.max_pool2d(", "ceil_mode=True"}}},
      {"avg_pool_include_pad", {{"nn.pad(", "nn.avg_pool2d("}}},
      {"avg_pool_count_include_pad", {{"nn.avg_pool2d(", "count_include_pad=True"}}},
      {"avg_pool_exclude_pad", {{"nn.avg_pool2d("}, {"count_include_pad"}}},
      {"global_avg_pool", {{"nn.global_avg_pool2d("}}},
      {"global_max_pool", {{"nn.global_max_pool2d("}}},
      {"softmax", {{"nn.softmax(", "axis=1"}}},
      {"softmax_opset11", {{"reshape(", "nn.softmax("}}},
      {"log_softmax", {{"nn.log_softmax("}}},
      {"log_softmax_opset11", {{"nn.log_softmax("}}},
      {"reduce_mean", {{"mean(", "keepdims=True"}}}, {"reduce_sum", {{"sum("}}},
      {"reduce_sum_opset11", {{"sum("}}}, {"reduce_max", {{"max("}}}, {"reduce_min", {{"min("}}},
      {"reduce_prod", {{"prod("}}}, {"argmax", {{"argmax(", "cast("}}},
      {"argmin", {{"argmin(", "keepdims=True"}}},
      {"reshape", {{"reshape("}}}, {"flatten", {{"nn.batch_flatten("}}},
      {"flatten_axis2", {{"reshape(%x, newshape=[6, 20])"}}},
      {"transpose", {{"transpose(", "axes=[2, 0, 1]"}}}, {"squeeze", {{"squeeze("}}},
      {"unsqueeze", {{"expand_dims("}}}, {"concat", {{"concatenate("}}},
      {"split", {{"split(", "indices_or_sections=[2]"}}},
      {"split_equal", {{"split(", "indices_or_sections=3"}}},
      {"chunk", {{"strided_slice("}, {"multiply("}}},
      {"slice", {{"strided_slice("}}},
      {"slice_negative_step", {{"strided_slice(", "strides=[-2]", "end=[-8]"}}},
      {"gather", {{"take("}}}, {"gather_indices", {{"take("}}},
      {"gather_elements", {{"gather(", "where("}}},
      {"expand", {{"broadcast_to("}}}, {"tile", {{"tile("}}},
      {"pad_constant", {{"nn.pad("}}}, {"pad_reflect", {{"nn.pad(", "pad_mode=\"reflect\""}}},
      {"pad_edge", {{"nn.pad(", "pad_mode=\"edge\""}}},
      {"resize_nearest", {{"image.resize2d(", "method=\"nearest_neighbor\""}}},
      {"resize_linear", {{"image.resize2d(", "size=[5, 7]"}}},
      {"resize_linear_align_corners", {{"image.resize2d(", "align_corners"}}},
      {"depth_to_space_crd", {{"reshape(", "transpose("}}},
      {"depth_to_space_dcr", {{"axes=[0, 3, 4, 1, 5, 2]"}}},
      {"two_outputs", {{"nn.relu(", "sigmoid("}}},
      {"initializer_typed_fields", {{"multiply(%x, %w)", "reshape(", "where(%cond"}}},
      {"initializers_as_inputs", {{"nn.dense(%in0, %weight, units=4)", "add("}}},
      {"external_data", {{"nn.dense(%x, %0, units=None)", "transpose(%w"}}},
  };
  return m;
}

std::string TypeOfArray(const NDArray& a) {
  return relay::TypeToString(relay::TensorType(a->shape, a->dtype));
}

class OnnxOp : public ::testing::TestWithParam<std::string> {};

TEST_P(OnnxOp, ImportsWithReferenceTypes) {
  std::string dir = tirgen_test::OnnxCaseDir();
  if (dir.empty()) GTEST_SKIP() << tirgen_test::OnnxModelsError();
  const std::string& name = GetParam();
  frontend::OnnxImportOptions options;
  options.input_shapes = tirgen_test::OnnxCaseInputShapes(name);
  frontend::OnnxImport r = frontend::ImportOnnx(dir + "/" + name + ".onnx", options);
  std::string text = relay::PrintModule(r.mod);
  std::map<std::string, NDArray> ref = LoadNpz(dir + "/" + name + ".npz");

  // Result types equal the reference outputs' shapes and dtypes.
  const auto* fn = r.mod.Lookup("main").as<relay::FunctionNode>();
  ASSERT_NE(fn, nullptr);
  std::vector<relay::Type> outs = {fn->body->checked_type};
  if (const auto* tt = fn->body->checked_type.as<relay::TupleTypeNode>()) outs = tt->fields;
  ASSERT_EQ(outs.size(), r.output_names.size());
  for (size_t i = 0; i < outs.size(); ++i) {
    auto it = ref.find("out" + std::to_string(i));
    ASSERT_NE(it, ref.end());
    EXPECT_EQ(relay::TypeToString(outs[i]), TypeOfArray(it->second)) << "output " << i << "\n" << text;
    EXPECT_EQ(r.output_names[i], "out" + std::to_string(i));
  }
  // Weights are the initializers' values (raw, typed fields or external data).
  for (const auto& kv : r.params) {
    auto init = ref.find("init." + kv.first);
    ASSERT_NE(init, ref.end()) << kv.first;
    EXPECT_EQ(kv.second->shape, init->second->shape) << kv.first;
    EXPECT_EQ(kv.second->dtype, init->second->dtype) << kv.first;
    EXPECT_TRUE(kv.second.ContentEqual(init->second)) << kv.first;
  }
  // Graph inputs keep their names and come first.
  for (const auto& kv : ref) {
    if (kv.first.rfind("out", 0) == 0 || kv.first.rfind("init.", 0) == 0) continue;
    EXPECT_NE(text.find("%" + kv.first + ": " + TypeOfArray(kv.second)), std::string::npos)
        << kv.first << "\n" << text;
  }
  auto it = Expectations().find(name);
  ASSERT_NE(it, Expectations().end()) << "no expectation for case " << name << ":\n" << text;
  for (const auto& s : it->second.ops) EXPECT_NE(text.find(s), std::string::npos) << s << "\n" << text;
  for (const auto& s : it->second.absent) EXPECT_EQ(text.find(s), std::string::npos) << s << "\n" << text;
  // The printed module parses back to the same text.
  EXPECT_EQ(relay::PrintModule(relay::ParseModule(text, name)), text);
}

INSTANTIATE_TEST_SUITE_P(Cases, OnnxOp, ::testing::ValuesIn(tirgen_test::OnnxCaseNames()),
                         [](const ::testing::TestParamInfo<std::string>& i) {
                           return tirgen_test::OnnxTestName(i.param);
                         });

// Every required operator type has a converter.
TEST(OnnxFrontend, SupportsTheRequiredOperators) {
  std::vector<std::string> ops = frontend::SupportedOnnxOps();
  std::set<std::string> have(ops.begin(), ops.end());
  for (const char* op :
       {"Add", "Sub", "Mul", "Div", "Pow", "Neg", "Abs", "Exp", "Log", "Sqrt", "Reciprocal", "Floor",
        "Ceil", "Erf", "Relu", "LeakyRelu", "Sigmoid", "Tanh", "HardSigmoid", "HardSwish", "Softplus",
        "Clip", "Min", "Max", "Where", "Equal", "Less", "Greater", "Not", "And", "Or", "Cast",
        "Identity", "Dropout", "Constant", "ConstantOfShape", "Shape", "Range", "Conv",
        "ConvTranspose", "Gemm", "MatMul", "BatchNormalization", "LayerNormalization",
        "InstanceNormalization", "MaxPool", "AveragePool", "GlobalAveragePool", "GlobalMaxPool",
        "Softmax", "LogSoftmax", "ReduceMean", "ReduceSum", "ReduceMax", "ReduceMin", "ReduceProd",
        "ArgMax", "ArgMin", "Reshape", "Flatten", "Transpose", "Squeeze", "Unsqueeze", "Concat",
        "Split", "Slice", "Gather", "GatherElements", "Expand", "Tile", "Pad", "Resize",
        "DepthToSpace"})
    EXPECT_TRUE(have.count(op)) << op;
}

std::string ErrorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

std::string Golden(const std::string& rel) { return ReadFile(std::string(TIRGEN_SHARED_DIR) + "/" + rel); }

// resnet18 exported like the golden's model (input named input_0, one initializer per conv
// bias) prints exactly as TVM v0.14's from_onnx + InferType printed it.
TEST(OnnxFrontend, Resnet18MatchesTvmGolden) {
  std::string path = tirgen_test::OnnxWholeModel("resnet18_tvm");
  if (path.empty()) GTEST_SKIP() << tirgen_test::OnnxModelsError();
  frontend::OnnxImport r = frontend::ImportOnnx(path);
  std::string text = relay::PrintModule(r.mod);
  // model.relay was saved with one extra trailing newline (see relay_golden_test.cc).
  EXPECT_EQ(text + "\n", Golden("models/resnet18/model.relay"));
  EXPECT_EQ(r.params.size(), 42u);
  ASSERT_TRUE(r.params.count("fc.weight"));
  EXPECT_EQ(r.params.at("fc.weight")->shape, (std::vector<int64_t>{1000, 512}));
}

// The body of a printed function with spans dropped and every named variable (parameters)
// renamed %v: the operator structure, attributes and types.
std::string BodyStructure(const std::string& text) {
  std::string body = text.substr(text.find("{\n"));
  body = std::regex_replace(body, std::regex(" span=[^ ]*"), "");
  return std::regex_replace(body, std::regex("%[A-Za-z_][^ ,)]*"), "%v");
}

// torchvision resnet18 with weights=None: this torch (Debian's 1.13) deduplicates the equal
// (all-zero) folded conv biases into one initializer per width plus Identity nodes, so main has
// fewer parameters than the golden's; the operator structure is TVM's.
TEST(OnnxFrontend, Resnet18WeightsNoneMatchesTvmStructure) {
  std::string path = tirgen_test::OnnxWholeModel("resnet18");
  if (path.empty()) GTEST_SKIP() << tirgen_test::OnnxModelsError();
  frontend::OnnxImport r = frontend::ImportOnnx(path);
  std::string text = relay::PrintModule(r.mod);
  EXPECT_EQ(BodyStructure(text) + "\n", BodyStructure(Golden("models/resnet18/model.relay")));
  EXPECT_NE(text.find("def @main(%in0: Tensor[(1, 3, 224, 224), float32]"), std::string::npos);
  for (const auto& kv : r.params) EXPECT_NE(text.find("%" + kv.first + ": "), std::string::npos) << kv.first;
}

// The other whole models of the end-to-end tests import and type-check to PyTorch's output.
TEST(OnnxFrontend, WholeModelsImport) {
  for (const char* name : {"resnet18_opset17", "mobilenet_v2", "mobilenet_v2_opset17"}) {
    std::string path = tirgen_test::OnnxWholeModel(name);
    if (path.empty()) GTEST_SKIP() << tirgen_test::OnnxModelsError();
    frontend::OnnxImport r = frontend::ImportOnnx(path);
    const auto* fn = r.mod.Lookup("main").as<relay::FunctionNode>();
    ASSERT_NE(fn, nullptr);
    EXPECT_EQ(relay::TypeToString(fn->body->checked_type), "Tensor[(1, 1000), float32]") << name;
    EXPECT_EQ(fn->params[0]->name_hint, "in0") << name;
    EXPECT_GT(r.params.size(), 20u) << name;  // fewer than layers: equal biases deduplicated
  }
}

// The README's bundled model (examples/small_cnn.onnx, written by examples/make_small_cnn.py).
TEST(OnnxFrontend, BundledExampleImports) {
  frontend::OnnxImport r = frontend::ImportOnnx(std::string(TIRGEN_SOURCE_DIR) + "/examples/small_cnn.onnx");
  std::string text = relay::PrintModule(r.mod);
  EXPECT_NE(text.find("def @main(%image: Tensor[(1, 3, 32, 32), float32]"), std::string::npos) << text;
  EXPECT_NE(text.find("-> Tensor[(1, 10), float32]"), std::string::npos) << text;
  for (const char* op : {"nn.conv2d(", "groups=8", "nn.max_pool2d(", "clip(", "nn.global_avg_pool2d(",
                         "nn.dense(", "nn.softmax("})
    EXPECT_NE(text.find(op), std::string::npos) << op << "\n" << text;
  EXPECT_EQ(r.output_names, std::vector<std::string>{"probabilities"});
}

// A model with two unsupported operator types reports both, with their nodes, at once.
TEST(OnnxFrontend, ReportsEveryUnsupportedOperatorOnce) {
  std::string path = tirgen_test::OnnxWholeModel("error_unsupported");
  if (path.empty()) GTEST_SKIP() << tirgen_test::OnnxModelsError();
  std::string err = ErrorOf([&] { frontend::ImportOnnx(path); });
  EXPECT_NE(err.find("2 ONNX operator types or forms tirgen cannot import"), std::string::npos) << err;
  // Both have data-dependent output shapes: refused (with why) because their inputs are not constant.
  EXPECT_NE(err.find("NonZero with a non-constant input (the output shape depends on input values"), std::string::npos) << err;
  EXPECT_NE(err.find("(1 node: #0)"), std::string::npos) << err;
  EXPECT_NE(err.find("Unique with a non-constant input"), std::string::npos) << err;
  EXPECT_NE(err.find("(2 nodes: 'e_one', 'e_two')"), std::string::npos) << err;
  EXPECT_EQ(err.find("Relu"), std::string::npos) << err;
}

TEST(OnnxFrontend, RejectsOpsetsOutside11To20) {
  std::string path = tirgen_test::OnnxWholeModel("error_opset21");
  if (path.empty()) GTEST_SKIP() << tirgen_test::OnnxModelsError();
  std::string err = ErrorOf([&] { frontend::ImportOnnx(path); });
  EXPECT_NE(err.find("opset 21 is not supported (tirgen imports opsets 11 to 20"), std::string::npos) << err;
}

// Every strict prefix of a model file is a clean tirgen::Error (never a crash or an internal
// error), and so are bytes that are not ONNX at all.
TEST(OnnxFrontend, TruncatedOrCorruptFilesAreCleanErrors) {
  std::string dir = tirgen_test::OnnxCaseDir();
  if (dir.empty()) GTEST_SKIP() << tirgen_test::OnnxModelsError();
  std::string bytes = ReadFile(dir + "/conv.onnx");
  ASSERT_GT(bytes.size(), 100u);
  for (size_t keep = 0; keep < bytes.size(); ++keep) {
    std::string err = ErrorOf([&] { frontend::ImportOnnxBytes(bytes.substr(0, keep), "conv.onnx"); });
    EXPECT_NE(err.find("conv.onnx"), std::string::npos) << "prefix of " << keep << " bytes: " << err;
  }
  std::string half = ErrorOf([&] { frontend::ImportOnnxBytes(bytes.substr(0, bytes.size() / 2), "m.onnx"); });
  EXPECT_NE(half.find("m.onnx: not a valid ONNX model (the protobuf data is corrupt or truncated)"),
            std::string::npos) << half;
  std::string text = ErrorOf([&] { frontend::ImportOnnxBytes("#[version = \"0.0.5\"]\ndef @main() {}", "t.onnx"); });
  EXPECT_NE(text.find("t.onnx: not a valid ONNX model"), std::string::npos) << text;
  EXPECT_NE(ErrorOf([&] { frontend::ImportOnnx(dir + "/missing.onnx"); }), "");
}

TEST(OnnxFrontend, DynamicInputNeedsAShape) {
  std::string dir = tirgen_test::OnnxCaseDir();
  if (dir.empty()) GTEST_SKIP() << tirgen_test::OnnxModelsError();
  std::string err = ErrorOf([&] { frontend::ImportOnnx(dir + "/dynamic_batch_view.onnx"); });
  EXPECT_NE(err.find("graph input 'in0' has a dynamic dimension ('batch') at axis 0"), std::string::npos) << err;
  frontend::OnnxImportOptions bad;
  bad.input_shapes = {{"in0", {2, 12}}};
  err = ErrorOf([&] { frontend::ImportOnnx(dir + "/dynamic_batch_view.onnx", bad); });
  EXPECT_NE(err.find("has rank 3 but the given shape [2, 12] has rank 2"), std::string::npos) << err;
}

// Bytes and path imports agree; the bytes form refuses external data it cannot locate.
TEST(OnnxFrontend, ImportFromBytes) {
  std::string dir = tirgen_test::OnnxCaseDir();
  if (dir.empty()) GTEST_SKIP() << tirgen_test::OnnxModelsError();
  std::string a = relay::PrintModule(frontend::ImportOnnx(dir + "/conv.onnx").mod);
  std::string b = relay::PrintModule(frontend::ImportOnnxBytes(ReadFile(dir + "/conv.onnx")).mod);
  EXPECT_EQ(a, b);
}

}  // namespace

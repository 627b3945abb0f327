// Constants through the #[metadata] section and through params files.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "tirgen/ir/npz.h"
#include "tirgen/relay/text.h"

namespace tirgen {
namespace relay {
namespace {

std::string Golden(const std::string& rel) {
  std::ifstream in(std::string(TIRGEN_SHARED_DIR) + "/golden/" + rel, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Constants of main in the order the printer meets them (left to right, callee first).
void Collect(const Expr& e, std::vector<Constant>* out) {
  if (e.as<ConstantNode>()) {
    out->push_back(e.cast<Constant>());
  } else if (const auto* call = e.as<CallNode>()) {
    Collect(call->op, out);
    for (const auto& a : call->args) Collect(a, out);
  } else if (const auto* f = e.as<FunctionNode>()) {
    Collect(f->body, out);
  } else if (const auto* t = e.as<TupleNode>()) {
    for (const auto& x : t->fields) Collect(x, out);
  }
}
std::vector<Constant> MainConstants(const IRModule& mod) {
  std::vector<Constant> out;
  Collect(mod.Lookup("main").cast<Expr>(), &out);
  return out;
}

TEST(RelayMetadata, BoundMetaConstantsEqualParamsBitExactly) {
  for (const std::string name : {"conv2d_link_params", "mlp_link_params"}) {
    auto params = LoadNpz(std::string(TIRGEN_SHARED_DIR) + "/golden/" + name + "/params.npz");
    IRModule from_meta = ParseModule(Golden(name + "/bound_meta.relay"), "bound_meta.relay");
    IRModule from_npz = ParseModule(Golden(name + "/input.relay"), "input.relay", &params);
    auto a = MainConstants(from_meta), b = MainConstants(from_npz);
    ASSERT_EQ(a.size(), params.size()) << name;
    ASSERT_EQ(a.size(), b.size()) << name;
    for (size_t i = 0; i < a.size(); ++i) {
      EXPECT_TRUE(a[i]->data.ContentEqual(b[i]->data)) << name << " constant " << i;
      EXPECT_TRUE(TypeEqual(a[i]->checked_type, b[i]->checked_type)) << name << " constant " << i;
    }
    // Binding removed the bound parameters: main keeps only its data input.
    EXPECT_EQ(from_npz.Lookup("main").as<FunctionNode>()->params.size(), 1u);
    // Printing the npz-bound module with its metadata and parsing that back gives the same data.
    IRModule again = ParseModule(PrintModule(from_npz, /*show_meta_data=*/true), "again.relay");
    auto c = MainConstants(again);
    ASSERT_EQ(c.size(), b.size());
    for (size_t i = 0; i < c.size(); ++i) EXPECT_TRUE(c[i]->data.ContentEqual(b[i]->data));
  }
}

TEST(RelayMetadata, DecodesTvmBinaryNDArray) {
  // float32 [[1, 2, 3]] as TVM serializes it (magic, device, ndim, dtype, shape, size, bytes).
  std::string text =
      "#[version = \"0.0.5\"]\n"
      "def @main(%x: Tensor[(1, 3), float32]) {\n"
      "  add(%x, meta[relay.Constant][0])\n"
      "}\n\n#[metadata]\n"
      "{\"root\": 1, \"nodes\": [{\"type_key\": \"\"}, {\"type_key\": \"Map\", \"keys\": [\"relay.Constant\"], "
      "\"data\": [2]}, {\"type_key\": \"Array\", \"data\": [3]}, {\"type_key\": \"relay.Constant\", "
      "\"attrs\": {\"_checked_type_\": \"0\", \"data\": \"0\", \"span\": \"0\", \"virtual_device_\": \"0\"}}], "
      "\"b64ndarrays\": [\"P6G0lvBAXt0AAAAAAAAAAAEAAAAAAAAAAgAAAAIgAQABAAAAAAAAAAMAAAAAAAAADAAAAAAAAAAAAIA/AAAAQAAAQEA=\"]}";
  auto consts = MainConstants(ParseModule(text, "m.relay"));
  ASSERT_EQ(consts.size(), 1u);
  const NDArray& d = consts[0]->data;
  EXPECT_EQ(d->shape, (std::vector<int64_t>{1, 3}));
  EXPECT_EQ(d->dtype, DataType::Float(32));
  EXPECT_EQ(d.data_as<float>()[0], 1.0f);
  EXPECT_EQ(d.data_as<float>()[2], 3.0f);
}

TEST(RelayMetadata, BindParamsChecksShapes) {
  std::string text = Golden("mlp_link_params/input.relay");
  std::map<std::string, NDArray> params{{"w1", NDArray::Zeros({2, 2}, DataType::Float(32))}};
  try {
    ParseModule(text, "input.relay", &params);
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_EQ(e.message(), "cannot bind param 'w1': the parameter is (64, 32) float32 but the array is (2, 2) float32");
  }
  // Names that are not parameters are ignored, as TVM does.
  std::map<std::string, NDArray> other{{"nope", NDArray::Zeros({1}, DataType::Float(32))}};
  EXPECT_EQ(PrintModule(ParseModule(text, "input.relay", &other)), text);
}

TEST(RelayMetadata, MalformedSectionIsALocatedError) {
  std::string text = "#[version = \"0.0.5\"]\ndef @main() {\n  1f\n}\n#[metadata]\n{\"root\": 1,";
  try {
    ParseModule(text, "m.relay");
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_EQ(e.span().line, 5);
    EXPECT_EQ(e.message().rfind("the #[metadata] section is not valid JSON", 0), 0u) << e.message();
  }
}

// Corrupting the #[metadata] JSON anywhere yields a tirgen::Error or a valid parse, never a crash.
TEST(RelayMetadata, CorruptedSectionsNeverCrash) {
  std::string text = Golden("mlp_link_params/bound_meta.relay");
  size_t meta = text.find("#[metadata]");
  ASSERT_NE(meta, std::string::npos);
  size_t arrays = text.find("\"b64ndarrays\"");
  ASSERT_NE(arrays, std::string::npos);
  const char* replacements[] = {"", "9", "\"", "}", "99999999999"};
  int runs = 0;
  // Mutate the node graph densely and the base64 arrays sparsely.
  for (size_t at = meta + 12; at < text.size(); at += at < arrays ? 17 : 997) {
    for (const char* r : replacements) {
      std::string bad = text.substr(0, at) + r + text.substr(at + 1);
      try {
        ParseModule(bad, "bad.relay");
      } catch (const Error&) {
      }
      ++runs;
    }
  }
  EXPECT_GT(runs, 500);
}

}  // namespace
}  // namespace relay
}  // namespace tirgen

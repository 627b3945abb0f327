// InferType: on every golden .relay file, clearing the parsed types and inferring them again
// prints the file back byte for byte; annotations that disagree with inference are located
// errors; lets, ifs, tuples, functions and @global calls are typed.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "tirgen/relay/expr_functor.h"
#include "tirgen/relay/op.h"
#include "tirgen/relay/text.h"
#include "tirgen/relay/transforms.h"

namespace tirgen {
namespace relay {
namespace {

namespace fs = std::filesystem;

std::string Read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Parse, drop every checked type (and, with `clear_ret`, declared return types), infer, print.
std::string Reinfer(const std::string& text, const std::string& name, bool clear_ret) {
  bool meta = text.find("\n#[metadata]\n") != std::string::npos;
  ObjectRef parsed = Parse(text, name);
  if (const auto* m = parsed.as<IRModuleNode>()) {
    IRModule mod = ResetTypes(GetRef<IRModule>(m), clear_ret);
    return PrintModule(InferType(mod), meta);
  }
  Expr e = ResetTypes(parsed.cast<Expr>(), clear_ret);
  return PrintExpr(InferType(e), meta);
}

std::string FirstDifference(const std::string& a, const std::string& b) {
  size_t i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
  size_t from = i > 80 ? i - 80 : 0;
  return "at byte " + std::to_string(i) + "\n  expected: ..." + a.substr(from, 160) +
         "\n  printed:  ..." + b.substr(from, 160);
}

TEST(RelayInferType, EveryGoldenFileReinfersByteIdentically) {
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(TIRGEN_SHARED_DIR))
    if (e.path().extension() == ".relay") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  ASSERT_GT(files.size(), 100u);
  int same = 0;
  for (const auto& f : files) {
    std::string text = Read(f);
    for (bool clear_ret : {false, true}) {
      std::string printed;
      try {
        printed = Reinfer(text, f.filename().string(), clear_ret);
      } catch (const std::exception& e) {
        ADD_FAILURE() << f << ": " << e.what();
        continue;
      }
      // models/*/model.relay was saved with one extra trailing newline; astext() has one.
      if (printed + "\n" == text && f.filename() == "model.relay") printed = text;
      if (printed == text) {
        if (clear_ret) ++same;
      } else {
        ADD_FAILURE() << f << (clear_ret ? " (return types cleared)" : "") << " differs "
                      << FirstDifference(text, printed);
      }
    }
  }
  EXPECT_EQ(same, static_cast<int>(files.size()));
}

TEST(RelayInferType, EveryGoldenOpIsRegisteredWithARelation) {
  std::set<std::string> ops;
  for (const auto& e : fs::recursive_directory_iterator(TIRGEN_SHARED_DIR)) {
    if (e.path().extension() != ".relay") continue;
    std::string text = Read(e.path());
    ObjectRef parsed = Parse(text, e.path().string());
    auto collect = [&](const Expr& root) {
      PostOrderVisit(root, [&](const Expr& e) {
        if (const auto* o = e.as<OpNode>()) ops.insert(o->name);
      });
    };
    if (const auto* m = parsed.as<IRModuleNode>()) {
      for (const auto& kv : m->functions)
        if (kv.second.as<FunctionNode>()) collect(kv.second.cast<Expr>());
    } else {
      collect(parsed.cast<Expr>());
    }
  }
  EXPECT_GE(ops.size(), 40u);
  for (const auto& name : ops) {
    const OpInfo* info = GetOpInfo(name);
    ASSERT_NE(info, nullptr) << name;
    EXPECT_TRUE(static_cast<bool>(info->relation)) << name;
  }
}

std::string InferError(const std::string& body) {
  try {
    IRModule mod = ParseModule("#[version = \"0.0.5\"]\n" + body, "t.relay");
    InferType(mod);
  } catch (const Error& e) {
    return e.what();
  }
  return "<no error>";
}

std::string InferPrint(const std::string& body) {
  IRModule mod = ParseModule("#[version = \"0.0.5\"]\n" + body, "t.relay");
  return PrintModule(InferType(mod));
}

TEST(RelayInferType, AnnotationMismatchIsLocated) {
  EXPECT_EQ(InferError("def @main(%x: Tensor[(2, 3), float32]) {\n"
                       "  nn.relu(%x) /* ty=Tensor[(3, 2), float32] */\n}\n"),
            "t.relay:3:3: error: type mismatch for the call of nn.relu: annotated "
            "Tensor[(3, 2), float32], inferred Tensor[(2, 3), float32]");
  EXPECT_EQ(InferError("def @main(%x: Tensor[(2, 3), float32]) -> Tensor[(2, 3), int32] {\n"
                       "  nn.relu(%x)\n}\n"),
            "t.relay:2:5: error: the function is declared to return Tensor[(2, 3), int32] but its "
            "body has type Tensor[(2, 3), float32]");
}

TEST(RelayInferType, RelationErrorNamesTheCallAndArgumentTypes) {
  EXPECT_EQ(InferError("def @main(%x: Tensor[(1, 3, 8, 8), float32], %w: Tensor[(4, 4, 3, 3), float32]) {\n"
                       "  %0 = nn.relu(%x);\n"
                       "  nn.conv2d(%0, %w, channels=4, kernel_size=[3, 3])\n}\n"),
            "t.relay:4:3: error: nn.conv2d: input channels 3 do not match weight in_channels*groups 4 "
            "in call nn.conv2d(Tensor[(1, 3, 8, 8), float32], Tensor[(4, 4, 3, 3), float32], "
            "channels=4, kernel_size=[3, 3])");
  EXPECT_EQ(InferError("def @main(%x: Tensor[(2, 3), float32], %y: Tensor[(4, 3), float32]) {\n"
                       "  add(%x, %y)\n}\n"),
            "t.relay:3:3: error: add: shapes (2, 3) and (4, 3) cannot be broadcast together in call "
            "add(Tensor[(2, 3), float32], Tensor[(4, 3), float32])");
  EXPECT_EQ(InferError("def @main(%x: Tensor[(2, 3), float32]) {\n  add(%x)\n}\n"),
            "t.relay:3:3: error: add expects 2 arguments, got 1");
  EXPECT_EQ(InferError("def @main(%x: Tensor[(2, 3), float32]) {\n  collapse_sum_to(%x)\n}\n"),
            "t.relay:3:3: error: operator collapse_sum_to has no type relation: tirgen cannot "
            "type-check it yet");
}

TEST(RelayInferType, LetIfTupleAndGlobals) {
  std::string out = InferPrint(
      "def @f(%a: Tensor[(2), float32]) {\n  nn.relu(%a)\n}\n"
      "def @main(%x: Tensor[(2), float32], %c: bool) {\n"
      "  let %y = @f(%x);\n"
      "  let %t = (%y, %x);\n"
      "  if (%c) { %t.0 } else { %t.1 }\n}\n");
  EXPECT_EQ(out,
            "#[version = \"0.0.5\"]\n"
            "def @f(%a: Tensor[(2), float32] /* ty=Tensor[(2), float32] */) -> Tensor[(2), float32] {\n"
            "  nn.relu(%a) /* ty=Tensor[(2), float32] */\n"
            "}\n\n"
            "def @main(%x: Tensor[(2), float32] /* ty=Tensor[(2), float32] */, %c: bool /* ty=bool */) -> Tensor[(2), float32] {\n"
            "  let %y: Tensor[(2), float32] /* ty=Tensor[(2), float32] */ = @f(%x) /* ty=Tensor[(2), float32] */;\n"
            "  let %t: (Tensor[(2), float32], Tensor[(2), float32]) /* ty=(Tensor[(2), float32], Tensor[(2), float32]) */ = (%y, %x) /* ty=(Tensor[(2), float32], Tensor[(2), float32]) */;\n"
            "  if (%c) {\n"
            "    %t.0 /* ty=Tensor[(2), float32] */\n"
            "  } else {\n"
            "    %t.1 /* ty=Tensor[(2), float32] */\n"
            "  }\n"
            "}\n");
  EXPECT_EQ(InferError("def @main(%x: Tensor[(2), float32], %c: float32) {\n"
                       "  if (%c) { %x } else { %x }\n}\n"),
            "t.relay:3:3: error: the condition of 'if' must be a bool scalar, not float32");
  EXPECT_EQ(InferError("def @main(%x: Tensor[(2), float32]) {\n  %0 = (%x, %x);\n  %0.2\n}\n"),
            "t.relay:4:3: error: tuple index 2 is out of range for (Tensor[(2), float32], Tensor[(2), float32])");
  EXPECT_EQ(InferError("def @f(%a: Tensor[(2), float32]) {\n  %a\n}\n"
                       "def @main(%x: Tensor[(3), float32]) {\n  @f(%x)\n}\n"),
            "t.relay:6:3: error: argument 0 has type Tensor[(3), float32] but the function expects "
            "Tensor[(2), float32]");
}

TEST(RelayInferType, FillsMissingAnnotationsAndKeepsSharing) {
  // A shared subexpression stays one temporary after inference.
  std::string out = InferPrint(
      "def @main(%x: Tensor[(2, 2), float32]) {\n"
      "  %0 = exp(%x);\n  add(%0, %0)\n}\n");
  EXPECT_EQ(out,
            "#[version = \"0.0.5\"]\n"
            "def @main(%x: Tensor[(2, 2), float32] /* ty=Tensor[(2, 2), float32] */) -> Tensor[(2, 2), float32] {\n"
            "  %0 = exp(%x) /* ty=Tensor[(2, 2), float32] */;\n"
            "  add(%0, %0) /* ty=Tensor[(2, 2), float32] */\n"
            "}\n");
}

}  // namespace
}  // namespace relay
}  // namespace tirgen

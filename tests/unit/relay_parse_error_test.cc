// Malformed relay text: each case gives one exact, located message, and nothing crashes.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "tirgen/relay/text.h"

namespace tirgen {
namespace relay {
namespace {

// The full rendered error (file:line:col: error: message, source line, caret).
std::string ModuleError(const std::string& text) {
  try {
    ParseModule(text, "bad.relay");
  } catch (const Error& e) {
    return e.what();
  }
  return "<no error>";
}

const char* kHead = "#[version = \"0.0.5\"]\n";

struct Case {
  const char* name;
  std::string body;      // after the version line
  std::string expected;  // rendered error
};

TEST(RelayParseError, ExactLocatedMessages) {
  std::vector<Case> cases = {
      {"unknown op", "def @main(%x: Tensor[(1, 3), float32]) {\n  nn.relux(%x)\n}\n",
       "bad.relay:3:3: error: unknown operator 'nn.relux'\n  nn.relux(%x)\n  ^"},
      {"undefined var", "def @main(%x: float32) {\n  add(%x, %y)\n}\n",
       "bad.relay:3:11: error: undefined variable %y\n  add(%x, %y)\n          ^"},
      {"undefined graph var", "def @main(%x: float32) {\n  %0 = add(%x, %x);\n  add(%0, %1)\n}\n",
       "bad.relay:4:11: error: %1 is not defined\n  add(%0, %1)\n          ^"},
      {"missing semicolon", "def @main(%x: float32) {\n  %0 = add(%x, %x)\n  %0\n}\n",
       "bad.relay:4:3: error: expected ';' after the binding of %0, found '%0'\n  %0\n  ^"},
      {"bad dtype", "def @main(%x: Tensor[(1, 3), float33]) {\n  %x\n}\n",
       "bad.relay:2:30: error: expected a dtype such as float32, found 'float33'\n"
       "def @main(%x: Tensor[(1, 3), float33]) {\n                             ^"},
      {"unterminated string", "def @main(%x: float32) {\n  cast(%x, dtype=\"int32)\n}\n",
       "bad.relay:3:18: error: unterminated string literal\n  cast(%x, dtype=\"int32)\n                 ^"},
      {"missing version", "", ""},
      {"bad version", "", ""},
      {"unresolved meta with metadata",
       "def @main(%x: float32) {\n  add(%x, meta[relay.Constant][1] /* ty=float32 */)\n}\n\n#[metadata]\n"
       "{\"root\": 1, \"nodes\": [{\"type_key\": \"\"}, {\"type_key\": \"Map\", \"keys\": [\"relay.Constant\"], "
       "\"data\": [2]}, {\"type_key\": \"Array\"}], \"b64ndarrays\": []}\n",
       "bad.relay:3:11: error: cannot resolve meta[relay.Constant][1]: the #[metadata] section has 0 "
       "relay.Constant entries\n  add(%x, meta[relay.Constant][1] /* ty=float32 */)\n          ^"},
      {"untyped meta without metadata", "def @main(%x: float32) {\n  add(%x, meta[relay.Constant][0])\n}\n",
       "bad.relay:3:11: error: cannot resolve meta[relay.Constant][0]: the text has no #[metadata] "
       "section and no /* ty=... */ comment says its type\n  add(%x, meta[relay.Constant][0])\n          ^"},
      {"bad type in comment", "def @main(%x: float32 /* ty=Tensor[(1), flt] */) {\n  %x\n}\n",
       "bad.relay:2:41: error: expected a dtype such as float32, found 'flt'\n"
       "def @main(%x: float32 /* ty=Tensor[(1), flt] */) {\n                                        ^"},
      {"int out of range", "def @main(%x: int32) {\n  add(%x, 3000000000)\n}\n",
       "bad.relay:3:11: error: integer '3000000000' does not fit in int32\n  add(%x, 3000000000)\n          ^"},
      {"unclosed body", "def @main(%x: float32) {\n  nn.relu(%x)\n",
       "bad.relay:3:14: error: expected '}' to close the function body, found end of input\n"
       "  nn.relu(%x)\n             ^"},
      {"unexpected character", "def @main(%x: float32) {\n  nn.relu(%x) $\n}\n",
       "bad.relay:3:15: error: unexpected character '$'\n  nn.relu(%x) $\n              ^"},
      {"duplicate function", "def @f() {\n  1f\n}\ndef @f() {\n  2f\n}\n",
       "bad.relay:5:5: error: function @f is defined twice\ndef @f() {\n    ^"},
      {"malformed span", "def @main(%x: float32 /* ty=float32 span=nowhere */) {\n  %x\n}\n",
       "bad.relay:2:37: error: malformed span 'nowhere' (expected span=source:line:column)\n"
       "def @main(%x: float32 /* ty=float32 span=nowhere */) {\n                                    ^"},
      {"attribute before argument", "def @main(%x: float32) {\n  nn.softmax(axis=1, %x)\n}\n",
       "bad.relay:3:22: error: arguments must come before attributes\n  nn.softmax(axis=1, %x)\n                     ^"},
      {"param comment disagrees", "def @main(%x: float32 /* ty=int32 */) {\n  %x\n}\n",
       "bad.relay:2:29: error: the type comment disagrees with the declared type of %x\n"
       "def @main(%x: float32 /* ty=int32 */) {\n                            ^"},
      {"undefined global", "def @main(%x: float32) {\n  @helper(%x)\n}\n",
       "bad.relay:3:3: error: undefined function @helper\n  @helper(%x)\n  ^"},
      {"dynamic dim", "def @main(%x: Tensor[(?, 3), float32]) {\n  %x\n}\n",
       "bad.relay:2:23: error: dynamic dimensions ('?') are not supported\n"
       "def @main(%x: Tensor[(?, 3), float32]) {\n                      ^"},
  };
  for (const Case& c : cases) {
    if (c.expected.empty()) continue;
    EXPECT_EQ(ModuleError(kHead + c.body), c.expected) << c.name;
  }
  EXPECT_EQ(ModuleError("def @main() {\n  1f\n}\n"),
            "bad.relay:1:1: error: expected #[version = \"0.0.5\"] at the start of the text\n"
            "def @main() {\n^");
  EXPECT_EQ(ModuleError("#[version = \"0.0.4\"]\ndef @main() {\n  1f\n}\n"),
            "bad.relay:1:1: error: unsupported relay text version \"0.0.4\" (expected \"0.0.5\")\n"
            "#[version = \"0.0.4\"]\n^");
}

TEST(RelayParseError, StrictModeRejectsOmittedMetadata) {
  ParseOptions strict;
  strict.allow_omitted_metadata = false;
  std::string text = std::string(kHead) +
                     "def @main(%x: float32) {\n  add(%x, meta[relay.Constant][0] /* ty=float32 */)\n}\n";
  try {
    ParseModule(text, "m.relay", nullptr, strict);
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_EQ(e.message(), "cannot resolve meta[relay.Constant][0]: the text has no #[metadata] section");
  }
  // The lenient default keeps a typed placeholder that prints back, but has no data to show.
  IRModule mod = ParseModule(text, "m.relay");
  EXPECT_NE(PrintModule(mod).find("meta[relay.Constant][0] /* ty=float32 */"), std::string::npos);
  EXPECT_THROW(PrintModule(mod, /*show_meta_data=*/true), Error);
}

TEST(RelayParseError, DeepNestingIsAnErrorNotACrash) {
  auto nested = [](int n, const std::string& open, const std::string& leaf, const std::string& close) {
    std::string s;
    for (int i = 0; i < n; ++i) s += open;
    s += leaf;
    for (int i = 0; i < n; ++i) s += close;
    return s;
  };
  std::string ok = std::string(kHead) + nested(200, "nn.relu(", "1f", ")");
  EXPECT_NO_THROW(ParseExpr(ok));
  for (const std::string& deep : {nested(5000, "nn.relu(", "1f", ")"), nested(5000, "(", "1f", ",)"),
                                  "fn () -> " + nested(5000, "(", "float32", ",)") + " { 1f }",
                                  "fn () { nn.relu(1f, a=" + nested(5000, "[", "1", "]") + ") }"}) {
    try {
      ParseExpr(kHead + deep, "deep.relay");
      ADD_FAILURE() << "expected an error";
    } catch (const Error& e) {
      EXPECT_EQ(e.message(), "nesting too deep (more than 1000 levels)");
    }
  }
}

// Every prefix of every golden file either parses or fails with a located tirgen::Error.
TEST(RelayParseError, TruncatedGoldenFilesNeverCrash) {
  namespace fs = std::filesystem;
  int checked = 0;
  for (const auto& e : fs::recursive_directory_iterator(TIRGEN_SHARED_DIR)) {
    if (e.path().extension() != ".relay") continue;
    std::ifstream in(e.path(), std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    std::string text = ss.str();
    size_t step = std::max<size_t>(1, text.size() / 50);
    for (size_t n = 0; n < text.size(); n += step) {
      std::string cut = text.substr(0, n);
      try {
        bool is_module = cut.find("\ndef ") != std::string::npos;
        if (is_module) ParseModule(cut, "cut.relay");
        else ParseExpr(cut, "cut.relay");
      } catch (const Error& err) {
        EXPECT_TRUE(err.span().defined()) << e.path() << " cut at " << n << ": " << err.what();
      }
      ++checked;
    }
  }
  EXPECT_GT(checked, 4000);
}

// Random single-character edits of golden files: a located tirgen::Error or a module that prints.
TEST(RelayParseError, MutatedGoldenFilesNeverCrash) {
  const char* files[] = {"golden/concat_split/optimized.relay", "golden/conv2d_link_params/fused_0.relay",
                         "golden/layer_norm/optimized.relay", "models/resnet18/model.relay"};
  const std::string alphabet = "%@(){}[],;:=.-/*\"0123456789abcxyzTf# \n";
  uint64_t seed = 12345;
  auto next = [&seed]() {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<size_t>(seed >> 33);
  };
  int parsed = 0, failed = 0;
  for (const char* rel : files) {
    std::ifstream in(std::string(TIRGEN_SHARED_DIR) + "/" + rel, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string text = ss.str();
    ASSERT_FALSE(text.empty()) << rel;
    bool is_module = text.find("\ndef ") != std::string::npos;
    for (int i = 0; i < 150; ++i) {
      std::string bad = text;
      size_t at = next() % bad.size();
      bad[at] = alphabet[next() % alphabet.size()];
      try {
        std::string out = is_module ? PrintModule(ParseModule(bad, "m.relay")) : PrintExpr(ParseExpr(bad, "m.relay"));
        EXPECT_FALSE(out.empty());
        ++parsed;
      } catch (const Error& e) {
        EXPECT_TRUE(e.span().defined() || !e.message().empty()) << rel << " @" << at << ": " << e.what();
        ++failed;
      }
    }
  }
  EXPECT_GT(failed, 50);
  EXPECT_GT(parsed, 10);
}

}  // namespace
}  // namespace relay
}  // namespace tirgen

// The parser on damaged input: every truncation and a deterministic set of byte edits of real
// TVMScript must either parse or throw tirgen::Error with a location -- never crash, hang or
// throw anything else. (libFuzzer explores further: scripts/fuzz.sh.)
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "tirgen/script/parser.h"
#include "tirgen/support/error.h"

namespace tirgen {
namespace {

std::string ReadGolden(const std::string& rel) {
  std::ifstream in(std::string(TIRGEN_SHARED_DIR) + "/" + rel, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Parses; returns "" on success or Error, else a description of the bad outcome.
std::string ParseOutcome(const std::string& text) {
  try {
    script::Parse(text, "<mutant>");
  } catch (const Error& e) {
    if (!e.span().defined()) return std::string("error without a location: ") + e.what();
  } catch (const std::exception& e) {
    return std::string("non-user exception: ") + e.what();
  }
  return "";
}

TEST(ScriptParserRobustness, EveryTruncationIsParsedOrALocatedError) {
  for (const char* rel : {"golden/argmax/primfunc_0.py", "golden/softmax/primfunc_0.py",
                          "golden-passes/conv2d_bias_relu__primfunc_0/08_FlattenBuffer.py"}) {
    std::string text = ReadGolden(rel);
    ASSERT_FALSE(text.empty()) << rel;
    for (size_t cut = 0; cut < text.size(); cut += 7) {
      std::string bad = ParseOutcome(text.substr(0, cut));
      ASSERT_EQ(bad, "") << rel << " truncated at " << cut;
    }
  }
}

TEST(ScriptParserRobustness, ByteEditsAreParsedOrALocatedError) {
  const std::string text = ReadGolden("golden/conv2d_bias_relu/primfunc_0.py");
  ASSERT_FALSE(text.empty());
  const char replacements[] = {'(', ')', '[', ']', ':', ',', '.', ' ', '\n', '\t', '"', '#',
                               '0', '9', '-', '=', 'T', '\\', '\0', '\x80', '{', '*'};
  uint64_t state = 12345;  // fixed-seed LCG: deterministic edits
  for (int i = 0; i < 1500; ++i) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    size_t pos = (state >> 33) % text.size();
    std::string mutant = text;
    switch ((state >> 13) % 3) {
      case 0:
        mutant[pos] = replacements[(state >> 20) % sizeof(replacements)];
        break;
      case 1:
        mutant.erase(pos, 1 + (state >> 40) % 8);
        break;
      default:
        mutant.insert(pos, 1, replacements[(state >> 20) % sizeof(replacements)]);
        break;
    }
    std::string bad = ParseOutcome(mutant);
    ASSERT_EQ(bad, "") << "edit " << i << " at byte " << pos;
  }
}

}  // namespace
}  // namespace tirgen

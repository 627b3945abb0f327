// Malformed operator attributes and unknown ops in Relay text: each is one error located at the
// offending attribute value (file:line:column, the source line and a caret), naming the op, the
// attribute and what it accepts.
#include <gtest/gtest.h>

#include "tirgen/relay/text.h"

namespace tirgen {
namespace relay {
namespace {

// The rendered error of `call` as main's body (line 3, after the version and def lines).
std::string CallError(const std::string& call) {
  std::string text = "#[version = \"0.0.5\"]\ndef @main(%x: Tensor[(2, 3), float32]) {\n  " +
                     call + "\n}\n";
  try {
    ParseModule(text, "attr.relay");
  } catch (const Error& e) {
    return e.what();
  }
  return "<no error>";
}

// The error's first line, and a check that a caret sits under column `col` of the source line.
std::string FirstLine(const std::string& err, int col) {
  std::string first = err.substr(0, err.find('\n'));
  size_t caret = err.rfind('\n');
  EXPECT_NE(caret, std::string::npos) << err;
  EXPECT_EQ(err.substr(caret + 1), std::string(col - 1, ' ') + "^") << err;
  return first;
}

TEST(RelayAttrError, UnknownAttributes) {
  EXPECT_EQ(FirstLine(CallError("nn.relu(%x, foo=1)"), 15),
            "attr.relay:3:15: error: unknown attribute 'foo' of nn.relu (it takes no attributes)");
  EXPECT_EQ(FirstLine(CallError("nn.softmax(%x, axes=1)"), 18),
            "attr.relay:3:18: error: unknown attribute 'axes' of nn.softmax (attributes: axis)");
}

TEST(RelayAttrError, ValuesOfTheWrongKind) {
  struct Case {
    std::string call;
    int col;
    std::string message;
  };
  std::vector<Case> cases = {
      {"nn.softmax(%x, axis=\"a\")", 23, "attribute 'axis' of nn.softmax must be an integer"},
      {"reshape(%x, newshape=1.5f)", 24,
       "attribute 'newshape' of reshape must be a list of integers or None"},
      {"cast(%x, dtype=3)", 18, "attribute 'dtype' of cast must be a dtype string such as \"float32\""},
      {"cast(%x, dtype=\"flot32\")", 18,
       "attribute 'dtype' of cast must be a dtype string such as \"float32\""},
      {"nn.leaky_relu(%x, alpha=\"x\")", 27, "attribute 'alpha' of nn.leaky_relu must be a number"},
      {"clip(%x, a_min=[1], a_max=2f)", 18, "attribute 'a_min' of clip must be a number"},
      {"nn.pad(%x, 0f, pad_width=[1, 2])", 28,
       "attribute 'pad_width' of nn.pad must be a list of lists of integers"},
      {"transpose(%x, axes=[0, True])", 22,
       "attribute 'axes' of transpose must be a list of integers or None"},
  };
  for (const Case& c : cases)
    EXPECT_EQ(FirstLine(CallError(c.call), c.col), "attr.relay:3:" + std::to_string(c.col) +
                                                       ": error: " + c.message)
        << c.call;
}

TEST(RelayAttrError, RepeatedAttribute) {
  EXPECT_EQ(FirstLine(CallError("mean(%x, axis=[1], axis=[0])"), 22),
            "attr.relay:3:22: error: attribute 'axis' is given twice");
}

TEST(RelayAttrError, UnknownOperator) {
  EXPECT_EQ(FirstLine(CallError("nn.reluu(%x)"), 3), "attr.relay:3:3: error: unknown operator 'nn.reluu'");
  // Also inside a nested function.
  EXPECT_EQ(FirstLine(CallError("%0 = fn (%y: float32) { expp(%y) };\n  %0(1f)"), 27),
            "attr.relay:3:27: error: unknown operator 'expp'");
}

}  // namespace
}  // namespace relay
}  // namespace tirgen

// Found by trace_fuzz: 3,900 nested '(' in a trace argument overflowed the stack (the value
// parser recurses per bracket); nesting is now bounded with a located error.
#include <gtest/gtest.h>

#include <string>

#include "tirgen/support/error.h"
#include "tirgen/tir/schedule/trace.h"

namespace tirgen {
namespace tir {
namespace {

std::string TraceWithArgument(const std::string& arg) {
  return "def apply_trace(sch: tir.Schedule) -> None:\n  b0 = sch.get_block(name=" + arg +
         ", func_name=\"main\")\n";
}

TEST(TraceParserDepth, DeeplyNestedArgumentIsAnError) {
  std::string deep = std::string(5000, '(') + "1" + std::string(5000, ')');
  try {
    Trace::Parse(TraceWithArgument(deep), "t.py");
    ADD_FAILURE() << "accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("lists and tuples nest deeper than 64 levels"), std::string::npos)
        << e.what();
  }
  // 64 levels are still read (the error is only for deeper input).
  std::string ok = std::string(64, '[') + "1" + std::string(64, ']');
  try {
    Trace::Parse(TraceWithArgument(ok), "t.py");
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()).find("nest deeper"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace tir
}  // namespace tirgen

// tir::IndexMap's Python lambda form: what ToPython prints (typed literals, T.int64(32), for
// int64 maps) FromPython reads back, so traces with transform_layout replay from their text.
#include <gtest/gtest.h>

#include "tirgen/tir/schedule/index_map.h"

namespace tirgen {
namespace {

TEST(IndexMap, TypedLiteralsReadBack) {
  const std::string text = "lambda v0, v1: (v0 // T.int64(32), v1, v0 % T.int64(32),)";
  tir::IndexMap m = tir::IndexMap::FromPython(text, DataType::Int(64));
  EXPECT_EQ(m.ToPython(), text);
  EXPECT_EQ(tir::IndexMap::FromPython("lambda i: (i * T.int32(4) + 1,)", DataType::Int(32)).ToPython(),
            "lambda i: (i * 4 + 1,)");
}

}  // namespace
}  // namespace tirgen

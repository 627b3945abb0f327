// tir::IndexMap's Python lambda form: what ToPython prints (typed literals, T.int64(32), for
// int64 maps) FromPython reads back, so traces with transform_layout replay from their text.
#include <gtest/gtest.h>

#include "tirgen/support/error.h"
#include "tirgen/tir/op.h"
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

std::vector<tir::Range> Ranges(const std::vector<int64_t>& extents) {
  std::vector<tir::Range> r;
  for (int64_t e : extents) r.emplace_back(tir::make_const(DataType::Int(32), 0), tir::make_const(DataType::Int(32), e));
  return r;
}

// inverse(map(p)) == p at every point p of the ranges, and map's images fill the output extents
// exactly once (a bijection onto them).
void ExpectRoundTrip(const std::string& text, const std::vector<int64_t>& extents) {
  SCOPED_TRACE(text);
  tir::IndexMap m = tir::IndexMap::FromPython(text);
  tir::IndexMap inv = m.Inverse(Ranges(extents));
  std::vector<int64_t> out_extents = m.OutputExtents(Ranges(extents));
  tir::IndexMapEvaluator fwd(m), back(inv);
  ASSERT_EQ(fwd.unsupported_output(), -1);
  ASSERT_EQ(back.unsupported_output(), -1) << inv.ToPython();
  int64_t volume = 1, out_volume = 1;
  for (int64_t e : extents) volume *= e;
  for (int64_t e : out_extents) out_volume *= e;
  EXPECT_EQ(volume, out_volume);
  std::vector<bool> seen(static_cast<size_t>(out_volume), false);
  std::vector<int64_t> p(extents.size(), 0), q, r;
  for (int64_t n = 0; n < volume; ++n) {
    ASSERT_EQ(fwd.Map(p, &q), -1);
    int64_t flat = 0;
    for (size_t k = 0; k < q.size(); ++k) {
      ASSERT_GE(q[k], 0);
      ASSERT_LT(q[k], out_extents[k]);
      flat = flat * out_extents[k] + q[k];
    }
    EXPECT_FALSE(seen[flat]);
    seen[flat] = true;
    ASSERT_EQ(back.Map(q, &r), -1);
    ASSERT_EQ(r, p) << inv.ToPython();
    for (size_t i = p.size(); i-- > 0;) {
      if (++p[i] < extents[i]) break;
      p[i] = 0;
    }
  }
}

// TVM's IndexMap::Inverse: axis<i> inputs, splits summed back, fused sums split by // and %
// (the outermost part without %), unit inputs the map drops at their min.
TEST(IndexMapInverse, AffineBijectionsInvert) {
  auto inverse = [](const std::string& text, const std::vector<int64_t>& extents) {
    return tir::IndexMap::FromPython(text).Inverse(Ranges(extents)).ToPython();
  };
  EXPECT_EQ(inverse("lambda i, j: (j, i)", {4, 8}), "lambda axis0, axis1: (axis1, axis0,)");
  EXPECT_EQ(inverse("lambda i: (i // 4, i % 4)", {16}), "lambda axis0, axis1: (axis0 * 4 + axis1,)");
  EXPECT_EQ(inverse("lambda i, j: (i * 8 + j,)", {4, 8}), "lambda axis0: (axis0 // 8, axis0 % 8,)");
  EXPECT_EQ(inverse("lambda n, c: (c,)", {1, 16}), "lambda axis0: (0, axis0,)");
  EXPECT_EQ(inverse("lambda i: (i + 2,)", {16}), "lambda axis0: (axis0 - 2,)");
  ExpectRoundTrip("lambda i, j: (j, i)", {4, 8});
  ExpectRoundTrip("lambda i: (i // 4, i % 4)", {16});
  ExpectRoundTrip("lambda i, j: (i * 8 + j,)", {4, 8});
  ExpectRoundTrip("lambda i, j: ((i * 8 + j) // 16, (i * 8 + j) % 16)", {4, 8});
  ExpectRoundTrip("lambda i, j, k: (k, i * 6 + j, )", {2, 6, 5});
  ExpectRoundTrip("lambda i, j: (j // 4, i, j % 4)", {3, 12});
  EXPECT_EQ(tir::IndexMap::FromPython("lambda i, j: (i * 8 + j,)").OutputExtents(Ranges({4, 8})),
            std::vector<int64_t>{32});
}

TEST(IndexMapInverse, NonBijectiveMapsAreRefusedWithTheReason) {
  auto error = [](const std::string& text, const std::vector<int64_t>& extents) -> std::string {
    try {
      tir::IndexMap::FromPython(text).Inverse(Ranges(extents));
    } catch (const Error& e) {
      return e.what();
    }
    return "no error";
  };
  EXPECT_NE(error("lambda i, j: (i + j,)", {4, 4}).find("is not bijective affine over the given ranges"), std::string::npos);
  EXPECT_NE(error("lambda i: (i // 4,)", {16}).find("no output uses i % 4 (only 4 of its 16 values are told apart)"), std::string::npos);
  EXPECT_NE(error("lambda i, j: (i, i)", {4, 4}).find("the outputs use part of i twice"), std::string::npos);
  EXPECT_NE(error("lambda i: (i % 4,)", {16}).find("no output uses i // 4"), std::string::npos);
  EXPECT_NE(error("lambda i, j: (i,)", {4, 4}).find("input j is not used"), std::string::npos);
  EXPECT_NE(error("lambda i: (i * 2,)", {4}).find("not one iterator"), std::string::npos);
  EXPECT_NE(error("lambda i, j: (i * j,)", {4, 4}).find("not an affine map"), std::string::npos);
  EXPECT_NE(error("lambda i: (i % 3, i // 3)", {16}).find("not an affine map"), std::string::npos);
  EXPECT_NE(error("lambda i, j: (j, i)", {4}).find("takes 2 indices, 1 ranges given"), std::string::npos);
}

}  // namespace
}  // namespace tirgen

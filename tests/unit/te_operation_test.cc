// TE: placeholders, computes, reductions, input discovery.
#include <gtest/gtest.h>

#include "tirgen/te/operation.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace {

using namespace tir;  // NOLINT
using te::Tensor;

TEST(TE, ComputeNamesAxesLikeTvm) {
  Tensor a = te::placeholder({4, 8}, DataType::Float(32), "A");
  Tensor b = te::compute({4, 8}, [&](const std::vector<Var>& i) { return a(i[0], i[1]) + 1; });
  const auto* op = b->op.as<te::ComputeOpNode>();
  ASSERT_TRUE(op);
  EXPECT_EQ(op->name, "tensor");
  EXPECT_EQ(op->axis[0]->var->name_hint, "ax0");
  EXPECT_EQ(op->axis[1]->var->name_hint, "ax1");
  EXPECT_EQ(b->dtype, DataType::Float(32));
  ASSERT_EQ(op->InputTensors().size(), 1u);
  EXPECT_TRUE(op->InputTensors()[0].Equals(a));
}

TEST(TE, ReductionCarriesIdentity) {
  Tensor a = te::placeholder({4, 8}, DataType::Float(32), "A");
  IterVar k = te::reduce_axis(Range(0, 8), "k");
  Tensor m = te::compute({4}, [&](const std::vector<Var>& i) { return max(a(i[0], k->var), {k}); },
                         "M", "", {}, {"i0"});
  const auto* op = m->op.as<te::ComputeOpNode>();
  ASSERT_EQ(op->reduce_axis.size(), 1u);
  const auto* r = op->body[0].as<ReduceNode>();
  ASSERT_TRUE(r);
  EXPECT_EQ(r->combiner->identity_element[0].as<FloatImmNode>()->value, -3.4028234663852886e+38);
  EXPECT_EQ(op->axis[0]->var->name_hint, "i0");
}

TEST(TE, InputsInFirstReadOrderWithoutRepeats) {
  Tensor a = te::placeholder({4}, DataType::Float(32), "A");
  Tensor b = te::placeholder({4}, DataType::Float(32), "B");
  Tensor c = te::compute({4}, [&](const std::vector<Var>& i) { return b(i[0]) * a(i[0]) + b(i[0]); });
  auto inputs = c->op.as<te::ComputeOpNode>()->InputTensors();
  ASSERT_EQ(inputs.size(), 2u);
  EXPECT_TRUE(inputs[0].Equals(b));
  EXPECT_TRUE(inputs[1].Equals(a));
}

TEST(TE, MultiOutputNameHints) {
  Tensor a = te::placeholder({4}, DataType::Float(32), "A");
  auto outs = te::compute_multi({4}, [&](const std::vector<Var>& i) {
    return std::vector<PrimExpr>{a(i[0]), a(i[0]) * 2};
  }, "pair");
  ASSERT_EQ(outs.size(), 2u);
  EXPECT_EQ(outs[0].name_hint(), "pair.v0");
  EXPECT_EQ(outs[1].name_hint(), "pair.v1");
}

}  // namespace
}  // namespace tirgen

// fixed_point_multiply and fixed_point_multiply_per_axis (TVM's relay/op/tensor/unary.cc and
// transform.cc): x * multiplier * 2^(shift - 31) in int32 with int64 intermediates, the
// integer form of a real scale. Only the qnn requantize canonicalization builds them.
#include "op_common.h"
#include "tirgen/topi/fixed_point.h"

namespace tirgen {
namespace relay {
namespace op {
namespace {

// TVM's FixedPointMultiplyPerAxisRel: every argument a tensor, the result the data's type.
Type PerAxisRel(const TypeCall& c) {
  for (size_t i = 1; i < 4; ++i) c.Tensor(i);
  const TensorTypeNode* x = c.Tensor(0);
  int64_t rank = static_cast<int64_t>(x->shape.size());
  for (int64_t a : c.call->GetIntArray("axes"))
    if (a < 0 || a >= rank) c.Fail("axis " + std::to_string(a) + " is out of range for a tensor of rank " + std::to_string(rank));
  return c.arg_types[0];
}

}  // namespace

TIRGEN_REGISTER_OPS(fixed_point) {
  RegisterOpInfo("fixed_point_multiply")
      .Attrs("relay.attrs.FixedPointMultiplyAttrs",
             {Required("multiplier", AttrKind::kInt), Required("shift", AttrKind::kInt)})
      .Inputs(1).Pattern(kElemWise).Relation(SameAsArg0);
  RegisterOpInfo("fixed_point_multiply_per_axis")
      .Attrs("relay.attrs.FixedPointMultiplyPerAxisAttrs",
             {Field("is_lshift_required", AttrKind::kBool, AttrBool(false)),
              Field("is_rshift_required", AttrKind::kBool, AttrBool(false)),
              Required("axes", AttrKind::kIntArray)})
      .Inputs(4).Pattern(kBroadcast).Relation(PerAxisRel);
  RegisterCompute("fixed_point_multiply", [](const Call& c, const std::vector<te::Tensor>& in, const Type&) {
    return std::vector<te::Tensor>{topi::fixed_point_multiply(in.at(0), static_cast<int32_t>(c->GetInt("multiplier")),
                                                              static_cast<int32_t>(c->GetInt("shift")))};
  });
  RegisterCompute("fixed_point_multiply_per_axis", [](const Call& c, const std::vector<te::Tensor>& in, const Type&) {
    return std::vector<te::Tensor>{topi::fixed_point_multiply_per_axis(
        in.at(0), in.at(1), in.at(2), in.at(3), c->GetBool("is_lshift_required"), c->GetBool("is_rshift_required"),
        c->GetIntArray("axes"))};
  });
}

}  // namespace op
}  // namespace relay
}  // namespace tirgen

// dft (TVM's relay op: DFTAttrs {inverse}, kOpaque): (re_data, im_data) -> (re, im) of the
// transform along the last axis; TE compute in topi/signal.cc. TVM's relation only copies
// the two types; this one also asks for what the compute needs (one shape, a float dtype).
#include "op_common.h"
#include "tirgen/topi/signal.h"

namespace tirgen {
namespace relay {
namespace op {
namespace {

Type DFTRel(const TypeCall& c) {
  const TensorTypeNode* re = c.Tensor(0);
  const TensorTypeNode* im = c.Tensor(1);
  if (re->shape.empty()) c.Fail("the data must have at least one dimension (the transformed one)");
  if (!re->dtype.is_float() || im->dtype != re->dtype) c.Fail("re_data and im_data must be of one floating-point dtype");
  if (ShapeText(re->shape) != ShapeText(im->shape)) c.Fail("re_data and im_data must have one shape");
  if (DimValue(re->shape.back()) == 0) c.Fail("the transformed (last) axis has length 0; the transform needs at least one point");
  return TupleType({c.arg_types[0], c.arg_types[1]});
}

}  // namespace

TIRGEN_REGISTER_OPS(signal) {
  RegisterOpInfo("dft")
      .Attrs("relay.attrs.DFTAttrs", {Field("inverse", AttrKind::kBool, AttrBool(false))})
      .Inputs(2).Pattern(kOpaque).Relation(DFTRel);
  RegisterCompute("dft", [](const Call& call, const std::vector<te::Tensor>& in, const Type&) {
    return topi::dft(in.at(0), in.at(1), call->GetBool("inverse"));
  });
}

}  // namespace op
}  // namespace relay
}  // namespace tirgen

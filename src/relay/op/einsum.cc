// einsum (TVM's relay einsum): a tuple of operands and an equation; kInjective as in TVM. The
// equation grammar and shape rule live in topi/einsum.h, shared by the relation and compute.
#include "op_common.h"
#include "tirgen/support/error.h"
#include "tirgen/topi/einsum.h"

namespace tirgen {
namespace relay {
namespace op {
namespace {

Type EinsumRel(const TypeCall& c) {
  std::vector<const TensorTypeNode*> ts = c.TensorTuple(0);
  if (ts.empty()) c.Fail("einsum needs at least one operand");
  std::vector<std::vector<int64_t>> shapes;
  for (size_t k = 0; k < ts.size(); ++k) {
    if (ts[k]->dtype != ts[0]->dtype) c.Fail("the operands' dtypes differ");
    std::vector<int64_t> s;
    for (const auto& d : ts[k]->shape) s.push_back(DimValue(d));
    shapes.push_back(s);
  }
  std::vector<int64_t> out;
  try {
    out = topi::einsum_shape(c.call->GetString("equation"), shapes);
  } catch (const Error& e) {
    c.Fail(e.what());
  }
  tir::PrimExpr like;
  for (const auto* t : ts)
    if (!t->shape.empty()) like = t->shape[0];
  Dims dims;
  for (int64_t n : out) dims.push_back(like.defined() ? DimLike(like, n) : Dim(n));
  return TensorType(std::move(dims), ts[0]->dtype);
}

}  // namespace

TIRGEN_REGISTER_OPS(einsum) {
  RegisterOpInfo("einsum")
      .Attrs("relay.attrs.EinsumAttrs", {Required("equation", AttrKind::kString)})
      .Inputs(1).Pattern(kInjective).Relation(EinsumRel);
  RegisterCompute("einsum", [](const Call& call, const std::vector<te::Tensor>& in, const Type&) {
    return std::vector<te::Tensor>{topi::einsum(call->GetString("equation"), in)};
  });
}

}  // namespace op
}  // namespace relay
}  // namespace tirgen

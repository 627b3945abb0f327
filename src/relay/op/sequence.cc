// Sequence ops: sequence_mask and reverse_sequence (a batch of padded sequences with lengths).
#include "op_common.h"

namespace tirgen {
namespace relay {
namespace op {
namespace {

// The lengths must be a 1-D integer tensor with one entry per batch element.
void CheckLengths(const TypeCall& c, const TensorTypeNode* len, const tir::PrimExpr& batch, const char* what) {
  if (!len->dtype.is_int() && !len->dtype.is_uint()) c.Fail(std::string(what) + " must be integers");
  if (len->shape.size() != 1 || DimValue(len->shape[0]) != DimValue(batch))
    c.Fail(std::string(what) + " must have shape (" + std::to_string(DimValue(batch)) + ",)");
}

Type SequenceMaskRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  int64_t axis = c.call->GetInt("axis");
  if (axis != 0 && axis != 1) c.Fail("axis must be 0 or 1");
  if (data->shape.size() < 2) c.Fail("data must have at least two dimensions");
  CheckLengths(c, c.Tensor(1), data->shape[1 - axis], "valid_length");
  return c.arg_types[0];
}

Type ReverseSequenceRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  int64_t ndim = static_cast<int64_t>(data->shape.size());
  NormalizeAxis(c, c.call->GetInt("seq_axis"), ndim, "seq_axis");
  int batch = NormalizeAxis(c, c.call->GetInt("batch_axis"), ndim, "batch_axis");
  CheckLengths(c, c.Tensor(1), data->shape[batch], "seq_lengths");
  return c.arg_types[0];
}

}  // namespace

TIRGEN_REGISTER_OPS(sequence) {
  RegisterOpInfo("sequence_mask")
      .Attrs("relay.attrs.SequenceMaskAttrs", {Field("mask_value", AttrKind::kFloat, AttrFloat(0.0)),
                                               Field("axis", AttrKind::kInt, AttrInt(0))})
      .Inputs(2).Pattern(kInjective).Relation(SequenceMaskRel);
  RegisterOpInfo("reverse_sequence")
      .Attrs("relay.attrs.ReverseSequenceAttrs", {Field("seq_axis", AttrKind::kInt, AttrInt(1)),
                                                  Field("batch_axis", AttrKind::kInt, AttrInt(0))})
      .Inputs(2).Pattern(kInjective).Relation(ReverseSequenceRel);
}

}  // namespace op
}  // namespace relay
}  // namespace tirgen

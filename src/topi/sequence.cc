// Sequence operators (see sequence.h).
#include "tirgen/topi/sequence.h"

#include "tirgen/te/operation.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace topi {

using namespace tir;  // NOLINT

Tensor sequence_mask(const Tensor& data, const Tensor& valid_length, double mask_value, int axis,
                     const std::string& name) {
  TIRGEN_CHECK(axis == 0 || axis == 1) << "sequence_mask: axis must be 0 or 1, not " << axis;
  TIRGEN_CHECK(valid_length.ndim() == 1) << "sequence_mask: valid_length must be 1-D";
  return te::compute(
      data->shape,
      [&](const std::vector<Var>& v) {
        PrimExpr t = v[axis];
        PrimExpr b = v[1 - axis];
        PrimExpr masked = ge(cast(valid_length->dtype, t), valid_length({b}));
        return if_then_else(masked, make_const(data->dtype, mask_value),
                            data(std::vector<PrimExpr>(v.begin(), v.end())));
      },
      name, "injective");
}

Tensor reverse_sequence(const Tensor& x, const Tensor& seq_lengths, int seq_axis, int batch_axis,
                        const std::string& name) {
  int n = static_cast<int>(x.ndim());
  if (seq_axis < 0) seq_axis += n;
  if (batch_axis < 0) batch_axis += n;
  TIRGEN_CHECK(seq_axis >= 0 && seq_axis < n && batch_axis >= 0 && batch_axis < n)
      << "reverse_sequence: seq_axis/batch_axis out of range for rank " << n;
  TIRGEN_CHECK(seq_lengths.ndim() == 1) << "reverse_sequence: seq_lengths must be 1-D";
  return te::compute(
      x->shape,
      [&](const std::vector<Var>& v) {
        std::vector<PrimExpr> idx(v.begin(), v.end());
        PrimExpr len = seq_lengths({v[batch_axis]});
        PrimExpr i = v[seq_axis], extent = x->shape[seq_axis];
        // Past the sequence's length (or a length of 0/1) the element stays; a length beyond
        // the axis reverses the whole axis.
        PrimExpr keep = logical_or(le(len, make_const(len.dtype(), 1)), le(len, i));
        PrimExpr rev = if_then_else(gt(len, extent), sub(sub(extent, make_const(extent.dtype(), 1)), i),
                                sub(sub(len, make_const(len.dtype(), 1)), i));
        idx[seq_axis] = if_then_else(keep, i, rev);
        return x(idx);
      },
      name, "injective");
}

}  // namespace topi
}  // namespace tirgen

// TE computes of the tensor-creation ops (TVM's relay/op/_tensor.py and FullCompute):
// zeros/ones/full -> T_full, zeros_like/ones_like/full_like -> T_full_like.
#include "op_common.h"
#include "tirgen/tir/op.h"
#include "tirgen/topi/elemwise.h"

namespace tirgen {
namespace relay {
namespace op {
namespace {

using te::Tensor;
using Tensors = std::vector<Tensor>;

// The fill value: a Python float constant as TVM passes it (float32), cast by topi::full.
tir::PrimExpr Fill(double v) { return tir::make_const(DataType::Float(32), v); }

// The 0-d fill tensor read as a scalar.
tir::PrimExpr Scalar(const Tensor& t) { return t(std::vector<tir::PrimExpr>{}); }

}  // namespace

TIRGEN_REGISTER_OPS(compute_init) {
  for (double v : {0.0, 1.0}) {
    RegisterCompute(v == 0.0 ? "zeros" : "ones", [v](const Call& call, const Tensors&, const Type& out) {
      const TensorTypeNode* t = OutTensorType(call, out);
      return Tensors{topi::full(t->shape, t->dtype, Fill(v))};
    });
    RegisterCompute(v == 0.0 ? "zeros_like" : "ones_like", [v](const Call&, const Tensors& in, const Type&) {
      return Tensors{topi::full_like(in.at(0), Fill(v))};
    });
  }
  RegisterCompute("full", [](const Call& call, const Tensors& in, const Type& out) {
    const TensorTypeNode* t = OutTensorType(call, out);
    return Tensors{topi::full(t->shape, t->dtype, Scalar(in.at(0)))};
  });
  RegisterCompute("full_like", [](const Call&, const Tensors& in, const Type&) {
    return Tensors{topi::full_like(in.at(0), Scalar(in.at(1)))};
  });
}

}  // namespace op
}  // namespace relay
}  // namespace tirgen

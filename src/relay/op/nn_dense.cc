// Matrix products: nn.dense (B transposed), nn.matmul, nn.batch_matmul; and nn.bias_add.
#include "op_common.h"

namespace tirgen {
namespace relay {
namespace op {
namespace {

// TVM's MatmulRel: a is (..., K) (or (..., K, M) with transpose_a); b is (N, K) with
// transpose_b (dense), else (K, N). With `units` set, N must equal it.
Type MatmulRel(const TypeCall& c, bool transpose_a, bool transpose_b) {
  const TensorTypeNode* a = c.Tensor(0);
  const TensorTypeNode* b = c.Tensor(1);
  if (a->shape.empty()) c.Fail("the data must have at least one dimension");
  if (transpose_a && a->shape.size() < 2) c.Fail("transpose_a needs data of rank >= 2");
  if (b->shape.size() != 2) c.Fail("the weight must be 2-D, not " + ShapeText(b->shape));
  Dims out = a->shape;
  size_t r = a->shape.size();
  int64_t reduce = DimValue(a->shape[r - 1]);
  if (transpose_a) {
    reduce = DimValue(a->shape[r - 2]);
    out[r - 2] = a->shape[r - 1];
  }
  int64_t bk = DimValue(b->shape[transpose_b ? 1 : 0]);
  tir::PrimExpr n = b->shape[transpose_b ? 0 : 1];
  if (bk != reduce)
    c.Fail("reduction dimensions " + std::to_string(reduce) + " (data) and " + std::to_string(bk) +
           " (weight) do not match");
  if (c.call->HasAttr("units") && c.call->GetInt("units") != DimValue(n))
    c.Fail("units=" + std::to_string(c.call->GetInt("units")) + " does not match the weight's " +
           std::to_string(DimValue(n)) + " output units");
  out[r - 1] = n;
  DataType dt = c.call->GetDType("out_dtype");
  if (dt.is_void()) dt = a->dtype;
  return TensorType(std::move(out), dt);
}

Type DenseRel(const TypeCall& c) { return MatmulRel(c, false, true); }
Type NNMatmulRel(const TypeCall& c) {
  return MatmulRel(c, c.call->GetBool("transpose_a"), c.call->GetBool("transpose_b"));
}

Type BatchMatmulRel(const TypeCall& c) {
  const TensorTypeNode* x = c.Tensor(0);
  const TensorTypeNode* y = c.Tensor(1);
  if (x->shape.size() != 3 || y->shape.size() != 3)
    c.Fail("both operands must be 3-D, not " + ShapeText(x->shape) + " and " + ShapeText(y->shape));
  bool ta = c.call->GetBool("transpose_a"), tb = c.call->GetBool("transpose_b");
  int64_t bx = DimValue(x->shape[0]), by = DimValue(y->shape[0]);
  if (bx != by && bx != 1 && by != 1)
    c.Fail("batch dimensions " + std::to_string(bx) + " and " + std::to_string(by) + " do not match");
  int64_t kx = DimValue(x->shape[ta ? 1 : 2]), ky = DimValue(y->shape[tb ? 2 : 1]);
  if (kx != ky)
    c.Fail("reduction dimensions " + std::to_string(kx) + " and " + std::to_string(ky) + " do not match");
  tir::PrimExpr batch = bx >= by ? x->shape[0] : y->shape[0];
  Dims out{batch, x->shape[ta ? 2 : 1], y->shape[tb ? 1 : 2]};
  DataType dt = c.call->GetDType("out_dtype");
  if (dt.is_void()) dt = x->dtype;
  return TensorType(std::move(out), dt);
}

Type BiasAddRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  const TensorTypeNode* bias = c.Tensor(1);
  int64_t ndim = static_cast<int64_t>(data->shape.size());
  int axis = NormalizeAxis(c, c.call->GetInt("axis"), ndim);
  int64_t want = DimValue(data->shape[axis]);
  if (bias->shape.size() != 1 || DimValue(bias->shape[0]) != want)
    c.Fail("bias shape " + ShapeText(bias->shape) + " must be (" + std::to_string(want) +
           "), the size of data axis " + std::to_string(axis));
  if (bias->dtype != data->dtype)
    c.Fail("bias dtype " + bias->dtype.str() + " differs from data dtype " + data->dtype.str());
  return c.arg_types[0];
}

}  // namespace

TIRGEN_REGISTER_OPS(nn_dense) {
  RegisterOpInfo("nn.dense")
      .Attrs("relay.attrs.DenseAttrs",
             {Required("units", AttrKind::kOptInt), Field("out_dtype", AttrKind::kDType, ObjectRef())})
      .Inputs(2).Pattern(kOutEWiseFusable).Relation(DenseRel);
  RegisterOpInfo("nn.matmul")
      .Attrs("relay.attrs.MatmulAttrs",
             {Required("units", AttrKind::kOptInt), Field("out_dtype", AttrKind::kDType, ObjectRef()),
              Field("transpose_a", AttrKind::kBool, AttrBool(false)),
              Field("transpose_b", AttrKind::kBool, AttrBool(false))})
      .Inputs(2).Pattern(kOutEWiseFusable).Relation(NNMatmulRel);
  RegisterOpInfo("nn.batch_matmul")
      .Attrs("relay.attrs.BatchMatmulAttrs",
             {Field("out_dtype", AttrKind::kDType, ObjectRef()),
              Field("transpose_a", AttrKind::kBool, AttrBool(false)),
              Field("transpose_b", AttrKind::kBool, AttrBool(false))})
      .Inputs(2).Pattern(kOutEWiseFusable).Relation(BatchMatmulRel);
  RegisterOpInfo("nn.bias_add")
      .Attrs("relay.attrs.BiasAddAttrs", {Field("axis", AttrKind::kInt, AttrInt(1))})
      .Inputs(2).Pattern(kBroadcast).Relation(BiasAddRel);
}

}  // namespace op
}  // namespace relay
}  // namespace tirgen

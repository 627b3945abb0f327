// Index-based ops: take (embeddings), gather, gather_nd and one_hot.
#include "op_common.h"

namespace tirgen {
namespace relay {
namespace op {
namespace {

void CheckIndices(const TypeCall& c, const TensorTypeNode* idx) {
  if (!idx->dtype.is_int() && !idx->dtype.is_uint())
    c.Fail("indices must be integers, not " + idx->dtype.str());
}

Type TakeRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  const TensorTypeNode* idx = c.Tensor(1);
  CheckIndices(c, idx);
  std::string mode = c.call->GetString("mode");
  if (mode != "clip" && mode != "wrap" && mode != "fast")
    c.Fail("mode must be \"clip\", \"wrap\" or \"fast\", not \"" + mode + "\"");
  if (!c.call->HasAttr("axis")) return TensorType(idx->shape, data->dtype);  // flattened data
  int64_t ndim = static_cast<int64_t>(data->shape.size());
  int axis = NormalizeAxis(c, c.call->GetInt("axis"), ndim);
  int64_t bd = c.call->GetInt("batch_dims");
  int64_t irank = static_cast<int64_t>(idx->shape.size());
  if (bd < 0) bd += irank;
  if (bd < 0 || bd > axis || bd > irank) c.Fail("batch_dims " + std::to_string(bd) + " is out of range");
  Dims out(data->shape.begin(), data->shape.begin() + axis);
  out.insert(out.end(), idx->shape.begin() + bd, idx->shape.end());
  out.insert(out.end(), data->shape.begin() + axis + 1, data->shape.end());
  return TensorType(std::move(out), data->dtype);
}

Type GatherRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  const TensorTypeNode* idx = c.Tensor(1);
  CheckIndices(c, idx);
  if (!c.call->HasAttr("axis")) c.Fail("axis must be set");
  int64_t ndim = static_cast<int64_t>(data->shape.size());
  int axis = NormalizeAxis(c, c.call->GetInt("axis"), ndim);
  if (idx->shape.size() != data->shape.size())
    c.Fail("indices rank " + std::to_string(idx->shape.size()) + " differs from data rank " + std::to_string(ndim));
  for (int64_t i = 0; i < ndim; ++i)
    if (i != axis && DimValue(idx->shape[i]) > DimValue(data->shape[i]))
      c.Fail("indices shape " + ShapeText(idx->shape) + " exceeds data shape " + ShapeText(data->shape) +
             " outside axis " + std::to_string(axis));
  return TensorType(idx->shape, data->dtype);
}

// indices (M, Y...) index data's dims batch_dims .. batch_dims + M: out (Y..., X[M + B:]).
Type GatherNDRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  const TensorTypeNode* idx = c.Tensor(1);
  if (idx->shape.empty()) c.Fail("indices must have at least one dimension");
  int64_t m = DimValue(idx->shape[0]);
  int64_t bd = c.call->GetInt("batch_dims");
  int64_t ndim = static_cast<int64_t>(data->shape.size());
  if (m > ndim) c.Fail("indices.shape[0] " + std::to_string(m) + " exceeds the data rank " + std::to_string(ndim));
  if (bd < 0 || m + bd > ndim || bd >= static_cast<int64_t>(idx->shape.size()))
    c.Fail("batch_dims " + std::to_string(bd) + " is out of range");
  for (int64_t i = 0; i < bd; ++i)
    if (DimValue(data->shape[i]) != DimValue(idx->shape[i + 1]))
      c.Fail("batch dim " + std::to_string(i) + " of data and indices differ");
  Dims out(idx->shape.begin() + 1, idx->shape.end());
  out.insert(out.end(), data->shape.begin() + m + bd, data->shape.end());
  return TensorType(std::move(out), data->dtype);
}

// depth inserted at `axis` (-1: last) of the indices' shape, in `dtype`.
Type OneHotRel(const TypeCall& c) {
  const TensorTypeNode* idx = c.Tensor(0);
  CheckIndices(c, idx);
  c.Tensor(1);
  c.Tensor(2);
  int64_t depth = c.call->GetInt("depth");
  if (depth <= 0) c.Fail("depth must be positive");
  int64_t rank = static_cast<int64_t>(idx->shape.size());
  int64_t axis = c.call->GetInt("axis");
  if (axis == -1) axis = rank;
  if (axis < 0 || axis > rank) c.Fail("axis " + std::to_string(axis) + " is out of range");
  DataType dt = c.call->GetDType("dtype");
  if (dt.is_void()) c.Fail("dtype must be set");
  Dims out = idx->shape;
  out.insert(out.begin() + axis, Dim(depth));
  return TensorType(std::move(out), dt);
}

}  // namespace

TIRGEN_REGISTER_OPS(indexing) {
  RegisterOpInfo("take")
      .Attrs("relay.attrs.TakeAttrs", {Field("batch_dims", AttrKind::kOptInt, AttrInt(0)),
                                       Field("axis", AttrKind::kOptInt, ObjectRef()),
                                       Field("mode", AttrKind::kString, AttrStr("clip"))})
      .Inputs(2).Pattern(kInjective).Relation(TakeRel);
  RegisterOpInfo("gather")
      .Attrs("relay.attrs.GatherAttrs", {Field("axis", AttrKind::kOptInt, ObjectRef())})
      .Inputs(2).Pattern(kInjective).Relation(GatherRel);
  RegisterOpInfo("gather_nd")
      .Attrs("relay.attrs.GatherNDAttrs", {Field("batch_dims", AttrKind::kOptInt, AttrInt(0)),
                                           Field("index_rank", AttrKind::kOptInt, ObjectRef())})
      .Inputs(2).Pattern(kInjective).Relation(GatherNDRel);
  RegisterOpInfo("one_hot")
      .Attrs("relay.attrs.OneHotAttrs", {Field("depth", AttrKind::kInt, AttrInt(1)),
                                         Field("axis", AttrKind::kInt, AttrInt(-1)),
                                         Field("dtype", AttrKind::kDType, ObjectRef())})
      .Inputs(3).Pattern(kOutEWiseFusable).Relation(OneHotRel);
}

}  // namespace op
}  // namespace relay
}  // namespace tirgen

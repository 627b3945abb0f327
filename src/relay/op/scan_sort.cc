// trilu, cumsum, topk, scatter_nd and scatter_elements: TVM's attrs, type relations and pattern kinds; their TE
// computes (topi/scan_sort.h) are plain TE where TVM calls extern or hybrid kernels.
#include "op_common.h"
#include "tirgen/topi/scan_sort.h"
#include "tirgen/topi/transform.h"

namespace tirgen {
namespace relay {
namespace op {
namespace {

using te::Tensor;

// data, k (a 0-d tensor): data's type.
Type TriluRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  const TensorTypeNode* k = c.Tensor(1);
  if (!k->shape.empty()) c.Fail("k must be a 0-D tensor");
  if (!k->dtype.is_int() && !k->dtype.is_uint()) c.Fail("k must be an integer");
  if (data->shape.size() < 2) c.Fail("data must have at least two dimensions");
  return c.arg_types[0];
}

// cumsum: data's shape (flattened when axis is None) in `dtype` (data's when unset).
Type ScanopRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  DataType dtype = c.call->GetDType("dtype");
  if (dtype.is_void()) dtype = data->dtype;
  if (c.call->HasAttr("axis")) {
    NormalizeAxis(c, c.call->GetInt("axis"), static_cast<int64_t>(data->shape.size()));
    return TensorType(data->shape, dtype);
  }
  int64_t n = 1;
  for (const auto& d : data->shape) n *= DimValue(d);
  return TensorType(Dims{DimLike(data->shape.empty() ? tir::PrimExpr() : data->shape[0], n)}, dtype);
}

// topk: the axis dim becomes k (k < 1: all of it); (values, indices), or one of them.
Type TopKRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  int64_t ndim = static_cast<int64_t>(data->shape.size());
  int axis = NormalizeAxis(c, c.call->GetInt("axis"), ndim);
  if (!c.call->HasAttr("k")) c.Fail("k must be given (a dynamic k is not supported)");
  int64_t k = c.call->GetInt("k");
  Dims shape = data->shape;
  if (k >= 1) {
    if (k > DimValue(data->shape[axis]))
      c.Fail("k " + std::to_string(k) + " exceeds the axis extent " + std::to_string(DimValue(data->shape[axis])));
    shape[axis] = DimLike(data->shape[axis], k);
  }
  DataType idx = c.call->GetDType("dtype");
  if (idx.is_void()) c.Fail("dtype (of the indices) must be set");
  Type values = TensorType(shape, data->dtype), indices = TensorType(shape, idx);
  std::string ret = c.call->GetString("ret_type");
  if (ret == "both") return TupleType({values, indices});
  if (ret == "values") return values;
  if (ret == "indices") return indices;
  c.Fail("ret_type \"" + ret + "\" is not one of both, values, indices");
}

// scatter_nd: data (X_0..X_{N-1}), indices (M, Y_0..Y_{K-1}), updates (Y..., X_M..X_{N-1}).
Type ScatterNDRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  const TensorTypeNode* indices = c.Tensor(1);
  const TensorTypeNode* updates = c.Tensor(2);
  if (!indices->dtype.is_int() && !indices->dtype.is_uint()) c.Fail("indices must be a tensor of integers");
  if (indices->shape.empty()) c.Fail("indices must have at least one dimension (M, Y...)");
  int64_t m = DimValue(indices->shape[0]);
  size_t kdim = indices->shape.size() - 1, ndim = data->shape.size();
  if (m > static_cast<int64_t>(ndim)) c.Fail("indices.shape[0] (M) must be at most data's rank");
  if (updates->shape.size() != kdim + ndim - m)
    c.Fail("updates must have shape (Y_0..Y_{K-1}, X_M..X_{N-1}), rank " + std::to_string(kdim + ndim - m));
  for (size_t i = 0; i < kdim; ++i)
    if (DimValue(indices->shape[i + 1]) != DimValue(updates->shape[i]))
      c.Fail("updates dim " + std::to_string(i) + " differs from indices dim " + std::to_string(i + 1));
  for (size_t i = m; i < ndim; ++i)
    if (DimValue(data->shape[i]) != DimValue(updates->shape[kdim + i - m]))
      c.Fail("updates dim " + std::to_string(kdim + i - m) + " differs from data dim " + std::to_string(i));
  if (updates->dtype != data->dtype) c.Fail("updates dtype differs from data dtype");
  std::string mode = c.call->GetString("mode");
  if (mode != "update" && mode != "add" && mode != "mul" && mode != "min" && mode != "max")
    c.Fail("mode \"" + mode + "\" is not one of update, add, mul, min, max");
  return c.arg_types[0];
}

// scatter_elements: data, indices (integers, data's rank), updates (indices' shape, data's dtype).
Type ScatterElementsRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  const TensorTypeNode* indices = c.Tensor(1);
  const TensorTypeNode* updates = c.Tensor(2);
  if (!indices->dtype.is_int() && !indices->dtype.is_uint()) c.Fail("indices must be a tensor of integers");
  int64_t ndim = static_cast<int64_t>(data->shape.size());
  if (ndim == 0) c.Fail("data must have at least one dimension");
  int axis = NormalizeAxis(c, c.call->GetInt("axis"), ndim);
  if (static_cast<int64_t>(indices->shape.size()) != ndim) c.Fail("indices must have data's rank");
  if (updates->shape.size() != indices->shape.size()) c.Fail("updates must have indices' shape");
  for (int64_t i = 0; i < ndim; ++i) {
    if (DimValue(updates->shape[i]) != DimValue(indices->shape[i])) c.Fail("updates must have indices' shape");
    if (i != axis && DimValue(indices->shape[i]) > DimValue(data->shape[i]))
      c.Fail("indices dim " + std::to_string(i) + " exceeds data's");
  }
  if (updates->dtype != data->dtype) c.Fail("updates dtype differs from data dtype");
  std::string r = c.call->GetString("reduction");
  if (r != "update" && r != "add" && r != "mul" && r != "min" && r != "max")
    c.Fail("reduction \"" + r + "\" is not one of update, add, mul, min, max");
  return c.arg_types[0];
}

std::vector<Tensor> Cumsum(const Call& call, const std::vector<Tensor>& in, const Type& out) {
  Tensor x = in.at(0);
  int axis = 0;
  if (call->HasAttr("axis")) axis = static_cast<int>(call->GetInt("axis"));
  else x = topi::reshape(x, OutTensorType(call, out)->shape);
  return {topi::cumsum(x, axis, OutTensorType(call, out)->dtype, call->GetBool("exclusive"))};
}

std::vector<Tensor> TopK(const Call& call, const std::vector<Tensor>& in, const Type&) {
  const Tensor& x = in.at(0);
  int axis = static_cast<int>(call->GetInt("axis"));
  if (axis < 0) axis += static_cast<int>(x.ndim());
  int64_t k = call->GetInt("k");
  if (k < 1) k = DimValue(x->shape[axis]);
  std::vector<Tensor> both =
      topi::topk(x, static_cast<int>(k), axis, call->GetBool("is_ascend"), call->GetDType("dtype"));
  std::string ret = call->GetString("ret_type");
  if (ret == "values") return {both[0]};
  if (ret == "indices") return {both[1]};
  return both;
}

}  // namespace

TIRGEN_REGISTER_OPS(scan_sort) {
  RegisterOpInfo("trilu")
      .Attrs("relay.attrs.TriluAttrs", {Field("upper", AttrKind::kBool, AttrBool(true))})
      .Inputs(2).Pattern(kElemWise).Relation(TriluRel);
  RegisterOpInfo("cumsum")
      .Attrs("relay.attrs.ScanopAttrs", {Field("axis", AttrKind::kOptInt, ObjectRef()),
                                         Field("dtype", AttrKind::kDType, ObjectRef()),
                                         Field("exclusive", AttrKind::kBool, AttrBool(false))})
      .Inputs(1).Pattern(kOpaque).Relation(ScanopRel);
  RegisterOpInfo("topk")
      .Attrs("relay.attrs.TopkAttrs", {Required("k", AttrKind::kOptInt),
                                       Field("axis", AttrKind::kInt, AttrInt(-1)),
                                       Field("ret_type", AttrKind::kString, AttrStr("both")),
                                       Field("is_ascend", AttrKind::kBool, AttrBool(false)),
                                       Field("dtype", AttrKind::kDType, ObjectRef())})
      .Inputs(1).Pattern(kOpaque).Relation(TopKRel);
  RegisterOpInfo("scatter_nd")
      .Attrs("relay.attrs.ScatterNDAttrs", {Field("mode", AttrKind::kString, AttrStr("update"))})
      .Inputs(3).Pattern(kOpaque).Relation(ScatterNDRel);

  RegisterCompute("trilu", [](const Call& call, const std::vector<Tensor>& in, const Type&) {
    return std::vector<Tensor>{topi::trilu(in.at(0), in.at(1), call->GetBool("upper"))};
  });
  RegisterCompute("cumsum", Cumsum);
  RegisterCompute("topk", TopK);
  RegisterOpInfo("scatter_elements")
      .Attrs("relay.attrs.ScatterElementsAttrs", {Field("axis", AttrKind::kInt, AttrInt(0)),
                                                  Field("reduction", AttrKind::kString, AttrStr("update"))})
      .Inputs(3).Pattern(kOpaque).Relation(ScatterElementsRel);
  RegisterCompute("scatter_elements", [](const Call& call, const std::vector<Tensor>& in, const Type&) {
    int axis = static_cast<int>(call->GetInt("axis"));
    return std::vector<Tensor>{topi::scatter_elements(in.at(0), in.at(1), in.at(2), axis, call->GetString("reduction"))};
  });
  RegisterCompute("scatter_nd", [](const Call& call, const std::vector<Tensor>& in, const Type&) {
    return std::vector<Tensor>{topi::scatter_nd(in.at(0), in.at(1), in.at(2), call->GetString("mode"))};
  });
}

}  // namespace op
}  // namespace relay
}  // namespace tirgen

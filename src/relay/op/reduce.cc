// Reductions: sum, mean, max, min, prod, all, any (ReduceAttrs), argmax/argmin (int32
// indices), variance/std (data and its mean).
#include <algorithm>

#include "op_common.h"

namespace tirgen {
namespace relay {
namespace op {

std::vector<int> ReduceAxes(const TypeCall& c, int64_t ndim) {
  std::vector<int64_t> given = c.call->GetIntArray("axis");
  std::vector<int> axes;
  if (given.empty()) {  // None or []: every axis (exclude is ignored, as in TVM)
    for (int i = 0; i < ndim; ++i) axes.push_back(i);
    return axes;
  }
  for (int64_t a : given) axes.push_back(NormalizeAxis(c, a, ndim));
  std::sort(axes.begin(), axes.end());
  if (std::adjacent_find(axes.begin(), axes.end()) != axes.end())
    c.Fail("axis " + ListText(given) + " names an axis twice");
  if (!c.call->GetBool("exclude")) return axes;
  std::vector<int> rest;
  for (int i = 0; i < ndim; ++i)
    if (!std::binary_search(axes.begin(), axes.end(), i)) rest.push_back(i);
  return rest;
}

namespace {

Dims ReducedShape(const TypeCall& c, const TensorTypeNode* data) {
  int64_t ndim = static_cast<int64_t>(data->shape.size());
  std::vector<int> axes = ReduceAxes(c, ndim);
  bool keep = c.call->GetBool("keepdims");
  Dims out;
  for (int i = 0; i < ndim; ++i) {
    bool reduced = std::binary_search(axes.begin(), axes.end(), i);
    if (!reduced) out.push_back(data->shape[i]);
    else if (keep) out.push_back(DimLike(data->shape[i], 1));
  }
  return out;
}

Type ReduceRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  return TensorType(ReducedShape(c, data), data->dtype);
}

Type ArgReduceRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  return TensorType(ReducedShape(c, data), DataType::Int(32));
}

Type VarianceRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  const TensorTypeNode* mean = c.Tensor(1);
  if (mean->dtype != data->dtype)
    c.Fail("mean dtype " + mean->dtype.str() + " differs from data dtype " + data->dtype.str());
  return TensorType(ReducedShape(c, data), data->dtype);
}

std::vector<AttrSpec> ReduceFields(bool arg, bool variance) {
  std::vector<AttrSpec> a{Field("axis", AttrKind::kIntArray, ObjectRef()),
                          Field("keepdims", AttrKind::kBool, AttrBool(false))};
  if (arg) a.push_back(Field("select_last_index", AttrKind::kBool, AttrBool(false)));
  a.push_back(Field("exclude", AttrKind::kBool, AttrBool(false)));
  if (variance) a.push_back(Field("unbiased", AttrKind::kBool, AttrBool(false)));
  return a;
}

}  // namespace

TIRGEN_REGISTER_OPS(reduce) {
  for (const char* name : {"sum", "mean", "max", "min", "prod", "all", "any"})
    RegisterOpInfo(name)
        .Attrs("relay.attrs.ReduceAttrs", ReduceFields(false, false))
        .Inputs(1).Pattern(kCommReduce).Relation(ReduceRel);
  for (const char* name : {"argmax", "argmin"})
    RegisterOpInfo(name)
        .Attrs("relay.attrs.ArgReduceAttrs", ReduceFields(true, false))
        .Inputs(1).Pattern(kCommReduce).Relation(ArgReduceRel);
  for (const char* name : {"variance", "std"})
    RegisterOpInfo(name)
        .Attrs("relay.attrs.VarianceAttrs", ReduceFields(false, true))
        .Inputs(2).Pattern(kCommReduce).Relation(VarianceRel);
}

}  // namespace op
}  // namespace relay
}  // namespace tirgen

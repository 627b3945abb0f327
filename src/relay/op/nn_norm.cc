// Softmax-style and normalization ops: nn.softmax, nn.log_softmax, nn.batch_norm (a tuple:
// output, new mean, new variance), nn.layer_norm, nn.instance_norm, nn.group_norm,
// nn.l2_normalize, nn.lrn. (SimplifyInference expands the norms before fusion.)
#include "op_common.h"

namespace tirgen {
namespace relay {
namespace op {
namespace {

Type SoftmaxRel(const TypeCall& c) {
  const TensorTypeNode* t = c.Tensor(0);
  NormalizeAxis(c, c.call->GetInt("axis"), static_cast<int64_t>(t->shape.size()));
  return c.arg_types[0];
}

// Arguments 1.. must be vectors of the data's `axis` size and dtype.
int CheckChannelVectors(const TypeCall& c, const char* const* names, size_t n) {
  const TensorTypeNode* data = c.Tensor(0);
  int axis = NormalizeAxis(c, c.call->GetInt("axis"), static_cast<int64_t>(data->shape.size()));
  int64_t size = DimValue(data->shape[axis]);
  for (size_t i = 1; i <= n; ++i) {
    const TensorTypeNode* v = c.Tensor(i);
    if (v->shape.size() != 1 || DimValue(v->shape[0]) != size)
      c.Fail(std::string(names[i - 1]) + " shape " + ShapeText(v->shape) + " must be (" +
             std::to_string(size) + "), the size of data axis " + std::to_string(axis));
    if (v->dtype != data->dtype)
      c.Fail(std::string(names[i - 1]) + " dtype " + v->dtype.str() + " differs from data dtype " + data->dtype.str());
  }
  return axis;
}

Type BatchNormRel(const TypeCall& c) {
  static const char* const kNames[] = {"gamma", "beta", "moving_mean", "moving_var"};
  int axis = CheckChannelVectors(c, kNames, 4);
  const TensorTypeNode* data = c.Tensor(0);
  Type vec = TensorType(Dims{data->shape[axis]}, data->dtype);
  return TupleType({c.arg_types[0], vec, vec});
}

Type LayerNormRel(const TypeCall& c) {
  static const char* const kNames[] = {"gamma", "beta"};
  CheckChannelVectors(c, kNames, 2);
  return c.arg_types[0];
}

Type GroupNormRel(const TypeCall& c) {
  static const char* const kNames[] = {"gamma", "beta"};
  int axis = CheckChannelVectors(c, kNames, 2);
  int64_t groups = c.call->GetInt("num_groups");
  int64_t channels = DimValue(c.Tensor(0)->shape[axis]);
  if (groups <= 0 || channels % groups != 0)
    c.Fail("num_groups " + std::to_string(groups) + " must divide the " + std::to_string(channels) + " channels");
  return c.arg_types[0];
}

Type L2NormalizeRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  for (int64_t a : c.call->GetIntArray("axis")) NormalizeAxis(c, a, static_cast<int64_t>(data->shape.size()));
  return c.arg_types[0];
}

// TVM types nn.lrn with IdentityRel and leaves the checks to topi::nn::lrn (ICHECKs); they
// are type errors here.
Type LrnRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  if (data->shape.size() != 4) c.Fail("data must be 4-D, not " + ShapeText(data->shape));
  if (c.call->GetInt("size") % 2 != 1) c.Fail("size must be odd");
  int64_t axis = c.call->GetInt("axis");
  if (axis != 1 && axis != 3) c.Fail("axis must be 1 (NCHW) or 3 (NHWC)");
  if (!data->dtype.is_float()) c.Fail("data must be float, not " + data->dtype.str());
  return c.arg_types[0];
}

std::vector<AttrSpec> NormAttrs(int64_t axis) {
  return {Field("axis", AttrKind::kInt, AttrInt(axis)),
          Field("epsilon", AttrKind::kFloat, AttrFloat(1e-5)),
          Field("center", AttrKind::kBool, AttrBool(true)),
          Field("scale", AttrKind::kBool, AttrBool(true))};
}

}  // namespace

TIRGEN_REGISTER_OPS(nn_norm) {
  for (const char* name : {"nn.softmax", "nn.log_softmax", "nn.fast_softmax"})
    RegisterOpInfo(name)
        .Attrs("relay.attrs.SoftmaxAttrs", {Field("axis", AttrKind::kInt, AttrInt(-1))})
        .Inputs(1).Pattern(kOutEWiseFusable).Relation(SoftmaxRel);
  RegisterOpInfo("nn.batch_norm")
      .Attrs("relay.attrs.BatchNormAttrs", NormAttrs(1))
      .Inputs(5).Pattern(kOutEWiseFusable).Relation(BatchNormRel);
  // TVM registers no pattern for layer_norm: FuseOps reads kOpaque (SimplifyInference
  // decomposes it before fusion anyway).
  RegisterOpInfo("nn.layer_norm")
      .Attrs("relay.attrs.LayerNormAttrs", NormAttrs(-1))
      .Inputs(3).Pattern(kOpaque).Relation(LayerNormRel);
  RegisterOpInfo("nn.instance_norm")
      .Attrs("relay.attrs.InstanceNormAttrs", NormAttrs(1))
      .Inputs(3).Pattern(kOpaque).Relation(LayerNormRel);
  std::vector<AttrSpec> group_attrs = NormAttrs(1);
  group_attrs.insert(group_attrs.begin(), Field("num_groups", AttrKind::kInt, AttrInt(0)));
  RegisterOpInfo("nn.group_norm")
      .Attrs("relay.attrs.GroupNormAttrs", group_attrs)
      .Inputs(3).Pattern(kOpaque).Relation(GroupNormRel);
  RegisterOpInfo("nn.l2_normalize")
      .Attrs("relay.attrs.L2NormalizeAttrs",
             {Required("eps", AttrKind::kFloat), Required("axis", AttrKind::kIntArray)})
      .Inputs(1).Pattern(kOutEWiseFusable).Relation(L2NormalizeRel);
  RegisterOpInfo("nn.lrn")
      .Attrs("relay.attrs.LRNAttrs", {Field("size", AttrKind::kInt, AttrInt(5)),
                                      Field("axis", AttrKind::kInt, AttrInt(1)),
                                      Field("bias", AttrKind::kFloat, AttrFloat(2)),
                                      Field("alpha", AttrKind::kFloat, AttrFloat(0.0001)),
                                      Field("beta", AttrKind::kFloat, AttrFloat(0.75))})
      .Inputs(1).Pattern(kOpaque).Relation(LrnRel);
}

}  // namespace op
}  // namespace relay
}  // namespace tirgen

// nn.pad, nn.mirror_pad, nn.dilate, nn.batch_flatten, nn.prelu, nn.depth_to_space,
// nn.space_to_depth and nn.dropout (a tuple: output, mask).
#include "op_common.h"

namespace tirgen {
namespace relay {
namespace op {
namespace {

Type PadRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  const TensorTypeNode* value = c.Tensor(1);
  if (!value->shape.empty()) c.Fail("the pad value must be a scalar, not " + ShapeText(value->shape));
  std::vector<std::vector<int64_t>> width = c.call->GetIntArrayArray("pad_width");
  if (width.size() != data->shape.size())
    c.Fail("pad_width has " + std::to_string(width.size()) + " entries for a tensor of rank " +
           std::to_string(data->shape.size()));
  std::string mode = c.call->GetString("pad_mode");
  if (mode != "constant" && mode != "edge" && mode != "reflect")
    c.Fail("pad_mode must be \"constant\", \"edge\" or \"reflect\", not \"" + mode + "\"");
  Dims out;
  for (size_t i = 0; i < width.size(); ++i) {
    if (width[i].size() != 2) c.Fail("each pad_width entry must be [before, after]");
    if (width[i][0] < 0 || width[i][1] < 0) c.Fail("pad_width must not be negative");
    out.push_back(DimLike(data->shape[i], DimValue(data->shape[i]) + width[i][0] + width[i][1]));
  }
  return TensorType(std::move(out), data->dtype);
}

// TVM's MirrorPadRel: each dim grows by its pad pair (SYMMETRIC: pads up to the dim,
// REFLECT: below it, so the mirrored index stays inside).
Type MirrorPadRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  std::vector<std::vector<int64_t>> width = c.call->GetIntArrayArray("pad_width");
  if (width.size() != data->shape.size())
    c.Fail("pad_width has " + std::to_string(width.size()) + " entries for a tensor of rank " +
           std::to_string(data->shape.size()));
  std::string mode = c.call->GetString("mode");
  if (mode != "SYMMETRIC" && mode != "REFLECT") c.Fail("mode must be \"SYMMETRIC\" or \"REFLECT\", not \"" + mode + "\"");
  Dims out;
  for (size_t i = 0; i < width.size(); ++i) {
    if (width[i].size() != 2) c.Fail("each pad_width entry must be [before, after]");
    int64_t d = DimValue(data->shape[i]), limit = mode == "SYMMETRIC" ? d : d - 1;
    if (width[i][0] < 0 || width[i][1] < 0 || width[i][0] > limit || width[i][1] > limit)
      c.Fail("pad_width " + ListText(width[i]) + " must lie in [0, " + std::to_string(limit) + "] for a dim of " +
             std::to_string(d) + " in " + mode + " mode");
    out.push_back(DimLike(data->shape[i], d + width[i][0] + width[i][1]));
  }
  return TensorType(std::move(out), data->dtype);
}

Type DilateRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  std::vector<int64_t> strides = c.call->GetIntArray("strides");
  if (strides.size() != data->shape.size())
    c.Fail("strides has " + std::to_string(strides.size()) + " entries for a tensor of rank " +
           std::to_string(data->shape.size()));
  Dims out;
  for (size_t i = 0; i < strides.size(); ++i) {
    if (strides[i] <= 0) c.Fail("strides must be positive, not " + ListText(strides));
    out.push_back(DimLike(data->shape[i], (DimValue(data->shape[i]) - 1) * strides[i] + 1));
  }
  return TensorType(std::move(out), data->dtype);
}

Type BatchFlattenRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  if (data->shape.empty()) c.Fail("data must have at least one dimension");
  int64_t rest = 1;
  for (size_t i = 1; i < data->shape.size(); ++i) rest *= DimValue(data->shape[i]);
  return TensorType(Dims{data->shape[0], DimLike(data->shape[0], rest)}, data->dtype);
}

// TVM's PReluRel: alpha is one slope per element of data's `axis` (not normalized: a negative
// axis is rejected), the output has data's type.
Type PReluRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  const TensorTypeNode* alpha = c.Tensor(1);
  int64_t axis = c.call->GetInt("axis"), ndim = static_cast<int64_t>(data->shape.size());
  if (axis < 0 || axis >= ndim)
    c.Fail("axis " + std::to_string(axis) + " is out of range for a tensor of rank " + std::to_string(ndim));
  if (alpha->shape.size() != 1 || DimValue(alpha->shape[0]) != DimValue(data->shape[axis]) ||
      alpha->dtype != data->dtype)
    c.Fail("alpha must be a " + data->dtype.str() + " vector of " +
           std::to_string(DimValue(data->shape[axis])) + " slopes, not " + ShapeText(alpha->shape));
  return c.arg_types[0];
}

// TVM's DepthToSpaceRel / SpaceToDepthRel: channels trade places with block_size^2 spatial
// positions.
Type SubPixelRel(const TypeCall& c, bool to_space) {
  const TensorTypeNode* data = c.Tensor(0);
  if (data->shape.size() != 4) c.Fail("data must be 4-D, not " + ShapeText(data->shape));
  std::string layout = c.call->GetString("layout");
  if (layout != "NCHW" && layout != "NHWC") c.Fail("layout must be NCHW or NHWC, not \"" + layout + "\"");
  int64_t bs = c.call->GetInt("block_size");
  if (bs <= 0) c.Fail("block_size must be positive");
  if (to_space && c.call->GetString("mode") != "DCR" && c.call->GetString("mode") != "CDR")
    c.Fail("mode must be \"DCR\" or \"CDR\"");
  int ci = layout == "NHWC" ? 3 : 1, hi = layout == "NHWC" ? 1 : 2;
  Dims out = data->shape;
  int64_t ch = DimValue(out[ci]);
  if (to_space && ch % (bs * bs) != 0) c.Fail("channels must be a multiple of block_size^2");
  if (!to_space && (DimValue(out[hi]) % bs != 0 || DimValue(out[hi + 1]) % bs != 0))
    c.Fail("height and width must be multiples of block_size");
  out[ci] = DimLike(out[ci], to_space ? ch / (bs * bs) : ch * bs * bs);
  for (int k = hi; k < hi + 2; ++k)
    out[k] = DimLike(out[k], to_space ? DimValue(out[k]) * bs : DimValue(out[k]) / bs);
  return TensorType(std::move(out), data->dtype);
}

Type DropoutRel(const TypeCall& c) {
  c.Tensor(0);
  return TupleType({c.arg_types[0], c.arg_types[0]});
}

}  // namespace

TIRGEN_REGISTER_OPS(nn_misc) {
  RegisterOpInfo("nn.pad")
      .Attrs("relay.attrs.PadAttrs", {Required("pad_width", AttrKind::kIntArrayArray),
                                      Field("pad_mode", AttrKind::kString, AttrStr("constant"))})
      .Inputs(2).Pattern(kInjective).Relation(PadRel);
  RegisterOpInfo("nn.mirror_pad")
      .Attrs("relay.attrs.MirrorPadAttrs", {Field("mode", AttrKind::kString, AttrStr("SYMMETRIC")),
                                            Required("pad_width", AttrKind::kIntArrayArray)})
      .Inputs(1).Pattern(kInjective).Relation(MirrorPadRel);
  RegisterOpInfo("nn.dilate")
      .Attrs("relay.attrs.DilateAttrs", {Required("strides", AttrKind::kIntArray),
                                         Field("dilation_value", AttrKind::kFloat, AttrFloat(0.0))})
      .Inputs(1).Pattern(kInjective).Relation(DilateRel);
  RegisterOpInfo("nn.batch_flatten").Inputs(1).Pattern(kInjective).ReshapeOp().Relation(BatchFlattenRel);
  RegisterOpInfo("nn.prelu")
      .Attrs("relay.attrs.PReluAttrs", {Field("axis", AttrKind::kInt, AttrInt(1))})
      .Inputs(2).Pattern(kBroadcast).Relation(PReluRel);
  // TVM's SubPixelAttrs, shared by both ops (space_to_depth ignores mode).
  std::vector<AttrSpec> sub_pixel{Required("block_size", AttrKind::kInt),
                                  Field("layout", AttrKind::kString, AttrStr("NCHW")),
                                  Field("mode", AttrKind::kString, AttrStr("DCR"))};
  RegisterOpInfo("nn.depth_to_space")
      .Attrs("relay.attrs.SubPixelAttrs", sub_pixel)
      .Inputs(1).Pattern(kInjective).Relation([](const TypeCall& c) { return SubPixelRel(c, true); });
  RegisterOpInfo("nn.space_to_depth")
      .Attrs("relay.attrs.SubPixelAttrs", sub_pixel)
      .Inputs(1).Pattern(kInjective).Relation([](const TypeCall& c) { return SubPixelRel(c, false); });
  RegisterOpInfo("nn.dropout")
      .Attrs("relay.attrs.DropoutAttrs", {Field("rate", AttrKind::kFloat, AttrFloat(0.5))})
      .Inputs(1).Pattern(kOpaque).Stateful().Relation(DropoutRel);
}

}  // namespace op
}  // namespace relay
}  // namespace tirgen

// nn.conv1d, nn.conv1d_transpose, nn.conv2d, nn.conv2d_transpose, nn.conv3d and
// nn.conv3d_transpose: shapes in any permutation of NC + spatial (data) and OI / IO + spatial
// (weight); the weight must be typed (tirgen does not infer weights from channels/kernel_size,
// but checks them against it).
#include <algorithm>

#include "op_common.h"

namespace tirgen {
namespace relay {
namespace op {

std::vector<AttrSpec> ConvAttrs(bool transpose) {
  std::vector<AttrSpec> a;
  auto spatial = [&] {
    a.push_back(Field("strides", AttrKind::kIntArray, AttrInts({1, 1})));
    if (transpose) a.push_back(Field("output_padding", AttrKind::kIntArray, AttrInts({0, 0})));
    a.push_back(Field("padding", AttrKind::kIntArray, AttrInts({0, 0})));
    a.push_back(Field("dilation", AttrKind::kIntArray, AttrInts({1, 1})));
    a.push_back(Field("groups", AttrKind::kInt, AttrInt(1)));
  };
  auto sizes = [&] {
    a.push_back(Field("channels", AttrKind::kOptInt, ObjectRef()));
    a.push_back(Field("kernel_size", AttrKind::kIntArray, ObjectRef()));
  };
  if (transpose) {  // TVM declares channels/kernel_size first for the transpose
    sizes();
    spatial();
  } else {
    spatial();
    sizes();
  }
  a.push_back(Field("data_layout", AttrKind::kString, AttrStr("NCHW")));
  a.push_back(Field("kernel_layout", AttrKind::kString, AttrStr(transpose ? "IOHW" : "OIHW")));
  a.push_back(Field("out_layout", AttrKind::kString, AttrStr("")));
  a.push_back(Field("out_dtype", AttrKind::kDType, ObjectRef()));
  return a;
}

namespace {

struct ConvParams {
  std::vector<int64_t> strides, padding, dilation;
  int64_t groups;
  int64_t pad_h, pad_w;
};

ConvParams ReadParams(const TypeCall& c) {
  ConvParams p;
  p.strides = c.call->GetIntArray("strides");
  p.padding = c.call->GetIntArray("padding");
  p.dilation = c.call->GetIntArray("dilation");
  p.groups = c.call->GetInt("groups");
  if (p.strides.size() != 2) c.Fail("strides must have 2 elements, not " + std::to_string(p.strides.size()));
  if (p.dilation.size() != 2) c.Fail("dilation must have 2 elements, not " + std::to_string(p.dilation.size()));
  for (int64_t s : p.strides)
    if (s <= 0) c.Fail("strides must be positive, not " + ListText(p.strides));
  for (int64_t d : p.dilation)
    if (d <= 0) c.Fail("dilation must be positive, not " + ListText(p.dilation));
  if (p.groups <= 0) c.Fail("groups must be positive, not " + std::to_string(p.groups));
  auto pads = PadHW(c, p.padding);
  p.pad_h = pads.first;
  p.pad_w = pads.second;
  return p;
}

// Output shape/dtype in the out layout from NCHW-ordered dims.
Type Finish(const TypeCall& c, const TensorTypeNode* data, const TensorTypeNode* weight,
            const std::vector<int>& didx, Dims nchw) {
  std::string out_layout = c.call->GetString("out_layout");
  if (out_layout.empty()) out_layout = c.call->GetString("data_layout");
  std::vector<int> oidx = LayoutIndex(c, out_layout, "NCHW", "out_layout");
  Dims out(4);
  for (int k = 0; k < 4; ++k) out[oidx[k]] = nchw[k];
  DataType dt = c.call->GetDType("out_dtype");
  if (dt.is_void()) dt = data->dtype;
  (void)weight;
  (void)didx;
  return TensorType(std::move(out), dt);
}

Type Conv2DRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  const TensorTypeNode* weight = c.Tensor(1);
  if (data->shape.size() != 4) c.Fail("data must be 4-D, not " + ShapeText(data->shape));
  if (weight->shape.size() != 4) c.Fail("weight must be 4-D, not " + ShapeText(weight->shape));
  std::vector<int> didx = LayoutIndex(c, c.call->GetString("data_layout"), "NCHW", "data_layout");
  std::vector<int> widx = LayoutIndex(c, c.call->GetString("kernel_layout"), "OIHW", "kernel_layout");
  ConvParams p = ReadParams(c);
  int64_t n = DimValue(data->shape[didx[0]]), ch = DimValue(data->shape[didx[1]]);
  int64_t h = DimValue(data->shape[didx[2]]), w = DimValue(data->shape[didx[3]]);
  int64_t wo = DimValue(weight->shape[widx[0]]), wi = DimValue(weight->shape[widx[1]]);
  int64_t kh = DimValue(weight->shape[widx[2]]), kw = DimValue(weight->shape[widx[3]]);
  (void)n;
  // Depthwise (groups == channels == weight O): TVM expects an OIHW weight (C, channels/C, kh, kw).
  bool depthwise = p.groups > 1 && p.groups == ch && p.groups == wo;
  if (!depthwise && wi * p.groups != ch)
    c.Fail("input channels " + std::to_string(ch) + " do not match weight in_channels*groups " +
           std::to_string(wi * p.groups));
  tir::PrimExpr channels_dim = weight->shape[widx[0]];
  if (c.call->HasAttr("kernel_size")) {
    std::vector<int64_t> ks = c.call->GetIntArray("kernel_size");
    if (ks.size() != 2) c.Fail("kernel_size must have 2 elements, not " + std::to_string(ks.size()));
    if (ks[0] != kh || ks[1] != kw)
      c.Fail("kernel_size=" + ListText(ks) + " does not match the weight's kernel " + ListText({kh, kw}));
  }
  if (c.call->HasAttr("channels")) {
    int64_t channels = c.call->GetInt("channels");
    bool fits = depthwise ? wi * ch == channels : channels == wo;
    if (!fits)
      c.Fail("channels=" + std::to_string(channels) + " does not match the weight shape " +
             ShapeText(weight->shape) + (depthwise ? " (depthwise: in_channels*multiplier)" : ""));
    channels_dim = DimLike(weight->shape[widx[0]], channels);
  } else if (depthwise && wi != 1) {
    c.Fail("input channels " + std::to_string(ch) + " divided by groups " + std::to_string(p.groups) +
           " do not match the weight's in_channels " + std::to_string(wi));
  }
  int64_t dkh = 1 + (kh - 1) * p.dilation[0], dkw = 1 + (kw - 1) * p.dilation[1];
  int64_t oh = (h + p.pad_h - dkh) / p.strides[0] + 1;
  int64_t ow = (w + p.pad_w - dkw) / p.strides[1] + 1;
  if (h + p.pad_h < dkh || w + p.pad_w < dkw || oh <= 0 || ow <= 0)
    c.Fail("the (dilated) kernel " + ListText({dkh, dkw}) + " is larger than the padded input " +
           ListText({h + p.pad_h, w + p.pad_w}));
  Dims nchw{data->shape[didx[0]], channels_dim, DimLike(data->shape[didx[2]], oh),
            DimLike(data->shape[didx[3]], ow)};
  return Finish(c, data, weight, didx, std::move(nchw));
}

Type Conv2DTransposeRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  const TensorTypeNode* weight = c.Tensor(1);
  if (data->shape.size() != 4) c.Fail("data must be 4-D, not " + ShapeText(data->shape));
  if (weight->shape.size() != 4) c.Fail("weight must be 4-D, not " + ShapeText(weight->shape));
  std::vector<int> didx = LayoutIndex(c, c.call->GetString("data_layout"), "NCHW", "data_layout");
  std::vector<int> widx = LayoutIndex(c, c.call->GetString("kernel_layout"), "IOHW", "kernel_layout");
  ConvParams p = ReadParams(c);
  std::vector<int64_t> opad = c.call->GetIntArray("output_padding");
  if (opad.size() != 2) c.Fail("output_padding must have 2 elements, not " + std::to_string(opad.size()));
  int64_t ch = DimValue(data->shape[didx[1]]);
  int64_t h = DimValue(data->shape[didx[2]]), w = DimValue(data->shape[didx[3]]);
  int64_t wi = DimValue(weight->shape[widx[0]]), wo = DimValue(weight->shape[widx[1]]);
  int64_t kh = DimValue(weight->shape[widx[2]]), kw = DimValue(weight->shape[widx[3]]);
  if (wi != ch)
    c.Fail("input channels " + std::to_string(ch) + " do not match the weight's in_channels " + std::to_string(wi));
  int64_t channels = wo * p.groups;
  if (c.call->HasAttr("channels") && c.call->GetInt("channels") != channels)
    c.Fail("channels=" + std::to_string(c.call->GetInt("channels")) +
           " does not match the weight's out_channels*groups " + std::to_string(channels));
  if (c.call->HasAttr("kernel_size")) {
    std::vector<int64_t> ks = c.call->GetIntArray("kernel_size");
    if (ks.size() != 2 || ks[0] != kh || ks[1] != kw)
      c.Fail("kernel_size=" + ListText(ks) + " does not match the weight's kernel " + ListText({kh, kw}));
  }
  int64_t dkh = 1 + (kh - 1) * p.dilation[0], dkw = 1 + (kw - 1) * p.dilation[1];
  int64_t oh = (h - 1) * p.strides[0] + dkh - p.pad_h + opad[0];
  int64_t ow = (w - 1) * p.strides[1] + dkw - p.pad_w + opad[1];
  if (oh <= 0 || ow <= 0) c.Fail("the output would be empty");
  Dims nchw{data->shape[didx[0]], DimLike(weight->shape[widx[1]], channels),
            DimLike(data->shape[didx[2]], oh), DimLike(data->shape[didx[3]], ow)};
  return Finish(c, data, weight, didx, std::move(nchw));
}

// What the 1-d and 3-d relations read: data and weight of the canonical ranks, their layout
// positions, one stride and dilation per spatial dim, padding per dim (both sides) or
// {begins..., ends...}.
struct ConvNDParams {
  const TensorTypeNode *data, *weight;
  std::vector<int> didx, widx;  // positions of data_canon's / kernel_canon's letters
  std::vector<int64_t> strides, dilation, pad_begin, pad_end;
};
ConvNDParams ReadND(const TypeCall& c, const std::string& data_canon, const std::string& kernel_canon) {
  ConvNDParams p;
  const size_t nd = data_canon.size(), dim = nd - 2;
  p.data = c.Tensor(0);
  p.weight = c.Tensor(1);
  if (p.data->shape.size() != nd) c.Fail("data must be " + std::to_string(nd) + "-D, not " + ShapeText(p.data->shape));
  if (p.weight->shape.size() != nd)
    c.Fail("weight must be " + std::to_string(nd) + "-D, not " + ShapeText(p.weight->shape));
  p.didx = LayoutIndex(c, c.call->GetString("data_layout"), data_canon, "data_layout");
  p.widx = LayoutIndex(c, c.call->GetString("kernel_layout"), kernel_canon, "kernel_layout");
  p.strides = c.call->GetIntArray("strides");
  p.dilation = c.call->GetIntArray("dilation");
  std::vector<int64_t> padding = c.call->GetIntArray("padding");
  std::string n = std::to_string(dim);
  for (const auto* v : {&p.strides, &p.dilation})
    if (v->size() != dim || *std::min_element(v->begin(), v->end()) <= 0)
      c.Fail("strides and dilation must be " + n + " positive values, not " + ListText(*v));
  if (padding.size() == dim) padding.insert(padding.end(), padding.begin(), padding.end());
  if (padding.size() != 2 * dim) c.Fail("padding must have " + n + " or " + std::to_string(2 * dim) + " elements");
  p.pad_begin.assign(padding.begin(), padding.begin() + dim);
  p.pad_end.assign(padding.begin() + dim, padding.end());
  return p;
}

// The canonically ordered result (`canon`, e.g. NCW) in the out layout (data_layout when
// unset), out_dtype or data's.
Type FinishND(const TypeCall& c, const TensorTypeNode* data, const Dims& dims, const std::string& canon) {
  std::string out_layout = c.call->GetString("out_layout");
  std::vector<int> oidx = LayoutIndex(c, out_layout.empty() ? c.call->GetString("data_layout") : out_layout,
                                      canon, "out_layout");
  Dims out(canon.size());
  for (size_t i = 0; i < canon.size(); ++i) out[oidx[i]] = dims[i];
  DataType dt = c.call->GetDType("out_dtype");
  return TensorType(std::move(out), dt.is_void() ? data->dtype : dt);
}

// TVM's Conv1DRel / Conv3DRel: data any permutation of `data_canon` (NCW, NCDHW), weight of
// `kernel_canon` (OIW, OIDHW) with in_channels / groups inputs.
Type ConvNDRel(const TypeCall& c, const std::string& data_canon, const std::string& kernel_canon) {
  ConvNDParams p = ReadND(c, data_canon, kernel_canon);
  const TensorTypeNode *data = p.data, *weight = p.weight;
  const std::vector<int>&didx = p.didx, &widx = p.widx;
  const size_t dim = data_canon.size() - 2;
  int64_t groups = c.call->GetInt("groups");
  if (groups <= 0) c.Fail("groups must be positive");
  int64_t ch = DimValue(data->shape[didx[1]]);
  int64_t wo = DimValue(weight->shape[widx[0]]), wi = DimValue(weight->shape[widx[1]]);
  if (wi * groups != ch)
    c.Fail("input channels " + std::to_string(ch) + " do not match the weight's in_channels*groups " +
           std::to_string(wi * groups));
  if (c.call->HasAttr("channels") && c.call->GetInt("channels") != wo)
    c.Fail("channels=" + std::to_string(c.call->GetInt("channels")) + " does not match the weight shape " +
           ShapeText(weight->shape));
  std::vector<int64_t> ks;
  for (size_t i = 0; i < dim; ++i) ks.push_back(DimValue(weight->shape[widx[2 + i]]));
  if (c.call->HasAttr("kernel_size") && c.call->GetIntArray("kernel_size") != ks)
    c.Fail("kernel_size=" + ListText(c.call->GetIntArray("kernel_size")) + " does not match the weight's kernel " +
           ListText(ks));
  Dims dims{data->shape[didx[0]], weight->shape[widx[0]]};
  for (size_t i = 0; i < dim; ++i) {
    int64_t dk = 1 + (ks[i] - 1) * p.dilation[i];
    int64_t padded = DimValue(data->shape[didx[2 + i]]) + p.pad_begin[i] + p.pad_end[i];
    if (padded < dk)
      c.Fail("the (dilated) kernel " + std::to_string(dk) + " is larger than the padded input " + std::to_string(padded));
    dims.push_back(DimLike(data->shape[didx[2 + i]], (padded - dk) / p.strides[i] + 1));
  }
  return FinishND(c, data, dims, data_canon);
}

// TVM's Conv1DTransposeRel / Conv3DTransposeRel (data any permutation of `data_canon`,
// weight of `kernel_canon`, IOW / IODHW): each spatial dim stride * (n - 1) + dilated kernel
// - padding + output_padding; channels the weight's O * groups.
Type ConvTransposeNDRel(const TypeCall& c, const std::string& data_canon, const std::string& kernel_canon) {
  ConvNDParams p = ReadND(c, data_canon, kernel_canon);
  const TensorTypeNode *data = p.data, *weight = p.weight;
  const std::vector<int>&didx = p.didx, &widx = p.widx;
  const size_t dim = data_canon.size() - 2;
  std::vector<int64_t> opad = c.call->GetIntArray("output_padding");
  if (opad.size() != dim) c.Fail("output_padding must have " + std::to_string(dim) + " elements, not " + std::to_string(opad.size()));
  int64_t groups = c.call->GetInt("groups");
  int64_t ch = DimValue(data->shape[didx[1]]);
  int64_t wi = DimValue(weight->shape[widx[0]]), wo = DimValue(weight->shape[widx[1]]);
  if (wi != ch) c.Fail("input channels " + std::to_string(ch) + " do not match the weight's " + std::to_string(wi));
  if (c.call->HasAttr("channels") && c.call->GetInt("channels") != wo * groups)
    c.Fail("channels=" + std::to_string(c.call->GetInt("channels")) + " does not match the weight's out_channels*groups " +
           std::to_string(wo * groups));
  Dims dims{data->shape[didx[0]], weight->shape[widx[1]]};
  for (size_t i = 0; i < dim; ++i) {
    int64_t n = DimValue(data->shape[didx[2 + i]]), k = DimValue(weight->shape[widx[2 + i]]);
    int64_t o = p.strides[i] * (n - 1) + 1 + (k - 1) * p.dilation[i] - p.pad_begin[i] - p.pad_end[i] + opad[i];
    if (o <= 0) c.Fail("the output would be empty");
    dims.push_back(DimLike(data->shape[didx[2 + i]], o));
  }
  return FinishND(c, data, dims, data_canon);
}

}  // namespace

TIRGEN_REGISTER_OPS(nn_conv) {
  RegisterOpInfo("nn.conv1d_transpose")
      .Attrs("relay.attrs.Conv1DTransposeAttrs",
             {Field("channels", AttrKind::kOptInt, ObjectRef()),
              Field("kernel_size", AttrKind::kIntArray, ObjectRef()),
              Field("strides", AttrKind::kIntArray, AttrInts({1})),
              Field("output_padding", AttrKind::kIntArray, AttrInts({0})),
              Field("padding", AttrKind::kIntArray, AttrInts({0})),
              Field("dilation", AttrKind::kIntArray, AttrInts({1})),
              Field("groups", AttrKind::kInt, AttrInt(1)),
              Field("data_layout", AttrKind::kString, AttrStr("NCW")),
              Field("kernel_layout", AttrKind::kString, AttrStr("IOW")),
              Field("out_layout", AttrKind::kString, AttrStr("")),
              Field("out_dtype", AttrKind::kDType, ObjectRef())})
      .Inputs(2).Pattern(kOutEWiseFusable).Relation([](const TypeCall& c) { return ConvTransposeNDRel(c, "NCW", "IOW"); });
  RegisterOpInfo("nn.conv3d_transpose")
      .Attrs("relay.attrs.Conv3DTransposeAttrs",
             {Field("channels", AttrKind::kOptInt, ObjectRef()),
              Field("kernel_size", AttrKind::kIntArray, ObjectRef()),
              Field("strides", AttrKind::kIntArray, AttrInts({1, 1, 1})),
              Field("output_padding", AttrKind::kIntArray, AttrInts({0, 0, 0})),
              Field("padding", AttrKind::kIntArray, AttrInts({0, 0, 0})),
              Field("dilation", AttrKind::kIntArray, AttrInts({1, 1, 1})),
              Field("groups", AttrKind::kInt, AttrInt(1)),
              Field("data_layout", AttrKind::kString, AttrStr("NCDHW")),
              Field("kernel_layout", AttrKind::kString, AttrStr("IODHW")),
              Field("out_layout", AttrKind::kString, AttrStr("")),
              Field("out_dtype", AttrKind::kDType, ObjectRef())})
      .Inputs(2).Pattern(kOutEWiseFusable).Relation([](const TypeCall& c) { return ConvTransposeNDRel(c, "NCDHW", "IODHW"); });
  RegisterOpInfo("nn.conv1d")
      .Attrs("relay.attrs.Conv1DAttrs",
             {Field("strides", AttrKind::kIntArray, AttrInts({1})),
              Field("padding", AttrKind::kIntArray, AttrInts({0, 0})),
              Field("dilation", AttrKind::kIntArray, AttrInts({1})),
              Field("groups", AttrKind::kInt, AttrInt(1)),
              Field("channels", AttrKind::kOptInt, ObjectRef()),
              Field("kernel_size", AttrKind::kIntArray, ObjectRef()),
              Field("data_layout", AttrKind::kString, AttrStr("NCW")),
              Field("kernel_layout", AttrKind::kString, AttrStr("OIW")),
              Field("out_layout", AttrKind::kString, AttrStr("")),
              Field("out_dtype", AttrKind::kDType, ObjectRef())})
      .Inputs(2).Pattern(kOutEWiseFusable).Relation([](const TypeCall& c) { return ConvNDRel(c, "NCW", "OIW"); });
  RegisterOpInfo("nn.conv3d")
      .Attrs("relay.attrs.Conv3DAttrs",
             {Field("strides", AttrKind::kIntArray, AttrInts({1, 1, 1})),
              Field("padding", AttrKind::kIntArray, AttrInts({0, 0, 0})),
              Field("dilation", AttrKind::kIntArray, AttrInts({1, 1, 1})),
              Field("groups", AttrKind::kInt, AttrInt(1)),
              Field("channels", AttrKind::kOptInt, ObjectRef()),
              Field("kernel_size", AttrKind::kIntArray, ObjectRef()),
              Field("data_layout", AttrKind::kString, AttrStr("NCDHW")),
              Field("kernel_layout", AttrKind::kString, AttrStr("OIDHW")),
              Field("out_layout", AttrKind::kString, AttrStr("")),
              Field("out_dtype", AttrKind::kDType, ObjectRef())})
      .Inputs(2).Pattern(kOutEWiseFusable).Relation([](const TypeCall& c) { return ConvNDRel(c, "NCDHW", "OIDHW"); });
  RegisterOpInfo("nn.conv2d")
      .Attrs("relay.attrs.Conv2DAttrs", ConvAttrs(false))
      .Inputs(2).Pattern(kOutEWiseFusable).Relation(Conv2DRel);
  RegisterOpInfo("nn.conv2d_transpose")
      .Attrs("relay.attrs.Conv2DTransposeAttrs", ConvAttrs(true))
      .Inputs(2).Pattern(kOutEWiseFusable).Relation(Conv2DTransposeRel);
}

}  // namespace op
}  // namespace relay
}  // namespace tirgen

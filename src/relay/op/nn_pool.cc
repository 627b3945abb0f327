// Pooling: 2-d max/avg (windows), global max/avg, adaptive avg/max; 1-d max/avg (windows) and
// adaptive avg/max; 3-d max/avg (windows) and adaptive avg/max.
#include <algorithm>

#include "op_common.h"

namespace tirgen {
namespace relay {
namespace op {
namespace {

// TVM's Max/AvgPool{1,2,3}DAttrs (defaults with one entry per pooled dim).
std::vector<AttrSpec> PoolAttrs(bool avg, int dims = 2) {
  std::vector<int64_t> ones(dims, 1), zeros(dims, 0);
  const char* layout = dims == 1 ? "NCW" : dims == 2 ? "NCHW" : "NCDHW";
  std::vector<AttrSpec> a{Required("pool_size", AttrKind::kIntArray),
                          Field("strides", AttrKind::kIntArray, AttrInts(ones)),
                          Field("dilation", AttrKind::kIntArray, AttrInts(ones)),
                          Field("padding", AttrKind::kIntArray, AttrInts(zeros)),
                          Field("layout", AttrKind::kString, AttrStr(layout)),
                          Field("out_layout", AttrKind::kString, AttrStr("")),
                          Field("ceil_mode", AttrKind::kBool, AttrBool(false))};
  if (avg) a.push_back(Field("count_include_pad", AttrKind::kBool, AttrBool(false)));
  return a;
}

const TensorTypeNode* Data4D(const TypeCall& c, std::vector<int>* idx) {
  const TensorTypeNode* data = c.Tensor(0);
  if (data->shape.size() != 4) c.Fail("data must be 4-D, not " + ShapeText(data->shape));
  *idx = LayoutIndex(c, c.call->GetString("layout"), "NCHW", "layout");
  return data;
}

// 3-d padding as {front, top, left, back, bottom, right} from 1, 3 or 6 values (TVM's
// Pool3DCompute).
std::vector<int64_t> Pad3DSides(const TypeCall& c, std::vector<int64_t> p) {
  if (p.size() == 1) p.assign(6, p[0]);
  if (p.size() == 3) p.insert(p.end(), p.begin(), p.end());
  if (p.size() != 6) c.Fail("padding must have 1, 3 or 6 elements, not " + std::to_string(p.size()));
  return p;
}

// Pairs given as 1 or 2 values.
std::vector<int64_t> Pair(const TypeCall& c, const char* name) {
  std::vector<int64_t> v = c.call->GetIntArray(name);
  if (v.size() == 1) v.push_back(v[0]);
  if (v.size() != 2) c.Fail(std::string(name) + " must have 1 or 2 elements, not " + std::to_string(v.size()));
  for (int64_t x : v)
    if (x <= 0) c.Fail(std::string(name) + " must be positive, not " + ListText(v));
  return v;
}

Type Pool2DRel(const TypeCall& c) {
  std::vector<int> idx;
  const TensorTypeNode* data = Data4D(c, &idx);
  std::vector<int64_t> pool = Pair(c, "pool_size"), strides = Pair(c, "strides"),
                       dilation = Pair(c, "dilation");
  auto pad = PadHW(c, c.call->GetIntArray("padding"));
  bool ceil = c.call->GetBool("ceil_mode");
  Dims out = data->shape;
  int64_t pads[2] = {pad.first, pad.second};
  for (int k = 0; k < 2; ++k) {
    const tir::PrimExpr& d = data->shape[idx[2 + k]];
    int64_t dk = dilation[k] * (pool[k] - 1) + 1;
    int64_t span = DimValue(d) + pads[k] - dk;
    if (span < 0)
      c.Fail("the pooling window " + ListText(pool) + " is larger than the padded input");
    int64_t o = (ceil ? (span + strides[k] - 1) / strides[k] : span / strides[k]) + 1;
    out[idx[2 + k]] = DimLike(d, o);
  }
  return TensorType(std::move(out), data->dtype);
}

Type GlobalPool2DRel(const TypeCall& c) {
  std::vector<int> idx;
  const TensorTypeNode* data = Data4D(c, &idx);
  Dims out = data->shape;
  out[idx[2]] = DimLike(out[idx[2]], 1);
  out[idx[3]] = DimLike(out[idx[3]], 1);
  return TensorType(std::move(out), data->dtype);
}

Type AdaptivePool2DRel(const TypeCall& c) {
  std::vector<int> idx;
  const TensorTypeNode* data = Data4D(c, &idx);
  std::vector<int64_t> size = c.call->GetIntArray("output_size");
  if (size.size() > 2) c.Fail("output_size can have up to 2 elements");
  Dims out = data->shape;
  if (size.size() == 1) size.push_back(size[0]);
  if (size.size() == 2) {
    out[idx[2]] = Dim(size[0]);
    out[idx[3]] = Dim(size[1]);
  }
  return TensorType(std::move(out), data->dtype);
}

// TVM's Pool1DRel: the W axis of a permutation of NCW; padding {p} or {left, right}.
Type Pool1DRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  if (data->shape.size() != 3) c.Fail("data must be 3-D, not " + ShapeText(data->shape));
  std::vector<int> idx = LayoutIndex(c, c.call->GetString("layout"), "NCW", "layout");
  std::vector<int64_t> pool = c.call->GetIntArray("pool_size"), strides = c.call->GetIntArray("strides"),
                       dilation = c.call->GetIntArray("dilation"), padding = c.call->GetIntArray("padding");
  for (const auto* v : {&pool, &strides, &dilation})
    if (v->size() != 1 || (*v)[0] <= 0) c.Fail("pool_size, strides and dilation must be one positive value each");
  if (padding.size() == 1) padding.push_back(padding[0]);
  if (padding.size() != 2) c.Fail("padding must have 1 or 2 elements, not " + std::to_string(padding.size()));
  const tir::PrimExpr& d = data->shape[idx[2]];
  int64_t span = DimValue(d) + padding[0] + padding[1] - (dilation[0] * (pool[0] - 1) + 1);
  if (span < 0) c.Fail("the pooling window " + ListText(pool) + " is larger than the padded input");
  Dims out = data->shape;
  out[idx[2]] = DimLike(d, (c.call->GetBool("ceil_mode") ? (span + strides[0] - 1) / strides[0] : span / strides[0]) + 1);
  return TensorType(std::move(out), data->dtype);
}

// TVM's AdaptivePool1DRel: W becomes output_size[0] (kept when output_size is empty).
Type AdaptivePool1DRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  if (data->shape.size() != 3) c.Fail("data must be 3-D, not " + ShapeText(data->shape));
  std::vector<int> idx = LayoutIndex(c, c.call->GetString("layout"), "NCW", "layout");
  std::vector<int64_t> size = c.call->GetIntArray("output_size");
  if (size.size() > 1) c.Fail("output_size can have at most 1 element");
  Dims out = data->shape;
  if (size.size() == 1) {
    if (size[0] <= 0) c.Fail("output_size must be positive");
    out[idx[2]] = Dim(size[0]);
  }
  return TensorType(std::move(out), data->dtype);
}

// TVM's Pool3DRel: D, H, W of a permutation of NCDHW; padding of 1, 3 or 6 values.
Type Pool3DRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  if (data->shape.size() != 5) c.Fail("data must be 5-D, not " + ShapeText(data->shape));
  std::vector<int> idx = LayoutIndex(c, c.call->GetString("layout"), "NCDHW", "layout");
  std::vector<int64_t> pool = c.call->GetIntArray("pool_size"), strides = c.call->GetIntArray("strides"),
                       dilation = c.call->GetIntArray("dilation");
  std::vector<int64_t> padding = Pad3DSides(c, c.call->GetIntArray("padding"));
  for (const auto* v : {&pool, &strides, &dilation})
    if (v->size() != 3 || *std::min_element(v->begin(), v->end()) <= 0)
      c.Fail("pool_size, strides and dilation must be 3 positive values each");
  bool ceil = c.call->GetBool("ceil_mode");
  Dims out = data->shape;
  for (int k = 0; k < 3; ++k) {
    const tir::PrimExpr& d = data->shape[idx[2 + k]];
    int64_t span = DimValue(d) + padding[k] + padding[k + 3] - (dilation[k] * (pool[k] - 1) + 1);
    if (span < 0) c.Fail("the pooling window " + ListText(pool) + " is larger than the padded input");
    out[idx[2 + k]] = DimLike(d, (ceil ? (span + strides[k] - 1) / strides[k] : span / strides[k]) + 1);
  }
  return TensorType(std::move(out), data->dtype);
}

// TVM's AdaptivePool3DRel: D, H, W become output_size (1 value: all three; empty: kept).
Type AdaptivePool3DRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  if (data->shape.size() != 5) c.Fail("data must be 5-D, not " + ShapeText(data->shape));
  std::vector<int> idx = LayoutIndex(c, c.call->GetString("layout"), "NCDHW", "layout");
  std::vector<int64_t> size = c.call->GetIntArray("output_size");
  if (size.size() == 1) size.assign(3, size[0]);
  if (!size.empty() && size.size() != 3) c.Fail("output_size must have 1 or 3 elements");
  Dims out = data->shape;
  for (size_t k = 0; k < size.size(); ++k) {
    if (size[k] <= 0) c.Fail("output_size must be positive");
    out[idx[2 + k]] = Dim(size[k]);
  }
  return TensorType(std::move(out), data->dtype);
}

std::vector<AttrSpec> GlobalAttrs() {
  return {Field("layout", AttrKind::kString, AttrStr("NCHW")),
          Field("out_layout", AttrKind::kString, AttrStr(""))};
}
std::vector<AttrSpec> AdaptiveAttrs(const char* layout = "NCHW") {
  return {Field("output_size", AttrKind::kIntArray, AttrInts({})),
          Field("layout", AttrKind::kString, AttrStr(layout)),
          Field("out_layout", AttrKind::kString, AttrStr(""))};
}

}  // namespace

TIRGEN_REGISTER_OPS(nn_pool) {
  RegisterOpInfo("nn.max_pool2d")
      .Attrs("relay.attrs.MaxPool2DAttrs", PoolAttrs(false))
      .Inputs(1).Pattern(kOutEWiseFusable).Relation(Pool2DRel);
  RegisterOpInfo("nn.avg_pool2d")
      .Attrs("relay.attrs.AvgPool2DAttrs", PoolAttrs(true))
      .Inputs(1).Pattern(kOutEWiseFusable).Relation(Pool2DRel);
  RegisterOpInfo("nn.max_pool1d")
      .Attrs("relay.attrs.MaxPool1DAttrs", PoolAttrs(false, 1))
      .Inputs(1).Pattern(kOutEWiseFusable).Relation(Pool1DRel);
  RegisterOpInfo("nn.avg_pool1d")
      .Attrs("relay.attrs.AvgPool1DAttrs", PoolAttrs(true, 1))
      .Inputs(1).Pattern(kOutEWiseFusable).Relation(Pool1DRel);
  RegisterOpInfo("nn.max_pool3d")
      .Attrs("relay.attrs.MaxPool3DAttrs", PoolAttrs(false, 3))
      .Inputs(1).Pattern(kOutEWiseFusable).Relation(Pool3DRel);
  RegisterOpInfo("nn.avg_pool3d")
      .Attrs("relay.attrs.AvgPool3DAttrs", PoolAttrs(true, 3))
      .Inputs(1).Pattern(kOutEWiseFusable).Relation(Pool3DRel);
  for (const char* name : {"nn.global_avg_pool2d", "nn.global_max_pool2d"})
    RegisterOpInfo(name)
        .Attrs("relay.attrs.GlobalPool2DAttrs", GlobalAttrs())
        .Inputs(1).Pattern(kOutEWiseFusable).Relation(GlobalPool2DRel);
  for (const char* name : {"nn.adaptive_avg_pool1d", "nn.adaptive_max_pool1d"})
    RegisterOpInfo(name)
        .Attrs("relay.attrs.AdaptivePool1DAttrs", AdaptiveAttrs("NCW"))
        .Inputs(1).Pattern(kOutEWiseFusable).Relation(AdaptivePool1DRel);
  for (const char* name : {"nn.adaptive_avg_pool3d", "nn.adaptive_max_pool3d"})
    RegisterOpInfo(name)
        .Attrs("relay.attrs.AdaptivePool3DAttrs", AdaptiveAttrs("NCDHW"))
        .Inputs(1).Pattern(kOutEWiseFusable).Relation(AdaptivePool3DRel);
  for (const char* name : {"nn.adaptive_avg_pool2d", "nn.adaptive_max_pool2d"})
    RegisterOpInfo(name)
        .Attrs("relay.attrs.AdaptivePool2DAttrs", AdaptiveAttrs())
        .Inputs(1).Pattern(kOutEWiseFusable).Relation(AdaptivePool2DRel);
}

}  // namespace op
}  // namespace relay
}  // namespace tirgen

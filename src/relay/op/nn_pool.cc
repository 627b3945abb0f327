// 2-d pooling: max/avg (windows), global max/avg, adaptive avg/max.
#include "op_common.h"

namespace tirgen {
namespace relay {
namespace op {
namespace {

std::vector<AttrSpec> PoolAttrs(bool avg) {
  std::vector<AttrSpec> a{Required("pool_size", AttrKind::kIntArray),
                          Field("strides", AttrKind::kIntArray, AttrInts({1, 1})),
                          Field("dilation", AttrKind::kIntArray, AttrInts({1, 1})),
                          Field("padding", AttrKind::kIntArray, AttrInts({0, 0})),
                          Field("layout", AttrKind::kString, AttrStr("NCHW")),
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

std::vector<AttrSpec> GlobalAttrs() {
  return {Field("layout", AttrKind::kString, AttrStr("NCHW")),
          Field("out_layout", AttrKind::kString, AttrStr(""))};
}
std::vector<AttrSpec> AdaptiveAttrs() {
  return {Field("output_size", AttrKind::kIntArray, AttrInts({})),
          Field("layout", AttrKind::kString, AttrStr("NCHW")),
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
  for (const char* name : {"nn.global_avg_pool2d", "nn.global_max_pool2d"})
    RegisterOpInfo(name)
        .Attrs("relay.attrs.GlobalPool2DAttrs", GlobalAttrs())
        .Inputs(1).Pattern(kOutEWiseFusable).Relation(GlobalPool2DRel);
  for (const char* name : {"nn.adaptive_avg_pool2d", "nn.adaptive_max_pool2d"})
    RegisterOpInfo(name)
        .Attrs("relay.attrs.AdaptivePool2DAttrs", AdaptiveAttrs())
        .Inputs(1).Pattern(kOutEWiseFusable).Relation(AdaptivePool2DRel);
}

}  // namespace op
}  // namespace relay
}  // namespace tirgen

// qnn.conv2d, qnn.dense and qnn.batch_matmul (TVM's relay/qnn/op/convolution.cc, dense.cc,
// batch_matmul.cc): the integer
// convolution / matrix product of two quantized tensors, int32 (or wider) out, with the zero
// points and scales as extra arguments. Attrs are nn.conv2d's / nn.dense's and the shapes
// follow their relations; no compute: QnnLegalize canonicalizes them into nn.conv2d / nn.dense / nn.batch_matmul
// plus zero-point correction terms.
#include "op_common.h"

namespace tirgen {
namespace relay {
namespace op {
namespace {

// The relation of the float op `name` on the data and weight arguments (TVM passes
// {data, weight, out} to Conv2DRel / MatmulRel); it reads only those two, and its errors name
// this qnn call.
Type FloatOpRel(const TypeCall& c, const char* name) {
  const OpInfo* info = GetOpInfo(name);
  TIRGEN_ICHECK(info && info->relation) << name << " is not registered";
  return info->relation(c);
}

void CheckDType(const TypeCall& c, DataType t, std::initializer_list<DataType> allowed, const std::string& what) {
  std::string names;
  for (DataType a : allowed) {
    if (a == t) return;
    names += (names.empty() ? "" : ", ") + a.str();
  }
  c.Fail(what + " must be one of " + names + ", not " + (t.is_void() ? std::string("unset") : t.str()));
}

void CheckScalar(const TypeCall& c, size_t i, DataType dtype, const std::string& what) {
  const TensorTypeNode* t = c.Tensor(i);
  if (!t->shape.empty() || t->dtype != dtype)
    c.Fail(what + " must be a " + dtype.str() + " scalar, not " + t->dtype.str() + ShapeText(t->shape));
}

// TVM's AssignType: a scalar, or one value per output channel.
void CheckPerChannel(const TypeCall& c, size_t i, DataType dtype, int64_t channels, const std::string& what) {
  const TensorTypeNode* t = c.Tensor(i);
  bool fits = t->shape.empty() || (t->shape.size() == 1 && DimValue(t->shape[0]) == channels);
  if (!fits || t->dtype != dtype)
    c.Fail(what + " must be a " + dtype.str() + " scalar or have shape (" + std::to_string(channels) + "), not " +
           t->dtype.str() + ShapeText(t->shape));
}

const DataType kI8 = DataType::Int(8), kU8 = DataType::UInt(8), kI16 = DataType::Int(16), kU16 = DataType::UInt(16);
const DataType kI32 = DataType::Int(32), kI64 = DataType::Int(64), kF32 = DataType::Float(32);

// Arguments: data, weight, input_zero_point, weight_zero_point, input_scale, weight_scale.
Type QnnConv2DRel(const TypeCall& c) {
  CheckDType(c, c.Tensor(0)->dtype, {kI8, kU8, kI16}, "data");
  CheckDType(c, c.Tensor(1)->dtype, {kI8, kU8, kI16}, "weight");
  CheckDType(c, c.call->GetDType("out_dtype"), {kI16, kI32, kI64}, "out_dtype");
  Type out = FloatOpRel(c, "nn.conv2d");
  CheckScalar(c, 2, kI32, "input_zero_point");
  CheckScalar(c, 4, kF32, "input_scale");
  // One weight scale / zero point per output channel (depthwise: in_channels * multiplier).
  const std::string data_layout = c.call->GetString("data_layout");
  const auto* t = out.as<TensorTypeNode>();
  std::string out_layout = c.call->GetString("out_layout");
  if (out_layout.empty()) out_layout = data_layout;
  int64_t channels = DimValue(t->shape[out_layout.find('C')]);
  CheckPerChannel(c, 3, kI32, channels, "weight_zero_point");
  CheckPerChannel(c, 5, kF32, channels, "weight_scale");
  return out;
}

Type QnnDenseRel(const TypeCall& c) {
  CheckDType(c, c.Tensor(0)->dtype, {kI8, kU8, kI16, kU16}, "data");
  CheckDType(c, c.Tensor(1)->dtype, {kI8, kU8}, "weight");
  CheckDType(c, c.call->GetDType("out_dtype"), {kI32, kI64}, "out_dtype");
  if (!c.call->HasAttr("units")) c.Fail("units must be set");
  Type out = FloatOpRel(c, "nn.dense");
  CheckScalar(c, 2, kI32, "input_zero_point");
  CheckScalar(c, 4, kF32, "input_scale");
  int64_t units = c.call->GetInt("units");
  CheckPerChannel(c, 3, kI32, units, "weight_zero_point");
  CheckPerChannel(c, 5, kF32, units, "weight_scale");
  return out;
}

// qnn.batch_matmul (TVM's QnnBatchMatmulRel): x (b, m, k), y (b, n, k), both int8 or uint8,
// per-tensor zero points and scales, int32 out; the shape is nn.batch_matmul's with y
// transposed (the only form TVM's op supports).
Type QnnBatchMatmulRel(const TypeCall& c) {
  CheckDType(c, c.Tensor(0)->dtype, {kI8, kU8}, "x");
  CheckDType(c, c.Tensor(1)->dtype, {kI8, kU8}, "y");
  CheckDType(c, c.call->GetDType("out_dtype"), {kI32}, "out_dtype");
  if (c.call->GetBool("transpose_a") || !c.call->GetBool("transpose_b"))
    c.Fail("only transpose_a=False, transpose_b=True is supported");
  CheckScalar(c, 2, kI32, "x_zero_point");
  CheckScalar(c, 3, kI32, "y_zero_point");
  CheckScalar(c, 4, kF32, "x_scale");
  CheckScalar(c, 5, kF32, "y_scale");
  return FloatOpRel(c, "nn.batch_matmul");
}

}  // namespace

TIRGEN_REGISTER_OPS(qnn_nn) {
  RegisterOpInfo("qnn.conv2d")
      .Attrs("relay.attrs.Conv2DAttrs", ConvAttrs(false))
      .Inputs(6).Pattern(kOpaque).Relation(QnnConv2DRel);
  RegisterOpInfo("qnn.dense")
      .Attrs("relay.attrs.DenseAttrs",
             {Required("units", AttrKind::kOptInt), Field("out_dtype", AttrKind::kDType, ObjectRef())})
      .Inputs(6).Pattern(kOutEWiseFusable).Relation(QnnDenseRel);
  RegisterOpInfo("qnn.batch_matmul")
      .Attrs("relay.attrs.BatchMatmulAttrs",
             {Field("out_dtype", AttrKind::kDType, ObjectRef()), Field("transpose_a", AttrKind::kBool, AttrBool(false)),
              Field("transpose_b", AttrKind::kBool, AttrBool(false))})
      .Inputs(6).Pattern(kOpaque).Relation(QnnBatchMatmulRel);
}

}  // namespace op
}  // namespace relay
}  // namespace tirgen

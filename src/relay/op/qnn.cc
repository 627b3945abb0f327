// The qnn dialect's quantize, dequantize and requantize (TVM's relay/qnn/op/quantize.cc,
// dequantize.cc, requantize.cc): attrs and type relations only. They have no compute: QnnLegalize (relay/transforms/
// qnn_legalize.cc) rewrites them into ordinary relay ops before anything else runs, as TVM's
// qnn Legalize/Canonicalize does at the head of its pipeline.
#include "op_common.h"

namespace tirgen {
namespace relay {
namespace op {
namespace {

// TVM's AssignType: a scale / zero point is a scalar or one value per element of `axis`.
void CheckQParam(const TypeCall& c, size_t i, DataType dtype, int64_t axis_extent, const char* what) {
  const TensorTypeNode* t = c.Tensor(i);
  if (t->dtype != dtype) c.Fail(std::string(what) + " must be " + dtype.str() + ", not " + t->dtype.str());
  if (t->shape.empty()) return;
  if (t->shape.size() != 1 || DimValue(t->shape[0]) != axis_extent)
    c.Fail(std::string(what) + " must be a scalar or have shape (" + std::to_string(axis_extent) + ") along axis, not " +
           ShapeText(t->shape));
}

// Shared by quantize and dequantize: the axis (normalized as TVM does: -1 on a scalar is 0)
// picks the extent a per-channel scale/zero point must have.
void CheckQParams(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  int64_t rank = static_cast<int64_t>(data->shape.size()), axis = c.call->GetInt("axis");
  bool scalars = c.Tensor(1)->shape.empty() && c.Tensor(2)->shape.empty();
  if (axis < 0) axis = rank > 0 ? rank + axis : 0;
  if (!scalars && (axis < 0 || axis >= std::max<int64_t>(rank, 1)))
    c.Fail("axis " + std::to_string(c.call->GetInt("axis")) + " is out of range for a tensor of rank " +
           std::to_string(rank));
  int64_t extent = axis >= 0 && axis < rank ? DimValue(data->shape[axis]) : 1;
  CheckQParam(c, 1, DataType::Float(32), extent, "scale");
  CheckQParam(c, 2, DataType::Int(32), extent, "zero_point");
}

Type QuantizeRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  DataType in = data->dtype;
  if (in != DataType::Float(32) && in != DataType::Float(16) && in != DataType::Int(32))
    c.Fail("input must be float32, float16 or int32, not " + in.str());
  CheckQParams(c);
  DataType out = c.call->GetDType("out_dtype");
  if (out != DataType::Int(8) && out != DataType::UInt(8) && out != DataType::Int(16) && out != DataType::UInt(16) &&
      out != DataType::Int(32))
    c.Fail("out_dtype must be int8, uint8, int16, uint16 or int32, not " + (out.is_void() ? std::string("unset") : out.str()));
  return TensorType(data->shape, out);
}

Type DequantizeRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  DataType in = data->dtype;
  if (in != DataType::Int(8) && in != DataType::UInt(8) && in != DataType::Int(16) && in != DataType::UInt(16) &&
      in != DataType::Int(32))
    c.Fail("input must be int8, uint8, int16, uint16 or int32, not " + in.str());
  CheckQParams(c);
  DataType out = c.call->GetDType("out_dtype");
  if (out != DataType::Float(32) && out != DataType::Float(16))
    c.Fail("out_dtype must be float32 or float16, not " + (out.is_void() ? std::string("unset") : out.str()));
  return TensorType(data->shape, out);
}

// TVM's RequantizeRel: a per-axis input scale / zero point, per-tensor output ones.
Type RequantizeRel(const TypeCall& c) {
  const TensorTypeNode* data = c.Tensor(0);
  DataType in = data->dtype;
  if (in != DataType::Int(8) && in != DataType::UInt(8) && in != DataType::Int(16) && in != DataType::Int(32) &&
      in != DataType::Int(64))
    c.Fail("input must be int8, uint8, int16, int32 or int64, not " + in.str());
  CheckQParams(c);
  for (size_t i : {3, 4}) {
    const TensorTypeNode* t = c.Tensor(i);
    DataType want = i == 3 ? DataType::Float(32) : DataType::Int(32);
    if (!t->shape.empty() || t->dtype != want)
      c.Fail(std::string(i == 3 ? "output_scale" : "output_zero_point") + " must be a " + want.str() +
             " scalar (per-tensor), not " + t->dtype.str() + ShapeText(t->shape));
  }
  DataType out = c.call->GetDType("out_dtype");
  if (out != DataType::Int(8) && out != DataType::UInt(8) && out != DataType::Int(16) && out != DataType::Int(32))
    c.Fail("out_dtype must be int8, uint8, int16 or int32, not " + (out.is_void() ? std::string("unset") : out.str()));
  std::string rounding = c.call->GetString("rounding"), compute = c.call->GetString("compute_dtype");
  if (rounding != "None" && rounding != "UPWARD" && rounding != "TONEAREST")
    c.Fail("rounding must be UPWARD or TONEAREST, not " + rounding);
  if (compute != "None" && compute != "int64" && compute != "float32" && compute != "float64")
    c.Fail("compute_dtype must be int64, float32 or float64, not " + compute);
  return TensorType(data->shape, out);
}

}  // namespace

TIRGEN_REGISTER_OPS(qnn) {
  RegisterOpInfo("qnn.quantize")
      .Attrs("relay.attrs.QuantizeAttrs", {Required("out_dtype", AttrKind::kDType),
                                           Field("axis", AttrKind::kInt, AttrInt(-1))})
      .Inputs(3).Pattern(kOpaque).Relation(QuantizeRel);
  RegisterOpInfo("qnn.dequantize")
      .Attrs("relay.attrs.DequantizeAttrs", {Field("out_dtype", AttrKind::kDType, AttrStr("float32")),
                                             Field("axis", AttrKind::kInt, AttrInt(-1))})
      .Inputs(3).Pattern(kOpaque).Relation(DequantizeRel);
  RegisterOpInfo("qnn.requantize")
      .Attrs("relay.attrs.RequantizeAttrs", {Field("axis", AttrKind::kInt, AttrInt(-1)),
                                             Field("rounding", AttrKind::kString, AttrStr("None")),
                                             Field("compute_dtype", AttrKind::kString, AttrStr("None")),
                                             Field("out_dtype", AttrKind::kDType, ObjectRef())})
      .Inputs(5).Pattern(kOpaque).Relation(RequantizeRel);
}

}  // namespace op
}  // namespace relay
}  // namespace tirgen

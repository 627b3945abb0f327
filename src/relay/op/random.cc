// random.threefry_generate, random.threefry_split, random.uniform, random.normal and
// random.multinomial: TVM's attrs, type relations and kOpaque pattern; TE computes in
// topi/random.cc. Each returns (next key, values); a key is a (10,) uint64 tensor.
#include "op_common.h"
#include "tirgen/topi/random.h"

namespace tirgen {
namespace relay {
namespace op {
namespace {

using te::Tensor;

Type KeyType() { return TensorType(Dims{Dim(10)}, DataType::UInt(64)); }

void CheckKey(const TypeCall& c, size_t i) {
  const TensorTypeNode* key = c.Tensor(i);
  if (key->shape.size() != 1 || DimValue(key->shape[0]) != 10 || key->dtype != DataType::UInt(64))
    c.Fail("the key must be a Threefry key, Tensor[(10), uint64] (random.threefry_key)");
}

// The generators index values and Threefry blocks with int32, so one draw makes at most
// 2^31 - 1 values; `per_value` draws make each value of `shape` (normal takes two).
void CheckDrawSize(const TypeCall& c, const Dims& shape, int64_t per_value) {
  int64_t n = per_value;
  for (const auto& d : shape)
    if (__builtin_mul_overflow(n, DimValue(d), &n) || n > INT32_MAX)
      c.Fail("shape " + ShapeText(shape) + " needs more than 2^31 - 1 random draws (the most one call makes); draw in smaller parts");
}

Dims OutShape(const TypeCall& c, int64_t per_value = 1) {
  Dims shape = ShapeAttr(c, "out_shape");
  CheckDrawSize(c, shape, per_value);
  return shape;
}

Type ThreefryGenerateRel(const TypeCall& c) {
  CheckKey(c, 0);
  return TupleType({KeyType(), TensorType(OutShape(c), DataType::UInt(64))});
}

Type ThreefrySplitRel(const TypeCall& c) {
  CheckKey(c, 0);
  return TupleType({KeyType(), KeyType()});
}

// uniform (key, low, high) and normal (key, mean, scale): the two parameters are 0-d tensors
// of out_dtype, float32 or float64.
Type DistributionRel(const TypeCall& c) {
  CheckKey(c, 0);
  DataType dt = c.call->GetDType("out_dtype");
  if (dt != DataType::Float(32) && dt != DataType::Float(64))
    c.Fail("only float32 or float64 random values are supported, not " + (dt.is_void() ? std::string("an unset out_dtype") : dt.str()));
  for (size_t i = 1; i < 3; ++i) {
    const TensorTypeNode* p = c.Tensor(i);
    if (!p->shape.empty() || p->dtype != dt) c.Fail("the distribution's parameters must be 0-d " + dt.str() + " tensors");
  }
  return TupleType({KeyType(), TensorType(OutShape(c, c.call->op_name() == "random.normal" ? 2 : 1), dt)});
}

// probs (..., classes) -> indices (..., num_samples), int32.
Type MultinomialRel(const TypeCall& c) {
  CheckKey(c, 0);
  const TensorTypeNode* probs = c.Tensor(1);
  if (probs->shape.empty()) c.Fail("probs must have at least one dimension (the classes)");
  if (!probs->dtype.is_float()) c.Fail("probs must be floating point, not " + probs->dtype.str());
  int64_t n = c.call->GetInt("num_samples");
  if (n < 1) c.Fail("num_samples must be positive, not " + std::to_string(n));
  Dims shape(probs->shape.begin(), probs->shape.end() - 1);
  shape.push_back(Dim(n));
  CheckDrawSize(c, shape, 1);
  return TupleType({KeyType(), TensorType(shape, DataType::Int(32))});
}

std::vector<AttrSpec> DistributionAttrs() {
  return {Required("out_shape", AttrKind::kIntArray), Field("out_dtype", AttrKind::kDType, ObjectRef())};
}

}  // namespace

TIRGEN_REGISTER_OPS(random) {
  RegisterOpInfo("random.threefry_generate")
      .Attrs("relay.attrs.ThreefryGenerateAttrs", {Required("out_shape", AttrKind::kIntArray)})
      .Inputs(1).Pattern(kOpaque).Relation(ThreefryGenerateRel);
  RegisterCompute("random.threefry_generate", [](const Call& call, const std::vector<Tensor>& in, const Type&) {
    return topi::threefry_generate(in.at(0), call->GetIntArray("out_shape"));
  });
  RegisterOpInfo("random.threefry_split").Inputs(1).Pattern(kOpaque).Relation(ThreefrySplitRel);
  RegisterCompute("random.threefry_split", [](const Call&, const std::vector<Tensor>& in, const Type&) {
    return topi::threefry_split(in.at(0));
  });
  RegisterOpInfo("random.uniform")
      .Attrs("relay.attrs.UniformAttrs", DistributionAttrs())
      .Inputs(3).Pattern(kOpaque).Relation(DistributionRel);
  RegisterCompute("random.uniform", [](const Call& call, const std::vector<Tensor>& in, const Type&) {
    return topi::uniform(in.at(0), in.at(1), in.at(2), call->GetIntArray("out_shape"), call->GetDType("out_dtype"));
  });
  RegisterOpInfo("random.normal")
      .Attrs("relay.attrs.NormalAttrs", DistributionAttrs())
      .Inputs(3).Pattern(kOpaque).Relation(DistributionRel);
  RegisterCompute("random.normal", [](const Call& call, const std::vector<Tensor>& in, const Type&) {
    return topi::normal(in.at(0), in.at(1), in.at(2), call->GetIntArray("out_shape"), call->GetDType("out_dtype"));
  });
  RegisterOpInfo("random.multinomial")
      .Attrs("relay.attrs.MultinomialAttrs", {Field("num_samples", AttrKind::kInt, AttrInt(1))})
      .Inputs(2).Pattern(kOpaque).Relation(MultinomialRel);
  RegisterCompute("random.multinomial", [](const Call& call, const std::vector<Tensor>& in, const Type&) {
    return topi::multinomial(in.at(0), in.at(1), call->GetInt("num_samples"));
  });
}

}  // namespace op
}  // namespace relay
}  // namespace tirgen

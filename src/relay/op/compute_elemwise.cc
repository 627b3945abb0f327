// TE computes of the elementwise and broadcasting ops (TVM's FTVMCompute of
// src/relay/op/tensor/unary.cc, binary.cc, nn/nn.cc): each maps to the TOPI function TVM
// calls, so tensor and block names (T_add, T_relu, tensor for rsqrt, ...) are TVM's.
#include "op_common.h"
#include "tirgen/tir/op.h"
#include "tirgen/topi/broadcast.h"
#include "tirgen/topi/elemwise.h"
#include "tirgen/topi/fast_math.h"

namespace tirgen {
namespace relay {
namespace op {
namespace {

using te::Tensor;
using tir::PrimExpr;

void Unary(const std::string& op, std::function<Tensor(const Tensor&)> f) {
  RegisterCompute(op, [f](const Call&, const std::vector<Tensor>& in, const Type&) {
    return std::vector<Tensor>{f(in.at(0))};
  });
}

void Binary(const std::string& op, std::function<Tensor(const Tensor&, const Tensor&)> f) {
  RegisterCompute(op, [f](const Call&, const std::vector<Tensor>& in, const Type&) {
    return std::vector<Tensor>{f(in.at(0), in.at(1))};
  });
}

// TVM's ClipAttrs hold doubles that reach topi::clip as float32 immediates.
PrimExpr Float32(double v) { return tir::FloatImm(DataType::Float(32), static_cast<float>(v)); }

}  // namespace

TIRGEN_REGISTER_OPS(compute_elemwise) {
  // ---- unary ----
  Unary("nn.relu", [](const Tensor& x) { return topi::relu(x); });
  Unary("exp", [](const Tensor& x) { return topi::exp(x); });
  Unary("log", [](const Tensor& x) { return topi::log(x); });
  Unary("sqrt", [](const Tensor& x) { return topi::sqrt(x); });
  Unary("rsqrt", [](const Tensor& x) { return topi::rsqrt(x); });
  Unary("tanh", [](const Tensor& x) { return topi::tanh(x); });
  Unary("sigmoid", [](const Tensor& x) { return topi::sigmoid(x); });
  Unary("erf", [](const Tensor& x) { return topi::erf(x); });
  Unary("abs", [](const Tensor& x) { return topi::abs(x); });
  Unary("negative", [](const Tensor& x) { return topi::negative(x); });
  Unary("copy", [](const Tensor& x) { return topi::identity(x); });
  Unary("fast_exp", [](const Tensor& x) { return topi::fast_exp(x); });
  Unary("fast_tanh", [](const Tensor& x) { return topi::fast_tanh(x); });
  Unary("fast_erf", [](const Tensor& x) { return topi::fast_erf(x); });
  Unary("sign", [](const Tensor& x) { return topi::sign(x); });
  Unary("logical_not", [](const Tensor& x) { return topi::logical_not(x); });
  Unary("bitwise_not", [](const Tensor& x) { return topi::bitwise_not(x); });
  Unary("isnan", [](const Tensor& x) { return topi::isnan(x); });
  Unary("isinf", [](const Tensor& x) { return topi::isinf(x); });
  Unary("isfinite", [](const Tensor& x) { return topi::isfinite(x); });
  for (const char* name : {"log2", "log10", "tan", "cos", "cosh", "sin", "sinh", "acos", "acosh",
                           "asin", "asinh", "atan", "atanh", "floor", "ceil", "trunc", "round"}) {
    std::string intrin = name;
    Unary(name, [intrin](const Tensor& x) { return topi::math_unary(x, intrin, "T_" + intrin); });
  }
  RegisterCompute("nn.leaky_relu", [](const Call& c, const std::vector<Tensor>& in, const Type&) {
    return std::vector<Tensor>{topi::leaky_relu(in.at(0), c->GetFloat("alpha"))};
  });
  RegisterCompute("clip", [](const Call& c, const std::vector<Tensor>& in, const Type&) {
    return std::vector<Tensor>{
        topi::clip(in.at(0), Float32(c->GetFloat("a_min")), Float32(c->GetFloat("a_max")))};
  });
  RegisterCompute("cast", [](const Call& c, const std::vector<Tensor>& in, const Type&) {
    return std::vector<Tensor>{topi::cast(in.at(0), c->GetDType("dtype"))};
  });
  RegisterCompute("cast_like", [](const Call&, const std::vector<Tensor>& in, const Type&) {
    return std::vector<Tensor>{topi::cast(in.at(0), in.at(1)->dtype)};
  });

  // ---- broadcasting binary ----
  Binary("add", [](const Tensor& a, const Tensor& b) { return topi::add(a, b); });
  Binary("subtract", [](const Tensor& a, const Tensor& b) { return topi::subtract(a, b); });
  Binary("multiply", [](const Tensor& a, const Tensor& b) { return topi::multiply(a, b); });
  Binary("divide", [](const Tensor& a, const Tensor& b) { return topi::divide(a, b); });
  Binary("floor_divide", [](const Tensor& a, const Tensor& b) { return topi::floor_divide(a, b); });
  Binary("trunc_divide", [](const Tensor& a, const Tensor& b) { return topi::trunc_divide(a, b); });
  Binary("mod", [](const Tensor& a, const Tensor& b) { return topi::mod(a, b); });
  Binary("floor_mod", [](const Tensor& a, const Tensor& b) { return topi::floor_mod(a, b); });
  Binary("trunc_mod", [](const Tensor& a, const Tensor& b) { return topi::trunc_mod(a, b); });
  Binary("power", [](const Tensor& a, const Tensor& b) { return topi::power(a, b); });
  Binary("maximum", [](const Tensor& a, const Tensor& b) { return topi::maximum(a, b); });
  Binary("minimum", [](const Tensor& a, const Tensor& b) { return topi::minimum(a, b); });
  Binary("equal", [](const Tensor& a, const Tensor& b) { return topi::equal(a, b); });
  Binary("not_equal", [](const Tensor& a, const Tensor& b) { return topi::not_equal(a, b); });
  Binary("less", [](const Tensor& a, const Tensor& b) { return topi::less(a, b); });
  Binary("less_equal", [](const Tensor& a, const Tensor& b) { return topi::less_equal(a, b); });
  Binary("greater", [](const Tensor& a, const Tensor& b) { return topi::greater(a, b); });
  Binary("greater_equal", [](const Tensor& a, const Tensor& b) { return topi::greater_equal(a, b); });
  Binary("logical_and", [](const Tensor& a, const Tensor& b) { return topi::logical_and(a, b); });
  Binary("logical_or", [](const Tensor& a, const Tensor& b) { return topi::logical_or(a, b); });
  Binary("logical_xor", [](const Tensor& a, const Tensor& b) { return topi::logical_xor(a, b); });
  Binary("bitwise_and", [](const Tensor& a, const Tensor& b) { return topi::bitwise_and(a, b); });
  Binary("bitwise_or", [](const Tensor& a, const Tensor& b) { return topi::bitwise_or(a, b); });
  Binary("bitwise_xor", [](const Tensor& a, const Tensor& b) { return topi::bitwise_xor(a, b); });
  Binary("left_shift", [](const Tensor& a, const Tensor& b) { return topi::left_shift(a, b); });
  Binary("right_shift", [](const Tensor& a, const Tensor& b) { return topi::right_shift(a, b); });
  RegisterCompute("where", [](const Call&, const std::vector<Tensor>& in, const Type&) {
    return std::vector<Tensor>{topi::where(in.at(0), in.at(1), in.at(2))};
  });
}

}  // namespace op
}  // namespace relay
}  // namespace tirgen

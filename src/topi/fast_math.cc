// Fast math approximations (see fast_math.h). Coefficients are TVM's, including whether they
// are float literals (rounded to float32 before use) or doubles.
#include "tirgen/topi/fast_math.h"

#include "tirgen/te/operation.h"
#include "tirgen/tir/op.h"
#include "tirgen/topi/elemwise.h"

namespace tirgen {
namespace topi {

using namespace tir;  // NOLINT

namespace {

// A C++ float literal of TVM's source: the value rounded to float32, kept in a FloatImm.
PrimExpr F(DataType t, float v) { return FloatImm(t, static_cast<double>(v)); }
// A double literal.
PrimExpr D(DataType t, double v) { return FloatImm(t, v); }

std::vector<PrimExpr> Idx(const std::vector<Var>& v) { return std::vector<PrimExpr>(v.begin(), v.end()); }

PrimExpr FastExpFloat32(const PrimExpr& in) {
  DataType f32 = DataType::Float(32);
  PrimExpr p[6] = {F(f32, 1.9875691500E-4f), F(f32, 1.3981999507E-3f), F(f32, 8.3334519073E-3f),
                   F(f32, 4.1665795894E-2f), F(f32, 1.6666665459E-1f), F(f32, 5.0000001201E-1f)};
  PrimExpr x = max(min(in, F(f32, 88.3762626647950f)), F(f32, -88.3762626647949f));
  PrimExpr n = floor(add(mul(x, F(f32, 1.44269504088896341f)), F(f32, 0.5f)));
  PrimExpr f = sub(x, mul(n, F(f32, 0.6931471805599453f)));
  PrimExpr y = p[0];
  for (int i = 1; i < 6; ++i) y = add(mul(y, f), p[i]);
  y = add(add(mul(mul(y, f), f), f), F(f32, 1.0f));
  PrimExpr bits = shift_left(cast(DataType::Int(32), add(n, F(f32, 127.0f))), make_const(DataType::Int(32), 23));
  return max(mul(reinterpret(f32, bits), y), in);
}

// TVM's fast_erf_float_expr.
PrimExpr FastErf(const PrimExpr& arg, int bits) {
  DataType t = DataType::Float(bits);
  PrimExpr x = max(min(arg, F(t, 4.f)), F(t, -4.f));
  PrimExpr x2 = mul(x, x);
  PrimExpr alpha[7] = {F(t, -2.72614225801306e-10f), F(t, 2.77068142495902e-08f),
                       F(t, -2.10102402082508e-06f), F(t, -5.69250639462346e-05f),
                       F(t, -7.34990630326855e-04f), F(t, -2.95459980854025e-03f),
                       F(t, -1.60960333262415e-02f)};  // alpha_13 .. alpha_1
  PrimExpr beta[5] = {F(t, -1.45660718464996e-05f), F(t, -2.13374055278905e-04f),
                      F(t, -1.68282697438203e-03f), F(t, -7.37332916720468e-03f),
                      F(t, -1.42647390514189e-02f)};  // beta_8 .. beta_0
  PrimExpr p = add(mul(x2, alpha[0]), alpha[1]);
  for (int i = 2; i < 7; ++i) p = add(mul(x2, p), alpha[i]);
  p = mul(x, p);
  PrimExpr q = add(mul(x2, beta[0]), beta[1]);
  for (int i = 2; i < 5; ++i) q = add(mul(x2, q), beta[i]);
  return div(p, q);
}

}  // namespace

Tensor fast_exp(const Tensor& x, const std::string& name) {
  bool f32 = x->dtype == DataType::Float(32);
  return te::compute(
      x->shape,
      [&](const std::vector<Var>& v) { return f32 ? FastExpFloat32(x(Idx(v))) : exp(x(Idx(v))); },
      name, "elemwise");
}

Tensor fast_tanh(const Tensor& in, const std::string& name) {
  if (in->dtype != DataType::Float(32)) return elementwise(in, tir::tanh, name);
  DataType t = in->dtype;
  // TVM clamps with topi::minimum / maximum of a scalar and the tensor: two stages.
  Tensor lo = te::compute(
      in->shape, [&](const std::vector<Var>& v) { return min(D(t, 9.0), in(Idx(v))); }, "T_minimum",
      "elemwise");
  Tensor x = te::compute(
      in->shape, [&](const std::vector<Var>& v) { return max(D(t, -9.0), lo(Idx(v))); }, "T_maximum",
      "elemwise");
  PrimExpr alpha[7] = {D(t, -2.76076847742355e-16), D(t, 2.00018790482477e-13), D(t, -8.60467152213735e-11),
                       D(t, 5.12229709037114e-08), D(t, 1.48572235717979e-05), D(t, 6.37261928875436e-04),
                       D(t, 4.89352455891786e-03)};  // alpha_13 .. alpha_1
  PrimExpr beta[4] = {D(t, 1.19825839466702e-06), D(t, 1.18534705686654e-04), D(t, 2.26843463243900e-03),
                      D(t, 4.89352518554385e-03)};  // beta_6 .. beta_0
  return te::compute(
      in->shape,
      [&](const std::vector<Var>& v) {
        PrimExpr xi = x(Idx(v));
        PrimExpr x2 = mul(xi, x(Idx(v)));
        PrimExpr p = add(mul(x2, alpha[0]), alpha[1]);
        for (int i = 2; i < 7; ++i) p = add(mul(x2, p), alpha[i]);
        p = mul(x(Idx(v)), p);
        PrimExpr q = add(mul(x2, beta[0]), beta[1]);
        for (int i = 2; i < 4; ++i) q = add(mul(x2, q), beta[i]);
        return div(p, q);
      },
      name, "elemwise");
}

Tensor fast_erf(const Tensor& x, const std::string& name) {
  if (x->dtype == DataType::Float(32) || x->dtype == DataType::Float(16)) {
    int bits = x->dtype.bits();
    return te::compute(
        x->shape, [&](const std::vector<Var>& v) { return FastErf(x(Idx(v)), bits); }, name, "elemwise");
  }
  return erf(x);  // TVM falls back to topi::erf, named T_erf
}

}  // namespace topi
}  // namespace tirgen

// Elementwise operators (see elemwise.h).
#include "tirgen/topi/elemwise.h"

#include "tirgen/te/operation.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace topi {

namespace {
Tensor Unary(const Tensor& x, const std::string& name,
             const std::function<PrimExpr(PrimExpr)>& f) {
  return te::compute(
      x->shape, [&](const std::vector<tir::Var>& i) { return f(x(std::vector<PrimExpr>(i.begin(), i.end()))); },
      name, "elemwise");
}
}  // namespace

Tensor relu(const Tensor& x, const std::string& name) {
  return Unary(x, name, [&](PrimExpr v) { return tir::max(v, tir::make_const(x->dtype, 0)); });
}
Tensor exp(const Tensor& x, const std::string& name) { return Unary(x, name, tir::exp); }
Tensor log(const Tensor& x, const std::string& name) { return Unary(x, name, tir::log); }
Tensor sqrt(const Tensor& x, const std::string& name) { return Unary(x, name, tir::sqrt); }
Tensor tanh(const Tensor& x, const std::string& name) { return Unary(x, name, tir::tanh); }
Tensor sigmoid(const Tensor& x, const std::string& name) { return Unary(x, name, tir::sigmoid); }
Tensor erf(const Tensor& x, const std::string& name) { return Unary(x, name, tir::erf); }
Tensor abs(const Tensor& x, const std::string& name) { return Unary(x, name, tir::abs); }
Tensor negative(const Tensor& x, const std::string& name) { return Unary(x, name, tir::neg); }
Tensor rsqrt(const Tensor& x, const std::string& name) {
  return Unary(x, name, [&](PrimExpr v) { return tir::div(tir::make_const(x->dtype, 1), tir::sqrt(v)); });
}
Tensor identity(const Tensor& x, const std::string& name) {
  return Unary(x, name, [](PrimExpr v) { return v; });
}
Tensor cast(const Tensor& x, DataType t, const std::string& name) {
  return Unary(x, name, [t](PrimExpr v) { return tir::cast(t, v); });
}
Tensor scalar_const(PrimExpr value, const std::string& name) {
  return te::compute({}, [&](const std::vector<tir::Var>&) { return value; }, name, "broadcast");
}

}  // namespace topi
}  // namespace tirgen

// Elementwise operators (see elemwise.h).
#include "tirgen/topi/elemwise.h"

#include <limits>

#include "tirgen/te/operation.h"
#include "tirgen/topi/broadcast.h"
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
Tensor leaky_relu(const Tensor& x, double alpha, const std::string& name) {
  return Unary(x, name, [&](PrimExpr v) {
    return tir::Select(v > 0, v, v * tir::make_const(v.dtype(), alpha));
  });
}
Tensor prelu(const Tensor& x, const Tensor& slope, int axis, const std::string& name) {
  return te::compute(
      x->shape,
      [&](const std::vector<tir::Var>& i) {
        PrimExpr v = x(std::vector<PrimExpr>(i.begin(), i.end()));
        return tir::Select(v > 0, v, v * slope(i[axis]));
      },
      name, "broadcast");
}
Tensor clip(const Tensor& x, PrimExpr lo, PrimExpr hi, const std::string& name) {
  return Unary(x, name, [&](PrimExpr v) {
    return tir::max(tir::min(v, tir::cast(x->dtype, hi)), tir::cast(x->dtype, lo));
  });
}
Tensor full(const std::vector<PrimExpr>& shape, DataType dtype, PrimExpr value,
            const std::string& name) {
  PrimExpr v = tir::cast(dtype, value);
  return te::compute(shape, [&](const std::vector<tir::Var>&) { return v; }, name, "elemwise");
}
Tensor full_like(const Tensor& x, PrimExpr value, const std::string& name) {
  return full(x->shape, x->dtype, value, name);
}
Tensor where(const Tensor& cond, const Tensor& x, const Tensor& y, const std::string& name) {
  // Output shape: broadcast(cond, broadcast(x, y)); each input indexed like a broadcast.
  std::vector<PrimExpr> oshape = BroadcastShape(cond->shape, BroadcastShape(x->shape, y->shape));
  auto index = [&](const Tensor& t, const std::vector<tir::Var>& v) {
    std::vector<PrimExpr> idx;
    size_t off = v.size() - t.ndim();
    for (size_t i = 0; i < t.ndim(); ++i) {
      bool bcast = tir::is_one(t->shape[i]) && !tir::is_one(oshape[off + i]);
      idx.push_back(bcast ? tir::make_const(v[off + i].dtype(), 0) : PrimExpr(v[off + i]));
    }
    return idx;
  };
  return te::compute(
      oshape,
      [&](const std::vector<tir::Var>& v) {
        // TVM writes `c != 0`: PrimExpr has no (PrimExpr, int) overload of !=, so 0 is an int32
        // IntImm and BinaryOpMatchTypes casts the narrower operand: a bool/int8 condition becomes
        // T.Cast("int32", c) != 0, a float one c != T.float32(0), an int64 one c != T.int64(0).
        PrimExpr c = cond(index(cond, v));
        return tir::Select(tir::ne(c, tir::IntImm(DataType::Int(32), 0)), x(index(x, v)), y(index(y, v)));
      },
      name, "broadcast");
}

Tensor elementwise(const Tensor& x, const std::function<PrimExpr(PrimExpr)>& f,
                   const std::string& name) {
  return Unary(x, name, f);
}

Tensor math_unary(const Tensor& x, const std::string& intrin, const std::string& name) {
  bool rounding = intrin == "floor" || intrin == "ceil" || intrin == "round" || intrin == "trunc";
  return Unary(x, name, [&](PrimExpr v) -> PrimExpr {
    if (rounding && (v.dtype().is_int() || v.dtype().is_uint())) return v;
    DataType t = v.dtype();
    return tir::Call(t, "tir." + intrin, {v});
  });
}

Tensor sign(const Tensor& x, const std::string& name) {
  return Unary(x, name, [&](PrimExpr v) {
    PrimExpr zero = tir::make_const(x->dtype, 0), one = tir::make_const(x->dtype, 1);
    PrimExpr minus_one = tir::make_const(x->dtype, -1);
    PrimExpr s1 = tir::Select(v < zero, minus_one, zero);
    return tir::Select(v > zero, one, s1);
  });
}

Tensor logical_not(const Tensor& x, const std::string& name) {
  return Unary(x, name, [](PrimExpr v) { return tir::logical_not(v); });
}

Tensor bitwise_not(const Tensor& x, const std::string& name) {
  return Unary(x, name, [](PrimExpr v) { return tir::bitwise_not(v); });
}

namespace {
PrimExpr IsNan(PrimExpr v) {
  if (!v.dtype().is_floating()) return tir::make_const(DataType::Bool(), 0);
  if (v.dtype().bits() == 16) v = tir::cast(DataType::Float(32), v);
  return tir::Call(DataType::Bool(), "tir.isnan", {v});
}
PrimExpr IsInf(PrimExpr v) {
  if (!v.dtype().is_floating()) return tir::make_const(DataType::Bool(), 0);
  PrimExpr inf = tir::FloatImm(v.dtype(), std::numeric_limits<double>::infinity());
  return tir::logical_and(tir::eq(tir::abs(v), inf), tir::logical_not(IsNan(v)));
}
}  // namespace

Tensor isnan(const Tensor& x, const std::string& name) { return Unary(x, name, IsNan); }
Tensor isinf(const Tensor& x, const std::string& name) { return Unary(x, name, IsInf); }
Tensor isfinite(const Tensor& x, const std::string& name) {
  return Unary(x, name, [](PrimExpr v) {
    return tir::logical_and(tir::logical_not(IsInf(v)), tir::logical_not(IsNan(v)));
  });
}

Tensor scalar_const(PrimExpr value, const std::string& name) {
  return te::compute({}, [&](const std::vector<tir::Var>&) { return value; }, name, "broadcast");
}

}  // namespace topi
}  // namespace tirgen

// Broadcast binary operators (see broadcast.h).
#include "tirgen/topi/broadcast.h"

#include <deque>

#include "tirgen/te/operation.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace topi {

using namespace tir;  // NOLINT

namespace {

bool IsOne(const PrimExpr& e) { return is_one(e); }
bool SameDim(const PrimExpr& a, const PrimExpr& b) {
  const int64_t* x = as_const_int(a);
  const int64_t* y = as_const_int(b);
  return a.same_as(b) || (x && y && *x == *y);
}

// Per output dimension: does A (resp. B) take part (else it is read at 0 / is missing).
struct BroadcastPlan {
  std::vector<PrimExpr> shape;
  std::vector<bool> in_a, in_b;
};

BroadcastPlan Plan(const std::vector<PrimExpr>& s1, const std::vector<PrimExpr>& s2) {
  std::deque<PrimExpr> shape;
  std::deque<bool> a, b;
  size_t n1 = s1.size(), n2 = s2.size(), i;
  for (i = 1; i <= std::min(n1, n2); ++i) {
    const PrimExpr& d1 = s1[n1 - i];
    const PrimExpr& d2 = s2[n2 - i];
    if (SameDim(d1, d2)) {
      shape.push_front(d1); a.push_front(true); b.push_front(true);
    } else if (IsOne(d1)) {
      shape.push_front(d2); a.push_front(false); b.push_front(true);
    } else if (IsOne(d2)) {
      shape.push_front(d1); a.push_front(true); b.push_front(false);
    } else {
      TIRGEN_CHECK(false) << "incompatible broadcast dimensions";
    }
  }
  for (; i <= std::max(n1, n2); ++i) {
    bool first = n1 > n2;
    const std::vector<PrimExpr>& s = first ? s1 : s2;
    shape.push_front(s[s.size() - i]);
    a.push_front(first);
    b.push_front(!first);
  }
  return {std::vector<PrimExpr>(shape.begin(), shape.end()), std::vector<bool>(a.begin(), a.end()),
          std::vector<bool>(b.begin(), b.end())};
}

std::vector<PrimExpr> InputIndex(const std::vector<tir::Var>& ovars, size_t rank,
                                 const std::vector<bool>& mine) {
  std::vector<PrimExpr> idx;
  for (size_t i = 0; i < ovars.size(); ++i) {
    if (mine[i]) idx.push_back(ovars[i]);
    else if (ovars.size() - i <= rank) idx.push_back(make_const(ovars[i].dtype(), 0));
  }
  return idx;
}

}  // namespace

std::vector<PrimExpr> BroadcastShape(const std::vector<PrimExpr>& a, const std::vector<PrimExpr>& b) {
  return Plan(a, b).shape;
}

Tensor WithBroadcast(const std::function<PrimExpr(PrimExpr, PrimExpr)>& f, const Tensor& A,
                     const Tensor& B, const std::string& name, const std::string& tag) {
  BroadcastPlan p = Plan(A->shape, B->shape);
  return te::compute(
      p.shape,
      [&](const std::vector<tir::Var>& i) {
        return f(A(InputIndex(i, A.ndim(), p.in_a)), B(InputIndex(i, B.ndim(), p.in_b)));
      },
      name, tag);
}

Tensor add(const Tensor& a, const Tensor& b, const std::string& name) {
  return WithBroadcast([](PrimExpr x, PrimExpr y) { return x + y; }, a, b, name);
}
Tensor subtract(const Tensor& a, const Tensor& b, const std::string& name) {
  return WithBroadcast([](PrimExpr x, PrimExpr y) { return x - y; }, a, b, name);
}
Tensor multiply(const Tensor& a, const Tensor& b, const std::string& name) {
  return WithBroadcast([](PrimExpr x, PrimExpr y) { return x * y; }, a, b, name);
}
Tensor divide(const Tensor& a, const Tensor& b, const std::string& name) {
  return WithBroadcast([](PrimExpr x, PrimExpr y) { return div(x, y); }, a, b, name);
}
Tensor maximum(const Tensor& a, const Tensor& b, const std::string& name) {
  return WithBroadcast([](PrimExpr x, PrimExpr y) { return max(x, y); }, a, b, name);
}
Tensor minimum(const Tensor& a, const Tensor& b, const std::string& name) {
  return WithBroadcast([](PrimExpr x, PrimExpr y) { return min(x, y); }, a, b, name);
}
Tensor power(const Tensor& a, const Tensor& b, const std::string& name) {
  return WithBroadcast([](PrimExpr x, PrimExpr y) { return pow(x, y); }, a, b, name);
}
Tensor less(const Tensor& a, const Tensor& b, const std::string& name) {
  return WithBroadcast([](PrimExpr x, PrimExpr y) { return x < y; }, a, b, name);
}
Tensor greater(const Tensor& a, const Tensor& b, const std::string& name) {
  return WithBroadcast([](PrimExpr x, PrimExpr y) { return x > y; }, a, b, name);
}
Tensor equal(const Tensor& a, const Tensor& b, const std::string& name) {
  return WithBroadcast([](PrimExpr x, PrimExpr y) { return x == y; }, a, b, name);
}

Tensor not_equal(const Tensor& a, const Tensor& b, const std::string& name) {
  return WithBroadcast([](PrimExpr x, PrimExpr y) { return x != y; }, a, b, name);
}
Tensor less_equal(const Tensor& a, const Tensor& b, const std::string& name) {
  return WithBroadcast([](PrimExpr x, PrimExpr y) { return x <= y; }, a, b, name);
}
Tensor greater_equal(const Tensor& a, const Tensor& b, const std::string& name) {
  return WithBroadcast([](PrimExpr x, PrimExpr y) { return x >= y; }, a, b, name);
}

namespace {
bool IsIntegral(const PrimExpr& e) { return e.dtype().is_int() || e.dtype().is_uint(); }
PrimExpr Trunc(PrimExpr x) {
  DataType t = x.dtype();
  return Call(t, "tir.trunc", {std::move(x)});
}
PrimExpr FloorDivide(PrimExpr x, PrimExpr y) {
  return IsIntegral(x) ? floordiv(x, y) : floor(div(x, y));
}
PrimExpr TruncDivide(PrimExpr x, PrimExpr y) {
  return IsIntegral(x) ? truncdiv(x, y) : Trunc(div(x, y));
}
}  // namespace

Tensor floor_divide(const Tensor& a, const Tensor& b, const std::string& name) {
  return WithBroadcast(FloorDivide, a, b, name);
}
Tensor trunc_divide(const Tensor& a, const Tensor& b, const std::string& name) {
  return WithBroadcast(TruncDivide, a, b, name);
}
Tensor mod(const Tensor& a, const Tensor& b, const std::string& name) {
  return WithBroadcast([](PrimExpr x, PrimExpr y) { return truncmod(x, y); }, a, b, name);
}
Tensor floor_mod(const Tensor& a, const Tensor& b, const std::string& name) {
  return WithBroadcast(
      [](PrimExpr x, PrimExpr y) { return IsIntegral(x) ? floormod(x, y) : x - FloorDivide(x, y) * y; },
      a, b, name);
}
Tensor trunc_mod(const Tensor& a, const Tensor& b, const std::string& name) {
  return WithBroadcast(
      [](PrimExpr x, PrimExpr y) { return IsIntegral(x) ? truncmod(x, y) : x - TruncDivide(x, y) * y; },
      a, b, name);
}
Tensor logical_and(const Tensor& a, const Tensor& b, const std::string& name) {
  return WithBroadcast([](PrimExpr x, PrimExpr y) { return x && y; }, a, b, name);
}
Tensor logical_or(const Tensor& a, const Tensor& b, const std::string& name) {
  return WithBroadcast([](PrimExpr x, PrimExpr y) { return x || y; }, a, b, name);
}

Tensor logical_xor(const Tensor& a, const Tensor& b, const std::string& name) {
  return WithBroadcast(tir::bitwise_xor, a, b, name);
}
Tensor bitwise_and(const Tensor& a, const Tensor& b, const std::string& name) {
  return WithBroadcast(tir::bitwise_and, a, b, name);
}
Tensor bitwise_or(const Tensor& a, const Tensor& b, const std::string& name) {
  return WithBroadcast(tir::bitwise_or, a, b, name);
}
Tensor bitwise_xor(const Tensor& a, const Tensor& b, const std::string& name) {
  return WithBroadcast(tir::bitwise_xor, a, b, name);
}
Tensor left_shift(const Tensor& a, const Tensor& b, const std::string& name) {
  return WithBroadcast(tir::shift_left, a, b, name);
}
Tensor right_shift(const Tensor& a, const Tensor& b, const std::string& name) {
  return WithBroadcast(tir::shift_right, a, b, name);
}

namespace {
Tensor WithScalar(const Tensor& a, const PrimExpr& b, const std::string& name,
                  PrimExpr (*f)(PrimExpr, PrimExpr)) {
  return te::compute(
      a->shape,
      [&](const std::vector<tir::Var>& i) { return f(a(std::vector<PrimExpr>(i.begin(), i.end())), b); },
      name, "elemwise");
}
}  // namespace

Tensor add(const Tensor& a, PrimExpr b, const std::string& name) { return WithScalar(a, b, name, tir::add); }
Tensor subtract(const Tensor& a, PrimExpr b, const std::string& name) { return WithScalar(a, b, name, tir::sub); }
Tensor multiply(const Tensor& a, PrimExpr b, const std::string& name) { return WithScalar(a, b, name, tir::mul); }
Tensor divide(const Tensor& a, PrimExpr b, const std::string& name) { return WithScalar(a, b, name, tir::div); }

Tensor broadcast_to(const Tensor& x, const std::vector<PrimExpr>& shape, const std::string& name) {
  BroadcastPlan p = Plan(shape, x->shape);
  return te::compute(
      p.shape, [&](const std::vector<tir::Var>& i) { return x(InputIndex(i, x.ndim(), p.in_b)); },
      name, "broadcast");
}

}  // namespace topi
}  // namespace tirgen

// Reductions (see reduction.h).
#include "tirgen/topi/reduction.h"

#include <algorithm>

#include "tirgen/te/operation.h"
#include "tirgen/tir/op.h"
#include "tirgen/topi/broadcast.h"

namespace tirgen {
namespace topi {

using namespace tir;  // NOLINT

namespace {

using FReduce = PrimExpr (*)(PrimExpr, std::vector<IterVar>, PrimExpr, std::vector<PrimExpr>);

std::vector<int> NormalizeAxes(const Tensor& x, std::vector<int> axes) {
  int n = static_cast<int>(x.ndim());
  if (axes.empty())
    for (int i = 0; i < n; ++i) axes.push_back(i);
  for (int& a : axes)
    if (a < 0) a += n;
  std::sort(axes.begin(), axes.end());
  return axes;
}

struct ReducePlan {
  std::vector<PrimExpr> shape;
  std::vector<IterVar> raxis;
  std::vector<int> axes;
  // Input index for output vars `v` (reduce vars at the reduced dims).
  std::vector<PrimExpr> Index(const Tensor& x, const std::vector<Var>& v, bool keepdims) const {
    std::vector<PrimExpr> idx;
    size_t out = 0, r = 0;
    for (size_t i = 0; i < x.ndim(); ++i) {
      if (r < axes.size() && axes[r] == static_cast<int>(i)) {
        idx.push_back(raxis[r++]->var);
        if (keepdims) ++out;
      } else {
        idx.push_back(v[out++]);
      }
    }
    return idx;
  }
};

ReducePlan Plan(const Tensor& x, std::vector<int> axes, bool keepdims) {
  ReducePlan p;
  p.axes = NormalizeAxes(x, std::move(axes));
  size_t r = 0;
  for (size_t i = 0; i < x.ndim(); ++i) {
    if (r < p.axes.size() && p.axes[r] == static_cast<int>(i)) {
      p.raxis.push_back(te::reduce_axis(Range(IntImm(DataType::Int(32), 0), x->shape[i]),
                                        "k" + std::to_string(i)));
      if (keepdims) p.shape.push_back(IntImm(DataType::Int(32), 1));
      ++r;
    } else {
      p.shape.push_back(x->shape[i]);
    }
  }
  return p;
}

Tensor CommReduce(const Tensor& x, std::vector<int> axes, bool keepdims, FReduce f) {
  ReducePlan p = Plan(x, std::move(axes), keepdims);
  return te::compute(
      p.shape,
      [&](const std::vector<Var>& v) { return f(x(p.Index(x, v, keepdims)), p.raxis, PrimExpr(), {}); },
      x->op->name + "_red", "comm_reduce");
}

PrimExpr Sum(PrimExpr s, std::vector<IterVar> a, PrimExpr w, std::vector<PrimExpr> i) { return tir::sum(s, a, w, i); }
PrimExpr Max(PrimExpr s, std::vector<IterVar> a, PrimExpr w, std::vector<PrimExpr> i) { return tir::max(s, a, w, i); }
PrimExpr Min(PrimExpr s, std::vector<IterVar> a, PrimExpr w, std::vector<PrimExpr> i) { return tir::min(s, a, w, i); }
PrimExpr Prod(PrimExpr s, std::vector<IterVar> a, PrimExpr w, std::vector<PrimExpr> i) { return tir::prod(s, a, w, i); }
PrimExpr All(PrimExpr s, std::vector<IterVar> a, PrimExpr w, std::vector<PrimExpr> i) { return tir::all(s, a, w, i); }
PrimExpr Any(PrimExpr s, std::vector<IterVar> a, PrimExpr w, std::vector<PrimExpr> i) { return tir::any(s, a, w, i); }

}  // namespace

// A bool sum is TVM's logical or.
Tensor sum(const Tensor& x, std::vector<int> axes, bool keepdims) {
  return CommReduce(x, axes, keepdims, x->dtype.is_bool() ? Any : Sum);
}
Tensor max(const Tensor& x, std::vector<int> axes, bool keepdims) { return CommReduce(x, axes, keepdims, Max); }
Tensor min(const Tensor& x, std::vector<int> axes, bool keepdims) { return CommReduce(x, axes, keepdims, Min); }
Tensor prod(const Tensor& x, std::vector<int> axes, bool keepdims) { return CommReduce(x, axes, keepdims, Prod); }
Tensor all(const Tensor& x, std::vector<int> axes, bool keepdims) { return CommReduce(x, axes, keepdims, All); }
Tensor any(const Tensor& x, std::vector<int> axes, bool keepdims) { return CommReduce(x, axes, keepdims, Any); }

namespace {
int64_t Count(const Tensor& x, const std::vector<int>& axes) {
  int64_t n = 1;
  for (int a : axes) n *= *as_const_int(x->shape[a]);
  return n;
}

// argmax / argmin: (index, value) pairs; the better value wins, the smaller index on ties.
Tensor CommReduceIdx(const Tensor& x, std::vector<int> axes, bool keepdims, bool is_max,
                     bool select_last_index) {
  ReducePlan p = Plan(x, std::move(axes), keepdims);
  auto fcombine = [is_max, select_last_index](const std::vector<Var>& lhs, const std::vector<Var>& rhs) {
    PrimExpr better = is_max ? gt(lhs[1], rhs[1]) : lt(lhs[1], rhs[1]);
    // On ties the first (or, with select_last_index, the last) position wins.
    PrimExpr proper = select_last_index ? gt(lhs[0], rhs[0]) : lt(lhs[0], rhs[0]);
    PrimExpr idx = Select(logical_or(better, logical_and(eq(lhs[1], rhs[1]), proper)),
                          lhs[0], rhs[0]);
    PrimExpr val = Select(is_max ? gt(lhs[1], rhs[1]) : lt(lhs[1], rhs[1]), lhs[1], rhs[1]);
    return std::vector<PrimExpr>{idx, val};
  };
  auto fidentity = [is_max](const std::vector<DataType>& t) {
    return std::vector<PrimExpr>{make_const(t[0], -1), is_max ? min_value(t[1]) : max_value(t[1])};
  };
  auto reducer = te::comm_reducer(fcombine, fidentity, is_max ? "argmax" : "argmin");
  std::vector<Tensor> temp = te::compute_multi(
      p.shape,
      [&](const std::vector<Var>& v) {
        std::vector<PrimExpr> idx = p.Index(x, v, keepdims);
        // The flat index of the reduced position (one reduced axis in practice).
        PrimExpr flat = IntImm(DataType::Int(32), 0);
        for (size_t r = 0; r < p.raxis.size(); ++r) {
          flat = r == 0 ? PrimExpr(p.raxis[r]->var) : flat * x->shape[p.axes[r]] + p.raxis[r]->var;
        }
        return reducer({flat, x(idx)}, p.raxis, PrimExpr());
      },
      x->op->name + "_red_temp", "comm_reduce_idx");
  return te::compute(
      p.shape, [&](const std::vector<Var>& v) { return temp[0](std::vector<PrimExpr>(v.begin(), v.end())); },
      x->op->name + "_red", "comm_reduce_idx");
}
}  // namespace

Tensor argmax(const Tensor& x, std::vector<int> axes, bool keepdims, bool select_last_index) {
  return CommReduceIdx(x, std::move(axes), keepdims, true, select_last_index);
}
Tensor argmin(const Tensor& x, std::vector<int> axes, bool keepdims, bool select_last_index) {
  return CommReduceIdx(x, std::move(axes), keepdims, false, select_last_index);
}

Tensor mean(const Tensor& x, std::vector<int> axes, bool keepdims) {
  std::vector<int> norm = NormalizeAxes(x, axes);
  PrimExpr count = make_const(x->dtype, static_cast<double>(Count(x, norm)));
  return topi::divide(sum(x, std::move(axes), keepdims), count);
}

Tensor variance(const Tensor& x, const Tensor& m, std::vector<int> axes, bool keepdims,
                bool unbiased) {
  std::vector<int> norm = NormalizeAxes(x, axes);
  int64_t n = Count(x, norm) - (unbiased ? 1 : 0);
  Tensor d = topi::subtract(x, m);
  Tensor sq = topi::multiply(d, d);
  return topi::divide(sum(sq, std::move(axes), keepdims), make_const(x->dtype, static_cast<double>(n)));
}

}  // namespace topi
}  // namespace tirgen

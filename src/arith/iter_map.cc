// Affine iterator maps: parse to sums of splits, fuse mixed-radix sums, print back.
#include "tirgen/arith/iter_map.h"

#include <algorithm>
#include <memory>

#include "tirgen/support/stack_guard.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace arith {

using namespace tir;  // NOLINT: iterator maps are built of TIR expressions

namespace {

struct IterSum;
// An iterator: a loop variable, or a fused sum of splits, ranging over [0, extent).
struct IterMark {
  Var var;                          // set for a loop variable
  std::shared_ptr<IterSum> source;  // set for a fused iterator
  int64_t extent = 1;
};
using Mark = std::shared_ptr<IterMark>;

// (mark // lower_factor) % extent * scale
struct IterSplit {
  Mark mark;
  int64_t lower_factor = 1;
  int64_t extent = 1;
  int64_t scale = 1;
};

struct IterSum {
  std::vector<IterSplit> args;
  int64_t base = 0;
};

class Parser {
 public:
  Parser(const IterDomain& dom, bool simplify_trivial) : simplify_trivial_(simplify_trivial) {
    for (const auto& kv : dom) {
      const int64_t* mn = as_const_int(kv.second->min);
      const int64_t* ex = as_const_int(kv.second->extent);
      if (!mn || !ex) continue;
      auto m = std::make_shared<IterMark>();
      m->var = kv.first;
      m->extent = *ex;
      iters_.push_back({kv.first.get(), m, *mn});
    }
  }

  // nullopt when not affine.
  std::optional<IterSum> Parse(const PrimExpr& e) {
    support::CheckStack("TIR expression or statement");  // recursion follows the nesting
    if (const int64_t* c = as_const_int(e)) return IterSum{{}, *c};
    if (const auto* v = e.as<VarNode>()) {
      for (const auto& it : iters_) {
        if (it.var != v) continue;
        if (it.mark->extent == 1 && simplify_trivial_) return IterSum{{}, it.min};
        if (it.min != 0) return std::nullopt;  // schedules keep loops starting at 0
        return IterSum{{IterSplit{it.mark, 1, it.mark->extent, 1}}, 0};
      }
      return std::nullopt;
    }
    const auto* bin = e.as<BinaryNode>();
    if (!bin) return std::nullopt;
    switch (e.kind()) {
      case Kind::kAdd:
      case Kind::kSub: {
        auto a = Parse(bin->a), b = Parse(bin->b);
        if (!a || !b) return std::nullopt;
        int64_t sign = e.kind() == Kind::kAdd ? 1 : -1;
        for (IterSplit s : b->args) {
          s.scale *= sign;
          a->args.push_back(s);
        }
        a->base += sign * b->base;
        return a;
      }
      case Kind::kMul: {
        const int64_t* c = as_const_int(bin->b);
        PrimExpr other = bin->a;
        if (!c) {
          c = as_const_int(bin->a);
          other = bin->b;
        }
        if (!c) return std::nullopt;
        auto a = Parse(other);
        if (!a) return std::nullopt;
        for (IterSplit& s : a->args) s.scale *= *c;
        a->base *= *c;
        return a;
      }
      case Kind::kFloorDiv:
      case Kind::kFloorMod: {
        const int64_t* c = as_const_int(bin->b);
        if (!c || *c <= 0) return std::nullopt;
        auto a = Parse(bin->a);
        if (!a) return std::nullopt;
        if (a->args.empty()) {
          int64_t v = a->base, q = v / *c - ((v % *c != 0) && (v < 0));
          return IterSum{{}, e.kind() == Kind::kFloorDiv ? q : v - q * *c};
        }
        auto s = Fuse(*a);
        if (!s) return std::nullopt;
        if (e.kind() == Kind::kFloorDiv) {
          if (s->extent % *c != 0) return std::nullopt;
          return IterSum{{IterSplit{s->mark, s->lower_factor * *c, s->extent / *c, 1}}, 0};
        }
        if (s->extent % *c != 0) return std::nullopt;
        return IterSum{{IterSplit{s->mark, s->lower_factor, *c, 1}}, 0};
      }
      default:
        return std::nullopt;
    }
  }

 private:
  // One split of scale 1 covering the sum (base 0), fusing mixed-radix terms.
  std::optional<IterSplit> Fuse(const IterSum& sum) {
    if (sum.base != 0) return std::nullopt;
    if (sum.args.size() == 1 && sum.args[0].scale == 1) return sum.args[0];
    std::vector<IterSplit> rest = sum.args;
    std::vector<IterSplit> ordered;  // ascending scale
    int64_t expected = 1;
    while (!rest.empty()) {
      auto it = std::find_if(rest.begin(), rest.end(),
                             [&](const IterSplit& s) { return s.scale == expected; });
      if (it == rest.end()) return std::nullopt;
      ordered.push_back(*it);
      expected *= it->extent;
      rest.erase(it);
    }
    auto fused = std::make_shared<IterSum>();
    fused->args.assign(ordered.rbegin(), ordered.rend());  // outermost (largest scale) first
    auto m = std::make_shared<IterMark>();
    m->source = fused;
    m->extent = expected;
    return IterSplit{m, 1, expected, 1};
  }

  struct Iter {
    const VarNode* var;
    Mark mark;
    int64_t min;
  };
  std::vector<Iter> iters_;
  bool simplify_trivial_;
};

PrimExpr ToExpr(const IterSum& sum, DataType t);

PrimExpr MarkExpr(const IterMark& m, DataType t) {
  if (m.var.defined()) return m.var;
  return ToExpr(*m.source, t);
}

PrimExpr ToExpr(const IterSplit& s, DataType t) {
  PrimExpr src = MarkExpr(*s.mark, t);
  PrimExpr v;
  if (s.lower_factor == 1 && s.extent == s.mark->extent) {
    v = src;
  } else if (s.mark->extent == s.lower_factor * s.extent) {
    v = floordiv(src, make_const(t, s.lower_factor));
  } else {
    v = floordiv(floormod(src, make_const(t, s.lower_factor * s.extent)),
                 make_const(t, s.lower_factor));
  }
  return mul(v, make_const(t, s.scale));
}

PrimExpr ToExpr(const IterSum& sum, DataType t) {
  PrimExpr e;
  for (const IterSplit& s : sum.args) {
    if (s.scale < 0 && e.defined()) {
      IterSplit pos = s;
      pos.scale = -s.scale;
      e = sub(e, ToExpr(pos, t));
    } else {
      e = e.defined() ? add(e, ToExpr(s, t)) : ToExpr(s, t);
    }
  }
  if (!e.defined()) return make_const(t, sum.base);
  if (sum.base > 0) e = add(e, make_const(t, sum.base));
  if (sum.base < 0) e = sub(e, make_const(t, -sum.base));
  return e;
}

}  // namespace

std::vector<PrimExpr> IterMapSimplify(const std::vector<PrimExpr>& indices, const IterDomain& dom,
                                      bool simplify_trivial) {
  Parser p(dom, simplify_trivial);
  std::vector<PrimExpr> out;
  for (const PrimExpr& e : indices) {
    if (!e.dtype().is_int()) {
      out.push_back(e);
      continue;
    }
    auto sum = p.Parse(e);
    out.push_back(sum ? ToExpr(*sum, e.dtype()) : e);
  }
  return out;
}

namespace {
// True when every variable under the split's mark is in `vars`; sets *mixed when some are.
void MarkVars(const IterMark& m, const std::vector<const VarNode*>& vars, bool* any_in, bool* any_out) {
  if (m.var.defined()) {
    bool in = std::find(vars.begin(), vars.end(), m.var.get()) != vars.end();
    *any_in = *any_in || in;
    *any_out = *any_out || !in;
    return;
  }
  for (const IterSplit& s : m.source->args) MarkVars(*s.mark, vars, any_in, any_out);
}

// Mixed-radix check of a sum's args (scales from 1 upward); returns the total extent.
std::optional<int64_t> RadixExtent(std::vector<IterSplit> args) {
  int64_t expected = 1;
  while (!args.empty()) {
    auto it = std::find_if(args.begin(), args.end(), [&](const IterSplit& s) { return s.scale == expected; });
    if (it == args.end()) return std::nullopt;
    expected *= it->extent;
    args.erase(it);
  }
  return expected;
}
}  // namespace

std::optional<std::vector<SubspaceDivision>> SubspaceDivide(
    const std::vector<PrimExpr>& bindings, const IterDomain& dom,
    const std::vector<const VarNode*>& inner_vars) {
  Parser p(dom, false);
  std::vector<SubspaceDivision> out;
  for (const PrimExpr& e : bindings) {
    DataType t = e.dtype();
    auto sum = p.Parse(e);
    if (!sum) return std::nullopt;
    IterSum inner, outer;
    for (const IterSplit& s : sum->args) {
      bool in = false, ex = false;
      MarkVars(*s.mark, inner_vars, &in, &ex);
      if (in && ex) return std::nullopt;
      (in ? inner : outer).args.push_back(s);
    }
    auto e_in = RadixExtent(inner.args);
    if (!e_in) return std::nullopt;
    for (IterSplit& s : outer.args) {
      if (s.scale % *e_in != 0) return std::nullopt;
      s.scale /= *e_in;
    }
    auto e_out = RadixExtent(outer.args);
    if (!e_out) return std::nullopt;
    if (sum->base != 0) {
      if (!inner.args.empty() || !outer.args.empty()) return std::nullopt;
      outer.base = sum->base;
    }
    SubspaceDivision d;
    d.outer = ToExpr(outer, t);
    d.inner = ToExpr(inner, t);
    d.outer_extent = *e_out;
    d.inner_extent = *e_in;
    out.push_back(d);
  }
  return out;
}

bool IsAffineBinding(const std::vector<PrimExpr>& indices, const IterDomain& dom) {
  Parser p(dom, false);
  for (const PrimExpr& e : indices)
    if (!p.Parse(e)) return false;
  return true;
}

}  // namespace arith
}  // namespace tirgen

// Affine iterator maps: parse to sums of splits, fuse mixed-radix sums, print back.
#include "tirgen/arith/iter_map.h"

#include <algorithm>
#include <map>
#include <memory>
#include <string>

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

 private:
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

namespace tirgen {
namespace arith {

namespace {

// Fused marks built by separate parses of one iterator expression are the same mark (TVM keys
// marks structurally): each distinct mark is kept once.
class MarkTable {
 public:
  Mark Canon(const Mark& m) {
    if (m->var.defined()) return m;
    auto src = std::make_shared<IterSum>(*m->source);
    for (IterSplit& s : src->args) s.mark = Canon(s.mark);
    for (const Mark& f : fused_)
      if (f->extent == m->extent && Same(*f->source, *src)) return f;
    auto c = std::make_shared<IterMark>();
    c->source = src;
    c->extent = m->extent;
    fused_.push_back(c);
    return c;
  }

 private:
  static bool Same(const IterSum& a, const IterSum& b) {
    if (a.base != b.base || a.args.size() != b.args.size()) return false;
    for (size_t i = 0; i < a.args.size(); ++i) {
      const IterSplit &x = a.args[i], &y = b.args[i];
      if (x.mark != y.mark || x.lower_factor != y.lower_factor || x.extent != y.extent || x.scale != y.scale)
        return false;
    }
    return true;
  }
  std::vector<Mark> fused_;
};

// Marks reachable from `m`, each after every fused mark whose source splits it (post order).
void PostOrder(const Mark& m, std::vector<Mark>* order) {
  if (std::find(order->begin(), order->end(), m) != order->end()) return;
  if (m->source)
    for (const IterSplit& s : m->source->args) PostOrder(s.mark, order);
  order->push_back(m);
}

std::string VarName(const IterMark& m) { return m.var.defined() ? m.var->name_hint : "a fused iterator"; }

}  // namespace

std::optional<std::vector<PrimExpr>> InverseAffineIterMap(const std::vector<PrimExpr>& indices, const IterDomain& dom,
                                                          const std::vector<Var>& outputs, std::vector<int64_t>* extents,
                                                          std::string* why) {
  Parser p(dom, /*simplify_trivial=*/false);
  MarkTable table;
  // Each index: a constant, or one split of scale 1 (mixed-radix sums fused) plus a base.
  struct Top {
    std::optional<IterSplit> split;
    int64_t base = 0;
  };
  std::vector<Top> tops;
  extents->clear();
  for (size_t k = 0; k < indices.size(); ++k) {
    auto sum = p.Parse(indices[k]);
    if (!sum) {
      *why = "output " + std::to_string(k) + " is not an affine map (a sum of splits) of the inputs";
      return std::nullopt;
    }
    Top t;
    t.base = sum->base;
    if (!sum->args.empty()) {
      t.split = p.Fuse(IterSum{sum->args, 0});
      if (!t.split) {
        *why = "output " + std::to_string(k) + " is not one iterator (its terms are not mixed-radix with scale 1)";
        return std::nullopt;
      }
      t.split->mark = table.Canon(t.split->mark);
    }
    extents->push_back(t.split ? t.split->extent : 1);
    tops.push_back(t);
  }
  // Every split of each mark, then the bijection check: the splits of a mark tile it exactly.
  std::vector<Mark> order;
  for (const Top& t : tops)
    if (t.split) PostOrder(t.split->mark, &order);
  std::map<const IterMark*, std::vector<IterSplit>> uses;
  for (const Top& t : tops)
    if (t.split) uses[t.split->mark.get()].push_back(*t.split);
  for (const Mark& m : order)
    if (m->source)
      for (const IterSplit& s : m->source->args) uses[s.mark.get()].push_back(s);
  for (const Mark& m : order) {
    std::vector<IterSplit> splits = uses[m.get()];
    std::sort(splits.begin(), splits.end(),
              [](const IterSplit& a, const IterSplit& b) { return a.lower_factor < b.lower_factor; });
    int64_t covered = 1;
    for (const IterSplit& s : splits) {
      if (s.lower_factor < covered) {
        *why = "the outputs use part of " + VarName(*m) + " twice";
        return std::nullopt;
      }
      if (s.lower_factor > covered) {
        *why = "no output uses " + VarName(*m) + " % " + std::to_string(s.lower_factor) + " (only " +
               std::to_string(m->extent / s.lower_factor) + " of its " + std::to_string(m->extent) + " values are told apart)";
        return std::nullopt;
      }
      covered *= s.extent;
    }
    if (covered != m->extent) {
      *why = "no output uses " + VarName(*m) + " // " + std::to_string(covered) + " (only " + std::to_string(covered) +
             " of its " + std::to_string(m->extent) + " values are told apart)";
      return std::nullopt;
    }
  }
  // Back propagation from the outputs, fused marks before the marks they split (TVM's order).
  std::map<const IterMark*, PrimExpr> value;
  auto add_to = [&](const IterMark* m, const PrimExpr& v) { value[m] = value.count(m) ? add(value[m], v) : v; };
  for (size_t k = 0; k < tops.size(); ++k) {
    if (!tops[k].split) continue;
    DataType t = outputs[k].dtype();
    PrimExpr v = tops[k].base == 0 ? PrimExpr(outputs[k]) : sub(outputs[k], make_const(t, tops[k].base));
    add_to(tops[k].split->mark.get(), mul(v, make_const(t, tops[k].split->lower_factor)));
  }
  for (size_t i = order.size(); i-- > 0;) {
    const Mark& m = order[i];
    if (!m->source) continue;
    PrimExpr v = value.at(m.get());
    const std::vector<IterSplit>& args = m->source->args;  // outermost (largest scale) first
    for (size_t j = args.size(); j-- > 0;) {
      DataType t = v.dtype();
      PrimExpr part = floordiv(v, make_const(t, args[j].scale));
      if (j > 0) part = floormod(part, make_const(t, args[j].extent));  // the outermost needs no wrap
      add_to(args[j].mark.get(), mul(part, make_const(t, args[j].lower_factor)));
    }
  }
  std::vector<PrimExpr> out;
  for (const auto& kv : dom) {
    const IterMark* mark = nullptr;
    for (const Mark& m : order)
      if (m->var.defined() && m->var.same_as(kv.first)) mark = m.get();
    if (mark && value.count(mark)) {
      out.push_back(value.at(mark));
      continue;
    }
    const int64_t* ex = as_const_int(kv.second->extent);
    if (!ex || *ex != 1) {
      *why = "input " + kv.first->name_hint + " is not used by the outputs";
      return std::nullopt;
    }
    out.push_back(kv.second->min);
  }
  return out;
}

}  // namespace arith
}  // namespace tirgen

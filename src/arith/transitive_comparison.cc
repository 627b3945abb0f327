// Known comparisons and their transitive consequences (see transitive_comparison.h).
#include "transitive_comparison.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>
#include <tuple>

#include "tirgen/support/stack_guard.h"
#include "tirgen/tir/expr_deep_equal.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace arith {

using namespace tir;  // NOLINT

namespace {

CompareResult Reverse(CompareResult r) {
  switch (r) {
    case CompareResult::kLT: return CompareResult::kGT;
    case CompareResult::kLE: return CompareResult::kGE;
    case CompareResult::kGT: return CompareResult::kLT;
    case CompareResult::kGE: return CompareResult::kLE;
    default: return r;
  }
}

// (x + c) -> (x, c), (x - c) -> (x, -c), c -> (0, c); anything else -> (e, 0).
std::pair<PrimExpr, __int128> SplitOffset(const PrimExpr& e) {
  if (const int64_t* c = as_const_int(e)) return {IntImm(DataType::Int(32), 0), *c};
  if (const BinaryNode* b = e.as<BinaryNode>()) {
    if (const IntImmNode* c = b->b.as<IntImmNode>()) {
      if (e.kind() == Kind::kAdd) return {b->a, c->value};
      if (e.kind() == Kind::kSub) return {b->a, -static_cast<__int128>(c->value)};
    }
  }
  return {e, 0};
}

void CollectConjuncts(const PrimExpr& e, std::vector<PrimExpr>* out) {
  support::CheckStack("TIR expression or statement");  // recursion follows the nesting
  if (e.kind() == Kind::kAnd) {
    const BinaryNode* b = e.as<BinaryNode>();
    CollectConjuncts(b->a, out);
    CollectConjuncts(b->b, out);
  } else {
    out->push_back(e);
  }
}

}  // namespace

std::vector<PrimExpr> Conjuncts(const PrimExpr& e) {
  std::vector<PrimExpr> out;
  CollectConjuncts(e, &out);
  return out;
}

TransitiveComparisons::Fact::Fact(int l, int r, Offset off, CompareResult o) : lhs(l), rhs(r), offset(off), op(o) {
  // On integers x < y + c is x <= y + c - 1: only <=, >=, ==, != remain.
  if (op == CompareResult::kLT) {
    op = CompareResult::kLE;
    offset -= 1;
  } else if (op == CompareResult::kGT) {
    op = CompareResult::kGE;
    offset += 1;
  }
}

std::optional<TransitiveComparisons::Fact> TransitiveComparisons::Fact::WithLhs(int key) const {
  if (key == lhs) return *this;
  if (key == rhs) return Fact(rhs, lhs, -offset, Reverse(op));
  return std::nullopt;
}

bool TransitiveComparisons::Fact::Implies(const Fact& o) const {
  if (op == o.op && offset == o.offset) return true;
  bool eq = op == CompareResult::kEQ;
  if (o.op == CompareResult::kLE && offset <= o.offset && (eq || op == CompareResult::kLE)) return true;
  if (o.op == CompareResult::kGE && offset >= o.offset && (eq || op == CompareResult::kGE)) return true;
  if (o.op == CompareResult::kNE) {
    if (eq && offset != o.offset) return true;
    if (op == CompareResult::kLE && offset < o.offset) return true;
    if (op == CompareResult::kGE && offset > o.offset) return true;
  }
  return false;
}

int TransitiveComparisons::FindKey(const PrimExpr& e) const {
  auto it = keys_.find(e);
  return it == keys_.end() ? -1 : it->second;
}

int TransitiveComparisons::Key(const PrimExpr& e) {
  return keys_.emplace(e, static_cast<int>(keys_.size())).first->second;
}

void TransitiveComparisons::Add(const PrimExpr& constraint, std::vector<Fact>* out) {
  for (const PrimExpr& p : Conjuncts(constraint)) {
    const BinaryNode* b = p.as<BinaryNode>();
    if (!b || !IsCompareKind(p.kind())) continue;
    if (b->a.as<IntImmNode>() && b->b.as<IntImmNode>()) continue;
    CompareResult op;
    switch (p.kind()) {
      case Kind::kEQ: op = CompareResult::kEQ; break;
      case Kind::kNE: op = CompareResult::kNE; break;
      case Kind::kLT: op = CompareResult::kLT; break;
      case Kind::kLE: op = CompareResult::kLE; break;
      case Kind::kGT: op = CompareResult::kGT; break;
      default: op = CompareResult::kGE; break;
    }
    auto [l, lo] = SplitOffset(b->a);
    auto [r, ro] = SplitOffset(b->b);
    out->push_back(Fact(Key(l), Key(r), ro - lo, op));
  }
}

void TransitiveComparisons::Bind(const Var& var, const Range& range) {
  auto it = bound_.find(var);
  if (it == bound_.end()) {
    bound_.emplace(var, range);
  } else {
    if (ExprDeepEqual(it->second->min, range->min) && ExprDeepEqual(it->second->extent, range->extent)) return;
    int k = FindKey(var);
    knowns_.erase(std::remove_if(knowns_.begin(), knowns_.end(), [k](const Fact& f) { return f.lhs == k; }),
                  knowns_.end());
    it->second = range;
  }
  if (is_one(range->extent)) {
    Add(eq(var, range->min), &knowns_);
  } else {
    Add(Binary(Kind::kGE, var, range->min), &knowns_);
    Add(Binary(Kind::kLT, var, add(range->min, range->extent)), &knowns_);
  }
}

void TransitiveComparisons::EnterConstraint(const PrimExpr& constraint) { Add(constraint, &scoped_); }

// Every fact lhs OP rhs + c that follows from chains of facts starting at lhs (depth-first over
// the expressions reachable from lhs, keeping only the strongest facts per expression).
std::vector<TransitiveComparisons::Fact> TransitiveComparisons::Chains(int lhs, int rhs) const {
  std::map<int, std::vector<Fact>> from_lhs;
  std::set<int> seen, to_visit;
  auto declare = [&](const Fact& f) {
    std::vector<Fact>& known = from_lhs[f.rhs];
    for (const Fact& prev : known)
      if (prev.Implies(f)) return;
    if (f.rhs != rhs && seen.insert(f.rhs).second) to_visit.insert(f.rhs);
    for (Fact& prev : known) {
      if (f.Implies(prev)) {
        prev = f;
        return;
      }
    }
    known.push_back(f);
  };
  for (const std::vector<Fact>* facts : {&knowns_, &scoped_})
    for (const Fact& f : *facts)
      if (auto n = f.WithLhs(lhs)) declare(*n);
  while (!to_visit.empty()) {
    int middle = *to_visit.begin();
    to_visit.erase(to_visit.begin());
    std::vector<Fact> via_middle = from_lhs.at(middle), derived;
    for (const std::vector<Fact>* facts : {&knowns_, &scoped_}) {
      for (const Fact& f : *facts) {
        std::optional<Fact> next = f.WithLhs(middle);
        if (!next || next->rhs == lhs) continue;
        for (const Fact& prev : via_middle) {
          // lhs P middle + c1 and middle Q right + c2: lhs R right + (c1 + c2)
          CompareResult r = CompareResult::kUnknown;
          if (prev.op == CompareResult::kEQ) r = next->op;
          else if (next->op == CompareResult::kEQ) r = prev.op;
          else if (prev.op == next->op && (prev.op == CompareResult::kLE || prev.op == CompareResult::kGE)) r = prev.op;
          if (r != CompareResult::kUnknown) derived.push_back(Fact(lhs, next->rhs, prev.offset + next->offset, r));
        }
      }
    }
    for (const Fact& f : derived) declare(f);
  }
  auto it = from_lhs.find(rhs);
  return it == from_lhs.end() ? std::vector<Fact>{} : it->second;
}

CompareResult TransitiveComparisons::TryCompare(const PrimExpr& lhs_expr, const PrimExpr& rhs_expr,
                                                bool propagate) const {
  if (!lhs_expr.dtype().is_int() || !rhs_expr.dtype().is_int()) return CompareResult::kUnknown;
  const int64_t* x = as_const_int(lhs_expr);
  const int64_t* y = as_const_int(rhs_expr);
  if (x && y) return *x < *y ? CompareResult::kLT : *x > *y ? CompareResult::kGT : CompareResult::kEQ;
  auto [l, lo] = SplitOffset(lhs_expr);
  auto [r, ro] = SplitOffset(rhs_expr);
  Offset offset = ro - lo;  // lhs_expr OP rhs_expr  <=>  l OP r + offset
  int lk = FindKey(l), rk = FindKey(r);
  if (lk < 0 || rk < 0) return CompareResult::kUnknown;
  std::vector<Fact> facts;
  if (propagate) {
    facts = Chains(lk, rk);
    for (const Fact& f : Chains(rk, lk)) facts.push_back(*f.WithLhs(lk));
  } else {
    for (const std::vector<Fact>* all : {&knowns_, &scoped_})
      for (const Fact& f : *all)
        if (auto n = f.WithLhs(lk); n && n->rhs == rk) facts.push_back(*n);
  }
  CompareResult result = CompareResult::kUnknown;
  for (const Fact& f : facts) {
    switch (f.op) {
      case CompareResult::kEQ:
        result = result & (offset == f.offset ? CompareResult::kEQ : CompareResult::kNE);
        break;
      case CompareResult::kLE:
        if (f.offset < offset) result = result & CompareResult::kLT;
        else if (f.offset <= offset) result = result & CompareResult::kLE;
        break;
      case CompareResult::kGE:
        if (f.offset > offset) result = result & CompareResult::kGT;
        else if (f.offset >= offset) result = result & CompareResult::kGE;
        break;
      case CompareResult::kNE:
        if (offset == f.offset) result = result & CompareResult::kNE;
        break;
      default: break;
    }
  }
  return result;
}

}  // namespace arith
}  // namespace tirgen

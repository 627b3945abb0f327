// Range-aware rewrite rules (see rewrite_simplify.h). A rule fires only when the bounds of the
// operands prove it, so with no known ranges this is just arith::Simplify.
#include "rewrite_simplify.h"

#include <limits>

#include "canonical.h"
#include "tirgen/arith/simplify.h"
#include "tirgen/tir/functor.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace arith {

using namespace tir;  // NOLINT

namespace {

constexpr int64_t kInf = std::numeric_limits<int64_t>::max();
constexpr int64_t kNegInf = std::numeric_limits<int64_t>::min();

bool IsIndex(const PrimExpr& e) { return e.dtype().is_integer() && e.dtype().is_scalar(); }

class RangeRewriter : public StmtExprMutator {
 public:
  using StmtExprMutator::VisitExpr;
  /// `tvm_rules`: TVM's rewrite_simplify alone, which decides a quotient by bounds only in the
  /// canonical form (its floormod rule, 0 <= x < c gives x, stays); rebuilt nodes fold.
  explicit RangeRewriter(bool tvm_rules) : tvm_rules_(tvm_rules) {}

  PrimExpr VisitExpr_(const BinaryNode* op) override {
    PrimExpr a = VisitExpr(op->a), b = VisitExpr(op->b);
    bool quotient = op->kind() == Kind::kFloorDiv || op->kind() == Kind::kDiv || op->kind() == Kind::kMod;
    if (IsIndex(a) && a.dtype() == b.dtype() && !(tvm_rules_ && quotient)) {
      if (std::optional<PrimExpr> r = Decide(op->kind(), a, b)) return *r;
    }
    if (a.same_as(op->a) && b.same_as(op->b)) return GetRef<PrimExpr>(op);
    if (tvm_rules_)
      if (PrimExpr folded = TryConstFold(op->kind(), a, b); folded.defined()) return folded;
    return Binary(op->kind(), a, b);
  }

 private:
  bool tvm_rules_;

  static std::optional<PrimExpr> Decide(Kind k, const PrimExpr& a, const PrimExpr& b) {
    PrimExpr t = IntImm(DataType::Bool(), 1), f = IntImm(DataType::Bool(), 0);
    switch (k) {
      case Kind::kMin: case Kind::kMax: {
        IntBound d = DiffBound(a, b);
        bool a_le = d.max != kInf && d.max <= 0, a_ge = d.min != kNegInf && d.min >= 0;
        if (k == Kind::kMin) {
          if (a_le) return a;
          if (a_ge) return b;
        } else {
          if (a_ge) return a;
          if (a_le) return b;
        }
        return std::nullopt;
      }
      case Kind::kLT: case Kind::kLE: case Kind::kGT: case Kind::kGE: case Kind::kEQ:
      case Kind::kNE: {
        IntBound d = DiffBound(a, b);
        bool lo = d.min != kNegInf, hi = d.max != kInf;
        switch (k) {
          case Kind::kLT: if (hi && d.max < 0) return t; if (lo && d.min >= 0) return f; break;
          case Kind::kLE: if (hi && d.max <= 0) return t; if (lo && d.min > 0) return f; break;
          case Kind::kGT: if (lo && d.min > 0) return t; if (hi && d.max <= 0) return f; break;
          case Kind::kGE: if (lo && d.min >= 0) return t; if (hi && d.max < 0) return f; break;
          case Kind::kEQ:
            if (d.min == 0 && d.max == 0) return t;
            if ((lo && d.min > 0) || (hi && d.max < 0)) return f;
            break;
          case Kind::kNE:
            if (d.min == 0 && d.max == 0) return f;
            if ((lo && d.min > 0) || (hi && d.max < 0)) return t;
            break;
          default: break;
        }
        return std::nullopt;
      }
      case Kind::kFloorDiv: case Kind::kFloorMod: case Kind::kDiv: case Kind::kMod: {
        const int64_t* c = as_const_int(b);
        if (!c || *c <= 0) return std::nullopt;
        IntBound x = ConstIntBound(a);
        if (x.min >= 0 && x.max < *c) {
          bool is_div = k == Kind::kFloorDiv || k == Kind::kDiv;
          return is_div ? make_const(a.dtype(), 0) : a;
        }
        return std::nullopt;
      }
      default: return std::nullopt;
    }
  }
};

}  // namespace

PrimExpr RewriteSimplify(const PrimExpr& expr, const Analyzer* analyzer, bool sum_rules, bool tvm_rules) {
  PrimExpr e = RangeRewriter(tvm_rules).VisitExpr(expr);
  // TVM's rewrite_simplify runs its pass again when the first changed something (twice at most).
  for (int pass = 0; pass < (tvm_rules ? 2 : 1); ++pass) {
    PrimExpr next = SimplifyIn(e, analyzer, sum_rules, tvm_rules);
    bool same = next.same_as(e);
    e = next;
    if (same) break;
  }
  return RangeRewriter(tvm_rules).VisitExpr(e);
}

namespace {
// Every scalar int32/int64 + - * / % subtree in canonical form, bottom up (TVM's canonical pass
// after its rewriter reaches indices inside loads, selects and calls too).
class CanonicalParts : public StmtExprMutator {
 public:
  using StmtExprMutator::VisitExpr;
  PrimExpr VisitExpr_(const BinaryNode* op) override {
    PrimExpr r = StmtExprMutator::VisitExpr_(op);
    DataType t = r.dtype();
    bool index = t.is_int() && t.lanes() == 1 && (t.bits() == 32 || t.bits() == 64);
    switch (r.kind()) {
      case Kind::kAdd: case Kind::kSub: case Kind::kMul: case Kind::kDiv: case Kind::kMod:
      case Kind::kFloorDiv: case Kind::kFloorMod: return index ? CanonicalSimplify(r) : r;
      default: return r;
    }
  }
};
}  // namespace

PrimExpr RewriteCanonical(const PrimExpr& expr) { return CanonicalParts().VisitExpr(expr); }

}  // namespace arith
}  // namespace tirgen

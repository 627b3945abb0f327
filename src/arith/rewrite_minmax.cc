// TVM v0.14's min / max rewrite rules on scalar index arithmetic (see rewrite_rules.h):
// absorption, a repeated operand in a chain, and a common operand moved out.
#include <optional>

#include "rewrite_rules.h"
#include "tirgen/tir/expr_deep_equal.h"

namespace tirgen {
namespace arith {

using namespace tir;  // NOLINT

namespace {

const BinaryNode* As(const PrimExpr& e, Kind k) { return e.kind() == k ? e.as<BinaryNode>() : nullptr; }
bool Same(const PrimExpr& a, const PrimExpr& b) { return ExprDeepEqual(a, b); }

// Whether x is an operand of the chain op(op(op(a, b), c), ...) of one kind.
bool InChain(Kind k, const PrimExpr& chain, const PrimExpr& x) {
  PrimExpr e = chain;
  while (const BinaryNode* n = As(e, k)) {
    if (Same(n->b, x)) return true;
    PrimExpr left = n->a;
    e = left;
  }
  return Same(e, x);
}

}  // namespace

std::optional<PrimExpr> RewriteMinMax(Kind k, const PrimExpr& a, const PrimExpr& b) {
  if (k != Kind::kMin && k != Kind::kMax) return std::nullopt;
  if (!a.dtype().is_int() || a.dtype().lanes() != 1 || a.dtype() != b.dtype()) return std::nullopt;
  Kind dual = k == Kind::kMin ? Kind::kMax : Kind::kMin;
  // min(x, max(x, y)) -> x, min(max(x, y), x) -> x (either order inside)
  for (bool swap : {false, true}) {
    const PrimExpr& x = swap ? b : a;
    const BinaryNode* d = As(swap ? a : b, dual);
    if (d && (Same(d->a, x) || Same(d->b, x))) return x;
  }
  // min(max(x, y), min(x, y)) -> min(x, y) (and max of the pair likewise)
  const BinaryNode* da = As(a, dual);
  const BinaryNode* sb = As(b, k);
  if (da && sb && ((Same(da->a, sb->a) && Same(da->b, sb->b)) || (Same(da->a, sb->b) && Same(da->b, sb->a))))
    return b;
  // min(min(x, y), x) -> min(x, y), min(x, min(x, y)) -> min(x, y): an operand already in the chain
  if (As(a, k) && InChain(k, a, b)) return a;
  if (const BinaryNode* sb2 = As(b, k); sb2 && (Same(sb2->a, a) || Same(sb2->b, a))) return b;
  // min(max(x, y), max(x, z)) -> max(min(y, z), x) (x in either place of either max)
  const BinaryNode* db = As(b, dual);
  if (da && db) {
    for (int i = 0; i < 4; ++i) {
      const PrimExpr& xa = i & 1 ? da->b : da->a;
      const PrimExpr& ya = i & 1 ? da->a : da->b;
      const PrimExpr& xb = i & 2 ? db->b : db->a;
      const PrimExpr& zb = i & 2 ? db->a : db->b;
      if (Same(xa, xb)) return PrimExpr(Binary(dual, Binary(k, ya, zb), xa));
    }
  }
  return std::nullopt;
}

}  // namespace arith
}  // namespace tirgen

#include "tirgen/tir/expr_deep_equal.h"

#include <vector>

namespace tirgen {
namespace tir {

bool ExprDeepEqual(const PrimExpr& a, const PrimExpr& b) {
  if (a.same_as(b)) return true;
  if (!a.defined() || !b.defined()) return false;
  if (a.kind() != b.kind() || a.dtype() != b.dtype()) return false;
  auto all_equal = [](const std::vector<PrimExpr>& x, const std::vector<PrimExpr>& y) {
    if (x.size() != y.size()) return false;
    for (size_t i = 0; i < x.size(); ++i)
      if (!ExprDeepEqual(x[i], y[i])) return false;
    return true;
  };
  switch (a.kind()) {
    case Kind::kIntImm: return a.as<IntImmNode>()->value == b.as<IntImmNode>()->value;
    case Kind::kFloatImm: return a.as<FloatImmNode>()->value == b.as<FloatImmNode>()->value;
    case Kind::kStringImm: return a.as<StringImmNode>()->value == b.as<StringImmNode>()->value;
    case Kind::kVar:
    case Kind::kSizeVar: return false;  // identity only (checked above)
    case Kind::kCast: return ExprDeepEqual(a.as<CastNode>()->value, b.as<CastNode>()->value);
    case Kind::kNot: return ExprDeepEqual(a.as<NotNode>()->a, b.as<NotNode>()->a);
    case Kind::kSelect: {
      auto x = a.as<SelectNode>(), y = b.as<SelectNode>();
      return ExprDeepEqual(x->condition, y->condition) &&
             ExprDeepEqual(x->true_value, y->true_value) &&
             ExprDeepEqual(x->false_value, y->false_value);
    }
    case Kind::kBufferLoad: {
      auto x = a.as<BufferLoadNode>(), y = b.as<BufferLoadNode>();
      return x->buffer.same_as(y->buffer) && all_equal(x->indices, y->indices);
    }
    case Kind::kCall: {
      auto x = a.as<CallNode>(), y = b.as<CallNode>();
      return x->op == y->op && all_equal(x->args, y->args);
    }
    case Kind::kRamp: {
      auto x = a.as<RampNode>(), y = b.as<RampNode>();
      return x->lanes == y->lanes && ExprDeepEqual(x->base, y->base) && ExprDeepEqual(x->stride, y->stride);
    }
    case Kind::kBroadcast: {
      auto x = a.as<BroadcastNode>(), y = b.as<BroadcastNode>();
      return x->lanes == y->lanes && ExprDeepEqual(x->value, y->value);
    }
    case Kind::kShuffle: {
      auto x = a.as<ShuffleNode>(), y = b.as<ShuffleNode>();
      return all_equal(x->vectors, y->vectors) && all_equal(x->indices, y->indices);
    }
    default:
      if (IsBinaryKind(a.kind())) {
        auto x = a.as<BinaryNode>(), y = b.as<BinaryNode>();
        return ExprDeepEqual(x->a, y->a) && ExprDeepEqual(x->b, y->b);
      }
      return false;
  }
}

}  // namespace tir
}  // namespace tirgen

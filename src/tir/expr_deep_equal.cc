#include "tirgen/tir/expr_deep_equal.h"

#include <cstring>
#include <functional>
#include <vector>

#include "tirgen/support/stack_guard.h"

namespace tirgen {
namespace tir {

bool ExprDeepEqual(const PrimExpr& a, const PrimExpr& b) {
  support::CheckStack("TIR expression or statement");  // recursion follows the nesting
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

namespace {
size_t Mix(size_t h, size_t v) { return h ^ (v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2)); }
}  // namespace

// Mirrors ExprDeepEqual case by case: whatever it compares goes into the hash, and a node kind
// it compares by identity only hashes by identity.
size_t ExprDeepHash(const PrimExpr& e) {
  support::CheckStack("TIR expression or statement");  // recursion follows the nesting
  if (!e.defined()) return 0;
  DataType t = e.dtype();
  size_t h = Mix(static_cast<size_t>(e.kind()),
                 (static_cast<size_t>(t.code()) << 48) ^ (static_cast<size_t>(t.bits()) << 32) ^
                     static_cast<size_t>(t.lanes()));
  auto all = [&h](const std::vector<PrimExpr>& xs) {
    for (const PrimExpr& x : xs) h = Mix(h, ExprDeepHash(x));
    return h;
  };
  switch (e.kind()) {
    case Kind::kIntImm: return Mix(h, std::hash<int64_t>()(e.as<IntImmNode>()->value));
    case Kind::kFloatImm: {
      double v = e.as<FloatImmNode>()->value;
      if (v == 0) v = 0;  // -0.0 == 0.0
      uint64_t bits;
      std::memcpy(&bits, &v, sizeof(bits));
      return Mix(h, std::hash<uint64_t>()(bits));
    }
    case Kind::kStringImm: return Mix(h, std::hash<std::string>()(e.as<StringImmNode>()->value));
    case Kind::kCast: return Mix(h, ExprDeepHash(e.as<CastNode>()->value));
    case Kind::kNot: return Mix(h, ExprDeepHash(e.as<NotNode>()->a));
    case Kind::kSelect: {
      auto x = e.as<SelectNode>();
      return all({x->condition, x->true_value, x->false_value});
    }
    case Kind::kBufferLoad: {
      auto x = e.as<BufferLoadNode>();
      h = Mix(h, std::hash<const Object*>()(x->buffer.get()));
      return all(x->indices);
    }
    case Kind::kCall: {
      auto x = e.as<CallNode>();
      h = Mix(h, std::hash<std::string>()(x->op));
      return all(x->args);
    }
    case Kind::kRamp: {
      auto x = e.as<RampNode>();
      h = Mix(h, static_cast<size_t>(x->lanes));
      return all({x->base, x->stride});
    }
    case Kind::kBroadcast: {
      auto x = e.as<BroadcastNode>();
      return Mix(Mix(h, static_cast<size_t>(x->lanes)), ExprDeepHash(x->value));
    }
    default:
      if (IsBinaryKind(e.kind())) {
        auto x = e.as<BinaryNode>();
        return all({x->a, x->b});
      }
      return Mix(h, std::hash<const Object*>()(e.get()));  // vars and the rest: identity
  }
}

}  // namespace tir
}  // namespace tirgen

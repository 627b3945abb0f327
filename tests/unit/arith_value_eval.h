// A direct evaluator of integer TIR expressions for value checks of the simplifier's results
// (independent of the simplifier and of op.h's folding). Every lane is computed exactly in
// int64; nullopt when an expression has something it cannot evaluate (floats, loads, unknown
// calls), divides by zero, or leaves its type's range: the simplifier's rules assume no
// overflow (as TVM's do), so such points say nothing.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "tirgen/tir/expr.h"

namespace tirgen {
namespace testing {

using Lanes = std::vector<int64_t>;
using Env = std::map<const tir::VarNode*, int64_t>;

inline bool InType(int64_t v, DataType t) {
  if (t.is_bool()) return v == 0 || v == 1;
  if (t.bits() >= 64) return !t.is_uint() || v >= 0;
  if (t.is_uint()) return v >= 0 && v < (int64_t{1} << t.bits());
  int64_t lim = int64_t{1} << (t.bits() - 1);
  return v >= -lim && v < lim;
}

inline int64_t FloorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

std::optional<Lanes> Eval(const tir::PrimExpr& e, Env env);

inline std::optional<Lanes> EvalBinary(Kind k, const Lanes& a, const Lanes& b, DataType t) {
  if (a.size() != b.size()) return std::nullopt;
  Lanes out(a.size());
  for (size_t i = 0; i < a.size(); ++i) {
    int64_t x = a[i], y = b[i], r = 0;
    bool ovf = false;
    switch (k) {
      case Kind::kAdd: ovf = __builtin_add_overflow(x, y, &r); break;
      case Kind::kSub: ovf = __builtin_sub_overflow(x, y, &r); break;
      case Kind::kMul: ovf = __builtin_mul_overflow(x, y, &r); break;
      case Kind::kDiv: case Kind::kMod: case Kind::kFloorDiv: case Kind::kFloorMod:
        if (y == 0 || (y == -1 && x == INT64_MIN)) return std::nullopt;
        if (k == Kind::kDiv) r = x / y;
        else if (k == Kind::kMod) r = x % y;
        else if (k == Kind::kFloorDiv) r = FloorDiv(x, y);
        else if ((r = x % y) != 0 && (r < 0) != (y < 0)) r += y;  // floor(x/y)*y may leave int64
        break;
      case Kind::kMin: r = std::min(x, y); break;
      case Kind::kMax: r = std::max(x, y); break;
      case Kind::kEQ: r = x == y; break;
      case Kind::kNE: r = x != y; break;
      case Kind::kLT: r = x < y; break;
      case Kind::kLE: r = x <= y; break;
      case Kind::kGT: r = x > y; break;
      case Kind::kGE: r = x >= y; break;
      case Kind::kAnd: r = x && y; break;
      case Kind::kOr: r = x || y; break;
      default: return std::nullopt;
    }
    if (ovf || !InType(r, t)) return std::nullopt;
    out[i] = r;
  }
  return out;
}

inline std::optional<Lanes> Eval(const tir::PrimExpr& e, Env env) {
  using namespace tir;  // NOLINT
  DataType t = e.dtype();
  if (!(t.is_int() || t.is_uint() || t.is_bool())) return std::nullopt;
  if (const IntImmNode* c = e.as<IntImmNode>()) return Lanes{c->value};
  if (const VarNode* v = e.as<VarNode>()) {
    auto it = env.find(v);
    if (it == env.end()) return std::nullopt;
    return Lanes{it->second};
  }
  if (const BinaryNode* b = e.as<BinaryNode>()) {
    std::optional<Lanes> x = Eval(b->a, env), y = Eval(b->b, env);
    if (!x || !y) return std::nullopt;
    return EvalBinary(e.kind(), *x, *y, t);
  }
  if (const NotNode* n = e.as<NotNode>()) {
    std::optional<Lanes> x = Eval(n->a, env);
    if (!x) return std::nullopt;
    for (int64_t& l : *x) l = !l;
    return x;
  }
  if (const SelectNode* s = e.as<SelectNode>()) {
    std::optional<Lanes> c = Eval(s->condition, env), x = Eval(s->true_value, env), y = Eval(s->false_value, env);
    if (!c || !x || !y || x->size() != y->size()) return std::nullopt;
    Lanes out(x->size());
    for (size_t i = 0; i < out.size(); ++i) out[i] = (*c)[c->size() == 1 ? 0 : i] ? (*x)[i] : (*y)[i];
    return out;
  }
  if (const RampNode* r = e.as<RampNode>()) {
    std::optional<Lanes> base = Eval(r->base, env), stride = Eval(r->stride, env);
    if (!base || !stride) return std::nullopt;
    Lanes out(r->lanes);
    for (int i = 0; i < r->lanes; ++i) {
      std::optional<Lanes> step = EvalBinary(Kind::kMul, {(*stride)[0]}, {i}, r->base.dtype());
      std::optional<Lanes> lane = step ? EvalBinary(Kind::kAdd, *base, *step, r->base.dtype()) : std::nullopt;
      if (!lane) return std::nullopt;
      out[i] = (*lane)[0];
    }
    return out;
  }
  if (const BroadcastNode* b = e.as<BroadcastNode>()) {
    std::optional<Lanes> v = Eval(b->value, env);
    if (!v) return std::nullopt;
    return Lanes(b->lanes, (*v)[0]);
  }
  if (const CastNode* c = e.as<CastNode>()) {
    std::optional<Lanes> v = Eval(c->value, env);
    if (!v) return std::nullopt;
    for (int64_t& l : *v) {
      if (t.is_bool()) l = l != 0;
      else if (!InType(l, t)) return std::nullopt;
    }
    return v;
  }
  if (const LetNode* l = e.as<LetNode>()) {
    std::optional<Lanes> v = Eval(l->value, env);
    if (!v || v->size() != 1) return std::nullopt;
    env[l->var.get()] = (*v)[0];
    return Eval(l->body, env);
  }
  if (const CallNode* c = e.as<CallNode>()) {
    if (c->op == "tir.if_then_else" && c->args.size() == 3) {
      std::optional<Lanes> cond = Eval(c->args[0], env);
      if (!cond || cond->size() != 1) return std::nullopt;
      return Eval(c->args[(*cond)[0] ? 1 : 2], env);
    }
    if (c->op == "tir.shift_left" && c->args.size() == 2) {
      std::optional<Lanes> x = Eval(c->args[0], env), y = Eval(c->args[1], env);
      if (!x || !y || x->size() != y->size()) return std::nullopt;
      for (size_t i = 0; i < x->size(); ++i) {
        if ((*y)[i] < 0 || (*y)[i] >= 62) return std::nullopt;
        std::optional<Lanes> r = EvalBinary(Kind::kMul, {(*x)[i]}, {int64_t{1} << (*y)[i]}, t);
        if (!r) return std::nullopt;
        (*x)[i] = (*r)[0];
      }
      return x;
    }
  }
  return std::nullopt;
}

}  // namespace testing
}  // namespace tirgen

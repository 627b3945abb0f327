#include "tir_ops.h"

#include <cmath>
#include <map>

#include "tirgen/tir/op.h"

namespace tirgen {
namespace script {

using namespace tir;  // NOLINT

namespace {
[[noreturn]] void TypeError(const std::string& msg) { throw Error(msg); }

// Wraps an int64 result into the value range of `t`, as TVM's folding does.
int64_t WrapInt(int64_t x, DataType t) {
  if (t.bits() < 64) {
    uint64_t mask = (uint64_t(1) << t.bits()) - 1;
    uint64_t u = static_cast<uint64_t>(x) & mask;
    if (t.is_int() && (u >> (t.bits() - 1)) & 1) u |= ~mask;
    x = static_cast<int64_t>(u);
  }
  return x;
}

PrimExpr IntConst(DataType t, int64_t v) {
  if (t.is_bool()) return IntImm(t, v != 0);
  return IntImm(t, WrapInt(v, t));
}

}  // namespace

PrimExpr CastTo(DataType t, const PrimExpr& v) {
  if (v.dtype() == t) return v;
  if (t.lanes() == 1) {
    if (v.dtype().lanes() != 1) TypeError("cannot cast " + v.dtype().str() + " to " + t.str());
    if (const IntImmNode* i = v.as<IntImmNode>()) {
      if (t.is_floating()) return FloatImm(t, static_cast<double>(i->value));
      if (t.is_integer() || t.is_bool()) return IntConst(t, i->value);
    }
    if (const FloatImmNode* f = v.as<FloatImmNode>()) {
      if (t.is_floating()) return FloatImm(t, f->value);
      if ((t.is_integer() || t.is_bool()) && std::isfinite(f->value) && std::fabs(f->value) < 9.2e18)
        return IntConst(t, static_cast<int64_t>(f->value));
    }
    return Cast(t, v);
  }
  if (v.dtype().lanes() == 1) {
    PrimExpr s = CastTo(t.element_of(), v);
    return Broadcast(s, t.lanes());
  }
  if (v.dtype().lanes() != t.lanes()) TypeError("cannot cast " + v.dtype().str() + " to " + t.str());
  return Cast(t, v);
}

void MatchTypes(PrimExpr* a, PrimExpr* b) {
  DataType lt = a->dtype(), rt = b->dtype();
  if (lt.is_void() || rt.is_void())
    throw Error("a value of type void (a call that returns nothing) cannot be an operand");
  if (lt == rt) return;
  if (lt.lanes() == 1 && rt.lanes() != 1) {
    *a = Broadcast(*a, rt.lanes());
  } else if (rt.lanes() == 1 && lt.lanes() != 1) {
    *b = Broadcast(*b, lt.lanes());
  } else if (lt.lanes() != rt.lanes()) {
    TypeError("cannot match types " + lt.str() + " and " + rt.str());
  }
  lt = a->dtype();
  rt = b->dtype();
  if (lt == rt) return;
  if (lt.is_handle() || rt.is_handle() || lt.is_void() || rt.is_void())
    TypeError("cannot combine values of types " + lt.str() + " and " + rt.str());
  if (lt.is_floating() && rt.is_floating()) {
    if (lt.bits() < rt.bits()) *a = CastTo(rt, *a); else *b = CastTo(lt, *b);
  } else if (!lt.is_floating() && rt.is_floating()) {
    *a = CastTo(rt, *a);
  } else if (lt.is_floating() && !rt.is_floating()) {
    *b = CastTo(lt, *b);
  } else if ((lt.is_int() && rt.is_int()) || (lt.code() == rt.code())) {
    if (lt.bits() < rt.bits()) *a = CastTo(rt, *a); else *b = CastTo(lt, *b);
  } else {
    // Mixed signed/unsigned (or bool): the wider type wins, signed on a tie.
    if (lt.bits() > rt.bits()) *b = CastTo(lt, *b);
    else if (lt.bits() < rt.bits()) *a = CastTo(rt, *a);
    else if (lt.is_int()) *b = CastTo(lt, *b);
    else *a = CastTo(rt, *a);
  }
}

PrimExpr MakeBinary(Kind kind, const PrimExpr& a, const PrimExpr& b) {
  if (a.dtype() != b.dtype())
    TypeError(std::string(KindName(kind)) + " operands have different types: " + a.dtype().str() +
              " and " + b.dtype().str());
  if ((kind == Kind::kAnd || kind == Kind::kOr) && !a.dtype().is_bool())
    TypeError(std::string(KindName(kind)) + " needs boolean operands, got " + a.dtype().str());
  return Binary(kind, a, b);
}

PrimExpr Arith(Kind kind, PrimExpr a, PrimExpr b) {
  script::MatchTypes(&a, &b);  // the parser's rules (tir::MatchTypes is TE's)
  DataType t = a.dtype();
  if (t.is_bool() && kind != Kind::kMin && kind != Kind::kMax)
    TypeError(std::string("arithmetic on boolean values (") + KindName(kind) + ")");
  if ((kind == Kind::kMod || kind == Kind::kFloorMod || kind == Kind::kFloorDiv) && t.is_floating()) {
    if (kind == Kind::kFloorDiv) {
      PrimExpr q = Arith(Kind::kDiv, a, b);
      return MakeCall(t, "tir.floor", {q});
    }
    if (kind == Kind::kMod) TypeError("truncmod needs integer operands, got " + t.str());
  }
  PrimExpr folded = tir::TryConstFold(kind, a, b);  // the one copy of TVM's folder
  if (folded.defined()) return folded;
  return Binary(kind, a, b);
}

PrimExpr MakeCall(DataType t, const std::string& op, std::vector<PrimExpr> args) {
  return Call(t, op, std::move(args));
}

bool ExprEqual(const PrimExpr& a, const PrimExpr& b) {
  if (a.same_as(b)) return true;
  if (!a.defined() || !b.defined()) return false;
  if (a.kind() != b.kind() || a.dtype() != b.dtype()) return false;
  if (const auto* x = a.as<IntImmNode>()) return x->value == b.as<IntImmNode>()->value;
  if (const auto* x = a.as<FloatImmNode>()) return x->value == b.as<FloatImmNode>()->value;
  if (const auto* x = a.as<StringImmNode>()) return x->value == b.as<StringImmNode>()->value;
  if (a.as<VarNode>()) return false;  // identity only
  if (const auto* x = a.as<BinaryNode>()) {
    const auto* y = b.as<BinaryNode>();
    return ExprEqual(x->a, y->a) && ExprEqual(x->b, y->b);
  }
  if (const auto* x = a.as<CastNode>()) return ExprEqual(x->value, b.as<CastNode>()->value);
  if (const auto* x = a.as<NotNode>()) return ExprEqual(x->a, b.as<NotNode>()->a);
  if (const auto* x = a.as<BufferLoadNode>()) {
    const auto* y = b.as<BufferLoadNode>();
    if (!x->buffer.same_as(y->buffer) || x->indices.size() != y->indices.size()) return false;
    for (size_t i = 0; i < x->indices.size(); ++i)
      if (!ExprEqual(x->indices[i], y->indices[i])) return false;
    return true;
  }
  if (const auto* x = a.as<CallNode>()) {
    const auto* y = b.as<CallNode>();
    if (x->op != y->op || x->args.size() != y->args.size()) return false;
    for (size_t i = 0; i < x->args.size(); ++i)
      if (!ExprEqual(x->args[i], y->args[i])) return false;
    return true;
  }
  return false;
}

namespace {
// Wrapping arithmetic (no signed-overflow UB on hostile input).
int64_t MulW(int64_t a, int64_t b) { return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b)); }
int64_t AddW(int64_t a, int64_t b) { return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b)); }

// A linear form: constant + sum(coeff * atom); atoms compared with ExprEqual.
struct Linear {
  int64_t constant = 0;
  std::vector<std::pair<PrimExpr, int64_t>> terms;
  void Add(const PrimExpr& atom, int64_t c) {
    for (auto& t : terms) {
      if (ExprEqual(t.first, atom)) {
        t.second = AddW(t.second, c);
        return;
      }
    }
    terms.emplace_back(atom, c);
  }
};

void Linearize(const PrimExpr& e, int64_t scale, Linear* out, int depth = 0) {
  if (depth > 64) {
    out->Add(e, scale);
    return;
  }
  if (const auto* i = e.as<IntImmNode>()) {
    out->constant = AddW(out->constant, MulW(scale, i->value));
    return;
  }
  if (const auto* b = e.as<BinaryNode>()) {
    if (b->kind() == Kind::kAdd || b->kind() == Kind::kSub) {
      Linearize(b->a, scale, out, depth + 1);
      Linearize(b->b, b->kind() == Kind::kAdd ? scale : MulW(scale, -1), out, depth + 1);
      return;
    }
    if (b->kind() == Kind::kMul) {
      if (const auto* c = b->b.as<IntImmNode>()) return Linearize(b->a, MulW(scale, c->value), out, depth + 1);
      if (const auto* c = b->a.as<IntImmNode>()) return Linearize(b->b, MulW(scale, c->value), out, depth + 1);
    }
  }
  out->Add(e, scale);
}
}  // namespace

PrimExpr SimplifyExtent(const PrimExpr& stop, const PrimExpr& start) {
  if (const auto* add = stop.as<BinaryNode>()) {
    if (add->kind() == Kind::kAdd && ExprEqual(add->a, start) && add->b.dtype() == stop.dtype())
      return add->b;
  }
  PrimExpr diff = Arith(Kind::kSub, stop, start);
  if (diff.dtype().is_int() && diff.dtype().is_scalar() && !diff.as<IntImmNode>()) {
    Linear l;
    Linearize(stop, 1, &l);
    Linearize(start, -1, &l);
    bool constant = true;
    for (const auto& t : l.terms) constant = constant && t.second == 0;
    if (constant) return IntConst(diff.dtype(), l.constant);
  }
  return diff;
}

}  // namespace script
}  // namespace tirgen

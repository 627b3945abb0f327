#include "tir_ops.h"

#include <algorithm>

#include "tirgen/tir/expr_deep_equal.h"
#include "tirgen/tir/int_arith.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace script {

using namespace tir;  // NOLINT

namespace {
[[noreturn]] void TypeError(const std::string& msg) { throw Error(msg); }
}  // namespace

// The parser's user errors first (located by the caller), then the one tvm::cast (tir/op.cc).
PrimExpr CastTo(DataType t, const PrimExpr& v) {
  if (v.dtype() == t) return v;
  int from = v.dtype().lanes();
  if (t.lanes() == 1 ? from != 1 : (from != 1 && from != t.lanes()))
    TypeError("cannot cast " + v.dtype().str() + " to " + t.str());
  return tir::cast(t, v);
}

// The parser's user errors (void, handle or mismatched lanes), then the one
// BinaryOpMatchTypes (tir::MatchTypes).
void MatchTypes(PrimExpr* a, PrimExpr* b) {
  DataType lt = a->dtype(), rt = b->dtype();
  if (lt.is_void() || rt.is_void())
    throw Error("a value of type void (a call that returns nothing) cannot be an operand");
  if (lt == rt) return;
  if (lt.lanes() != rt.lanes() && lt.lanes() != 1 && rt.lanes() != 1)
    TypeError("cannot match types " + lt.str() + " and " + rt.str());
  if (lt.is_handle() || rt.is_handle()) {
    int lanes = std::max(lt.lanes(), rt.lanes());  // named as after broadcasting
    TypeError("cannot combine values of types " + DataType(lt.code(), lt.bits(), lanes).str() + " and " +
              DataType(rt.code(), rt.bits(), lanes).str());
  }
  tir::MatchTypes(a, b);
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

namespace {
// A linear form: constant + sum(coeff * atom); atoms compared with tir::ExprDeepEqual.
struct Linear {
  int64_t constant = 0;
  std::vector<std::pair<PrimExpr, int64_t>> terms;
  void Add(const PrimExpr& atom, int64_t c) {
    for (auto& t : terms) {
      if (tir::ExprDeepEqual(t.first, atom)) {
        t.second = tir::AddWrap(t.second, c);
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
    out->constant = tir::AddWrap(out->constant, tir::MulWrap(scale, i->value));
    return;
  }
  if (const auto* b = e.as<BinaryNode>()) {
    if (b->kind() == Kind::kAdd || b->kind() == Kind::kSub) {
      Linearize(b->a, scale, out, depth + 1);
      Linearize(b->b, b->kind() == Kind::kAdd ? scale : tir::MulWrap(scale, -1), out, depth + 1);
      return;
    }
    if (b->kind() == Kind::kMul) {
      if (const auto* c = b->b.as<IntImmNode>()) return Linearize(b->a, tir::MulWrap(scale, c->value), out, depth + 1);
      if (const auto* c = b->a.as<IntImmNode>()) return Linearize(b->b, tir::MulWrap(scale, c->value), out, depth + 1);
    }
  }
  out->Add(e, scale);
}
}  // namespace

PrimExpr SimplifyExtent(const PrimExpr& stop, const PrimExpr& start) {
  if (const auto* add = stop.as<BinaryNode>()) {
    if (add->kind() == Kind::kAdd && tir::ExprDeepEqual(add->a, start) && add->b.dtype() == stop.dtype())
      return add->b;
  }
  PrimExpr diff = Arith(Kind::kSub, stop, start);
  if (diff.dtype().is_int() && diff.dtype().is_scalar() && !diff.as<IntImmNode>()) {
    Linear l;
    Linearize(stop, 1, &l);
    Linearize(start, -1, &l);
    bool constant = true;
    for (const auto& t : l.terms) constant = constant && t.second == 0;
    if (constant) return tir::cast(diff.dtype(), IntImm(DataType::Int(64), l.constant));
  }
  return diff;
}

}  // namespace script
}  // namespace tirgen

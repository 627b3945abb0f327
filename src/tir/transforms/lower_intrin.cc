// LowerIntrin (TVM v0.14's tir.transform.LowerIntrin), for the intrinsics that have no C
// function: tir.q_multiply_shift and tir.q_multiply_shift_per_axis become the integer
// arithmetic of TVM's default FLegalize rules (src/target/intrin_rule.cc). Every other call is
// left to the code generator, which maps math intrinsics onto libm itself.
#include "tirgen/tir/functor.h"
#include "tirgen/tir/op.h"
#include "tirgen/tir/transforms/passes.h"
#include "tirgen/tir/transforms/transform_utils.h"

namespace tirgen {
namespace tir {
namespace transform {
namespace {

// A constant argument, scalar or broadcast to the call's lanes by VectorizeLoop; nullptr when
// the argument is computed (the general rule below handles any value).
const int64_t* ConstArg(const PrimExpr& e) {
  return as_const_int(e.as<BroadcastNode>() ? e.as<BroadcastNode>()->value : e);
}

// A constant of `t`, broadcast when `t` has lanes (TVM's make_const).
PrimExpr Const(DataType t, int64_t v) {
  PrimExpr c = make_const(t.element_of(), v);
  return t.lanes() > 1 ? PrimExpr(Broadcast(c, t.lanes())) : c;
}

// round(x * y * 2^(left_shift - right_shift - q)) with int64 intermediates, ties upward
// (TVM's QMultiplyShift): ((x << l) * y + (1 << (r + q - 1))) >> (r + q), cast back to int32.
PrimExpr QMultiplyShift(PrimExpr x, PrimExpr y, PrimExpr q, PrimExpr left_shift, PrimExpr right_shift,
                        PrimExpr is_left_shift_required) {
  DataType hp = DataType::Int(64, x.dtype().lanes()), lp = DataType::Int(32, x.dtype().lanes());
  PrimExpr one = Const(hp, 1);
  x = cast(hp, x);
  y = cast(hp, y);
  x = Select(is_left_shift_required, shift_left(x, left_shift), x);
  x = x * y;
  PrimExpr total_right_shift = right_shift + q;
  x = x + shift_left(one, total_right_shift - 1);
  x = shift_right(x, total_right_shift);
  return cast(lp, x);
}

PrimExpr LegalizeQMultiplyShift(const CallNode* call) {
  PrimExpr x = call->args[0], y = call->args[1], q = call->args[2], s = call->args[3];
  // A multiplier of exactly 0.5 (1 << 30) is a power of two: a plain shift (rounded when right).
  const int64_t *multiplier = ConstArg(y), *shift = ConstArg(s);
  if (multiplier && shift && *multiplier == (int64_t{1} << 30)) {
    int64_t exp = *shift - 1;
    if (exp > 0) return shift_left(x, s - 1);
    // exp == 0 is a multiplier of exactly 1, where TVM would shift by -1 (undefined in C);
    // requantize never emits it (equal scales skip the multiplication), x is the value.
    if (exp == 0) return x;
    DataType lp = DataType::Int(32, x.dtype().lanes());
    PrimExpr n = Const(lp, -exp);
    PrimExpr rounding = shift_left(Const(lp, 1), n - 1);
    return shift_right(x + rounding, n);
  }
  TIRGEN_CHECK(s.dtype().is_int() && s.dtype().bits() == 32)
      << "error: T.q_multiply_shift: the shift must be int32, not " << s.dtype().str();
  PrimExpr zero = Const(s.dtype(), 0);
  // zero - s, not -s: tir::neg builds a scalar 0 for a vector s (broadcast by VectorizeLoop).
  PrimExpr left_shift = Select(s > zero, s, zero), right_shift = Select(s > zero, zero, zero - s);
  return QMultiplyShift(x, y, q, left_shift, right_shift, left_shift != zero);
}

class IntrinLowerer : public StmtExprMutator {
 public:
  using StmtExprMutator::VisitExpr_;
  PrimExpr VisitExpr_(const CallNode* op) override {
    PrimExpr e = StmtExprMutator::VisitExpr_(op);
    const auto* call = e.as<CallNode>();
    if (!call) return e;
    if (call->op == "tir.q_multiply_shift") return LegalizeQMultiplyShift(call);
    // args: x, y, left shift, right shift, q, is_lshift_required (is_rshift_required unused)
    if (call->op == "tir.q_multiply_shift_per_axis")
      return QMultiplyShift(call->args[0], call->args[1], call->args[4], call->args[2], call->args[3], call->args[5]);
    return e;
  }
};

}  // namespace

Pass LowerIntrin() {
  return CreatePrimFuncPass("LowerIntrin", [](const PrimFunc& f) {
    return WithBody(f, IntrinLowerer().VisitStmt(f->body));
  });
}

TIRGEN_REGISTER_PASS(LowerIntrin, [](const std::vector<int64_t>&) { return LowerIntrin(); });

}  // namespace transform
}  // namespace tir
}  // namespace tirgen

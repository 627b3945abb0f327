// QnnLegalize: TVM's relay.qnn.transform.Legalize at the head of the build pipeline, whose
// canonicalization (FTVMQnnCanonicalize) turns qnn ops into ordinary relay ops, so nothing
// after it (FoldConstant, FuseOps, lowering) sees the dialect. The rules are TVM's
// QuantizeLower and DequantizeLower:
//   quantize(x, s, z)   = cast(clip(round(x / s) + cast(z, float32), qmin, qmax), out_dtype)
//   dequantize(q, s, z) = cast(cast(q, int32) - z, float32) * s   (clip + cast for float16)
// with a per-channel s / z (rank 1) expanded to broadcast along `axis` (ExpandBiasToMatchAxis).
#include "pass_util.h"
#include "tirgen/relay/expr_functor.h"
#include "tirgen/relay/op.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/tir/expr.h"

namespace tirgen {
namespace relay {
namespace {

Expr OpCall(const char* op, std::vector<Expr> args, AttrFields attrs = {}, const char* type_key = "") {
  return Call(Op::Get(op), std::move(args), attrs.empty() ? Attrs() : Attrs(std::move(attrs), type_key));
}

Expr Cast(const Expr& x, DataType dt) {
  return OpCall("cast", {x}, {{"dtype", String(dt.str())}}, "relay.attrs.CastAttrs");
}

Expr Clip(const Expr& x, double lo, double hi) {
  return OpCall("clip", {x}, {{"a_min", tir::FloatImm(DataType::Float(32), lo)}, {"a_max", tir::FloatImm(DataType::Float(32), hi)}},
                "relay.attrs.ClipAttrs");
}

int64_t Rank(const Expr& e) {
  const auto* t = e->checked_type.as<TensorTypeNode>();
  TIRGEN_ICHECK(t) << "QnnLegalize needs typed qnn arguments";
  return static_cast<int64_t>(t->shape.size());
}

// A rank-1 scale / zero point broadcast along `axis` of a rank-`ndim` tensor.
// `typed` is the argument before the visit rebuilt it (which keeps its type).
Expr ExpandToAxis(const Expr& p, const Expr& typed, int64_t ndim, int64_t axis) {
  if (Rank(typed) == 0 || ndim - axis - 1 <= 0) return p;
  return OpCall("expand_dims", {p}, {{"axis", AttrInt(1)}, {"num_newaxis", AttrInt(ndim - axis - 1)}},
                "relay.attrs.ExpandDimsAttrs");
}

// The representable range of an integer dtype (TVM's GetQmin / GetQmax).
double QMin(DataType dt) { return dt.is_uint() ? 0.0 : -static_cast<double>(int64_t{1} << (dt.bits() - 1)); }
double QMax(DataType dt) {
  return dt.is_uint() ? static_cast<double>((int64_t{1} << dt.bits()) - 1) : static_cast<double>((int64_t{1} << (dt.bits() - 1)) - 1);
}

class QnnCanonicalizer : public ExprMutator {
 public:
  bool changed = false;

 protected:
  Expr VisitExpr_(const CallNode* op) override {
    Expr e = ExprMutator::VisitExpr_(op);
    const auto* call = e.as<CallNode>();
    const auto* callee = call->op.as<OpNode>();
    if (!callee || (callee->name != "qnn.quantize" && callee->name != "qnn.dequantize")) return e;
    int64_t ndim = Rank(op->args[0]), axis = call->GetInt("axis");
    if (axis < 0) axis += ndim;
    Expr scale = ExpandToAxis(call->args[1], op->args[1], ndim, axis);
    Expr zp = ExpandToAxis(call->args[2], op->args[2], ndim, axis);
    changed = true;
    if (callee->name == "qnn.quantize") {
      DataType out = call->GetDType("out_dtype");
      // float16 and int32 inputs are divided in float32 (the scale's type), not mixed.
      Expr x = call->args[0];
      if (op->args[0]->checked_type.as<TensorTypeNode>()->dtype != DataType::Float(32)) x = Cast(x, DataType::Float(32));
      Expr scaled = OpCall("round", {OpCall("divide", {x, scale})});
      Expr shifted = OpCall("add", {scaled, Cast(zp, DataType::Float(32))});
      return Cast(Clip(shifted, QMin(out), QMax(out)), out);
    }
    Expr shift = OpCall("subtract", {Cast(call->args[0], DataType::Int(32)), zp});
    Expr out = OpCall("multiply", {Cast(shift, DataType::Float(32)), scale});
    DataType dt = call->GetDType("out_dtype");
    if (dt == DataType::Float(32)) return out;
    // float16's range (TVM's min_value / max_value of the dtype).
    return Cast(Clip(out, -65504.0, 65504.0), dt);
  }
};

}  // namespace

IRModule QnnLegalize(const IRModule& mod) {
  bool changed = false;
  IRModule out = MapFunctions(mod, [&](const Function& f) -> Expr {
    QnnCanonicalizer rw;
    Expr e = rw.VisitExpr(f);
    changed = changed || rw.changed;
    return rw.changed ? e : Expr(f);
  });
  return changed ? InferType(out) : mod;
}

}  // namespace relay
}  // namespace tirgen

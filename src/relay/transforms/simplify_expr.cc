// SimplifyExpr: TVM's algebraic graph simplifications, as dataflow-pattern rewrites run to a
// fixed point (pattern_rewrite.h), in TVM's order:
//  - zeros_like/ones_like/full_like of a static shape -> zeros/ones/full (the `like` input
//    is no longer needed);
//  - add(x, x) -> multiply(x, 2); divide(x, sqrt(y)) -> multiply(x, rsqrt(y));
//  - identities: x + 0, x - 0, x * 1, x / 1 (scalar constants, zeros/ones calls) -> x when
//    the result has x's type;
//  - reshape(reshape(x)) -> one reshape to the final static shape;
//  - transpose(transpose(x)) -> one transpose; a transpose that keeps the axis order -> x;
//  - cast to the same dtype -> x; cast(cast(x)) -> one cast when the first widens;
//  - a broadcast op reading zeros/ones/full of the result's shape reads the scalar instead;
//  - (x + c1) * c2 -> x * c2 + c1 * c2; (x * c1) * c2 -> x * (c1 * c2), likewise for add
//    (the constant products are folded when a constant evaluator is installed);
//  - clip -> cast -> ... -> cast: casts to dtypes that hold the clip's range are dropped;
//  - clip whose range covers the whole dtype -> x.
//  - reshape_like / broadcast_to_like of a static shape -> reshape / broadcast_to; cast_like
//    -> cast;
// Not applied (their ops have no type relation here, or are quantized): the collapse_sum_like
// concretization, layout_transform
// merging, the qnn.dequantize + argmax/argmin/argsort rewrite and the binomial factorization.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <limits>

#include "pass_util.h"
#include "pattern_rewrite.h"
#include "tirgen/relay/op.h"
#include "tirgen/relay/transforms.h"

namespace tirgen {
namespace relay {
namespace {

using pattern::IsConstant;
using pattern::IsOp;
using pattern::IsOpOfKind;
using pattern::Match;
using pattern::Pattern;
using pattern::Rewrite;
using pattern::Wildcard;

const TensorTypeNode* TT(const Expr& e) { return e->checked_type.as<TensorTypeNode>(); }
std::string DTypeText(DataType t) { return t.str(); }

// zeros_like(x) -> zeros(shape, dtype) and the like, when the result's shape is static.
Rewrite ConcretizeLike(const std::string& like_op) {
  Pattern data = Wildcard(), like = Wildcard();
  bool binary = like_op == "full_like";
  Pattern pat = binary ? IsOp(like_op)({data, like}) : IsOp(like_op)({like});
  return {"Concretize(" + like_op + ")", pat,
          [=](const Expr& pre, const Expr& post, const Match& m) -> Expr {
            auto shape = StaticShape(pre);
            if (!shape) return post;
            std::string dtype = DTypeText(TT(pre)->dtype);
            AttrFields attrs = {{"shape", AttrInts(*shape)}, {"dtype", AttrStr(dtype)}};
            if (like_op == "zeros_like") return MakeCall("zeros", {}, attrs);
            if (like_op == "ones_like") return MakeCall("ones", {}, attrs);
            return MakeCall("full", {m[like]}, attrs);  // full_like's `like` is the fill value
          }};
}

// reshape_like / broadcast_to_like of a static result shape -> reshape / broadcast_to of it;
// cast_like -> cast to the like tensor's dtype (any shape).
Rewrite ConcretizeShapeLike(const std::string& like_op) {
  Pattern data = Wildcard(), like = Wildcard();
  return {"Concretize(" + like_op + ")", IsOp(like_op)({data, like}),
          [=](const Expr& pre, const Expr& post, const Match& m) -> Expr {
            if (like_op == "cast_like") {
              if (!TT(pre)) return post;
              return MakeCall("cast", {m[data]}, {{"dtype", AttrStr(DTypeText(TT(pre)->dtype))}});
            }
            auto shape = StaticShape(pre);
            if (!shape) return post;
            if (like_op == "reshape_like")
              return MakeCall("reshape", {m[data]}, {{"newshape", AttrInts(*shape)}});
            return MakeCall("broadcast_to", {m[data]}, {{"shape", AttrInts(*shape)}});
          }};
}

Rewrite SimplifyAdd() {
  Pattern x = Wildcard(), y = Wildcard();
  return {"SimplifyAdd", IsOp("add")({x, y}),
          [=](const Expr& pre, const Expr& post, const Match& m) -> Expr {
            if (!m[x].same_as(m[y])) return post;
            Expr two = MakeScalarConstant(TT(pre)->dtype, 2);
            if (!two.defined()) return post;
            return MakeCall("multiply", {m[x], two});
          }};
}

Rewrite SimplifyRSqrt() {
  Pattern x = Wildcard(), num = Wildcard();
  return {"SimplifyRSqrt", IsOp("divide")({num, IsOp("sqrt")({x})}),
          [=](const Expr&, const Expr&, const Match& m) -> Expr {
            return MakeCall("multiply", {m[num], MakeCall("rsqrt", {m[x]})});
          }};
}

// True when `x` matched the second argument of the (commuted) call `post`.
bool MatchedRight(const Expr& post, const Expr& x) { return post.as<CallNode>()->args[1].same_as(x); }

Rewrite EliminateIdentity() {
  Pattern x = Wildcard(), c = IsConstant();
  Pattern zeros = IsOp("zeros")({}) || IsOp("zeros_like")({Wildcard()}) || c;
  Pattern ones = IsOp("ones")({}) || IsOp("ones_like")({Wildcard()}) || c;
  Pattern pat = IsOp("add")({x, zeros}) || IsOp("multiply")({x, ones}) ||
                IsOp("subtract")({x, zeros}) || IsOp("divide")({x, ones});
  return {"EliminateIdentity", pat, [=](const Expr& pre, const Expr& post, const Match& m) -> Expr {
            const auto* call = pre.as<CallNode>();
            const Expr& xp = m[x];
            Type x_type = call->args[MatchedRight(post, xp) ? 1 : 0]->checked_type;
            if (m.Has(c)) {
              const auto* cst = m[c].as<ConstantNode>();
              if (!cst->is_scalar()) return post;
              auto v = ElementValue(cst->data);
              if (!v) return post;
              std::string op = call->op_name();
              double identity = (op == "add" || op == "subtract") ? 0.0 : 1.0;
              if (*v != identity) return post;
            }
            return TypeEqual(x_type, pre->checked_type) ? xp : post;
          }};
}

Rewrite SimplifyReshape() {
  Pattern x = Wildcard();
  auto reshape = IsOp("reshape") || IsOp("contrib_reverse_reshape");
  return {"SimplifyReshape", reshape({reshape({x})}),
          [=](const Expr& pre, const Expr& post, const Match& m) -> Expr {
            auto shape = StaticShape(pre);
            if (!shape) return post;
            return MakeCall("reshape", {m[x]}, {{"newshape", AttrInts(*shape)}});
          }};
}

// The axis order of a transpose call of rank `ndim` (no axes = reversed).
std::vector<int64_t> TransposeOrder(const CallNode* call, int64_t ndim) {
  std::vector<int64_t> axes = call->GetIntArray("axes");
  if (axes.empty())
    for (int64_t i = ndim - 1; i >= 0; --i) axes.push_back(i);
  for (int64_t& a : axes)
    if (a < 0) a += ndim;
  return axes;
}

Rewrite SimplifyTranspose() {
  Pattern x = Wildcard();
  Pattern inner = IsOp("transpose")({x});
  return {"SimplifyTranspose", IsOp("transpose")({inner}),
          [=](const Expr& pre, const Expr&, const Match& m) -> Expr {
            int64_t ndim = static_cast<int64_t>(TT(pre)->shape.size());
            std::vector<int64_t> outer = TransposeOrder(pre.as<CallNode>(), ndim);
            std::vector<int64_t> first = TransposeOrder(m[inner].as<CallNode>(), ndim);
            // out[i] = in[first[outer[i]]]
            std::vector<int64_t> axes(ndim);
            for (int64_t i = 0; i < ndim; ++i) axes[i] = first[outer[i]];
            return MakeCall("transpose", {m[x]}, {{"axes", AttrInts(axes)}});
          }};
}

Rewrite SimplifyNoOpTranspose() {
  Pattern x = Wildcard();
  return {"SimplifyNoOpTranspose", IsOp("transpose")({x}),
          [=](const Expr& pre, const Expr& post, const Match& m) -> Expr {
            int64_t ndim = static_cast<int64_t>(TT(pre)->shape.size());
            std::vector<int64_t> axes = TransposeOrder(post.as<CallNode>(), ndim);
            for (int64_t i = 0; i < ndim; ++i)
              if (axes[i] != i) return post;
            return m[x];
          }};
}

Rewrite SimplifySameCast() {
  Pattern data = Wildcard();
  Pattern pat = IsOp("cast_like")({data, Wildcard()}) || IsOp("cast")({data});
  return {"SimplifySameCast", pat, [=](const Expr& pre, const Expr& post, const Match& m) -> Expr {
            const auto* in = TT(pre.as<CallNode>()->args[0]);
            return in && in->dtype == TT(pre)->dtype ? m[data] : post;
          }};
}

// Casting `from` to `to` loses nothing (TVM's ordering int < uint < float by type code).
bool IsWidenCast(DataType from, DataType to) {
  if (from.code() == to.code() && from.bits() <= to.bits()) return true;
  if (from.is_bfloat() || to.is_bfloat()) return false;
  return from.code() < to.code() && from.bits() <= to.bits();
}

Rewrite SimplifyConsecutiveCast() {
  Pattern data = Wildcard();
  Pattern cast1 = IsOp("cast_like")({data, Wildcard()}) || IsOp("cast")({data});
  Pattern pat = IsOp("cast_like")({cast1, Wildcard()}) || IsOp("cast")({cast1});
  return {"SimplifyConsecutiveCast", pat,
          [=](const Expr& pre, const Expr& post, const Match& m) -> Expr {
            const Expr& cast1_pre = pre.as<CallNode>()->args[0];
            const auto* in = TT(cast1_pre.as<CallNode>()->args[0]);
            if (!in || !IsWidenCast(in->dtype, TT(cast1_pre)->dtype)) return post;
            return MakeCall("cast", {m[data]}, {{"dtype", AttrStr(DTypeText(TT(pre)->dtype))}});
          }};
}

Rewrite FullElementwise() {
  Pattern x = Wildcard(), data = Wildcard(), value = IsConstant();
  Pattern full = IsOp("full")({value}) || IsOp("full_like")({data, value});
  Pattern ones = IsOp("ones")({}) || IsOp("ones_like")({data});
  Pattern zeros = IsOp("zeros")({}) || IsOp("zeros_like")({data});
  Pattern filled = full || ones || zeros;
  auto op = IsOpOfKind(kBroadcast);
  Pattern pat = op({filled, x}) || op({x, filled});
  return {"FullElementwise", pat, [=](const Expr& pre, const Expr& post, const Match& m) -> Expr {
            const auto* call = pre.as<CallNode>();
            bool x_right = MatchedRight(post, m[x]);
            Type x_type = call->args[x_right ? 1 : 0]->checked_type;
            if (!TypeEqual(x_type, pre->checked_type)) return post;
            DataType dtype = TT(pre)->dtype;
            Expr v;
            if (m.Has(full)) v = m[value];
            else if (m.Has(ones)) v = MakeScalarConstant(dtype, 1);
            else v = MakeScalarConstant(dtype, 0);
            if (!v.defined()) return post;
            const auto* pc = post.as<CallNode>();
            std::vector<Expr> args = x_right ? std::vector<Expr>{v, m[x]} : std::vector<Expr>{m[x], v};
            return Call(pc->op, args, pc->attrs, pc->type_args);
          }};
}

// c1 `op` c2 folded to a constant by `eval` (the call itself without an evaluator).
Expr FoldPair(const ConstantEvaluator& eval, const std::string& op, const Expr& c1, const Expr& c2) {
  return FoldConstantExpr(MakeCall(op, {c1, c2}), eval);
}

Rewrite SwitchAddMultiply(const ConstantEvaluator& eval) {
  Pattern x = Wildcard(), c1 = IsConstant(), c2 = IsConstant();
  return {"SwitchAddMultiply", IsOp("multiply")({IsOp("add")({x, c1}), c2}),
          [=](const Expr&, const Expr& post, const Match& m) -> Expr {
            if (m[x].as<ConstantNode>()) return post;
            return MakeCall("add", {MakeCall("multiply", {m[x], m[c2]}), FoldPair(eval, "multiply", m[c1], m[c2])});
          }};
}

Rewrite SimplifyAdjacentMultiplyOrAdd(const ConstantEvaluator& eval) {
  Pattern x = Wildcard(), c1 = IsConstant(), c2 = IsConstant();
  Pattern pat = IsOp("multiply")({IsOp("multiply")({x, c1}), c2}) ||
                IsOp("add")({IsOp("add")({x, c1}), c2});
  return {"SimplifyAdjacentMultiplyOrAdd", pat,
          [=](const Expr& pre, const Expr& post, const Match& m) -> Expr {
            if (m[x].as<ConstantNode>()) return post;
            std::string op = pre.as<CallNode>()->op_name();
            return MakeCall(op, {m[x], FoldPair(eval, op, m[c1], m[c2])});
          }};
}

// The range of `dtype` as doubles (empty range for dtypes without one here).
std::pair<double, double> DTypeRange(DataType t) {
  if (t.is_int() && t.bits() <= 64) {
    double hi = std::ldexp(1.0, t.bits() - 1);
    return {-hi, hi - 1};
  }
  if (t.is_uint() && t.bits() <= 64) return {0, std::ldexp(1.0, t.bits()) - 1};
  if (t.is_float() && t.bits() == 32) return {-FLT_MAX, FLT_MAX};
  if (t.is_float() && t.bits() == 64) return {-DBL_MAX, DBL_MAX};
  if (t.is_float() && t.bits() == 16) return {-65504.0, 65504.0};
  return {0, -1};
}

Rewrite SimplifyClip() {
  Pattern x = Wildcard();
  return {"SimplifyClip", IsOp("clip")({x}),
          [=](const Expr& pre, const Expr& post, const Match& m) -> Expr {
            auto range = DTypeRange(TT(pre)->dtype);
            if (range.first > range.second) return post;
            const auto* c = post.as<CallNode>();
            bool covers = c->GetFloat("a_max") >= range.second && c->GetFloat("a_min") <= range.first;
            return covers ? m[x] : post;
          }};
}

// clip -> cast -> ... -> cast: each cast whose dtype holds the clip's whole range [a_min, a_max]
// is dropped (TVM's SimplifyClipAndConsecutiveCast), unless its truncation would be lost; if
// the casts kept end in another dtype than the chain's, one cast to the chain's dtype is
// appended. `clip(int32) -> uint8 -> int32` is the clip alone.
Rewrite SimplifyClipAndConsecutiveCast() {
  return {"SimplifyClipAndConsecutiveCast", IsOp("cast")({Wildcard()}),
          [=](const Expr& pre, const Expr& post, const Match&) -> Expr {
            std::vector<const CallNode*> casts;  // the chain in `pre`, outermost first
            Expr e = pre;
            while (const auto* c = e.as<CallNode>()) {
              if (c->op_name() != "cast") break;
              casts.push_back(c);
              e = c->args[0];
            }
            const auto* clip = e.as<CallNode>();
            if (!clip || clip->op_name() != "clip" || !TT(e) || !TT(pre)) return post;
            Expr post_clip = post;  // the same chain in `post`
            for (size_t i = 0; i < casts.size(); ++i) {
              const auto* c = post_clip.as<CallNode>();
              if (!c || c->op_name() != "cast") return post;
              post_clip = c->args[0];
            }
            double lo = clip->GetFloat("a_min"), hi = clip->GetFloat("a_max");
            std::vector<DataType> kept;  // outermost first
            for (const CallNode* c : casts) {
              const auto* t = c->checked_type.as<TensorTypeNode>();
              if (!t) return post;
              auto range = DTypeRange(t->dtype);
              if (!(hi <= range.second && lo >= range.first)) kept.push_back(t->dtype);
            }
            // TVM's rule looks at the range only, so clip(float32, -0.5, 0.5) -> int32 -> float32
            // became the clip alone, losing the truncation (the chain gives 0, the clip +-0.5).
            // When the chain truncates and no integer cast would be left, its innermost integer
            // cast stays. A deliberate deviation from TVM v0.14, which computes another result;
            // where TVM's result still truncates (clip(float) -> uint8 -> int32 is clip -> int32)
            // it is unchanged.
            auto integer = [](DataType t) { return !t.is_floating(); };
            const DataType chain_dtype = TT(pre)->dtype;
            if (TT(e)->dtype.is_floating() && !integer(chain_dtype) &&
                std::none_of(kept.begin(), kept.end(), integer)) {
              for (size_t i = casts.size(); i > 0; --i) {
                DataType t = casts[i - 1]->checked_type.as<TensorTypeNode>()->dtype;
                if (integer(t)) {
                  kept.push_back(t);
                  break;
                }
              }
            }
            DataType last = kept.empty() ? TT(e)->dtype : kept.front();
            Expr res = post_clip;
            for (size_t i = kept.size(); i > 0; --i)
              res = MakeCall("cast", {res}, {{"dtype", AttrStr(DTypeText(kept[i - 1]))}});
            if (last != TT(pre)->dtype) res = MakeCall("cast", {res}, {{"dtype", AttrStr(DTypeText(TT(pre)->dtype))}});
            return res;
          }};
}

// The rewrites in TVM's order; the folding ones hold a copy of `eval`.
std::vector<Rewrite> Rewrites(const ConstantEvaluator& eval) {
  return {
      ConcretizeLike("zeros_like"), ConcretizeLike("ones_like"), ConcretizeLike("full_like"),
      ConcretizeShapeLike("reshape_like"), ConcretizeShapeLike("broadcast_to_like"),
      ConcretizeShapeLike("cast_like"),
      SimplifyAdd(), SimplifyRSqrt(), EliminateIdentity(), SimplifyReshape(),
      SimplifyTranspose(), SimplifyNoOpTranspose(), SimplifySameCast(),
      SimplifyConsecutiveCast(), FullElementwise(), SwitchAddMultiply(eval),
      SimplifyAdjacentMultiplyOrAdd(eval), SimplifyClipAndConsecutiveCast(), SimplifyClip(),
  };
}

}  // namespace

Expr SimplifyExpr(const Expr& expr, const IRModule& mod, const ConstantEvaluator& eval) {
  return pattern::RewritePatterns(Rewrites(eval), expr, mod);
}

IRModule SimplifyExpr(const IRModule& mod, const ConstantEvaluator& eval) {
  return MapFunctions(mod, [&](const Function& f) { return SimplifyExpr(f, mod, eval); });
}

}  // namespace relay
}  // namespace tirgen

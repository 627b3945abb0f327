// QnnLegalize: TVM's relay.qnn.transform.Legalize at the head of the build pipeline, whose
// canonicalization (FTVMQnnCanonicalize) turns qnn ops into ordinary relay ops, so nothing
// after it (FoldConstant, FuseOps, lowering) sees the dialect. TVM's target-specific qnn
// legalizations (int16 upcasts on x86 / ARM) are not applied: on the generic target TVM's
// goldens use they are none. Here the rules of quantize, dequantize and requantize
// (qnn_canonicalize_nn.cc: conv2d and dense):
//   quantize(x, s, z)   = cast(clip(round(x / s) + cast(z, float32), qmin, qmax), out_dtype)
//   dequantize(q, s, z) = cast(cast(q, int32) - z, float32) * s   (clip + cast for float16)
//   requantize(q, s_in, z_in, s_out, z_out) = clip(z_out + fixed-point(s_in / s_out) * (q - z_in))
// with a per-channel s / z (rank 1) expanded to broadcast along `axis` (ExpandBiasToMatchAxis).
#include "qnn_legalize.h"

#include <cmath>
#include <cstring>

#include "pass_util.h"
#include "tirgen/relay/expr_functor.h"
#include "tirgen/relay/op.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/support/error.h"
#include "tirgen/tir/expr.h"

namespace tirgen {
namespace relay {
namespace qnn {

Expr Op(const std::string& name, std::vector<Expr> args, const AttrFields& attrs) {
  return MakeCall(name, std::move(args), attrs);
}

Expr Cast(const Expr& x, DataType dt) { return Op("cast", {x}, {{"dtype", String(dt.str())}}); }

Expr Reshape(const Expr& x, const std::vector<int64_t>& newshape) {
  return Op("reshape", {x}, {{"newshape", AttrInts(newshape)}});
}

Expr IntConstant(DataType dtype, const std::vector<int64_t>& shape, const std::vector<int64_t>& values) {
  TIRGEN_ICHECK(dtype == DataType::Int(32) || dtype == DataType::Int(64)) << "IntConstant: int32 or int64";
  std::vector<uint8_t> bytes(values.size() * dtype.bytes());
  for (size_t i = 0; i < values.size(); ++i) {
    if (dtype.bits() == 32) {
      int32_t v = static_cast<int32_t>(values[i]);
      std::memcpy(bytes.data() + 4 * i, &v, 4);
    } else {
      std::memcpy(bytes.data() + 8 * i, &values[i], 8);
    }
  }
  return WithCheckedType(Constant(NDArray(shape, dtype, std::move(bytes))), TensorType(shape, dtype));
}

Expr IntScalar(DataType dtype, int64_t value) { return IntConstant(dtype, {}, {value}); }

bool IsConstScalar(const Expr& e) {
  const auto* c = e.as<ConstantNode>();
  return c && c->data->shape.empty();
}

std::vector<double> ValuesOf(const Expr& e, const std::string& op, const std::string& what) {
  const auto* c = e.as<ConstantNode>();
  if (!c)
    throw Error(op + ": " + what + " must be a constant (tirgen, like TVM, computes the integer arithmetic of " +
                "this op when compiling); give it as a weight / initializer");
  std::vector<double> out;
  for (int64_t i = 0; i < c->data->NumElements(); ++i) {
    std::optional<double> v = ElementValue(c->data, i);
    TIRGEN_ICHECK(v) << op << ": " << what << " has an unreadable dtype";
    out.push_back(*v);
  }
  return out;
}

double ScalarOf(const Expr& e, const std::string& op, const std::string& what) {
  std::vector<double> v = ValuesOf(e, op, what);
  if (v.size() != 1) throw Error(op + ": " + what + " must hold one value, not " + std::to_string(v.size()));
  return v[0];
}

std::vector<int64_t> ArgShape(const CallNode* typed, size_t i) {
  std::optional<std::vector<int64_t>> s = StaticShape(typed->args.at(i));
  TIRGEN_ICHECK(s) << "QnnLegalize needs typed qnn arguments";
  return *s;
}

namespace {

Expr Clip(const Expr& x, double lo, double hi) {
  return Op("clip", {x}, {{"a_min", tir::FloatImm(DataType::Float(32), lo)}, {"a_max", tir::FloatImm(DataType::Float(32), hi)}});
}

// The representable range of an integer dtype (TVM's GetQmin / GetQmax).
double QMin(DataType dt) { return dt.is_uint() ? 0.0 : -static_cast<double>(int64_t{1} << (dt.bits() - 1)); }
double QMax(DataType dt) {
  return dt.is_uint() ? static_cast<double>((int64_t{1} << dt.bits()) - 1) : static_cast<double>((int64_t{1} << (dt.bits() - 1)) - 1);
}

// TVM's GetFixedPointMultiplierShift: m = significand * 2^(shift - 31) with the significand a
// Q31 int32 (the double's mantissa rounded to 31 bits, half away from zero).
// A multiplier below 2^-32 is 0 for every int32 input (the product stays under one half), and
// shifts beyond int64 are undefined, so the exponent is kept within [-31, 31].
std::pair<int32_t, int32_t> FixedPointMultiplierShift(double m) {
  TIRGEN_CHECK(std::isfinite(m)) << "error: qnn: the requantize multiplier (input scale / output scale) is " << m
                                 << "; the scales must be finite and the output scale non-zero";
  if (m == 0.0) return {0, 0};
  int exponent = 0;
  double significand = std::frexp(m, &exponent);
  if (exponent < -31) return {0, 0};
  int64_t q = static_cast<int64_t>(std::round(significand * static_cast<double>(int64_t{1} << 31)));
  if (q == (int64_t{1} << 31)) {
    q /= 2;
    ++exponent;
  }
  TIRGEN_CHECK(exponent <= 31) << "error: qnn: the requantize multiplier (input scale / output scale) " << m
                               << " is beyond 2^31; check the scales";
  return {static_cast<int32_t>(q), exponent};
}

Expr Full(int64_t value, const std::vector<int64_t>& shape, DataType dt) {
  return Op("full", {IntScalar(dt, value)}, {{"shape", AttrInts(shape)}, {"dtype", String(dt.str())}});
}

// TVM's FixedPointMultiplyToNearest: the per-tensor multiplier in int64 relay ops, ties away
// from zero (a rounding offset of 2^(n-1) for x >= 0, 2^(n-1) - 1 below).
Expr FixedPointMultiplyToNearest(Expr x, double multiplier, const std::vector<int64_t>& shape) {
  const DataType hp = DataType::Int(64);
  x = Cast(x, hp);
  auto [fixed, shift] = FixedPointMultiplierShift(multiplier);
  int64_t left = shift > 0 ? shift : 0, right = shift > 0 ? 0 : -shift;
  if (left != 0) x = Op("left_shift", {x, IntScalar(hp, left)});
  x = Op("multiply", {x, IntScalar(hp, fixed)});
  int64_t total = right + 31, pos = int64_t{1} << (total - 1);
  Expr rounding = Op("where", {Op("greater_equal", {x, Op("zeros", {}, {{"shape", AttrInts(shape)}, {"dtype", String("int64")}})}),
                               Full(pos, shape, hp), Full(pos - 1, shape, hp)});
  x = Op("add", {x, rounding});
  x = Op("right_shift", {x, IntScalar(hp, total)});
  return Cast(x, DataType::Int(32));
}

// TVM's FixedPointMultiplyPerChannel: UPWARD as the fixed_point_multiply_per_axis op,
// TONEAREST in int64 relay ops like the per-tensor form, with per-channel constants.
Expr FixedPointMultiplyPerChannel(Expr x, const std::vector<double>& multipliers, const std::vector<int64_t>& shape,
                                  int64_t axis, bool upward) {
  std::vector<int64_t> fixed, lshift, rshift;
  bool any_l = false, any_r = false;
  for (double m : multipliers) {
    auto [f, s] = FixedPointMultiplierShift(m);
    fixed.push_back(f);
    lshift.push_back(s > 0 ? s : 0);
    rshift.push_back(s > 0 ? 0 : -s);
    any_l = any_l || lshift.back() != 0;
    any_r = any_r || rshift.back() != 0;
  }
  const std::vector<int64_t> n{static_cast<int64_t>(multipliers.size())};
  const int64_t ndim = static_cast<int64_t>(shape.size());
  if (upward) {
    const DataType i32 = DataType::Int(32);
    return Op("fixed_point_multiply_per_axis",
              {x, IntConstant(i32, n, fixed), IntConstant(i32, n, lshift), IntConstant(i32, n, rshift)},
              {{"is_lshift_required", AttrBool(any_l)}, {"is_rshift_required", AttrBool(any_r)}, {"axes", AttrInts({axis})}});
  }
  const DataType hp = DataType::Int(64);
  auto along_axis = [&](const std::vector<int64_t>& v) { return ExpandBiasToMatchAxis(IntConstant(hp, n, v), ndim, {axis}); };
  x = Cast(x, hp);
  if (any_l) x = Op("left_shift", {x, along_axis(lshift)});
  x = Op("multiply", {x, along_axis(fixed)});
  std::vector<int64_t> pos, neg, total;
  for (int64_t r : rshift) {
    total.push_back(r + 31);
    pos.push_back(int64_t{1} << (r + 30));
    neg.push_back((int64_t{1} << (r + 30)) - 1);
  }
  auto broadcast = [&](const Expr& e) { return Op("broadcast_to", {e}, {{"shape", AttrInts(shape)}}); };
  Expr zeros = Op("zeros", {}, {{"shape", AttrInts(shape)}, {"dtype", String("int64")}});
  Expr rounding = Op("where", {Op("greater_equal", {x, zeros}), broadcast(along_axis(pos)), broadcast(along_axis(neg))});
  x = Op("add", {x, rounding});
  x = Op("right_shift", {x, along_axis(total)});
  return Cast(x, DataType::Int(32));
}

// TVM's RequantizeLowerInt (compute_dtype int64, the default on every target but x86 with
// SSE4.1; rounding UPWARD unless the call says TONEAREST).
Expr CanonicalizeRequantize(const CallNode* call, const CallNode* typed) {
  const std::string op = "qnn.requantize";
  std::string compute = call->GetString("compute_dtype");
  if (compute == "float32" || compute == "float64")
    throw Error(op + ": compute_dtype " + compute + " is not supported; tirgen requantizes in int64 fixed point " +
                "(TVM's default outside x86 targets): leave compute_dtype unset or \"int64\"");
  const Expr &in_scale = call->args[1], &in_zp = call->args[2], &out_scale = call->args[3], &out_zp = call->args[4];
  std::vector<int64_t> shape = ArgShape(typed, 0);
  int64_t rank = static_cast<int64_t>(shape.size()), axis = call->GetInt("axis");
  if (axis < 0) axis = rank > 0 ? rank + axis : 0;
  const DataType i32 = DataType::Int(32);
  Expr zero = IntScalar(i32, 0);
  Expr x = Cast(call->args[0], i32);
  if (!IsEqualScalar(in_zp, zero))
    x = Op("subtract", {x, Cast(ExpandBiasToMatchAxis(Reshape(in_zp, {-1}), rank, {axis}), i32)});
  bool upward = call->GetString("rounding") != "TONEAREST";
  double out_s = static_cast<float>(ScalarOf(out_scale, op, "output_scale"));
  if (out_s == 0.0) throw Error(op + ": output_scale must not be 0");
  if (IsConstScalar(in_scale)) {
    double m = static_cast<double>(static_cast<float>(ScalarOf(in_scale, op, "input_scale"))) / out_s;
    if (!IsEqualScalar(in_scale, out_scale)) {
      if (upward) {
        auto [fixed, shift] = FixedPointMultiplierShift(m);
        x = Op("fixed_point_multiply", {x}, {{"multiplier", AttrInt(fixed)}, {"shift", AttrInt(shift)}});
      } else {
        x = FixedPointMultiplyToNearest(x, m, shape);
      }
    }
  } else {
    std::vector<double> ms;
    for (double s : ValuesOf(in_scale, op, "input_scale")) ms.push_back(static_cast<double>(static_cast<float>(s)) / out_s);
    x = FixedPointMultiplyPerChannel(x, ms, shape, axis, upward);
  }
  if (!IsEqualScalar(out_zp, zero)) x = Op("add", {Cast(out_zp, i32), x});
  DataType out = call->GetDType("out_dtype");
  if (out == i32) return x;
  return Cast(Clip(x, QMin(out), QMax(out)), out);
}

// A rank-1 scale / zero point broadcast along `axis` of a rank-`ndim` tensor.
Expr AlongAxis(const Expr& p, const CallNode* typed, size_t i, int64_t ndim, int64_t axis) {
  if (ArgShape(typed, i).empty()) return p;
  return ExpandBiasToMatchAxis(p, ndim, {axis});
}

Expr CanonicalizeQuantizeDequantize(const CallNode* call, const CallNode* typed, bool quantize) {
  int64_t ndim = static_cast<int64_t>(ArgShape(typed, 0).size()), axis = call->GetInt("axis");
  if (axis < 0) axis += ndim;
  Expr scale = AlongAxis(call->args[1], typed, 1, ndim, axis);
  Expr zp = AlongAxis(call->args[2], typed, 2, ndim, axis);
  if (quantize) {
    DataType out = call->GetDType("out_dtype");
    // float16 and int32 inputs are divided in float32 (the scale's type), not mixed.
    Expr x = call->args[0];
    if (typed->args[0]->checked_type.as<TensorTypeNode>()->dtype != DataType::Float(32)) x = Cast(x, DataType::Float(32));
    Expr scaled = Op("round", {Op("divide", {x, scale})});
    Expr shifted = Op("add", {scaled, Cast(zp, DataType::Float(32))});
    return Cast(Clip(shifted, QMin(out), QMax(out)), out);
  }
  Expr shift = Op("subtract", {Cast(call->args[0], DataType::Int(32)), zp});
  Expr out = Op("multiply", {Cast(shift, DataType::Float(32)), scale});
  DataType dt = call->GetDType("out_dtype");
  if (dt == DataType::Float(32)) return out;
  // float16's range (TVM's min_value / max_value of the dtype).
  return Cast(Clip(out, -65504.0, 65504.0), dt);
}

class QnnCanonicalizer : public ExprMutator {
 public:
  bool changed = false;

 protected:
  Expr VisitExpr_(const CallNode* op) override {
    Expr e = ExprMutator::VisitExpr_(op);
    const auto* call = e.as<CallNode>();
    const auto* callee = call->op.as<OpNode>();
    if (!callee || callee->name.compare(0, 4, "qnn.") != 0) return e;
    const std::string& name = callee->name;
    Expr out;
    if (name == "qnn.quantize" || name == "qnn.dequantize") out = CanonicalizeQuantizeDequantize(call, op, name == "qnn.quantize");
    else if (name == "qnn.requantize") out = CanonicalizeRequantize(call, op);
    else if (name == "qnn.conv2d") out = CanonicalizeConv2D(call, op);
    else if (name == "qnn.dense") out = CanonicalizeDense(call, op);
    else if (name == "qnn.batch_matmul") out = CanonicalizeBatchMatmul(call, op);
    else return e;
    changed = true;
    return out;
  }
};

}  // namespace
}  // namespace qnn

IRModule QnnLegalize(const IRModule& mod) {
  bool changed = false;
  IRModule out = MapFunctions(mod, [&](const Function& f) -> Expr {
    qnn::QnnCanonicalizer rw;
    Expr e = rw.VisitExpr(f);
    changed = changed || rw.changed;
    return rw.changed ? e : Expr(f);
  });
  return changed ? InferType(out) : mod;
}

}  // namespace relay
}  // namespace tirgen

#include "pass_util.h"

#include <cstring>

#include "tirgen/relay/op.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/tir/structural_equal.h"

namespace tirgen {
namespace relay {

IRModule MapFunctions(const IRModule& mod, const std::function<Expr(const Function&)>& rewrite) {
  std::map<std::string, ObjectRef> fns = mod->functions;
  for (auto& kv : fns) {
    const auto* f = kv.second.as<FunctionNode>();
    if (f && !f->IsPrimitive()) kv.second = rewrite(GetRef<Function>(f));
  }
  return IRModule(fns, mod->attrs);
}

Expr FoldConstantExpr(const Expr& expr, const ConstantEvaluator& eval) {
  if (!eval) return expr;
  Expr typed = InferType(expr);
  IRModule mod({{"main", Function({}, typed, typed->checked_type)}});
  return FoldConstant(mod, eval)->functions.at("main").as<FunctionNode>()->body;
}

namespace {
template <class T>
double Read(const uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return static_cast<double>(v);
}
template <class T>
std::vector<uint8_t> Bytes(T v) {
  std::vector<uint8_t> out(sizeof(T));
  std::memcpy(out.data(), &v, sizeof(T));
  return out;
}
}  // namespace

std::optional<double> ElementValue(const NDArray& data, int64_t i) {
  if (!data.defined() || i < 0 || i >= data->NumElements()) return std::nullopt;
  DataType t = data->dtype;
  const uint8_t* p = data->bytes->data() + i * ((t.bits() + 7) / 8);
  if (t.is_bool()) return *p ? 1.0 : 0.0;
  if (t.is_int()) {
    switch (t.bits()) {
      case 8: return Read<int8_t>(p);
      case 16: return Read<int16_t>(p);
      case 32: return Read<int32_t>(p);
      case 64: return Read<int64_t>(p);
    }
  } else if (t.is_uint()) {
    switch (t.bits()) {
      case 8: return Read<uint8_t>(p);
      case 16: return Read<uint16_t>(p);
      case 32: return Read<uint32_t>(p);
      case 64: return Read<uint64_t>(p);
    }
  } else if (t.is_float()) {
    if (t.bits() == 32) return Read<float>(p);
    if (t.bits() == 64) return Read<double>(p);
  }
  return std::nullopt;
}

bool IsEqualScalar(const Expr& a, const Expr& b) {
  const auto* ca = a.as<ConstantNode>();
  const auto* cb = b.as<ConstantNode>();
  if (!ca || !cb || !ca->is_scalar() || !cb->is_scalar()) return false;
  return StructuralEqual(ca->data, cb->data);
}

Expr MakeScalarConstant(DataType dtype, double value) {
  std::vector<uint8_t> bytes;
  if (dtype.is_bool()) {
    bytes = {static_cast<uint8_t>(value != 0)};
  } else if (dtype.is_int()) {
    switch (dtype.bits()) {
      case 8: bytes = Bytes(static_cast<int8_t>(value)); break;
      case 16: bytes = Bytes(static_cast<int16_t>(value)); break;
      case 32: bytes = Bytes(static_cast<int32_t>(value)); break;
      case 64: bytes = Bytes(static_cast<int64_t>(value)); break;
    }
  } else if (dtype.is_uint()) {
    switch (dtype.bits()) {
      case 8: bytes = Bytes(static_cast<uint8_t>(value)); break;
      case 16: bytes = Bytes(static_cast<uint16_t>(value)); break;
      case 32: bytes = Bytes(static_cast<uint32_t>(value)); break;
      case 64: bytes = Bytes(static_cast<uint64_t>(value)); break;
    }
  } else if (dtype.is_float() && dtype.bits() == 32) {
    bytes = Bytes(static_cast<float>(value));
  } else if (dtype.is_float() && dtype.bits() == 64) {
    bytes = Bytes(value);
  }
  if (bytes.empty()) return Expr();
  return WithCheckedType(Constant(NDArray({}, dtype, std::move(bytes))),
                         TensorType(std::vector<int64_t>{}, dtype));
}

std::optional<std::vector<int64_t>> StaticShape(const Expr& e) {
  const auto* t = e->checked_type.as<TensorTypeNode>();
  if (!t) return std::nullopt;
  std::vector<int64_t> out;
  for (const auto& d : t->shape) {
    const auto* imm = d.as<tir::IntImmNode>();
    if (!imm) return std::nullopt;
    out.push_back(imm->value);
  }
  return out;
}

Expr ExpandBiasToMatchAxis(const Expr& bias, int64_t ndim, const std::vector<int64_t>& axes) {
  Expr out = bias;
  for (size_t i = axes.size(); i != 0; --i) {
    // Unit dims after the last axis, then between consecutive axes.
    int64_t pad = i == axes.size() ? ndim - axes[i - 1] - 1 : axes[i] - axes[i - 1] - 1;
    if (pad > 0)
      out = MakeCall("expand_dims", {out}, {{"axis", AttrInt(static_cast<int64_t>(i))}, {"num_newaxis", AttrInt(pad)}});
  }
  return out;
}

}  // namespace relay
}  // namespace tirgen

// Helpers shared by the op families' registrations and type relations. Internal.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "tirgen/relay/op.h"
#include "tirgen/relay/text.h"

namespace tirgen {
namespace relay {
namespace op {

using Dims = std::vector<tir::PrimExpr>;

/// Registers at static-initialization time: `TIRGEN_REGISTER_OPS(unary) { ... }`.
#define TIRGEN_REGISTER_OPS(tag)                                  \
  static void RegisterOps_##tag();                                \
  static const bool kRegistered_##tag = (RegisterOps_##tag(), true); \
  static void RegisterOps_##tag()

inline AttrSpec Field(const std::string& name, AttrKind kind, ObjectRef dflt) {
  return AttrSpec{name, kind, true, std::move(dflt)};
}
/// A field without a default (always printed, `None` when unset).
inline AttrSpec Required(const std::string& name, AttrKind kind) {
  return AttrSpec{name, kind, false, ObjectRef()};
}

// Limits that keep a type relation from building an absurd type (expand_dims by 1e9 axes, a
// split into 1e9 outputs) before anything checks sizes: numpy's rank limit, and a bound on
// the outputs of one operator.
constexpr int64_t kMaxRank = 64;
constexpr int64_t kMaxOutputs = 65536;

inline int64_t DimValue(const tir::PrimExpr& d) {
  const auto* imm = d.as<tir::IntImmNode>();
  TIRGEN_ICHECK(imm) << "relay shapes are static";
  return imm->value;
}
/// A dim with `value`, typed like `like` (TVM keeps int64 dims int64), int32 by default. A
/// result dimension beyond its type comes from the program's attributes and shapes (a huge
/// stride or scale), so it is the program's error, located at the call by InferType.
inline tir::PrimExpr DimLike(const tir::PrimExpr& like, int64_t value) {
  DataType dt = like.defined() ? like.dtype() : DataType::Int(32);
  if (dt.bits() < 64 && (value < std::numeric_limits<int32_t>::min() || value > std::numeric_limits<int32_t>::max()))
    throw Error("the result would have the dimension " + std::to_string(value) + ", beyond " + dt.str() +
                " (shapes with int32 dimensions)");
  return tir::IntImm(dt, value);
}
inline tir::PrimExpr Dim(int64_t value) { return DimLike(tir::PrimExpr(), value); }

inline std::string ShapeText(const std::vector<int64_t>& s) {
  std::string out = "(";
  for (size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + std::to_string(s[i]);
  return out + ")";
}
inline std::string ShapeText(const Dims& s) {
  std::vector<int64_t> v;
  for (const auto& d : s) v.push_back(DimValue(d));
  return ShapeText(v);
}
inline std::string ListText(const std::vector<int64_t>& s) {
  std::string out = "[";
  for (size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + std::to_string(s[i]);
  return out + "]";
}

/// `axis` normalized into [0, ndim) (negative counts from the end); fails when out of range.
inline int NormalizeAxis(const TypeCall& c, int64_t axis, int64_t ndim, const std::string& what = "axis") {
  if (axis < -ndim || axis >= ndim)
    c.Fail(what + " " + std::to_string(axis) + " is out of range for a tensor of rank " + std::to_string(ndim));
  return static_cast<int>(axis < 0 ? axis + ndim : axis);
}

/// Positions of `canonical`'s letters in `layout` (e.g. NHWC vs NCHW -> {0, 3, 1, 2}), failing
/// unless `layout` is a permutation of them.
inline std::vector<int> LayoutIndex(const TypeCall& c, const std::string& layout,
                                    const std::string& canonical, const std::string& what) {
  std::vector<int> idx;
  bool ok = layout.size() == canonical.size();
  for (char ch : canonical) {
    size_t p = layout.find(ch);
    ok = ok && p != std::string::npos;
    idx.push_back(static_cast<int>(p));
  }
  if (!ok) c.Fail("unsupported " + what + " \"" + layout + "\" (expected a permutation of " + canonical + ")");
  return idx;
}

/// (pad_h, pad_w) totals from a 1, 2 or 4 element padding (TVM's GetPaddingHeightWidth).
inline std::pair<int64_t, int64_t> PadHW(const TypeCall& c, const std::vector<int64_t>& p) {
  if (p.size() == 1) return {2 * p[0], 2 * p[0]};
  if (p.size() == 2) return {2 * p[0], 2 * p[1]};
  if (p.size() == 4) return {p[0] + p[2], p[1] + p[3]};
  c.Fail("padding must have 1, 2 or 4 elements, not " + std::to_string(p.size()));
}

/// Numpy broadcasting of two shapes (TVM's BroadcastShape rules).
inline Dims BroadcastDims(const TypeCall& c, const Dims& a, const Dims& b) {
  size_t n = std::max(a.size(), b.size());
  Dims out(n);
  for (size_t i = 0; i < n; ++i) {
    bool ha = i < a.size(), hb = i < b.size();
    const tir::PrimExpr* da = ha ? &a[a.size() - 1 - i] : nullptr;
    const tir::PrimExpr* db = hb ? &b[b.size() - 1 - i] : nullptr;
    tir::PrimExpr r;
    if (!da) r = *db;
    else if (!db) r = *da;
    else if (DimValue(*da) == DimValue(*db)) r = *da;
    else if (DimValue(*da) == 1) r = *db;
    else if (DimValue(*db) == 1) r = *da;
    else
      c.Fail("shapes " + ShapeText(a) + " and " + ShapeText(b) + " cannot be broadcast together");
    out[n - 1 - i] = r;
  }
  return out;
}

/// The static shape in the integer-array attribute `attr` (full's `shape`, random's
/// `out_shape`); fails on a negative dimension.
inline Dims ShapeAttr(const TypeCall& c, const std::string& attr) {
  Dims out;
  for (int64_t d : c.call->GetIntArray(attr)) {
    if (d < 0) c.Fail(attr + " dimensions must not be negative");
    out.push_back(Dim(d));
  }
  return out;
}

inline Type SameAsArg0(const TypeCall& c) {
  c.Tensor(0);
  return c.arg_types[0];
}

/// The inferred result type of `call` as a tensor type (computes read target shapes from it).
inline const TensorTypeNode* OutTensorType(const Call& call, const Type& out) {
  const auto* t = out.as<TensorTypeNode>();
  TIRGEN_CHECK(t) << call->op_name() << ": expected a tensor result type";
  return t;
}

/// The attribute fields of TVM's Conv2DAttrs (Conv2DTransposeAttrs with `transpose`), shared
/// by nn.conv2d and qnn.conv2d.
std::vector<AttrSpec> ConvAttrs(bool transpose);

/// The reduced axes of a reduction call (axis / exclude), sorted, or fails.
std::vector<int> ReduceAxes(const TypeCall& c, int64_t ndim);

}  // namespace op
}  // namespace relay
}  // namespace tirgen

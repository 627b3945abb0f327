// Vector TIR expressions as GCC vector-extension C (see codegen_c_internal.h): contiguous
// loads/stores are one (unaligned) vector access, arithmetic uses the vector operators, so the
// C compiler cannot decline to vectorize. Everything else stays with the scalar lane loop.
#include "codegen_c_internal.h"

#include <algorithm>

#include "tirgen/support/error.h"

namespace tirgen {
namespace codegen {
namespace internal {

using namespace tir;

namespace {

std::string Suffix(DataType t) {
  if (t.is_float()) return "f" + std::to_string(t.bits());
  return std::string(t.is_int() ? "i" : "u") + std::to_string(t.bits());
}

int64_t RampStride(const PrimExpr& e) {
  const auto* r = e.as<RampNode>();
  const auto* stride = r ? r->stride.as<IntImmNode>() : nullptr;
  return stride ? stride->value : 0;
}

bool IsUnitRamp(const PrimExpr& e) { return RampStride(e) == 1; }

// Indices addressing `lanes` elements: each scalar or of `lanes` lanes, at least one vector.
bool VectorIndices(const std::vector<PrimExpr>& indices, int lanes) {
  bool vector = false;
  for (const PrimExpr& i : indices) {
    if (i.dtype().lanes() != 1 && i.dtype().lanes() != lanes) return false;
    vector = vector || i.dtype().lanes() == lanes;
  }
  return vector;
}

}  // namespace

std::string VectorTypes::Use(DataType t, bool unaligned) {
  TIRGEN_ICHECK(VectorEmitter::Supported(t)) << "no C vector type for " << t.str();
  std::string name = "tg_" + Suffix(t.element_of()) + "x" + std::to_string(t.lanes());
  std::string elem = StorageType(t.element_of());
  std::string size = std::to_string(t.bytes() * t.lanes());
  typedefs_[name] = "typedef " + elem + " " + name + " __attribute__((vector_size(" + size + ")));\n";
  if (!unaligned) return name;
  typedefs_[name + "_u"] = "typedef " + elem + " " + name + "_u __attribute__((vector_size(" + size + "), aligned(" +
                           std::to_string(t.bytes()) + ")));\n";
  return name + "_u";
}

std::string VectorTypes::Typedefs() const {
  std::string s;
  for (const auto& kv : typedefs_) s += kv.second;
  return s;
}

bool VectorEmitter::Supported(DataType t) {
  int lanes = t.lanes(), bits = t.bits();
  bool element = (t.is_float() && (bits == 32 || bits == 64)) ||
                 (t.is_integer() && (bits == 8 || bits == 16 || bits == 32 || bits == 64));
  return element && lanes >= 2 && (lanes & (lanes - 1)) == 0;
}

bool VectorEmitter::CanVector(const PrimExpr& e, int* max_bits) const {
  DataType t = e.dtype();
  if (!Supported(t)) return false;
  *max_bits = std::max(*max_bits, t.bits());
  switch (e.kind()) {
    case Kind::kRamp:
    case Kind::kBroadcast: return true;
    case Kind::kAdd:
    case Kind::kSub:
    case Kind::kMul:
    case Kind::kDiv:  // truncating for integers, as C's `/` on vectors
    case Kind::kMin:
    case Kind::kMax: {
      const auto* n = e.as<BinaryNode>();
      return n->a.dtype() == t && n->b.dtype() == t && CanVector(n->a, max_bits) && CanVector(n->b, max_bits);
    }
    case Kind::kCast: {
      const PrimExpr& v = e.as<CastNode>()->value;
      return v.dtype().lanes() == t.lanes() && CanVector(v, max_bits);
    }
    case Kind::kBufferLoad: {
      const auto* n = e.as<BufferLoadNode>();
      return n->buffer->dtype == t.element_of() && VectorIndices(n->indices, t.lanes());
    }
    default: return false;
  }
}

// A vector whose lane k is first + k * step (first and step evaluated once).
std::string VectorEmitter::Lanes(DataType t, const std::string& first, const std::string& step) {
  std::string et = ValueType(t), b = s_->Temp(), s = s_->Temp();
  std::string r = "({ const " + et + " " + b + " = " + first + ", " + s + " = " + step + "; (" + types_->Use(t) + "){" + b;
  for (int k = 1; k < t.lanes(); ++k) r += ", " + b + " + " + std::to_string(k) + " * " + s;
  return r + "}; })";
}

// Every lane `scalar` (evaluated once). Not `(V){0} + x`: that turns -0.0 into +0.0.
std::string VectorEmitter::Splat(DataType t, const std::string& scalar) {
  std::string x = s_->Temp();
  std::string r = "({ const " + ValueType(t) + " " + x + " = " + scalar + "; (" + types_->Use(t) + "){" + x;
  for (int k = 1; k < t.lanes(); ++k) r += ", " + x;
  return r + "}; })";
}

// Lanes [offset, offset + lanes) of a load: one unaligned vector access when contiguous.
std::string VectorEmitter::Load(const BufferLoadNode* n, DataType t, int offset, int lanes) {
  std::string p = s_->Ptr(n->buffer), off = std::to_string(offset);
  const PrimExpr* index = n->indices.size() == 1 ? &n->indices[0] : nullptr;
  if (index && IsUnitRamp(*index)) {
    std::string base = s_->Index(n->buffer, {index->as<RampNode>()->base}, "");
    return "(*(" + types_->Use(t, true) + "*)&" + p + "[" + base + " + " + off + "])";
  }
  if (index && RampStride(*index) == 2) {
    // Every other element (stride-2 convolution and pooling windows): two contiguous loads
    // covering exactly the lanes' span, the second ending at the last lane (never past it),
    // and one shuffle picking the even positions (vpermt2ps).
    std::string base = s_->Index(n->buffer, {index->as<RampNode>()->base}, "");
    std::string start = "(" + base + " + " + std::to_string(2 * offset) + ")";
    std::string ut = types_->Use(t, true), lo = s_->Temp(), hi = s_->Temp();
    std::string mask = "(" + types_->Use(DataType::Int(t.bits(), lanes)) + "){";
    for (int k = 0; k < lanes; ++k) mask += (k ? ", " : "") + std::to_string(2 * k < lanes ? 2 * k : 2 * k + 1);
    return "({ const " + types_->Use(t) + " " + lo + " = *(" + ut + "*)&" + p + "[" + start + "], " + hi + " = *(" + ut +
           "*)&" + p + "[" + start + " + " + std::to_string(lanes - 1) + "]; __builtin_shuffle(" + lo + ", " + hi + ", " +
           mask + "}); })";
  }
  if (index && index->as<BroadcastNode>())
    return Splat(t, p + "[" + s_->Index(n->buffer, {index->as<BroadcastNode>()->value}, "") + "]");
  std::string r = "((" + types_->Use(t) + "){";  // a gather, lane by lane
  for (int k = 0; k < lanes; ++k)
    r += (k ? ", " : "") + p + "[" + s_->Index(n->buffer, n->indices, std::to_string(offset + k)) + "]";
  return r + "})";
}

std::string VectorEmitter::Vec(const PrimExpr& e, int offset, int lanes) {
  DataType t = e.dtype().with_lanes(lanes);
  // Operands are emitted into locals first: the order of the temporaries' names must not
  // depend on the C++ compiler's evaluation order of `+` operands.
  auto bin = [&](const char* op) {
    const auto* n = e.as<BinaryNode>();
    std::string a = Vec(n->a, offset, lanes);
    std::string b = Vec(n->b, offset, lanes);
    return "(" + a + " " + op + " " + b + ")";
  };
  switch (e.kind()) {
    case Kind::kRamp: {
      const auto* n = e.as<RampNode>();
      std::string stride = s_->Expr(n->stride, "");
      std::string first = "(" + s_->Expr(n->base, "") + " + " + std::to_string(offset) + " * " + stride + ")";
      return Lanes(t, offset ? first : s_->Expr(n->base, ""), stride);
    }
    case Kind::kBroadcast: return Splat(t, s_->Expr(e.as<BroadcastNode>()->value, ""));
    case Kind::kAdd: return bin("+");
    case Kind::kSub: return bin("-");
    case Kind::kMul: return bin("*");
    case Kind::kDiv: return bin("/");
    case Kind::kMin:
    case Kind::kMax: {
      // No vector ?: in C: a lane mask from the comparison selects a's or b's bits
      // (vcmpps + blend); a < b ? a : b exactly as the scalar tg_min/tg_max helpers.
      const auto* n = e.as<BinaryNode>();
      std::string a = s_->Temp(), b = s_->Temp(), m = s_->Temp();
      std::string va = Vec(n->a, offset, lanes);
      std::string vb = Vec(n->b, offset, lanes);
      std::string vt = types_->Use(t), mt = types_->Use(DataType::Int(t.bits(), lanes));
      const char* cmp = e.kind() == Kind::kMin ? " < " : " > ";
      return "({ const " + vt + " " + a + " = " + va + ", " + b + " = " + vb + "; const " + mt + " " + m + " = " + a +
             cmp + b + "; (" + vt + ")(((" + mt + ")" + a + " & " + m + ") | ((" + mt + ")" + b + " & ~" + m + ")); })";
    }
    case Kind::kCast:
      return "__builtin_convertvector(" + Vec(e.as<CastNode>()->value, offset, lanes) + ", " + types_->Use(t) + ")";
    case Kind::kBufferLoad: return Load(e.as<BufferLoadNode>(), t, offset, lanes);
    default: TIRGEN_ICHECK(false) << "no vector form for " << KindName(e.kind());
  }
  return "";
}

std::string VectorEmitter::Store(const BufferStoreNode* n) {
  DataType t = n->value.dtype();
  int max_bits = 0;
  if (n->buffer->dtype != t.element_of() || !VectorIndices(n->indices, t.lanes()) || !CanVector(n->value, &max_bits))
    return "";
  // Register-wide chunks (lanes and widths are powers of two), all computed before any is
  // stored: the statement reads its operands as one vector even when they overlap the target.
  int width = std::max(2, std::min(t.lanes(), vector_bits_ / max_bits));
  std::string p = s_->Ptr(n->buffer), r = "{", stores;
  const PrimExpr* index = n->indices.size() == 1 ? &n->indices[0] : nullptr;
  std::string base = index && IsUnitRamp(*index) ? s_->Index(n->buffer, {index->as<RampNode>()->base}, "") : "";
  for (int offset = 0; offset < t.lanes(); offset += width) {
    std::string x = s_->Temp();
    r += " const " + types_->Use(t.with_lanes(width)) + " " + x + " = " + Vec(n->value, offset, width) + ";";
    if (!base.empty()) {
      stores += " *(" + types_->Use(t.with_lanes(width), true) + "*)&" + p + "[" + base + " + " + std::to_string(offset) +
                "] = " + x + ";";
      continue;
    }
    for (int k = 0; k < width; ++k)  // a scatter, lane by lane
      stores += " " + p + "[" + s_->Index(n->buffer, n->indices, std::to_string(offset + k)) + "] = " + x + "[" +
                std::to_string(k) + "];";
  }
  return r + stores + " }";
}

}  // namespace internal
}  // namespace codegen
}  // namespace tirgen

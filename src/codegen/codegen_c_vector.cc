// Vector TIR expressions as GCC vector-extension C (see codegen_c_internal.h): contiguous
// loads/stores are one (unaligned) vector access, arithmetic uses the vector operators, so the
// C compiler cannot decline to vectorize. Everything else stays with the scalar lane loop.
#include "codegen_c_internal.h"

#include <algorithm>
#include <climits>
#include <map>

#include "tirgen/support/error.h"
#include "tirgen/support/stack_guard.h"
#include "tirgen/tir/op.h"

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

bool Traps(const PrimExpr& e);  // below, with the other lane-guard helpers

// Elements of a buffer (its flat extent), or -1 when not a constant.
int64_t Elements(const Buffer& b) {
  int64_t n = 1;
  for (const PrimExpr& d : b->shape) {
    const int64_t* c = as_const_int(d);
    if (!c) return -1;
    n *= *c;
  }
  return n;
}

// Indices addressing `lanes` elements: each scalar or of `lanes` lanes, at least one vector.
bool VectorIndices(const std::vector<PrimExpr>& indices, int lanes) {
  bool vector = false;
  for (const PrimExpr& i : indices) {
    if (i.dtype().lanes() != 1 && i.dtype().lanes() != lanes) return false;
    vector = vector || i.dtype().lanes() == lanes;
  }
  return vector;
}

// A divisor other than a constant (or broadcast constant) that is neither 0 nor -1.
bool MayFault(const PrimExpr& b) {
  const PrimExpr& d = b.as<BroadcastNode>() ? b.as<BroadcastNode>()->value : b;
  const int64_t* c = as_const_int(d);
  return !c || *c == 0 || *c == -1;
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
      // An integer divisor that may be 0 or -1 goes lane by lane through the checked helpers.
      if (e.kind() == Kind::kDiv && !t.is_floating() && MayFault(n->b)) return false;
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
    case Kind::kSelect: {
      const auto* n = e.as<SelectNode>();
      return n->condition.dtype().lanes() == t.lanes() && CanMask(n->condition, max_bits) &&
             n->true_value.dtype() == t && n->false_value.dtype() == t && CanVector(n->true_value, max_bits) &&
             CanVector(n->false_value, max_bits);
    }
    case Kind::kCall: {
      const auto* n = e.as<CallNode>();
      // Both sides are computed on every lane (blended): neither may trap on the other's lanes
      // (if_then_else(d != 0, x / d, 0)).
      return n->op == "tir.if_then_else" && n->args.size() == 3 && n->args[0].dtype().lanes() == t.lanes() &&
             CanMask(n->args[0], max_bits) && n->args[1].dtype() == t && n->args[2].dtype() == t &&
             CanVector(n->args[1], max_bits) && CanVector(n->args[2], max_bits) && !Traps(n->args[1]) &&
             !Traps(n->args[2]);
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
// Under a lane guard a lane that does not hold may address outside the buffer: the vector
// access runs when all its lanes are inside (a constant test for the accumulator tiles),
// else only the lanes that hold are read (0 elsewhere).
std::string VectorEmitter::Load(const BufferLoadNode* n, DataType t, int offset, int lanes) {
  const PrimExpr* index = n->indices.size() == 1 ? &n->indices[0] : nullptr;
  if (guards_.empty() || !index || !index->as<RampNode>()) return PlainLoad(n, t, offset, lanes);
  const auto* ramp = index->as<RampNode>();
  const int64_t* stride = as_const_int(ramp->stride);
  int64_t elements = Elements(n->buffer);
  std::string r = s_->Temp(), k = s_->Temp(), lane = "(" + std::to_string(offset) + " + " + k + ")";
  std::string holds;
  for (const PrimExpr& g : guards_) holds += (holds.empty() ? "" : " && ") + s_->Expr(g, lane);
  std::string lane_loop = "for (int " + k + " = 0; " + k + " < " + std::to_string(lanes) + "; ++" + k + ") " + r + "[" + k +
                          "] = (" + holds + ") ? " + s_->Ptr(n->buffer) + "[" + s_->Index(n->buffer, n->indices, lane) +
                          "] : (" + ValueType(t.element_of()) + ")0;";
  std::string body = lane_loop;
  if (stride && elements >= 0) {
    // Provably inside (the loops' ranges): no test.
    arith::ConstBound b = s_->Bound(ramp->base);
    int64_t a = *stride * offset, z = *stride * (offset + lanes - 1);
    if (b.min != INT64_MIN && b.max != INT64_MAX && b.min + std::min(a, z) >= 0 && b.max + std::max(a, z) < elements)
      return PlainLoad(n, t, offset, lanes);
    std::string first = "(int64_t)(" + s_->Expr(ramp->base, "") + ") + " + std::to_string(*stride * offset);
    int64_t span = *stride * (lanes - 1);
    std::string lo = span < 0 ? first + " - " + std::to_string(-span) : first;
    std::string hi = span > 0 ? first + " + " + std::to_string(span) : first;
    body = "if (" + lo + " >= 0 && " + hi + " < " + std::to_string(elements) + ") " + r + " = " +
           PlainLoad(n, t, offset, lanes) + "; else { " + lane_loop + " }";
  }
  return "({ " + types_->Use(t) + " " + r + "; " + body + " " + r + "; })";
}

std::string VectorEmitter::PlainLoad(const BufferLoadNode* n, DataType t, int offset, int lanes) {
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
  support::CheckStack("C vector code generator");  // recursion follows the expression's depth
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
    case Kind::kSelect: {  // both sides evaluated, as the scalar select
      const auto* n = e.as<SelectNode>();
      return Blend(t, Mask(n->condition, offset, lanes, t.bits()), Vec(n->true_value, offset, lanes),
                   Vec(n->false_value, offset, lanes));
    }
    case Kind::kCall: return IfThenElse(e.as<CallNode>(), t, offset, lanes);
    default: TIRGEN_ICHECK(false) << "no vector form for " << KindName(e.kind());
  }
  return "";
}

// `m ? a : b` lane by lane (m: -1 or 0 in every lane, as wide as the elements).
std::string VectorEmitter::Blend(DataType t, const std::string& m, const std::string& a, const std::string& b) {
  std::string vt = types_->Use(t), it = types_->Use(DataType::Int(t.bits(), t.lanes()));
  std::string x = s_->Temp(), y = s_->Temp(), k = s_->Temp();
  return "({ const " + it + " " + k + " = " + m + "; const " + vt + " " + x + " = " + a + ", " + y + " = " + b + "; (" + vt +
         ")(((" + it + ")" + x + " & " + k + ") | ((" + it + ")" + y + " & ~" + k + ")); })";
}

// if_then_else(c, a, b) evaluates only the side it picks: the whole of a when every lane
// holds (padding's interior), else both sides blended, each side's loads guarded by its
// lanes (a lane that does not pick a side never reads for it).
std::string VectorEmitter::IfThenElse(const CallNode* n, DataType t, int offset, int lanes) {
  const PrimExpr& cond = n->args[0];
  std::string r = s_->Temp();
  guards_.push_back(cond);
  std::string picked = Vec(n->args[1], offset, lanes);
  guards_.back() = logical_not(cond);
  std::string other = Vec(n->args[2], offset, lanes);
  guards_.pop_back();
  std::string body = r + " = " + Blend(t, Mask(cond, offset, lanes, t.bits()), picked, other) + ";";
  if (EndpointsDecide(cond)) {
    body = "if (" + s_->Expr(cond, std::to_string(offset)) + " && " + s_->Expr(cond, std::to_string(offset + lanes - 1)) +
           ") " + r + " = " + Vec(n->args[1], offset, lanes) + "; else " + body;
  }
  return "({ " + types_->Use(t) + " " + r + "; " + body + " " + r + "; })";
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

namespace {

// Linear in the lane: ramps, broadcasts and scalars, under +, - and * by a lane-invariant value.
bool LinearInLane(const PrimExpr& e) {
  if (e.dtype().lanes() == 1 || e.as<BroadcastNode>()) return true;
  if (const auto* r = e.as<RampNode>()) return r->base.dtype().lanes() == 1;
  const auto* b = e.as<BinaryNode>();
  if (!b) return false;
  switch (e.kind()) {
    case Kind::kAdd:
    case Kind::kSub: return LinearInLane(b->a) && LinearInLane(b->b);
    case Kind::kMul:
      return (LinearInLane(b->a) && (b->b.dtype().lanes() == 1 || b->b.as<BroadcastNode>())) ||
             (LinearInLane(b->b) && (b->a.dtype().lanes() == 1 || b->a.as<BroadcastNode>()));
    default: return false;
  }
}

// Whether computing `e` on a lane that does not hold could trap: an integer division by a
// value that may be 0 or -1, or anything not understood here (calls other than
// if_then_else, lets). Loads are fine: under a guard they read only lanes that hold.
bool Traps(const PrimExpr& e) {
  support::CheckStack("C vector code generator");
  if (const auto* l = e.as<BufferLoadNode>()) {
    for (const PrimExpr& i : l->indices)
      if (Traps(i)) return true;
    return false;
  }
  if (const auto* b = e.as<BinaryNode>()) {
    Kind k = e.kind();
    bool division = k == Kind::kDiv || k == Kind::kMod || k == Kind::kFloorDiv || k == Kind::kFloorMod;
    // By a constant other than 0 and -1 it cannot trap (index arithmetic of fused loops).
    const PrimExpr& d = b->b.as<BroadcastNode>() ? b->b.as<BroadcastNode>()->value : b->b;
    const int64_t* c = as_const_int(d);
    if (division && !e.dtype().is_floating() && (!c || *c == 0 || *c == -1)) return true;
    return Traps(b->a) || Traps(b->b);
  }
  if (const auto* c = e.as<CastNode>()) return Traps(c->value);
  if (const auto* r = e.as<RampNode>()) return Traps(r->base);
  if (const auto* b = e.as<BroadcastNode>()) return Traps(b->value);
  if (const auto* n = e.as<NotNode>()) return Traps(n->a);
  if (const auto* s = e.as<SelectNode>()) return Traps(s->condition) || Traps(s->true_value) || Traps(s->false_value);
  if (e.as<IntImmNode>() || e.as<FloatImmNode>() || e.as<VarNode>()) return false;
  const auto* call = e.as<CallNode>();
  if (!call || call->op != "tir.if_then_else") return true;
  for (const PrimExpr& a : call->args)
    if (Traps(a)) return true;
  return false;
}

}  // namespace

bool VectorEmitter::EndpointsDecide(const PrimExpr& cond) {
  switch (cond.kind()) {
    case Kind::kAnd: {
      const auto* b = cond.as<BinaryNode>();
      return EndpointsDecide(b->a) && EndpointsDecide(b->b);
    }
    case Kind::kLT:
    case Kind::kLE:
    case Kind::kGT:
    case Kind::kGE:
    case Kind::kEQ: {
      const auto* b = cond.as<BinaryNode>();
      return LinearInLane(b->a) && LinearInLane(b->b);
    }
    default: return cond.dtype().lanes() == 1 || cond.as<BroadcastNode>();
  }
}

bool VectorEmitter::MayTrap(const PrimExpr& value) { return Traps(value); }

bool VectorEmitter::CanMask(const PrimExpr& e, int* max_bits) const {
  switch (e.kind()) {
    case Kind::kAnd:
    case Kind::kOr: {
      const auto* b = e.as<BinaryNode>();
      return CanMask(b->a, max_bits) && CanMask(b->b, max_bits);
    }
    case Kind::kNot: return CanMask(e.as<NotNode>()->a, max_bits);
    case Kind::kBroadcast: return true;  // a lane-invariant test
    case Kind::kLT:
    case Kind::kLE:
    case Kind::kGT:
    case Kind::kGE:
    case Kind::kEQ:
    case Kind::kNE: {
      const auto* b = e.as<BinaryNode>();
      return b->a.dtype() == b->b.dtype() && CanVector(b->a, max_bits) && CanVector(b->b, max_bits);
    }
    default: return false;
  }
}

std::string VectorEmitter::Mask(const PrimExpr& e, int offset, int lanes, int bits) {
  support::CheckStack("C vector code generator");
  std::string mt = types_->Use(DataType::Int(bits, lanes));
  const auto* b = e.as<BinaryNode>();
  switch (e.kind()) {
    case Kind::kAnd: return "(" + Mask(b->a, offset, lanes, bits) + " & " + Mask(b->b, offset, lanes, bits) + ")";
    case Kind::kOr: return "(" + Mask(b->a, offset, lanes, bits) + " | " + Mask(b->b, offset, lanes, bits) + ")";
    case Kind::kNot: return "(~" + Mask(e.as<NotNode>()->a, offset, lanes, bits) + ")";
    case Kind::kBroadcast:
      return Splat(DataType::Int(bits, lanes), "(" + s_->Expr(e.as<BroadcastNode>()->value, "") + " ? -1 : 0)");
    default: break;
  }
  static const std::map<Kind, const char*> ops = {{Kind::kLT, " < "}, {Kind::kLE, " <= "}, {Kind::kGT, " > "},
                                                  {Kind::kGE, " >= "}, {Kind::kEQ, " == "}, {Kind::kNE, " != "}};
  std::string cmp = "(" + Vec(b->a, offset, lanes) + ops.at(e.kind()) + Vec(b->b, offset, lanes) + ")";
  // GCC's comparison gives lanes as wide as the operands': widen or narrow to `bits`.
  if (b->a.dtype().bits() == bits) return cmp;
  return "__builtin_convertvector(" + cmp + ", " + mt + ")";
}

std::string VectorEmitter::GuardedStore(const BufferStoreNode* n, const PrimExpr& cond, bool private_dst) {
  DataType t = n->value.dtype();
  int max_bits = 0;
  if (n->buffer->dtype != t.element_of() || n->indices.size() != 1 || !IsUnitRamp(n->indices[0]) ||
      cond.dtype().lanes() != t.lanes() || !CanVector(n->value, &max_bits) || !CanMask(cond, &max_bits) ||
      MayTrap(n->value))
    return "";
  guards_.push_back(cond);  // the value's loads read only lanes that hold when out of bounds
  int width = std::max(2, std::min(t.lanes(), vector_bits_ / max_bits));
  std::string p = s_->Ptr(n->buffer), base = s_->Index(n->buffer, {n->indices[0].as<RampNode>()->base}, "");
  std::string vt = types_->Use(t.with_lanes(width)), ut = types_->Use(t.with_lanes(width), true);
  std::string it = types_->Use(DataType::Int(t.bits(), width));
  // Every chunk's value and mask before any store (the value may read the destination).
  std::string r = "{", stores;
  for (int offset = 0; offset < t.lanes(); offset += width) {
    std::string x = s_->Temp(), m = s_->Temp(), at = "&" + p + "[" + base + " + " + std::to_string(offset) + "]";
    r += " const " + vt + " " + x + " = " + Vec(n->value, offset, width) + "; const " + it + " " + m + " = " +
         Mask(cond, offset, width, t.bits()) + ";";
    if (private_dst) {  // lanes that do not hold keep their old contents: one blended store
      stores += " *(" + ut + "*)" + at + " = (" + vt + ")(((" + it + ")" + x + " & " + m + ") | ((" + it + ")*(" + ut +
                "*)" + at + " & ~" + m + "));";
    } else {  // another thread may own the other lanes: only these are written
      std::string k = s_->Temp();
      stores += " for (int " + k + " = 0; " + k + " < " + std::to_string(width) + "; ++" + k + ") if (" + m + "[" + k +
                "]) (" + at + ")[" + k + "] = " + x + "[" + k + "];";
    }
  }
  guards_.pop_back();
  r += stores;
  return r + " }";
}

}  // namespace internal
}  // namespace codegen
}  // namespace tirgen

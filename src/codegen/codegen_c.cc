// Lowered PrimFunc -> C99 (GNU dialect for statement expressions). One Emitter per function.
#include "tirgen/codegen/codegen_c.h"

#include <cctype>
#include <cinttypes>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <set>
#include <sstream>

#include "c_prelude.h"
#include "codegen_c_internal.h"
#include "tirgen/arith/analyzer.h"
#include "tirgen/support/error.h"
#include "tirgen/support/stack_guard.h"
#include "tirgen/tir/functor.h"
#include "tirgen/tir/structural_equal.h"

namespace tirgen {
namespace codegen {
namespace internal {

std::string StorageType(DataType t) {
  if (t.is_bool()) return "int8_t";
  if (t.is_float() && t.bits() == 32) return "float";
  if (t.is_float() && t.bits() == 64) return "double";
  if ((t.is_float() && t.bits() == 16) || t.is_bfloat()) return "uint16_t";
  if (t.is_int()) return "int" + std::to_string(t.bits()) + "_t";
  if (t.is_uint()) return "uint" + std::to_string(t.bits()) + "_t";
  if (t.is_handle()) return "void*";
  TIRGEN_CHECK(!t.is_float8()) << "C code generator: " << t.str()
                               << " has no C type; legalize it to a wider float first (TVM's FP8ComputeLegalize and FP8StorageLegalize)";
  TIRGEN_CHECK(false) << "C code generator: unsupported dtype " << t.str();
  return "";
}

std::string ValueType(DataType t) {
  t = t.element_of();
  if (t.is_bool()) return "int";
  if (t.is_floating() && t.bits() == 16) return "float";
  return StorageType(t);
}

}  // namespace internal

namespace {

using namespace tir;
using internal::StorageType;
using internal::ValueType;

// CommonSubexprElimTIR (as TVM's) may bind a vector-valued computation, such as a padding's
// lane conditions `Broadcast(1, 8) <= Ramp(x, 1, 8)`, to a LetStmt outside any vector loop.
// C has no vector bool to hold it, and the lane-guard analysis reads conditions, not
// variables: such lets go back into their uses (CSE never binds loads or calls, so this
// only recomputes pure arithmetic).
class VectorLetInliner : public StmtExprMutator {
 public:
  Stmt VisitStmt_(const LetStmtNode* op) override {
    if (op->var.dtype().lanes() == 1) return StmtExprMutator::VisitStmt_(op);
    return VisitStmt(Substitute(op->body, {{op->var, VisitExpr(op->value)}}));
  }
};

Stmt InlineVectorLets(const Stmt& body) { return VectorLetInliner().VisitStmt(body); }

// Allocations up to this many bytes live on the stack; larger ones on the (aligned) heap.
constexpr int64_t kStackLimitBytes = 16 * 1024;

std::string Sanitize(const std::string& s) {
  std::string out;
  for (char c : s) out += (std::isalnum(static_cast<unsigned char>(c)) || c == '_') ? c : '_';
  if (out.empty() || std::isdigit(static_cast<unsigned char>(out[0]))) out = "v_" + out;
  return out;
}

// A C string literal of `s` (printable ASCII kept, the rest as octal escapes).
std::string CString(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c >= 32 && c < 127) {
      out += static_cast<char>(c);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\%03o", c);
      out += buf;
    }
  }
  return out + "\"";
}

// Suffix of the prelude helpers for a value type.
std::string HelperSuffix(DataType t) {
  t = t.element_of();
  if (t.is_bool()) return "b";
  if (t.is_floating()) return t.bits() == 64 ? "f64" : "f32";
  return std::string(t.is_int() ? "i" : "u") + std::to_string(t.bits());
}

std::string FloatLiteral(double v, DataType t) {
  bool single = !(t.is_float() && t.bits() == 64);
  if (std::isnan(v)) return single ? "NAN" : "((double)NAN)";
  if (std::isinf(v)) return std::string(v < 0 ? "(-" : "(") + (single ? "INFINITY)" : "(double)INFINITY)");
  char buf[64];
  if (single) {
    std::snprintf(buf, sizeof(buf), "%af", static_cast<float>(v));
  } else {
    std::snprintf(buf, sizeof(buf), "%a", v);
  }
  return std::string("(") + buf + ")";
}

std::string IntLiteral(int64_t v, DataType t) {
  t = t.element_of();
  if (t.is_bool()) return v ? "1" : "0";
  if (t.is_uint()) return "((" + StorageType(t) + ")" + std::to_string(static_cast<uint64_t>(v)) + "ULL)";
  if (v == INT64_MIN) return "((int64_t)INT64_MIN)";
  std::string s = std::to_string(v) + (t.bits() == 64 ? "LL" : "");
  return "((" + StorageType(t) + ")" + s + ")";
}

struct CallSpec {
  const char* f32;
  const char* f64;
};
const std::map<std::string, CallSpec>& MathCalls() {
  static const std::map<std::string, CallSpec> m = {
      {"tir.exp", {"expf", "exp"}},       {"tir.exp2", {"exp2f", "exp2"}},
      {"tir.exp10", {"tg_exp10f", "tg_exp10"}}, {"tir.log", {"logf", "log"}},
      {"tir.log2", {"log2f", "log2"}},    {"tir.log10", {"log10f", "log10"}},
      {"tir.log1p", {"log1pf", "log1p"}}, {"tir.sqrt", {"sqrtf", "sqrt"}},
      {"tir.tanh", {"tanhf", "tanh"}},    {"tir.sigmoid", {"tg_sigmoidf", "tg_sigmoid"}},
      {"tir.erf", {"erff", "erf"}},       {"tir.pow", {"powf", "pow"}},
      {"tir.fabs", {"fabsf", "fabs"}},    {"tir.floor", {"floorf", "floor"}},
      {"tir.ceil", {"ceilf", "ceil"}},    {"tir.trunc", {"truncf", "trunc"}},
      {"tir.round", {"nearbyintf", "nearbyint"}},  // TVM rounds half to even
      {"tir.nearbyint", {"nearbyintf", "nearbyint"}},
      {"tir.sin", {"sinf", "sin"}},       {"tir.cos", {"cosf", "cos"}},
      {"tir.tan", {"tanf", "tan"}},       {"tir.asin", {"asinf", "asin"}},
      {"tir.acos", {"acosf", "acos"}},    {"tir.atan", {"atanf", "atan"}},
      {"tir.sinh", {"sinhf", "sinh"}},    {"tir.cosh", {"coshf", "cosh"}},
      {"tir.asinh", {"asinhf", "asinh"}}, {"tir.acosh", {"acoshf", "acosh"}},
      {"tir.atanh", {"atanhf", "atanh"}}, {"tir.atan2", {"atan2f", "atan2"}},
      {"tir.fmod", {"fmodf", "fmod"}},    {"tir.copysign", {"copysignf", "copysign"}},
      {"tir.hypot", {"hypotf", "hypot"}}, {"tir.nextafter", {"nextafterf", "nextafter"}},
      {"tir.ldexp", {"ldexpf", "ldexp"}},
  };
  return m;
}

class Emitter : public internal::ScalarEmitter {
 public:
  // `globals` collects file-scope definitions; `global_names` holds every file-scope name of the
  // translation unit so far (constants of different functions must never collide); `vector_types`
  // the GCC vector types the translation unit uses; `vector_bits` the target's SIMD width.
  // `externs` the C functions the translation unit calls through T.call_extern (name ->
  // declaration), declared once before the bodies.
  Emitter(std::string symbol, std::ostringstream* globals, std::set<std::string>* global_names,
          internal::VectorTypes* vector_types, int vector_bits, std::map<std::string, std::string>* externs)
      : symbol_(std::move(symbol)), globals_(globals), global_names_(global_names), externs_(externs),
        vec_(this, vector_types, vector_bits) {}

  bool needs_openmp = false;
  bool checks_bounds = false;  ///< tir.tirgen_check_index was emitted (InstrumentBoundCheckers)

  std::string Function(const PrimFunc& f) {
    std::ostringstream head;
    head << "int32_t " << symbol_ << "(void** args) {\n";
    indent_ = 1;
    // tir.noalias: parameter buffers never overlap, which lets the C compiler keep
    // accumulators in registers and vectorize (TVM's noalias, C99's restrict).
    auto noalias_it = f->attrs.find("tir.noalias");
    const auto* noalias = noalias_it == f->attrs.end() ? nullptr : noalias_it->second.as<IntImmNode>();
    std::string qualifier = noalias && noalias->value ? "* restrict " : "* ";
    // No __builtin_assume_aligned on parameters: Module::Call passes NDArray storage (a
    // std::vector, malloc's 16-byte alignment) and the Python binding numpy buffers of any
    // alignment. Intermediates (tg_alloc, aligned(64) arrays) are 64-byte aligned and say so.
    for (size_t i = 0; i < f->params.size(); ++i) {
      const Var& p = f->params[i];
      const Buffer* buf = f->BufferOf(p);
      if (buf) {
        std::string name = Name((*buf)->data);
        ptr_type_[(*buf)->data.get()] = (*buf)->dtype;
        Line() << StorageType((*buf)->dtype) << qualifier << name << " = (" << StorageType((*buf)->dtype)
               << "*)args[" << i << "];\n";
        // A symbolic elem_offset (te.extern's placeholders keep TVM's var): the ABI passes
        // element 0, so the offset is 0.
        if (const VarNode* off = (*buf)->elem_offset.as<VarNode>(); off && !names_.count(off))
          Line() << "const " << ValueType(off->dtype) << " " << Name(GetRef<Var>(off)) << " = 0;\n";
      } else if (p.dtype().is_handle()) {
        Line() << "void* " << Name(p) << " = args[" << i << "];\n";
      } else {
        std::string src = p.dtype().is_floating() ? "double" : "int64_t";
        Line() << "const " << ValueType(p.dtype()) << " " << Name(p) << " = (" << ValueType(p.dtype())
               << ")*(const " << src << "*)args[" << i << "];\n";
      }
    }
    Line() << "int32_t tg_ret = 0;\n";
    Line() << "int32_t tg_fault = 0;  /* set by a checked integer division by zero */\n";
    Line() << "(void)tg_fault;\n";
    Stmt_(InlineVectorLets(f->body));
    out_ << "tg_exit:\n";
    if (checks_bounds)  // a bound fault (2, with a message in the library) or a division by zero
      Line() << "if (tg_fault && tg_ret == 0) tg_ret = tg_fault == 2 ? -4 : -3;\n";
    else
      Line() << "if (tg_fault && tg_ret == 0) tg_ret = -3;\n";
    for (const std::string& h : heap_) Line() << "free(" << h << "_heap);\n";
    Line() << "return tg_ret;\n";
    out_ << "}\n";
    for (const std::string& h : heap_) head << "  void* " << h << "_heap = NULL;\n";
    return head.str() + stack_decls_.str() + out_.str();
  }

 private:
  std::ostringstream& Line() {
    for (int i = 0; i < indent_; ++i) out_ << "  ";
    return out_;
  }

  std::string Name(const Var& v) {
    auto it = names_.find(v.get());
    if (it != names_.end()) return it->second;
    std::string base = Sanitize(v->name_hint);
    if (base.rfind("tg_", 0) == 0) base = "v_" + base;  // keep our own prefix free
    std::string name = base;
    for (int k = 1; used_.count(name); ++k) name = base + "_" + std::to_string(k);
    used_.insert(name);
    names_[v.get()] = name;
    return name;
  }

  std::string VarRef(const Var& v) {
    auto it = names_.find(v.get());
    TIRGEN_CHECK(it != names_.end()) << "C code generator: variable '" << v->name_hint << "' is used outside its scope";
    return it->second;
  }

  // Flat element index of a buffer access (1-D after FlattenBuffer; N-D handled row-major).
  std::string Index(const Buffer& b, const std::vector<PrimExpr>& idx, const std::string& lane) override {
    std::string s;
    if (idx.size() == 1) {
      s = Expr(idx[0], lane);
    } else {
      TIRGEN_CHECK(b->strides.empty() || b->strides.size() == idx.size()) << "bad strides";
      std::string acc;
      for (size_t i = 0; i < idx.size(); ++i) {
        std::string term = "(int64_t)" + Expr(idx[i], lane);
        if (!b->strides.empty()) {
          term += " * (int64_t)" + Expr(b->strides[i], lane);
        } else {
          for (size_t j = i + 1; j < idx.size(); ++j) term += " * (int64_t)" + Expr(b->shape[j], lane);
        }
        acc += (i ? " + " : "") + term;
      }
      s = acc.empty() ? "0" : acc;
    }
    if (b->elem_offset.defined()) {
      const auto* imm = b->elem_offset.as<IntImmNode>();
      if (!imm || imm->value != 0) s = "(" + s + ") + " + Expr(b->elem_offset, lane);
    }
    return s;
  }

  // Pointer expression to a buffer's elements in its dtype.
  std::string Ptr(const Buffer& b) override {
    std::string p = VarRef(b->data);
    auto it = ptr_type_.find(b->data.get());
    if (it == ptr_type_.end() || it->second.element_of() != b->dtype.element_of() ||
        (it->second.is_bool() != b->dtype.is_bool()))
      return "((" + StorageType(b->dtype.element_of()) + "*)" + p + ")";
    return p;
  }

  static std::string Load(DataType t, const std::string& raw) {
    t = t.element_of();
    if (t.is_float() && t.bits() == 16) return "tg_h2f(" + raw + ")";
    if (t.is_bfloat()) return "tg_bf2f(" + raw + ")";
    if (t.is_bool()) return "(" + raw + " != 0)";
    return raw;
  }
  static std::string StoreValue(DataType t, const std::string& v) {
    t = t.element_of();
    if (t.is_float() && t.bits() == 16) return "tg_f2h(" + v + ")";
    if (t.is_bfloat()) return "tg_f2bf(" + v + ")";
    if (t.is_bool()) return "(int8_t)(" + v + ")";
    return v;
  }

  std::string Bin(const char* op, const BinaryNode* n, const std::string& lane) {
    return "(" + Expr(n->a, lane) + " " + op + " " + Expr(n->b, lane) + ")";
  }

  // A constant divisor other than 0 and -1 cannot fault (index arithmetic: i // 4, i % 4).
  static bool SafeDivisor(const PrimExpr& b) {
    const PrimExpr& d = b.as<BroadcastNode>() ? b.as<BroadcastNode>()->value : b;
    const int64_t* c = as_const_int(d);
    return c && *c != 0 && *c != -1;
  }
  // Integer division through the prelude's checked helpers (faults set tg_fault).
  std::string CheckedDivision(const char* helper, const BinaryNode* n, DataType t,
                              const std::string& lane) {
    return std::string(helper) + HelperSuffix(t) + "(" + Expr(n->a, lane) + ", " + Expr(n->b, lane) +
           ", &tg_fault)";
  }

  std::string Temp() override { return "tg_t" + std::to_string(temps_++); }

  // C compilers parse and fold expressions by recursion: a sum of 50k terms in one statement
  // crashes GCC. So every kMaxNest levels of one expression, the part below is computed first
  // into a temporary, and the expression becomes a flat GCC statement expression
  // `({ const volatile T tg_t0 = ...; const volatile T tg_t1 = ... tg_t0 ...; <rest>; })`.
  // volatile cuts the chain of dependent values GCC's optimizers follow by recursion too: with
  // plain temporaries a 100k-term sum still crashed cc1, with volatile ones it compiles (and
  // faster); one store and load per 128 operations is noise. Parts evaluated only
  // conditionally (a select's or if_then_else's branches, the right side of && and ||) and a
  // let's body (its variable is declared inside) start their own scope: nothing is hoisted out
  // of them. Ordinary programs never nest this deep, so their C is unchanged.
  static constexpr int kMaxNest = 128;

  std::string Expr(const PrimExpr& e, const std::string& lane) override {
    support::CheckStack("C code generator");  // its own recursion follows the expression's depth
    if (!hoisted_) return Scope(e, lane);  // a statement's expression
    DataType t = e.dtype();
    if (nest_ < kMaxNest || !Hoistable(e)) {
      NestGuard g(this, nest_ + 1, hoisted_);
      return Node(e, lane);
    }
    std::string value;
    {
      NestGuard g(this, 1, hoisted_);
      value = Node(e, lane);
    }
    std::string name = Temp();
    hoisted_->push_back("const volatile " + ValueType(t) + " " + name + " = " + value + ";");
    return name;
  }

  // An operation worth its own temporary: leaves and loads stay in place (a load's indices
  // nest further and are hoisted in turn when deep).
  static bool Hoistable(const PrimExpr& e) {
    if (e.dtype().is_handle() || e.dtype().is_void()) return false;
    switch (e.kind()) {
      case Kind::kIntImm:
      case Kind::kFloatImm:
      case Kind::kStringImm:
      case Kind::kVar:
      case Kind::kSizeVar:
      case Kind::kBufferLoad:
      case Kind::kRamp:
      case Kind::kBroadcast: return false;
      default: return true;
    }
  }

  // `e` as the root of a scope of hoisted temporaries (see kMaxNest).
  std::string Scope(const PrimExpr& e, const std::string& lane) {
    std::vector<std::string> hoisted;
    std::string value;
    {
      NestGuard g(this, 1, &hoisted);
      value = Node(e, lane);
    }
    if (hoisted.empty()) return value;
    std::string s = "({ ";
    for (const std::string& h : hoisted) s += h + " ";
    return s + value + "; })";
  }

  // Sets the nesting state for one call of Node, restored on every exit.
  struct NestGuard {
    NestGuard(Emitter* em, int nest, std::vector<std::string>* hoisted)
        : em(em), nest(em->nest_), hoisted(em->hoisted_) {
      em->nest_ = nest;
      em->hoisted_ = hoisted;
    }
    ~NestGuard() {
      em->nest_ = nest;
      em->hoisted_ = hoisted;
    }
    Emitter* em;
    int nest;
    std::vector<std::string>* hoisted;
  };

  std::string Node(const PrimExpr& e, const std::string& lane) {
    DataType t = e.dtype();
    switch (e.kind()) {
      case Kind::kIntImm: return IntLiteral(e.as<IntImmNode>()->value, t);
      case Kind::kFloatImm: {
        double v = e.as<FloatImmNode>()->value;
        return FloatLiteral(v, t);
      }
      case Kind::kVar:
      case Kind::kSizeVar: return VarRef(e.cast<Var>());
      case Kind::kCast: {
        const auto* n = e.as<CastNode>();
        DataType to = t.element_of();
        std::string v = Expr(n->value, lane);
        if (to.is_bool()) return "(" + v + " != 0)";
        std::string c = "((" + ValueType(to) + ")" + v + ")";
        if (to.is_float() && to.bits() == 16) return "tg_round_f16" + c;
        if (to.is_bfloat()) return "tg_round_bf16" + c;
        return c;
      }
      case Kind::kAdd: return Bin("+", e.as<BinaryNode>(), lane);
      case Kind::kSub: return Bin("-", e.as<BinaryNode>(), lane);
      case Kind::kMul: return Bin("*", e.as<BinaryNode>(), lane);
      case Kind::kDiv:  // truncdiv for integers
      case Kind::kMod: {
        const auto* n = e.as<BinaryNode>();
        bool div = e.kind() == Kind::kDiv;
        if (t.is_floating())
          return div ? Bin("/", n, lane) : "fmod(" + Expr(n->a, lane) + ", " + Expr(n->b, lane) + ")";
        if (!SafeDivisor(n->b)) return CheckedDivision(div ? "tg_div_" : "tg_mod_", n, t, lane);
        return Bin(div ? "/" : "%", n, lane);
      }
      case Kind::kFloorDiv:
      case Kind::kFloorMod: {
        const auto* n = e.as<BinaryNode>();
        bool div = e.kind() == Kind::kFloorDiv;
        std::string a = Expr(n->a, lane), b = Expr(n->b, lane);
        if (t.is_floating()) {
          std::string fl = t.bits() == 64 ? "floor" : "floorf";
          if (div) return fl + "(" + a + " / " + b + ")";
          return "({ " + ValueType(t) + " tg_a = " + a + ", tg_b = " + b + "; tg_a - " + fl +
                 "(tg_a / tg_b) * tg_b; })";
        }
        if (!SafeDivisor(n->b)) return CheckedDivision(div ? "tg_floordiv_chk_" : "tg_floormod_chk_", n, t, lane);
        return std::string(div ? "tg_floordiv_" : "tg_floormod_") + HelperSuffix(t) + "(" + a + ", " + b + ")";
      }
      case Kind::kMin:
      case Kind::kMax: {
        const auto* n = e.as<BinaryNode>();
        return std::string(e.kind() == Kind::kMin ? "tg_min_" : "tg_max_") + HelperSuffix(t) + "(" +
               Expr(n->a, lane) + ", " + Expr(n->b, lane) + ")";
      }
      case Kind::kEQ: return Bin("==", e.as<BinaryNode>(), lane);
      case Kind::kNE: return Bin("!=", e.as<BinaryNode>(), lane);
      case Kind::kLT: return Bin("<", e.as<BinaryNode>(), lane);
      case Kind::kLE: return Bin("<=", e.as<BinaryNode>(), lane);
      case Kind::kGT: return Bin(">", e.as<BinaryNode>(), lane);
      case Kind::kGE: return Bin(">=", e.as<BinaryNode>(), lane);
      case Kind::kAnd:
      case Kind::kOr: {  // the right side is evaluated only when needed
        const auto* n = e.as<BinaryNode>();
        return "(" + Expr(n->a, lane) + (e.kind() == Kind::kAnd ? " && " : " || ") + Scope(n->b, lane) + ")";
      }
      case Kind::kNot: return "(!" + Expr(e.as<NotNode>()->a, lane) + ")";
      case Kind::kSelect: {
        const auto* n = e.as<SelectNode>();
        return "(" + Expr(n->condition, lane) + " ? " + Scope(n->true_value, lane) + " : " +
               Scope(n->false_value, lane) + ")";
      }
      case Kind::kBufferLoad: {
        const auto* n = e.as<BufferLoadNode>();
        return Load(n->buffer->dtype, Ptr(n->buffer) + "[" + Index(n->buffer, n->indices, lane) + "]");
      }
      case Kind::kRamp: {
        const auto* n = e.as<RampNode>();
        TIRGEN_CHECK(!lane.empty()) << "C code generator: vector expression outside a vector context";
        return "(" + Expr(n->base, "") + " + " + Expr(n->stride, "") + " * " + lane + ")";
      }
      case Kind::kBroadcast: return Expr(e.as<BroadcastNode>()->value, "");
      case Kind::kLet: {
        const auto* n = e.as<LetNode>();
        std::string v = Expr(n->value, lane);
        std::string name = Name(n->var);
        return "({ const " + ValueType(n->var.dtype()) + " " + name + " = " + v + "; " + Scope(n->body, lane) + "; })";
      }
      case Kind::kCall: return Call_(e.as<CallNode>(), t, lane);
      case Kind::kShuffle:
        TIRGEN_CHECK(false) << "C code generator: T.Shuffle (a lane permutation) is not supported: the C "
                               "backend emits vectors lane by lane (TVM's LLVM and CUDA backends take it)";
        return "";
      default:
        TIRGEN_CHECK(false) << "C code generator: unsupported expression " << KindName(e.kind())
                            << " (is the function fully lowered?)";
    }
    return "";
  }

  std::string Call_(const CallNode* n, DataType t, const std::string& lane) {
    auto arg = [&](size_t i) { return Expr(n->args.at(i), lane); };
    const std::string& op = n->op;
    auto math = MathCalls().find(op);
    if (math != MathCalls().end()) {
      bool f64 = t.is_float() && t.bits() == 64;
      std::string s = std::string(f64 ? math->second.f64 : math->second.f32) + "(";
      for (size_t i = 0; i < n->args.size(); ++i) s += (i ? ", " : "") + arg(i);
      s += ")";
      if (t.is_floating() && t.bits() == 16) s = (t.is_bfloat() ? "tg_round_bf16(" : "tg_round_f16(") + s + ")";
      return s;
    }
    if (op == "tir.rsqrt") {
      bool f64 = t.bits() == 64;
      return std::string(f64 ? "(1.0 / sqrt(" : "(1.0f / sqrtf(") + arg(0) + "))";
    }
    if (op == "tir.if_then_else") {
      std::string cond = arg(0);
      if (LoadsFromBuffer(n->args[0])) cond = "tg_opaque_cond(" + cond + ")";
      return "(" + cond + " ? " + Scope(n->args.at(1), lane) + " : " + Scope(n->args.at(2), lane) + ")";
    }
    if (op == "tir.tirgen_check_index") {
      const auto* what = n->args.at(2).as<StringImmNode>();
      TIRGEN_ICHECK(what) << "tir.tirgen_check_index needs the buffer's name as a string";
      checks_bounds = true;
      return "tg_check_index(" + arg(0) + ", " + arg(1) + ", " + CString(what->value) + ", &tg_fault)";
    }
    if (op == "tir.call_extern" || op == "tir.call_pure_extern") return ExternCall(n, t, lane);
    if (op == "tir.likely") return arg(0);
    if (op == "tir.isnan") return "isnan(" + arg(0) + ")";
    if (op == "tir.isinf") return "isinf(" + arg(0) + ")";
    if (op == "tir.isfinite") return "isfinite(" + arg(0) + ")";
    if (op == "tir.bitwise_and") return "(" + arg(0) + " & " + arg(1) + ")";
    if (op == "tir.bitwise_or") return "(" + arg(0) + " | " + arg(1) + ")";
    if (op == "tir.bitwise_xor") return "(" + arg(0) + " ^ " + arg(1) + ")";
    if (op == "tir.bitwise_not") return "(~" + arg(0) + ")";
    if (op == "tir.shift_left") return "(" + arg(0) + " << " + arg(1) + ")";
    if (op == "tir.shift_right") return "(" + arg(0) + " >> " + arg(1) + ")";
    if (op == "tir.popcount") return "__builtin_popcountll((uint64_t)" + arg(0) + ")";
    if (op == "tir.reinterpret") {
      DataType from = n->args.at(0).dtype();
      std::string ft = StorageType(from.element_of()), tt = StorageType(t.element_of());
      std::string v = StoreValue(from, arg(0));
      return Load(t, "({ " + ft + " tg_s = " + v + "; " + tt + " tg_d; memcpy(&tg_d, &tg_s, sizeof(tg_d)); tg_d; })");
    }
    TIRGEN_CHECK(false) << "C code generator: unsupported call " << op;
    return "";
  }

  // T.call_extern("dtype", "f", args...): a call of the C function f, declared from the call's
  // own types as TVM's C host generator forward-declares it (handles are void*). The function
  // comes from outside: a library loaded before this one (RTLD_GLOBAL) or the C library.
  std::string ExternCall(const CallNode* n, DataType t, const std::string& lane) {
    const auto* fn = n->args.empty() ? nullptr : n->args[0].as<StringImmNode>();
    TIRGEN_CHECK(fn) << "C code generator: " << n->op << " needs the C function's name as its first argument";
    const std::string& name = fn->value;
    bool identifier = !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0]));
    for (char c : name) identifier = identifier && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
    TIRGEN_CHECK(identifier) << "C code generator: " << n->op << " of " << CString(name)
                             << ": not a C identifier; name a C function";
    TIRGEN_CHECK(name.rfind("tg_", 0) != 0 && !global_names_->count(name))
        << "C code generator: " << n->op << " of " << name
        << ": the name is the generated code's own (prefix tg_, or a function or constant of this module); "
           "rename the extern function";
    auto c_type = [&](DataType d) -> std::string {
      if (d.is_void()) return "void";
      TIRGEN_CHECK(d.lanes() == 1) << "C code generator: " << n->op << " of " << name << " with a " << d.str()
                                   << " value: extern functions take and return scalars and pointers";
      TIRGEN_CHECK(!(d.is_floating() && d.bits() == 16))
          << "C code generator: " << n->op << " of " << name << " with a " << d.str()
          << " value: C has no such type; cast to float32 around the call";
      if (d.is_handle()) return "void*";
      return ValueType(d);
    };
    std::string decl = c_type(t) + " " + name + "(", call = name + "(";
    for (size_t i = 1; i < n->args.size(); ++i) {
      const PrimExpr& a = n->args[i];
      const auto* str = a.as<StringImmNode>();
      decl += (i > 1 ? ", " : "") + (str ? std::string("const char*") : c_type(a.dtype()));
      call += (i > 1 ? ", " : "") + (str ? CString(str->value) : Expr(a, lane));
    }
    decl += n->args.size() == 1 ? "void);" : ");";
    auto [it, fresh] = externs_->emplace(name, decl);
    TIRGEN_CHECK(fresh || it->second == decl) << "C code generator: extern function " << name
                                              << " is called with two signatures: " << it->second << " and " << decl;
    return call + ")";
  }

  static int Lanes(const PrimExpr& e) { return e.dtype().lanes(); }

  void Stmt_(const Stmt& s) {
    switch (s.kind()) {
      case Kind::kSeqStmt: {
        // Consecutive lane guards with one condition (an unrolled register tile's statements)
        // share one test.
        const std::vector<Stmt>& seq = s.as<SeqStmtNode>()->seq;
        for (size_t i = 0; i < seq.size();) {
          size_t j = i + 1;
          while (j < seq.size() && SameLaneGuard(seq[i], seq[j])) ++j;
          if (j == i + 1) {
            Stmt_(seq[i++]);
            continue;
          }
          std::vector<Stmt> body;
          for (size_t k = i; k < j; ++k) body.push_back(seq[k].as<IfThenElseNode>()->then_case);
          Stmt_(IfThenElse(seq[i].as<IfThenElseNode>()->condition, SeqStmt(body)));
          i = j;
        }
        return;
      }
      case Kind::kBufferStore: {
        const auto* n = s.as<BufferStoreNode>();
        int lanes = Lanes(n->value);
        for (const PrimExpr& i : n->indices) lanes = std::max(lanes, Lanes(i));
        if (lanes > 1 && !guards_.empty()) return GuardedStore(n, guards_.back());
        if (lanes > 1) {  // GCC vector types where every part has a vector form
          std::string v = vec_.Store(n);
          if (!v.empty()) {
            Line() << v << "\n";
            return;
          }
        }
        if (lanes > 1) {  // else a scalar loop over the lanes, left to the C vectorizer
          Line() << "for (int32_t tg_lane = 0; tg_lane < " << lanes << "; ++tg_lane) {\n";
          ++indent_;
          ScalarStore(n, "tg_lane");
          --indent_;
          Line() << "}\n";
          return;
        }
        ScalarStore(n, "");
        return;
      }
      case Kind::kFor: {
        const auto* n = s.as<ForNode>();
        std::string vt = ValueType(n->loop_var.dtype());
        std::string min = Expr(n->min, ""), ext = Expr(n->extent, "");
        KnowRange(n->loop_var, n->min, n->extent);
        std::string v = Name(n->loop_var);
        if (n->kind == ForKind::kParallel) {
          needs_openmp = true;
          Line() << "#pragma omp parallel for num_threads(tg_num_threads())\n";
        } else if (n->kind == ForKind::kUnrolled) {
          const auto* imm = n->extent.as<IntImmNode>();
          int64_t times = imm && imm->value >= 1 && imm->value <= 64 ? imm->value : 16;
          Line() << "#pragma GCC unroll " << times << "\n";
        } else if (n->kind == ForKind::kVectorized) {
          Line() << "#pragma GCC ivdep\n";
        } else if (n->kind == ForKind::kThreadBinding) {
          TIRGEN_CHECK(false) << "C code generator: thread-bound loops need a GPU target";
        }
        Line() << "for (" << vt << " " << v << " = " << min << "; " << v << " < " << min << " + " << ext
               << "; ++" << v << ") {\n";
        ++indent_;
        bool saved = in_parallel_;
        in_parallel_ = in_parallel_ || n->kind == ForKind::kParallel;
        Stmt_(n->body);
        in_parallel_ = saved;
        --indent_;
        Line() << "}\n";
        return;
      }
      case Kind::kIfThenElse: {
        const auto* n = s.as<IfThenElseNode>();
        if (n->condition.dtype().lanes() > 1) return LaneGuard(n);
        Line() << "if (" << Expr(n->condition, "") << ") {\n";
        ++indent_;
        Stmt_(n->then_case);
        --indent_;
        if (n->else_case.defined()) {
          Line() << "} else {\n";
          ++indent_;
          Stmt_(n->else_case);
          --indent_;
        }
        Line() << "}\n";
        return;
      }
      case Kind::kLetStmt: {
        const auto* n = s.as<LetStmtNode>();
        std::string v = Expr(n->value, "");
        KnowValue(n->var, n->value);
        Line() << "{\n";
        ++indent_;
        Line() << "const " << ValueType(n->var.dtype()) << " " << Name(n->var) << " = " << v << ";\n";
        Stmt_(n->body);
        --indent_;
        Line() << "}\n";
        return;
      }
      case Kind::kAttrStmt: {
        // GPU programs parse, schedule and lower; only here, making C, are they refused.
        const auto* a = s.as<AttrStmtNode>();
        if (a->attr_key == "thread_extent" || a->attr_key == "virtual_thread") {
          const auto* iv = a->node.as<IterVarNode>();
          TIRGEN_CHECK(false) << "C code generator: the function binds GPU threads ("
                              << (iv ? iv->thread_tag : a->attr_key)
                              << "); tirgen builds CPU code only, so build it for a GPU target with TVM";
        }
        Stmt_(a->body);
        return;
      }
      case Kind::kDeclBuffer: Stmt_(s.as<DeclBufferNode>()->body); return;
      case Kind::kAssertStmt: {
        const auto* n = s.as<AssertStmtNode>();
        TIRGEN_CHECK(!in_parallel_) << "C code generator: assert inside a parallel loop";
        Line() << "if (!(" << Expr(n->condition, "") << ")) { tg_ret = -1; goto tg_exit; }\n";
        Stmt_(n->body);
        return;
      }
      case Kind::kEvaluate: {
        const PrimExpr& v = s.as<EvaluateNode>()->value;
        if (v.as<IntImmNode>()) return;  // T.evaluate(0): no-op
        Line() << "(void)" << Expr(v, "") << ";\n";
        return;
      }
      case Kind::kWhile: {
        const auto* n = s.as<WhileNode>();
        Line() << "while (" << Expr(n->condition, "") << ") {\n";
        ++indent_;
        Stmt_(n->body);
        --indent_;
        Line() << "}\n";
        return;
      }
      case Kind::kAllocate: Allocate_(s.as<AllocateNode>()); return;
      case Kind::kAllocateConst: AllocateConst_(s.as<AllocateConstNode>()); return;
      case Kind::kBufferRealize:
        TIRGEN_CHECK(false) << "C code generator: T.realize (BufferRealize) is TVM's form before storage "
                               "flattening of TE schedules; write the TensorIR with T.alloc_buffer/T.decl_buffer instead";
        return;
      default:
        TIRGEN_CHECK(false) << "C code generator: unsupported statement " << KindName(s.kind())
                            << " (run the lowering passes first)";
    }
  }

  // Integer ranges of loop and let variables, so that vector accesses provably inside their
  // buffer need no run-time test (see VectorEmitter::Load).
  void KnowRange(const Var& v, const PrimExpr& min, const PrimExpr& extent) {
    const int64_t* m = as_const_int(min);
    const int64_t* e = as_const_int(extent);
    if (m && e && *e >= 1 && v.dtype().is_int() && v.dtype().lanes() == 1) ana_.Bind(v, Range(min, extent));
  }
  void KnowValue(const Var& v, const PrimExpr& value) {
    if (!v.dtype().is_int() || v.dtype().lanes() != 1) return;
    arith::ConstBound b = ana_.Bound(value);
    // The range as min and extent in v's type (an int32 let may span more than int32 holds).
    const int64_t limit = v.dtype().bits() >= 64 ? INT64_MAX / 4 : (int64_t{1} << (v.dtype().bits() - 1)) - 1;
    if (b.min > -limit && b.max < limit && b.min <= b.max && b.max - b.min < limit)
      ana_.Bind(v, Range(make_const(v.dtype(), b.min), make_const(v.dtype(), b.max - b.min + 1)));
  }
  arith::ConstBound Bound(const PrimExpr& e) override { return ana_.Bound(e); }

  void ScalarStore(const BufferStoreNode* n, const std::string& lane) {
    Line() << Ptr(n->buffer) << "[" << Index(n->buffer, n->indices, lane)
           << "] = " << StoreValue(n->buffer->dtype, Expr(n->value, lane)) << ";\n";
  }

  // `if` with a vector condition over vector stores (a lane guard, see VectorizeLoop; also
  // hoisted over loops by HoistIfThenElse): the plain statements when every lane holds
  // (decided from the first and last lane when the condition is linear in the lane); else
  // each vector store inside computes every lane (loads that could leave their buffer read
  // only the lanes that hold) and stores only the holding lanes (GuardedStore). Statements
  // that cannot run so (an else branch, vector lets) run lane by lane.
  void LaneGuard(const IfThenElseNode* n) {
    const PrimExpr& cond = n->condition;
    const int lanes = cond.dtype().lanes();
    if (n->else_case.defined() || !Guardable(n->then_case, lanes)) {
      Line() << "for (int32_t tg_lane = 0; tg_lane < " << lanes << "; ++tg_lane) {\n";
      ++indent_;
      Line() << "if (" << Expr(cond, "tg_lane") << ") {\n";
      LaneStmt(n->then_case, 1);
      if (n->else_case.defined()) {
        Line() << "} else {\n";
        LaneStmt(n->else_case, 1);
      }
      Line() << "}\n";
      --indent_;
      Line() << "}\n";
      return;
    }
    bool endpoints = internal::VectorEmitter::EndpointsDecide(cond);
    if (endpoints) {
      Line() << "if (" << Expr(cond, "0") << " && " << Expr(cond, std::to_string(lanes - 1)) << ") {\n";
      ++indent_;
      Stmt_(n->then_case);
      --indent_;
      Line() << "} else {\n";
      ++indent_;
    }
    guards_.push_back(cond);
    Stmt_(n->then_case);
    guards_.pop_back();
    if (endpoints) {
      --indent_;
      Line() << "}\n";
    }
  }

  // Statements a hoisted guard can run as vectors with guarded stores: loops, scalar lets
  // without loads, and `lanes`-wide stores.
  static bool Guardable(const Stmt& s, int lanes) {
    if (const auto* st = s.as<BufferStoreNode>()) return st->value.dtype().lanes() == lanes;
    if (const auto* seq = s.as<SeqStmtNode>()) {
      for (const Stmt& c : seq->seq)
        if (!Guardable(c, lanes)) return false;
      return true;
    }
    if (const auto* f = s.as<ForNode>()) return f->kind != ForKind::kParallel && Guardable(f->body, lanes);
    if (const auto* l = s.as<LetStmtNode>())
      return l->var.dtype().lanes() == 1 && !ReadsMemory(l->value) && Guardable(l->body, lanes);
    if (const auto* a = s.as<AttrStmtNode>()) return Guardable(a->body, lanes);
    if (const auto* d = s.as<DeclBufferNode>()) return Guardable(d->body, lanes);
    return false;
  }

  static bool SameLaneGuard(const Stmt& a, const Stmt& b) {
    const auto* x = a.as<IfThenElseNode>();
    const auto* y = b.as<IfThenElseNode>();
    return x && y && x->condition.dtype().lanes() > 1 && !x->else_case.defined() && !y->else_case.defined() &&
           StructuralEqual(x->condition, y->condition);
  }

  // A vector store under a hoisted lane guard: only the lanes where `cond` holds are stored.
  void GuardedStore(const BufferStoreNode* n, const PrimExpr& cond) {
    TIRGEN_ICHECK(cond.dtype().lanes() == n->value.dtype().lanes())
        << "C code generator: a " << n->value.dtype().lanes() << "-lane store under a " << cond.dtype().lanes()
        << "-lane guard";
    std::string g = vec_.GuardedStore(n, cond, !in_parallel_ || private_.count(n->buffer->data.get()));
    if (!g.empty()) {
      Line() << g << "\n";
      return;
    }
    Line() << "for (int32_t tg_lane = 0; tg_lane < " << cond.dtype().lanes() << "; ++tg_lane) {\n";
    ++indent_;
    Line() << "if (" << Expr(cond, "tg_lane") << ") {\n";
    ++indent_;
    ScalarStore(n, "tg_lane");
    indent_ -= 2;
    Line() << "  }\n";
    Line() << "}\n";
  }

  // Whether `e` loads from a buffer (a mask, a rank: a data-dependent condition). Index
  // arithmetic alone (padding bounds) is not: GCC keeps vectorizing those selects.
  static bool LoadsFromBuffer(const PrimExpr& e) {
    struct Reads : StmtExprVisitor {
      using StmtExprVisitor::VisitExpr_;
      bool found = false;
      void VisitExpr_(const BufferLoadNode*) override { found = true; }
    } r;
    r.VisitExpr(e);
    return r.found;
  }

  static bool ReadsMemory(const PrimExpr& e) {
    struct Reads : StmtExprVisitor {
      using StmtExprVisitor::VisitExpr_;
      bool found = false;
      void VisitExpr_(const BufferLoadNode*) override { found = true; }
      void VisitExpr_(const CallNode*) override { found = true; }
    } r;
    r.VisitExpr(e);
    return r.found;
  }

  // One lane (tg_lane) of a guarded statement: vector stores as scalar stores, lets per lane.
  void LaneStmt(const Stmt& s, int depth) {
    indent_ += depth;
    if (const auto* st = s.as<BufferStoreNode>()) {
      ScalarStore(st, "tg_lane");
    } else if (const auto* seq = s.as<SeqStmtNode>()) {
      for (const Stmt& c : seq->seq) LaneStmt(c, 0);
    } else if (const auto* f = s.as<ForNode>()) {
      std::string v = Name(f->loop_var), min = Expr(f->min, "tg_lane");
      Line() << "for (" << ValueType(f->loop_var.dtype()) << " " << v << " = " << min << "; " << v << " < " << min
             << " + " << Expr(f->extent, "tg_lane") << "; ++" << v << ") {\n";
      LaneStmt(f->body, 1);
      Line() << "}\n";
    } else if (const auto* c = s.as<IfThenElseNode>()) {
      Line() << "if (" << Expr(c->condition, "tg_lane") << ") {\n";
      LaneStmt(c->then_case, 1);
      if (c->else_case.defined()) {
        Line() << "} else {\n";
        LaneStmt(c->else_case, 1);
      }
      Line() << "}\n";
    } else if (const auto* a = s.as<AttrStmtNode>()) {
      LaneStmt(a->body, 0);
    } else if (const auto* d = s.as<DeclBufferNode>()) {
      LaneStmt(d->body, 0);
    } else if (const auto* l = s.as<LetStmtNode>()) {
      Line() << "{\n";
      Line() << "  const " << ValueType(l->var.dtype().element_of()) << " " << Name(l->var) << " = " << Expr(l->value, "tg_lane") << ";\n";
      LaneStmt(l->body, 1);
      Line() << "}\n";
    } else {
      TIRGEN_CHECK(false) << "C code generator: a lane guard over " << KindName(s.kind())
                          << " under a vector condition";
    }
    indent_ -= depth;
  }

  void Allocate_(const AllocateNode* n) {
    std::string st = StorageType(n->dtype.element_of());
    int64_t count = n->dtype.lanes();
    bool constant = true;
    std::string count_expr = std::to_string(n->dtype.lanes());
    for (const PrimExpr& e : n->extents) {
      const auto* imm = e.as<IntImmNode>();
      if (imm) count *= imm->value; else constant = false;
      count_expr += " * (int64_t)" + Expr(e, "");
    }
    std::string name = Name(n->buffer_var);
    ptr_type_[n->buffer_var.get()] = n->dtype.element_of();
    if (in_parallel_) private_.insert(n->buffer_var.get());  // each thread has its own
    int64_t bytes = count * n->dtype.element_of().bytes();
    if (constant && bytes <= kStackLimitBytes && !in_parallel_) {
      // Declared at function entry (like TVM's allocas): a buffer allocated inside a loop keeps
      // its contents across iterations, which reductions with a scratch accumulator rely on.
      stack_decls_ << "  " << st << " " << name << "[" << std::max<int64_t>(count, 1)
                   << "] __attribute__((aligned(64)));\n";
      Stmt_(n->body);
      return;
    }
    if (constant && bytes <= kStackLimitBytes) {
      Line() << "{\n";
      ++indent_;
      Line() << st << " " << name << "[" << std::max<int64_t>(count, 1) << "] __attribute__((aligned(64)));\n";
      Stmt_(n->body);
      --indent_;
      Line() << "}\n";
      return;
    }
    // Heap: freed at the end of the scope and, on an early exit, at tg_exit.
    std::string size = "(size_t)(" + count_expr + ") * sizeof(" + st + ")";
    if (in_parallel_) {
      Line() << "{\n";
      ++indent_;
      Line() << st << "* restrict " << name << " = (" << st << "*)__builtin_assume_aligned(tg_alloc(" << size << "), 64);\n";
      Stmt_(n->body);
      Line() << "free(" << name << ");\n";
      --indent_;
      Line() << "}\n";
      return;
    }
    std::string h = name + "_heap";
    heap_.push_back(name);
    Line() << h << " = tg_alloc(" << size << ");\n";
    Line() << "if (" << h << " == NULL) { tg_ret = -2; goto tg_exit; }\n";
    Line() << "{\n";
    ++indent_;
    // tg_alloc is 64-byte aligned; a fresh allocation aliases nothing.
    Line() << st << "* restrict " << name << " = (" << st << "*)__builtin_assume_aligned(" << h << ", 64);\n";
    Stmt_(n->body);
    --indent_;
    Line() << "}\n";
    Line() << "free(" << h << ");\n";
    Line() << h << " = NULL;\n";
  }

  void AllocateConst_(const AllocateConstNode* n) {
    TIRGEN_CHECK(n->data.defined()) << "C code generator: AllocateConst without data (irmod_storage_idx)";
    DataType t = n->dtype.element_of();
    std::string local = Name(n->buffer_var);
    // "<symbol>_<local>" alone could clash (tirgen_a + b_c == tirgen_a_b + c): reserve the
    // name in the translation unit, suffixing when taken.
    std::string base = "tg_const_" + symbol_ + "_" + local, global = base;
    for (int k = 1; global_names_->count(global); ++k) global = base + "_" + std::to_string(k);
    global_names_->insert(global);
    ptr_type_[n->buffer_var.get()] = t;
    const NDArray& d = n->data;
    int64_t count = d->NumElements();
    std::string st = StorageType(t);
    std::ostringstream& g = *globals_;
    // Floats go through a union of their bit patterns: exact, including NaN payloads and -0.
    bool fl = t.is_float() && t.bits() >= 32;
    std::string bits_t = fl ? (t.bits() == 64 ? "uint64_t" : "uint32_t") : st;
    g << "static const union { " << bits_t << " bits[" << std::max<int64_t>(count, 1) << "]; " << st << " v["
      << std::max<int64_t>(count, 1) << "]; } " << global << " __attribute__((aligned(64))) = {{";
    int width = t.bytes();
    for (int64_t i = 0; i < count; ++i) {
      uint64_t u = 0;
      std::memcpy(&u, d.data() + i * width, width);
      if (i % 16 == 0) g << "\n  ";
      if (fl || t.is_uint() || t.is_bool() || t.is_floating()) {
        g << "0x" << std::hex << u << std::dec << "u, ";
      } else {  // signed: sign-extend
        int64_t sv = static_cast<int64_t>(u << (64 - 8 * width)) >> (64 - 8 * width);
        if (sv == INT64_MIN) g << "INT64_MIN, "; else g << sv << (width == 8 ? "LL, " : ", ");
      }
    }
    if (count == 0) g << "0";
    g << "\n}};\n";
    Line() << "{\n";
    ++indent_;
    Line() << st << "* " << local << " = (" << st << "*)" << global << ".v;\n";
    Stmt_(n->body);
    --indent_;
    Line() << "}\n";
  }

  std::string symbol_;
  std::ostringstream* globals_;
  std::set<std::string>* global_names_;
  std::map<std::string, std::string>* externs_;
  std::ostringstream out_;
  std::ostringstream stack_decls_;  // function-entry arrays
  int indent_ = 0;
  int temps_ = 0;  // Temp() names so far
  int nest_ = 0;    // Expr levels since the scope root or the last hoisted temporary
  std::vector<std::string>* hoisted_ = nullptr;  // the current scope's temporaries (kMaxNest)
  bool in_parallel_ = false;
  arith::Analyzer ana_;  ///< ranges of the enclosing loop and let variables
  /// Conditions of the lane guards around the statement being emitted (innermost last).
  std::vector<PrimExpr> guards_;
  /// Buffers allocated inside a parallel loop: every thread has its own.
  std::set<const Object*> private_;
  internal::VectorEmitter vec_;
  std::map<const Object*, std::string> names_;
  std::set<std::string> used_;
  std::map<const Object*, DataType> ptr_type_;
  std::vector<std::string> heap_;
};

}  // namespace

CSource GenerateC(const std::vector<std::pair<std::string, tir::PrimFunc>>& funcs, const target::Target& target) {
  CSource src;
  std::ostringstream globals, bodies;
  internal::VectorTypes vector_types;
  // Entry-point symbols first (they keep their plain names), then constants take free names.
  std::set<std::string> symbols;  // every file-scope name of the translation unit
  std::vector<std::string> syms;
  for (const auto& [name, f] : funcs) {
    std::string base = "tirgen_" + Sanitize(name), sym = base;
    for (int k = 1; symbols.count(sym); ++k) sym = base + "_" + std::to_string(k);
    symbols.insert(sym);
    syms.push_back(sym);
  }
  size_t index = 0;
  bool checks_bounds = false;
  std::map<std::string, std::string> externs;  // T.call_extern functions: name -> declaration
  for (const auto& [name, f] : funcs) {
    const std::string& sym = syms[index++];
    Emitter em(sym, &globals, &symbols, &vector_types, target.VectorBits(), &externs);
    bodies << "\n" << em.Function(f);
    src.needs_openmp = src.needs_openmp || em.needs_openmp;
    checks_bounds = checks_bounds || em.checks_bounds;
    src.functions.push_back({name, sym, f});
  }
  src.code = std::string(CPrelude());
  if (src.needs_openmp) src.code += COpenMpPrelude(target.Cores());
  if (checks_bounds) src.code += CBoundCheckPrelude();
  std::string declarations;
  for (const auto& [name, decl] : externs) declarations += decl + "\n";
  src.code += vector_types.Typedefs() + "\n" + declarations + globals.str() + bodies.str();
  return src;
}

CSource GenerateC(const std::vector<std::pair<std::string, tir::PrimFunc>>& funcs) {
  return GenerateC(funcs, target::DefaultBuildTarget());
}

CSource GenerateC(const IRModule& mod, const target::Target& target) {
  std::vector<std::pair<std::string, tir::PrimFunc>> funcs;
  for (const auto& [name, f] : mod->functions) {
    if (f.as<tir::PrimFuncNode>()) funcs.emplace_back(name, f.cast<tir::PrimFunc>());
  }
  return GenerateC(funcs, target);
}

CSource GenerateC(const IRModule& mod) { return GenerateC(mod, target::DefaultBuildTarget()); }

}  // namespace codegen
}  // namespace tirgen

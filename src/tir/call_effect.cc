// The effect of each op, as TVM v0.14 registers it (src/tir/op/builtin.cc and op.cc).
#include "tirgen/tir/call_effect.h"

#include <algorithm>
#include <unordered_map>

#include "tirgen/tir/functor.h"

namespace tirgen {
namespace tir {

namespace {

const std::unordered_map<std::string, CallEffectKind>& EffectTable() {
  static const std::unordered_map<std::string, CallEffectKind> table = [] {
    std::unordered_map<std::string, CallEffectKind> t;
    auto set = [&t](CallEffectKind kind, std::initializer_list<const char*> names) {
      for (const char* n : names) t.emplace(std::string("tir.") + n, kind);
    };
    set(CallEffectKind::kExprAnnotation, {"likely"});
    set(CallEffectKind::kPure,
        {// math (TVM_TIR_REGISTER_PURE_UNARY_OP / _BINARY_OP); isinf and isfinite are tirgen's ops
         // for what TVM composes from pure ones
         "pow", "fabs", "fmod", "floor", "ceil", "round", "nearbyint", "trunc", "exp", "exp2", "exp10",
         "erf", "tanh", "sigmoid", "sqrt", "rsqrt", "log", "log2", "log1p", "log10", "tan", "cos", "cosh",
         "sin", "sinh", "asin", "acos", "atan", "acosh", "asinh", "atanh", "clz", "atan2", "nextafter",
         "hypot", "copysign", "ldexp", "isnan", "isinf", "isfinite",
         // builtins
         "reinterpret", "bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_not", "shift_left",
         "shift_right", "popcount", "fma", "if_then_else", "isnullptr", "large_uint_imm", "address_of",
         "q_multiply_shift", "q_multiply_shift_per_axis", "call_pure_extern", "call_llvm_pure_intrin",
         "call_spirv_pure_glsl450", "vectorlow", "vectorhigh", "vectorcombine", "ptx_ldg32",
         "tvm_check_return", "start_profile_intrinsic", "end_profile_intrinsic", "type_annotation"});
    set(CallEffectKind::kReadState, {"undef", "tvm_struct_get", "tvm_context_id", "tvm_load_matrix_sync"});
    set(CallEffectKind::kUpdateState, {"tvm_struct_set", "lookup_param"});
    set(CallEffectKind::kSpecialCallArg, {"tvm_access_ptr", "tvm_static_handle"});
    set(CallEffectKind::kEmbedInfo, {"assume", "tvm_tuple"});
    set(CallEffectKind::kControlJump, {"ret"});
    // Everything else is opaque: extern, packed and LLVM calls, barriers, warp shuffles, tensor-core
    // and PTX builtins, TVMBackendAllocWorkspace, and tirgen's tirgen_check_index (it can stop
    // the program).
    return t;
  }();
  return table;
}

class SideEffectVisitor : public StmtExprVisitor {
 public:
  using StmtExprVisitor::VisitExpr_;
  CallEffectKind kind = CallEffectKind::kPure;
  void VisitExpr_(const BufferLoadNode* op) override {
    Update(CallEffectKind::kReadState);
    StmtExprVisitor::VisitExpr_(op);
  }
  void VisitExpr_(const CallNode* op) override {
    Update(CallEffect(op->op));
    StmtExprVisitor::VisitExpr_(op);
  }

 private:
  void Update(CallEffectKind k) { kind = std::max(kind, std::min(k, CallEffectKind::kUpdateState)); }
};

}  // namespace

CallEffectKind CallEffect(const std::string& op) {
  auto it = EffectTable().find(op);
  return it == EffectTable().end() ? kOpaqueEffect : it->second;
}

bool IsPureCall(const std::string& op) { return CallEffect(op) <= CallEffectKind::kPure; }

CallEffectKind SideEffect(const PrimExpr& e) {
  SideEffectVisitor v;
  v.VisitExpr(e);
  return v.kind;
}

}  // namespace tir
}  // namespace tirgen

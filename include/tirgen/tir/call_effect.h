// What a call may do (TVM's CallEffectKind, the TCallEffectKind attribute of each op): the one
// list of which ops are pure. The analyzer, Simplify, HoistIfThenElse, RewriteUnsafeSelect and
// the tuner's features all ask it. It sits beside the expression nodes because arith (below
// tir/analysis) needs it.
#pragma once

#include <string>

#include "tirgen/tir/expr.h"

namespace tirgen {
namespace tir {

/// TVM's order: a larger kind is a stronger effect (SideEffect takes the maximum).
enum class CallEffectKind : int {
  kExprAnnotation = 0,  ///< an annotation that can be dropped (likely)
  kPure = 1,            ///< depends on its arguments only
  kReadState = 2,       ///< may read memory or other state
  kUpdateState = 3,     ///< may write state; also anything unknown (kOpaque)
  kSpecialCallArg = 4,  ///< valid only as another call's argument (tvm_access_ptr)
  kEmbedInfo = 5,       ///< information for the compiler, not code (assume, tvm_tuple)
  kControlJump = 6,     ///< changes control flow (ret)
};
constexpr CallEffectKind kOpaqueEffect = CallEffectKind::kUpdateState;

/// The effect of calling `op` ("tir.exp", "tir.call_extern", ...). An op TVM does not register
/// (and any name without the "tir." prefix) is opaque.
CallEffectKind CallEffect(const std::string& op);

/// kPure or kExprAnnotation: the call can be moved, repeated or dropped like arithmetic.
bool IsPureCall(const std::string& op);

/// TVM's tir::SideEffect: the strongest effect in `e` (a buffer load reads state), at most
/// kUpdateState.
CallEffectKind SideEffect(const PrimExpr& e);

}  // namespace tir
}  // namespace tirgen

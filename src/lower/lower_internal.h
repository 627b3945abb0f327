// The one lowering path shared by LowerToPrimFunc, LowerTE and ExtractTasks. Internal.
#pragma once

#include <string>

#include "tirgen/lower/lower.h"

namespace tirgen {
namespace lower {

/// A primitive function lowered: its block-form PrimFunc (int64 indices, attrs global_symbol
/// "main" and tir.noalias, constants as AllocateConst) and its fused name.
struct LoweredFunc {
  tir::PrimFunc func;
  std::string fused_name;
};

/// LowerToTE, then CreatePrimFunc of inputs ++ outputs with the constants embedded
/// (TVM's LowerToPrimFunc with the default TIR converter).
LoweredFunc LowerPrimitive(const relay::Function& func, const std::string& target);

}  // namespace lower
}  // namespace tirgen

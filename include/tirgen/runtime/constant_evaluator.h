// FoldConstant's evaluator (relay::SetConstantEvaluator): a call of an operator on constants is
// lowered and run through the same path as any program (lower::LowerToPrimFunc ->
// runtime::BuildModule -> Module::Run), so folding has the semantics of execution. Installed
// when the library loads.
#pragma once

#include "tirgen/relay/expr.h"

namespace tirgen {
namespace runtime {

/// The value of `expr` (a call of an operator whose arguments are constants or tuples of
/// constants) as a Constant, or a Tuple of Constants for a tuple result. Returns an undefined
/// Expr when `expr` is not such a call or its operator cannot be lowered.
relay::Expr EvaluateConstant(const relay::Expr& expr);

}  // namespace runtime
}  // namespace tirgen

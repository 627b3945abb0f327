// The constant evaluator relay's FoldConstant and SimplifyExpr are given (relay cannot lower
// operators itself): a call of an operator on constants is lowered exactly as any primitive
// function (lower::LowerToPrimFunc) and evaluated in process by tir::Interpreter, after the
// same TIR lowering passes the C build runs. No C compiler, no dlopen.
//
//   relay::OptimizeConfig config;
//   config.constant_evaluator = lower::EvaluateConstant;
//   IRModule fused = relay::Optimize(mod, params, config);
#pragma once

#include "tirgen/relay/expr.h"
#include "tirgen/relay/transforms.h"

namespace tirgen {
namespace lower {

/// The value of `expr` (a call of an operator whose arguments are constants or tuples of
/// constants) as a Constant, or a Tuple of Constants for a tuple result. Returns an undefined
/// Expr when `expr` is not such a call or its operator cannot be lowered. A lowered function
/// the interpreter cannot evaluate is an InternalError naming the construct.
relay::Expr EvaluateConstant(const relay::Expr& expr);

/// relay::OptimizeConfig's defaults with constant_evaluator = EvaluateConstant.
relay::OptimizeConfig DefaultOptimizeConfig();

}  // namespace lower
}  // namespace tirgen

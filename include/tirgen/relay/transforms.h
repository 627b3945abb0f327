// Relay graph passes (src/relay/transforms, one per file) and the optimization pipeline.
//
//   IRModule fused = relay::Optimize(mod, params, config);   // what `tirgen fuse` prints
#pragma once

#include <functional>
#include <map>
#include <string>

#include "tirgen/ir/module.h"
#include "tirgen/ir/ndarray.h"
#include "tirgen/relay/expr.h"

namespace tirgen {
namespace relay {

/// TVM's InferType: every expression of every relay function of `mod` gets its checked_type
/// (calls through the ops' type relations, tuples, projections, lets, ifs, functions, calls of
/// functions and of @globals). Variables without a type annotation and functions without a
/// return type get them filled in, as TVM does. Types already present (parsed `/* ty= */`
/// comments) must agree with the inferred ones. Errors are tirgen::Error located at the
/// expression (file:line:column when it was parsed).
IRModule InferType(const IRModule& mod);
/// InferType of a standalone expression (e.g. a fused function printed alone). `mod`, when
/// given, resolves @global references.
Expr InferType(const Expr& expr, const IRModule& mod = IRModule());

/// `expr` with every checked_type cleared except constants' (a constant's type is a property
/// of its data; without data it is the only thing known about it). With `clear_ret_types`,
/// functions lose their declared return type too. Used to check that InferType reproduces
/// parsed types.
Expr ResetTypes(const Expr& expr, bool clear_ret_types = false);
IRModule ResetTypes(const IRModule& mod, bool clear_ret_types = false);

/// Decides that an expression is left alone by EliminateCommonSubexpr.
using CseSkip = std::function<bool(const Expr&)>;
/// TVM's EliminateCommonSubexpr: calls of the same op with equal attributes and the same
/// arguments (identical nodes, or equal scalar constants) become one node, as do projections
/// of the same tuple at the same index. Stateful ops and calls `skip` accepts are kept.
Expr EliminateCommonSubexpr(const Expr& expr, const CseSkip& skip = nullptr);
IRModule EliminateCommonSubexpr(const IRModule& mod, const CseSkip& skip = nullptr);

/// Evaluates a closed constant expression (a call of an operator on constants) to a Constant
/// or a Tuple of Constants; an undefined Expr leaves the call unfolded. Relay cannot run
/// operators itself: the caller passes lower::EvaluateConstant (src/lower), which lowers the
/// call and runs it with tir::Interpreter. An empty evaluator folds nothing.
using ConstantEvaluator = std::function<Expr(const Expr&)>;

/// TVM's SimplifyExpr: algebraic rewrites run to a fixed point (src/relay/transforms/
/// simplify_expr.cc lists them): consecutive reshapes/transposes/casts merged, identities
/// (x + 0, x * 1, no-op transpose, same-dtype cast) removed, *_like ops given static shapes,
/// x / sqrt(y) -> x * rsqrt(y), zeros/ones/full operands of broadcast ops made scalars.
/// `(x + c1) * c2` and `(x op c1) op c2` fold `c1 op c2` with `eval` (kept as calls without
/// one). The result is typed; `mod` resolves @globals.
Expr SimplifyExpr(const Expr& expr, const IRModule& mod = IRModule(),
                  const ConstantEvaluator& eval = nullptr);
IRModule SimplifyExpr(const IRModule& mod, const ConstantEvaluator& eval = nullptr);

/// TVM's DeadCodeElimination: let bindings of pure values that are never used are removed;
/// with `inline_once`, pure values used exactly once are inlined where they are used. Values
/// that call stateful ops (nn.dropout) or unknown functions stay. `mod` resolves @globals
/// for the purity of their calls.
Expr DeadCodeElimination(const Expr& expr, bool inline_once = false,
                         const IRModule& mod = IRModule());
IRModule DeadCodeElimination(const IRModule& mod, bool inline_once = false);

/// TVM's CanonicalizeCast: an up-cast read by several elementwise/broadcast calls is copied
/// for each reader after the first, so fusion puts the cast inside each reader's function.
Expr CanonicalizeCast(const Expr& expr);
IRModule CanonicalizeCast(const IRModule& mod);

/// TVM's FuseOps: groups operators by post-dominator tree and pattern kind into functions
/// with attribute Primitive=1 whose parameters are %p0, %p1, ... With `link_params`,
/// constants stay inside the fused functions instead of becoming parameters.
Expr FuseOps(const Expr& expr, bool link_params = false, int max_fuse_depth = 256);
IRModule FuseOps(const IRModule& mod, bool link_params = false, int max_fuse_depth = 256);

/// TVM's qnn Legalize/Canonicalize: qnn.quantize and qnn.dequantize become ordinary relay
/// ops (round/divide/add/clip/cast, subtract/cast/multiply). Typed result.
IRModule QnnLegalize(const IRModule& mod);

/// TVM's Legalize for the generic target: nn.conv2d_transpose with a kernel layout other than
/// IOHW gets a kernel transpose, with NHWC data a transpose to NCHW and back. Typed result.
IRModule Legalize(const IRModule& mod);

/// Expands nn.batch_norm, nn.layer_norm and nn.dropout for inference (TVM's unpacking).
IRModule SimplifyInference(const IRModule& mod);

/// nn.bias_add(x, b, axis) -> add(x, expand_dims(b, axis=1, num_newaxis=rank-axis-1)).
IRModule CanonicalizeOps(const IRModule& mod);

/// FoldConstant: replaces maximal constant subgraphs by Constants, calls evaluated by `eval`.
/// With an empty evaluator the module is returned unchanged.
IRModule FoldConstant(const IRModule& mod, const ConstantEvaluator& eval);
/// FoldConstant of one expression (typed first); `expr` itself with an empty evaluator.
Expr FoldConstantExpr(const Expr& expr, const ConstantEvaluator& eval);

/// TVM's BackwardFoldScaleAxis: `conv2d/dense(...) * s` with a per-output-channel scale `s`
/// (through relu/leaky_relu when s is a non-negative constant, add/subtract, nn.bias_add)
/// becomes a multiply of the weight (fold_scale_axis_backward.cc). The result is typed.
IRModule BackwardFoldScaleAxis(const IRModule& mod);
/// TVM's ForwardFoldScaleAxis: `conv2d/dense(x * s, w)` with a per-input-channel scale becomes
/// a multiply of the weight, through relu/leaky_relu and add/subtract (fold_scale_axis_forward.cc).
IRModule ForwardFoldScaleAxis(const IRModule& mod);
/// TVM's FoldScaleAxis: BackwardFoldScaleAxis, ForwardFoldScaleAxis, then FoldConstant.
IRModule FoldScaleAxis(const IRModule& mod, const ConstantEvaluator& eval);

struct OptimizeConfig {
  bool link_params = false;  ///< relay.FuseOps.link_params
  int max_fuse_depth = 256;  ///< relay.FuseOps.max_depth
  /// What FoldConstant and SimplifyExpr evaluate constant calls with. Required: callers pass
  /// lower::EvaluateConstant (Optimize is an internal error without one, so no caller forgets
  /// it and silently gets an unfolded program).
  ConstantEvaluator constant_evaluator;
};

/// Binds `params` to main's parameters by name and runs TVM's pass prefix then FuseOps
/// (tests/data/tvm/golden/README.md), without AlterOpLayout.
IRModule Optimize(const IRModule& mod, const std::map<std::string, NDArray>& params = {},
                  const OptimizeConfig& config = OptimizeConfig());

}  // namespace relay
}  // namespace tirgen

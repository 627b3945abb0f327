// Relay passes: free functions from module (or expression) to module.
#pragma once

#include "tirgen/relay/expr.h"
#include "tirgen/tir/function.h"

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
/// of its data; without data it is the only thing known about it). With `clear_ret_types`, functions lose their declared return type
/// too. Used to check that InferType reproduces parsed types.
Expr ResetTypes(const Expr& expr, bool clear_ret_types = false);
IRModule ResetTypes(const IRModule& mod, bool clear_ret_types = false);

}  // namespace relay
}  // namespace tirgen

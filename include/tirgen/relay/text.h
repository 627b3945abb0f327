// Relay text format (TVM v0.14's `astext()` syntax): parse and print.
//
//   IRModule mod = relay::ParseModule(text, "model.relay", &params);
//   std::string out = relay::PrintModule(mod);   // == TVM's mod.astext(show_meta_data=False)
//
// Printing is byte-identical to TVM's printer: same temporaries (`%0 = ...;`), inlining,
// name de-duplication (`%p01`), `/* ty=... span=... */` comments and meta references. Parsed
// `/* ty= */` comments become the expressions' checked types, so re-printing reproduces them.
#pragma once

#include <map>
#include <string>

#include "tirgen/ir/ndarray.h"
#include "tirgen/relay/expr.h"
#include "tirgen/ir/module.h"

namespace tirgen {
namespace relay {

struct ParseOptions {
  /// Text printed with show_meta_data=False refers to `meta[relay.Constant][k]` without the
  /// data. When true (default) such a reference becomes a placeholder Constant (no data, typed
  /// by its `/* ty= */` comment) that prints back unchanged; anything needing its data fails
  /// naming it. When false the parser rejects it.
  bool allow_omitted_metadata = true;
};

/// Parses a module (`#[version = "0.0.5"]` then `def @name(...) {...}` functions, optionally a
/// `#[metadata]` section). With `params`, main's parameters named in it are replaced by
/// constants (TVM's bind_params_by_name). Errors: tirgen::Error with file:line:column + caret.
IRModule ParseModule(const std::string& text, const std::string& filename = "<string>",
                     const std::map<std::string, NDArray>* params = nullptr,
                     const ParseOptions& options = ParseOptions());

/// Parses an expression file, e.g. a printed function: `#[version = "0.0.5"]\nfn (...) {...}`.
Expr ParseExpr(const std::string& text, const std::string& filename = "<string>",
               const ParseOptions& options = ParseOptions());

/// Either: an IRModule when the text defines functions with `def` (a file TVM printed from a
/// module), else an Expr (a file printed from a function, e.g. fused_<i>.relay). For tools
/// that accept both; `params` requires a module.
ObjectRef Parse(const std::string& text, const std::string& filename = "<string>",
                const std::map<std::string, NDArray>* params = nullptr,
                const ParseOptions& options = ParseOptions());
/// PrintModule or PrintExpr, whichever `node` is.
std::string Print(const ObjectRef& node, bool show_meta_data = false);

/// TVM's `mod.astext(show_meta_data)`, ending with a newline (the form the golden files store).
std::string PrintModule(const IRModule& mod, bool show_meta_data = false);
/// TVM's `expr.astext(show_meta_data)`, ending with a newline.
std::string PrintExpr(const Expr& expr, bool show_meta_data = false);

/// A type as the text format writes it: `Tensor[(1, 3), float32]`, `(float32, int64)`,
/// `fn (float32) -> float32` (for messages).
std::string TypeToString(const Type& type);

/// TVM's bind_params_by_name on function `func_name`: parameters whose names are in `params`
/// become Constants (typed like the parameter; shape/dtype must match). Names not found are
/// ignored; two parameters with a bound name are an error.
IRModule BindParamsByName(const IRModule& mod, const std::map<std::string, NDArray>& params,
                          const std::string& func_name = "main");

}  // namespace relay
}  // namespace tirgen

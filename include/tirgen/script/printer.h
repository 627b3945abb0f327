// TVMScript printer: TIR as Apache TVM v0.14's `.script()` prints it, byte for byte.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "tirgen/ir/module.h"
#include "tirgen/ir/object.h"
#include "tirgen/tir/expr.h"
#include "tirgen/tir/function.h"
#include "tirgen/tir/stmt.h"

namespace tirgen {
namespace script {

/// TVMScript text exactly as TVM v0.14's `.script()` prints it, ending with one '\n'.
/// `obj` is a tir::PrimFunc (standalone, `# from tvm.script import tir as T` header) or an
/// IRModule (`@I.ir_module` / `class Module:`); a Stmt or PrimExpr prints as PrintStmt /
/// PrintExpr do. Throws tirgen::InternalError for other objects.
std::string Print(const ObjectRef& obj);

/// The same text, handed to `write` in pieces (about a megabyte each) as it is rendered, so a
/// module with embedded weights (hundreds of MB as text) is never held whole in memory.
void Print(const ObjectRef& obj, const std::function<void(std::string_view)>& write);

/// An expression in TVMScript syntax (for debugging and messages; free variables are printed
/// by name, as TVM's repr does).
std::string PrintExpr(const tir::PrimExpr& expr);

/// A statement in TVMScript syntax (for debugging; free buffers/vars get definitions first).
std::string PrintStmt(const tir::Stmt& stmt);

}  // namespace script
}  // namespace tirgen

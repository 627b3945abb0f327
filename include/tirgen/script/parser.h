// The TVMScript parser: reads the text TVM v0.14's printer (and ours) emits back into IR.
#pragma once

#include <string>
#include <string_view>

#include "tirgen/ir/object.h"

namespace tirgen {
namespace script {

/// Parses TVMScript (`@T.prim_func` text -> tir::PrimFunc, `@I.ir_module` text -> IRModule).
/// Throws tirgen::Error(span, message, source_line) on malformed input: one error with
/// file:line:column, the source line and a caret, saying what was expected. Never crashes or hangs.
ObjectRef Parse(std::string_view text, const std::string& filename = "<string>");

}  // namespace script
}  // namespace tirgen

// The TVMScript parser: reads the text TVM v0.14's printer (and ours) emits back into IR.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "tirgen/ir/object.h"

namespace tirgen {
namespace script {

/// Parses TVMScript (`@T.prim_func` text -> tir::PrimFunc, `@I.ir_module` text -> IRModule).
/// Throws tirgen::Error(span, message, source_line) on malformed input: one error with
/// file:line:column, the source line and a caret, saying what was expected. Never crashes or hangs.
ObjectRef Parse(std::string_view text, const std::string& filename = "<string>");

/// Names a program takes from the host language's scope (the Python decorators), resolved as
/// TVM's parser resolves them: `values` are IR nodes (a PrimExpr, a Buffer) used as they are;
/// a name in `functions` is called, when the program calls it, through `call` with the
/// evaluated arguments (ints, floats, bools, strings as IntImm/FloatImm/StringImm) and must
/// give an IR node. Names the program binds itself shadow them.
struct HostScope {
  std::map<std::string, ObjectRef> values;
  std::vector<std::string> functions;
  std::function<ObjectRef(const std::string& name, const std::vector<ObjectRef>& args)> call;
};
ObjectRef Parse(std::string_view text, const std::string& filename, const HostScope& host);

}  // namespace script
}  // namespace tirgen

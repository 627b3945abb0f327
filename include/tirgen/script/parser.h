// The TVMScript parser: reads the text TVM v0.14's printer (and ours) emits back into IR.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tirgen/ir/object.h"

namespace tirgen {
namespace script {

/// Parses TVMScript (`@T.prim_func` text -> tir::PrimFunc, `@I.ir_module` text -> IRModule).
/// Throws tirgen::Error(span, message, source_line) on malformed input: one error with
/// file:line:column, the source line and a caret, saying what was expected. Never crashes or hangs.
ObjectRef Parse(std::string_view text, const std::string& filename = "<string>");

/// A value crossing between the parser and the host language (the Python decorators), as
/// TVM's parser passes Python values: numbers, strings and lists stay Python values, IR nodes
/// (a PrimExpr, a Buffer) are objects, and a builtin call a host function made (`return
/// T.decl_buffer(*args, **kwargs)`) comes back unevaluated, for the parser to evaluate with
/// its own builtins (TVM's T.decl_buffer returns a frame the parser then enters).
struct HostMacro;
struct HostValue {
  enum class K {
    kNone, kBool, kInt, kFloat, kStr, kObj, kList, kTuple,
    kDict,         ///< kwargs holds the items (string keys)
    kBuiltinCall,  ///< T.<name>(...) made by host code, not evaluated yet
    kBuiltin,      ///< T.<name> itself (`buffer_func = T.decl_buffer`)
    kFunction,     ///< a host function, called through HostScope::call by the name in `s`
    kMacro,        ///< a @T.macro call: its body is parsed where it was called
  };
  K k = K::kNone;
  int64_t i = 0;                   ///< kBool, kInt
  double f = 0;                    ///< kFloat
  std::string s;                   ///< kStr; kBuiltinCall/kBuiltin: dotted name; kFunction: name
  ObjectRef obj;                   ///< kObj
  std::vector<HostValue> items;    ///< kList, kTuple; kBuiltinCall: positional arguments
  std::vector<std::pair<std::string, HostValue>> kwargs;  ///< kBuiltinCall, kDict
  std::shared_ptr<const HostMacro> macro;                 ///< kMacro
};

/// A @T.macro expanded at a call (TVM's ScriptMacro): its body's statements are parsed at the
/// call site with the parameters bound. A hygienic macro sees only its parameters and the
/// values of its own enclosing scope (`names`); a non-hygienic one sees the call site's
/// variables, then `names` (the enclosing scope of the function being parsed).
struct HostMacro {
  std::string body;      ///< the body's lines at their own lines and columns of `filename`
  std::string filename;
  bool hygienic = true;
  std::vector<std::pair<std::string, HostValue>> params;
  std::vector<std::pair<std::string, HostValue>> names;
};

/// Names a program takes from the host language's scope, resolved as TVM's parser resolves
/// them: `values` are IR nodes (a PrimExpr, a Buffer) used as they are; a name in `functions`
/// is called, when the program calls it, through `call` with the evaluated positional and
/// keyword arguments. Names the program binds itself shadow them.
struct HostScope {
  using Args = std::vector<HostValue>;
  using Kwargs = std::vector<std::pair<std::string, HostValue>>;
  std::map<std::string, ObjectRef> values;
  std::vector<std::string> functions;
  std::function<HostValue(const std::string& name, const Args& args, const Kwargs& kwargs)> call;
};
ObjectRef Parse(std::string_view text, const std::string& filename, const HostScope& host);

}  // namespace script
}  // namespace tirgen

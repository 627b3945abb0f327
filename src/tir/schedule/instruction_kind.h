// Internal: the schedule methods tirgen replays, as one table: each method's Python signature
// (TVM's parameter names, positions and defaults: ApplyScheduleCall binds arguments with it) and
// its TVM instruction kind with the place of each parameter in TVM's JSON form of a trace
// (trace_json.cc). One table, so the Python API, trace replay and JSON cannot drift apart.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "tirgen/tir/schedule/trace.h"

namespace tirgen {
namespace tir {

/// Where a parameter goes in TVM's JSON form ([kind, inputs, attrs, outputs] + decisions).
enum class JsonRole {
  kInput,            ///< one input
  kInputPositional,  ///< one input, printed as a positional argument (get_child_blocks)
  kInputs,           ///< a list spread over the remaining inputs (split factors, fuse loops)
  kInputList,        ///< a list of handles as one input array; None/empty prints as omitted
  kAttr,             ///< one attr as is
  kAttrIntBool,      ///< a bool stored as TVM's Integer (0 / 1)
  kAttrBool,         ///< a bool stored as TVM's Bool (false / true)
  kBufferAttrs,      ///< transform_layout's ("read"/"write", index): attrs index, type (0 read, 1 write)
  kDecision,         ///< the sampling decision
};

struct ParamSpec {
  std::string name;  ///< "*name" collects the positional arguments (fuse, reorder)
  bool required;
  TraceValue def;    ///< the default of an optional parameter
  JsonRole role;
  std::string alias = "";  ///< another keyword accepted for it (TVM's Python name, when its trace prints another)
};

struct InstructionKind {
  std::string method;  ///< TVM's Python method name
  std::string name;    ///< TVM's instruction kind name ("" : no TVM kind, left out of JSON)
  bool list_output;    ///< returns a list (printed `a, b = ` / `a, = `)
  std::vector<ParamSpec> params;
};

/// The kind of a Python method / of a TVM kind name; nullptr when tirgen has none.
const InstructionKind* FindInstructionKind(const std::string& method);
const InstructionKind* FindInstructionKindByName(const std::string& name);

/// Python-style argument binding (positional, keyword, defaults) to a method's parameters.
class BoundArgs {
 public:
  /// Throws tirgen::Error ("sch.<method>: ...") for unknown methods and bad arguments.
  BoundArgs(const std::string& method, const std::vector<std::pair<std::string, TraceValue>>& args);
  [[noreturn]] void Fail(const std::string& msg) const;
  const InstructionKind& kind() const { return *kind_; }
  /// The value of a parameter (the default when not given); "*name" parameters by their name.
  const TraceValue& Get(const std::string& n) const { return values_.at(n); }
  /// Was the parameter given (not defaulted)?
  bool Given(const std::string& n) const { return given_.count(n) != 0; }

 private:
  const InstructionKind* kind_;
  std::map<std::string, TraceValue> values_;
  std::map<std::string, bool> given_;
};

}  // namespace tir
}  // namespace tirgen

// The trace of a schedule: the primitives applied, in order, with their arguments. It prints
// exactly as TVM v0.14 prints `sch.trace` (`def apply_trace(sch: tir.Schedule) -> None:` and one
// `sch.<method>(kw=...)` line per primitive), and the same text parses back and replays on a
// fresh Schedule of another copy of the function (block names and loop positions are stable).
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace tirgen {
namespace tir {

class Schedule;

/// An argument or result of a schedule call: a Python literal, a handle, or a list of those.
struct TraceValue {
  enum Kind { kNone, kInt, kFloat, kBool, kString, kBlockRV, kLoopRV, kVar, kList, kTuple, kLambda };
  Kind kind = kNone;
  int64_t i = 0;                  ///< kInt, kBool (0/1), kBlockRV/kLoopRV (handle id)
  double f = 0;                   ///< kFloat
  std::string s;                  ///< kString; kVar: the variable name in trace text; kLambda: its text
  std::vector<TraceValue> items;  ///< kList, kTuple

  static TraceValue None() { return TraceValue(); }
  static TraceValue Int(int64_t v);
  static TraceValue Float(double v);
  static TraceValue Bool(bool v);
  static TraceValue Str(std::string v);
  static TraceValue RV(Kind kind, int id);
  static TraceValue VarRef(std::string name);
  /// A Python lambda (index maps), kept as text: `lambda i, j: (j, i,)`.
  static TraceValue Lambda(std::string text);
  static TraceValue List(std::vector<TraceValue> items, Kind kind = kList);
  bool is_rv() const { return kind == kBlockRV || kind == kLoopRV; }
};

/// One call `outputs = sch.<method>(args)`; an empty arg name is a positional argument.
struct Instruction {
  std::string method;
  std::vector<std::pair<std::string, TraceValue>> args;
  std::vector<TraceValue> outputs;
  bool output_list = false;  ///< printed `a, b = ` (and `a, = ` for one) rather than `a = `
};

class Trace {
 public:
  const std::vector<Instruction>& instructions() const { return insts_; }
  void Append(Instruction inst) { insts_.push_back(std::move(inst)); }
  /// TVM's repr: header, two-space indented calls joined by '\n' (no final newline); handles are
  /// named b<k> (blocks) / l<k> (loops), k counting every output in order.
  std::string Str() const;

  /// Parses trace text (the restricted Python TVM prints: straight-line assignments of
  /// `sch.<method>(...)` calls with literal, variable and list arguments). tirgen::Error with
  /// file:line:col on anything else.
  static Trace Parse(const std::string& text, const std::string& filename = "<trace>");

  /// Replays the calls on `sch` (variables bound to the handles the calls return);
  /// `after_each(k)` runs after the k-th call.
  void ApplyTo(Schedule& sch, const std::function<void(size_t)>& after_each = nullptr) const;

 private:
  std::vector<Instruction> insts_;
};

/// Calls the schedule method `method` (TVM's Python name) with Python-style arguments (TVM's
/// parameter names and positions, defaults applied). Arguments must already be resolved
/// (handles, not variable names). Returns the results (empty for none).
std::vector<TraceValue> ApplyScheduleCall(Schedule& sch, const std::string& method,
                                          const std::vector<std::pair<std::string, TraceValue>>& args);

}  // namespace tir
}  // namespace tirgen

// The trace of a schedule: the primitives applied, in order, with their arguments. It prints
// exactly as TVM v0.14 prints `sch.trace` (`def apply_trace(sch: tir.Schedule) -> None:` and one
// `sch.<method>(kw=...)` line per primitive), and the same text parses back and replays on a
// fresh Schedule of another copy of the function (block names and loop positions are stable).
// Sampling instructions carry their decision as the last argument (`decision=...`), as TVM
// prints it; replay uses it. AsJSON / FromJSON are TVM's JSON form of a trace (what its tuning
// database stores), in src/tir/schedule/trace_json.cc.
#pragma once

#include <functional>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tirgen {
namespace tir {

class Schedule;

/// An argument or result of a schedule call: a Python literal, a handle, or a list of those.
struct TraceValue {
  enum Kind { kNone, kInt, kFloat, kBool, kString, kBlockRV, kLoopRV, kExprRV, kVar, kList, kTuple, kLambda };
  Kind kind = kNone;
  int64_t i = 0;                  ///< kInt, kBool (0/1), kBlockRV/kLoopRV/kExprRV (handle id)
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
  static TraceValue IntList(const std::vector<int64_t>& values);
  bool is_rv() const { return kind == kBlockRV || kind == kLoopRV || kind == kExprRV; }
  bool operator==(const TraceValue& o) const;
  bool operator!=(const TraceValue& o) const { return !(*this == o); }
};

/// One call `outputs = sch.<method>(args)`; an empty arg name is a positional argument.
struct Instruction {
  std::string method;
  std::vector<std::pair<std::string, TraceValue>> args;
  std::vector<TraceValue> outputs;
  bool output_list = false;  ///< printed `a, b = ` (and `a, = ` for one) rather than `a = `

  /// The argument named `name`, or null.
  const TraceValue* Arg(const std::string& name) const;
  /// The decision of a sampling instruction (its `decision` argument), if it has one.
  std::optional<TraceValue> decision() const;
};

/// How TVM names handles in traces: "b" (blocks), "l" (loops), "v" (sampled values) + a counter.
std::string RVPrefix(TraceValue::Kind kind);

/// Is `method` a sampling instruction (one that takes a decision)?
bool IsSamplingMethod(const std::string& method);

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

  /// This trace with the decision of instruction `index` (a sampling instruction) replaced; the
  /// tuner's mutators use it. Replay checks the new decision.
  Trace WithDecision(size_t index, const TraceValue& decision) const;

  /// TVM's JSON form (Trace.as_json()): [[[kind, inputs, attrs, outputs], ...], [[index,
  /// decision], ...]] with TVM's instruction kind names ("SamplePerfectTile"), handles named
  /// b<k>/l<k>/v<k>, string inputs quoted ("\"local\""), None as "None". Error for
  /// instructions TVM's JSON form has no encoding for in tirgen (transform_layout's index map).
  nlohmann::json AsJSON() const;
  /// Reads TVM's JSON form back (outputs keep their names); tirgen::Error on malformed entries.
  static Trace FromJSON(const nlohmann::json& json);
  /// TVM's Trace.apply_json_to_schedule.
  static void ApplyJSONToSchedule(const nlohmann::json& json, Schedule& sch) { FromJSON(json).ApplyTo(sch); }

 private:
  std::vector<Instruction> insts_;
};

/// Writes JSON as TVM's tuning database does (meta_schedule JSONDumps): no spaces, floats with
/// 20 significant digits, so a record written by tirgen reads like one written by TVM.
std::string JSONDumps(const nlohmann::json& json);

/// The schedule methods ApplyScheduleCall knows (TVM's Python names), sorted.
std::vector<std::string> ScheduleMethodNames();

/// Calls the schedule method `method` (TVM's Python name) with Python-style arguments (TVM's
/// parameter names and positions, defaults applied). Arguments must already be resolved
/// (handles, not variable names). Returns the results (empty for none).
std::vector<TraceValue> ApplyScheduleCall(Schedule& sch, const std::string& method,
                                          const std::vector<std::pair<std::string, TraceValue>>& args);

}  // namespace tir
}  // namespace tirgen

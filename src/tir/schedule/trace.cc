// Trace values, printing as TVM prints traces, and replay.
#include "tirgen/tir/schedule/trace.h"

#include <map>
#include <sstream>

#include "tirgen/tir/schedule/schedule.h"

namespace tirgen {
namespace tir {

TraceValue TraceValue::Int(int64_t v) {
  TraceValue t;
  t.kind = kInt;
  t.i = v;
  return t;
}
TraceValue TraceValue::Float(double v) {
  TraceValue t;
  t.kind = kFloat;
  t.f = v;
  return t;
}
TraceValue TraceValue::Bool(bool v) {
  TraceValue t;
  t.kind = kBool;
  t.i = v ? 1 : 0;
  return t;
}
TraceValue TraceValue::Str(std::string v) {
  TraceValue t;
  t.kind = kString;
  t.s = std::move(v);
  return t;
}
TraceValue TraceValue::RV(Kind kind, int id) {
  TraceValue t;
  t.kind = kind;
  t.i = id;
  return t;
}
TraceValue TraceValue::VarRef(std::string name) {
  TraceValue t;
  t.kind = kVar;
  t.s = std::move(name);
  return t;
}
TraceValue TraceValue::Lambda(std::string text) {
  TraceValue t;
  t.kind = kLambda;
  t.s = std::move(text);
  return t;
}
TraceValue TraceValue::List(std::vector<TraceValue> items, Kind kind) {
  TraceValue t;
  t.kind = kind;
  t.items = std::move(items);
  return t;
}
TraceValue TraceValue::IntList(const std::vector<int64_t>& values) {
  std::vector<TraceValue> items;
  for (int64_t v : values) items.push_back(Int(v));
  return List(std::move(items));
}

bool TraceValue::operator==(const TraceValue& o) const {
  return kind == o.kind && i == o.i && f == o.f && s == o.s && items == o.items;
}

const TraceValue* Instruction::Arg(const std::string& name) const {
  for (const auto& a : args)
    if (a.first == name) return &a.second;
  return nullptr;
}

bool IsSamplingMethod(const std::string& method) {
  return method == "sample_perfect_tile" || method == "sample_categorical" || method == "sample_compute_location";
}

std::optional<TraceValue> Instruction::decision() const {
  const TraceValue* d = IsSamplingMethod(method) ? Arg("decision") : nullptr;
  if (!d || d->kind == TraceValue::kNone) return std::nullopt;
  return *d;
}

namespace {

// Handles print by the name their defining output got; parsed variables by their own name.
std::string Key(const TraceValue& v) {
  return v.kind == TraceValue::kVar ? v.s : "#" + std::to_string(v.i);
}

void PrintValue(const TraceValue& v, const std::map<std::string, std::string>& names,
                std::ostream& os) {
  switch (v.kind) {
    case TraceValue::kNone: os << "None"; break;
    case TraceValue::kInt: os << v.i; break;
    case TraceValue::kFloat: {
      std::ostringstream f;
      f.precision(17);
      f << v.f;
      os << f.str();
      break;
    }
    case TraceValue::kBool: os << (v.i ? "True" : "False"); break;
    case TraceValue::kString: os << '"' << v.s << '"'; break;
    case TraceValue::kLambda: os << v.s; break;
    case TraceValue::kBlockRV:
    case TraceValue::kLoopRV:
    case TraceValue::kExprRV:
    case TraceValue::kVar: {
      auto it = names.find(Key(v));
      os << (it != names.end() ? it->second : (v.kind == TraceValue::kVar ? v.s : "<unknown handle>"));
      break;
    }
    case TraceValue::kList:
    case TraceValue::kTuple: {
      os << (v.kind == TraceValue::kList ? "[" : "(");
      for (size_t i = 0; i < v.items.size(); ++i) {
        if (i) os << ", ";
        PrintValue(v.items[i], names, os);
      }
      os << (v.kind == TraceValue::kList ? "]" : ")");
      break;
    }
  }
}

}  // namespace

std::string RVPrefix(TraceValue::Kind kind) {
  return kind == TraceValue::kBlockRV ? "b" : kind == TraceValue::kLoopRV ? "l" : "v";
}

std::string Trace::Str() const {
  std::ostringstream os;
  os << "# from tvm import tir\n";
  os << "def apply_trace(sch: tir.Schedule) -> None:\n";
  std::map<std::string, std::string> names;
  int counter = 0;
  bool first = true;
  for (const Instruction& inst : insts_) {
    std::vector<std::string> outs;
    for (const TraceValue& o : inst.outputs) {
      std::string name = o.kind == TraceValue::kVar ? o.s : RVPrefix(o.kind) + std::to_string(counter);
      ++counter;
      names[Key(o)] = name;
      outs.push_back(name);
    }
    if (!first) os << '\n';
    first = false;
    os << "  ";
    if (!outs.empty()) {
      if (inst.output_list && outs.size() == 1) {
        os << outs[0] << ",";
      } else {
        for (size_t i = 0; i < outs.size(); ++i) os << (i ? ", " : "") << outs[i];
      }
      os << " = ";
    }
    os << "sch." << inst.method << '(';
    for (size_t i = 0; i < inst.args.size(); ++i) {
      if (i) os << ", ";
      if (!inst.args[i].first.empty()) os << inst.args[i].first << '=';
      PrintValue(inst.args[i].second, names, os);
    }
    os << ')';
  }
  if (first) os << "  pass";
  return os.str();
}

namespace {
TraceValue Resolve(const TraceValue& v, const std::map<std::string, TraceValue>& env) {
  if (v.kind == TraceValue::kVar || v.is_rv()) {
    auto it = env.find(Key(v));
    if (it == env.end())
      throw Error("trace: variable \"" + (v.kind == TraceValue::kVar ? v.s : Key(v)) +
                  "\" is used before it is assigned");
    return it->second;
  }
  if (v.kind == TraceValue::kList || v.kind == TraceValue::kTuple) {
    TraceValue out = v;
    for (TraceValue& item : out.items) item = Resolve(item, env);
    return out;
  }
  return v;
}
}  // namespace

Trace Trace::WithDecision(size_t index, const TraceValue& decision) const {
  if (index >= insts_.size() || !IsSamplingMethod(insts_[index].method))
    throw Error("trace: instruction " + std::to_string(index) + " is not a sampling instruction, so it has no decision");
  Trace out = *this;
  auto& args = out.insts_[index].args;
  for (auto& a : args)
    if (a.first == "decision") {
      a.second = decision;
      return out;
    }
  args.emplace_back("decision", decision);
  return out;
}

void Trace::ApplyTo(Schedule& sch, const std::function<void(size_t)>& after_each) const {
  std::map<std::string, TraceValue> env;
  for (size_t k = 0; k < insts_.size(); ++k) {
    const Instruction& inst = insts_[k];
    std::vector<std::pair<std::string, TraceValue>> args;
    for (const auto& a : inst.args) args.emplace_back(a.first, Resolve(a.second, env));
    std::vector<TraceValue> results = ApplyScheduleCall(sch, inst.method, args);
    if (results.size() != inst.outputs.size())
      throw Error("trace: sch." + inst.method + " returned " + std::to_string(results.size()) +
                  " values but the trace assigns " + std::to_string(inst.outputs.size()));
    for (size_t i = 0; i < results.size(); ++i) env[Key(inst.outputs[i])] = results[i];
    if (after_each) after_each(k);
  }
}

}  // namespace tir
}  // namespace tirgen

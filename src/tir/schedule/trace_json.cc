// TVM's JSON form of a trace (Trace::AsJSON / ApplyJSONToSchedule in src/tir/schedule/trace.cc):
//   [[[kind, inputs, attrs, outputs], ...], [[instruction index, decision], ...]]
// Inputs name handles ("b0", "l1", "v2": a counter over all outputs so far), quote strings
// ("\"local\"") and write None as "None"; attrs are plain values, bools stored as TVM's Integer
// as 0/1. transform_layout's (an input) and transform_block_layout's (an attr) index map, which TVM stores as its serialized IndexMap object, is
// stored as its Python lambda text (readable by tirgen only).
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <map>

#include "instruction_kind.h"
#include "tirgen/tir/schedule/schedule.h"

namespace tirgen {
namespace tir {

namespace {

using Json = nlohmann::json;

// Handles print by the name their defining output got (the key is Trace.cc's: "#id" / name).
std::string Key(const TraceValue& v) { return v.kind == TraceValue::kVar ? v.s : "#" + std::to_string(v.i); }

Json InputJSON(const TraceValue& v, const std::map<std::string, std::string>& names) {
  switch (v.kind) {
    case TraceValue::kNone: return "None";
    case TraceValue::kInt: return v.i;
    case TraceValue::kFloat: return v.f;
    case TraceValue::kBool: return v.i != 0;
    case TraceValue::kString: return "\"" + v.s + "\"";
    case TraceValue::kLambda: return v.s;
    case TraceValue::kList:
    case TraceValue::kTuple: {
      Json a = Json::array();
      for (const TraceValue& i : v.items) a.push_back(InputJSON(i, names));
      return a;
    }
    default: {
      auto it = names.find(Key(v));
      if (it == names.end()) throw Error("trace: variable \"" + (v.kind == TraceValue::kVar ? v.s : Key(v)) +
                                         "\" is used before it is assigned");
      return it->second;
    }
  }
}

Json AttrJSON(const TraceValue& v) {
  switch (v.kind) {
    case TraceValue::kNone: return nullptr;
    case TraceValue::kInt: return v.i;
    case TraceValue::kFloat: return v.f;
    case TraceValue::kBool: return v.i != 0;
    case TraceValue::kString:
    case TraceValue::kLambda: return v.s;  // transform_block_layout's index map attr
    case TraceValue::kList:
    case TraceValue::kTuple: {
      Json a = Json::array();
      for (const TraceValue& i : v.items) a.push_back(AttrJSON(i));
      return a;
    }
    default: throw Error("trace: a handle cannot be an attribute in TVM's JSON form");
  }
}

TraceValue InputValue(const Json& j) {
  if (j.is_array()) {
    std::vector<TraceValue> items;
    for (const Json& i : j) items.push_back(InputValue(i));
    return TraceValue::List(items);
  }
  if (j.is_string()) {
    const std::string& s = j.get_ref<const std::string&>();
    if (s.size() >= 2 && s.front() == '"' && s.back() == '"') return TraceValue::Str(s.substr(1, s.size() - 2));
    if (s == "None") return TraceValue::None();
    if (s.compare(0, 7, "lambda ") == 0) return TraceValue::Lambda(s);
    return TraceValue::VarRef(s);
  }
  if (j.is_boolean()) return TraceValue::Bool(j.get<bool>());
  if (j.is_number_integer()) return TraceValue::Int(j.get<int64_t>());
  if (j.is_number()) return TraceValue::Float(j.get<double>());
  if (j.is_null()) return TraceValue::None();
  throw Error("trace JSON: unexpected input " + j.dump());
}

TraceValue AttrValue(const Json& j) {
  if (j.is_array()) {
    std::vector<TraceValue> items;
    for (const Json& i : j) items.push_back(AttrValue(i));
    return TraceValue::List(items);
  }
  if (j.is_string()) return TraceValue::Str(j.get<std::string>());
  if (j.is_null()) return TraceValue::None();
  return InputValue(j);
}

// The kind of handle a method returns (names the outputs of parsed traces).
TraceValue::Kind OutputKind(const std::string& method) {
  if (method == "sample_perfect_tile" || method == "sample_categorical") return TraceValue::kExprRV;
  if (method == "get_loops" || method == "split" || method == "fuse" || method == "sample_compute_location" ||
      method == "add_unit_loop" || method == "merge")
    return TraceValue::kLoopRV;
  return TraceValue::kBlockRV;
}

[[noreturn]] void Malformed(const std::string& what, const Json& j) {
  throw Error("trace JSON: " + what + ", got " + j.dump());
}

}  // namespace

Json Trace::AsJSON() const {
  std::map<std::string, std::string> names;
  Json insts = Json::array(), decisions = Json::array();
  int counter = 0;
  for (const Instruction& inst : insts_) {
    BoundArgs b(inst.method, inst.args);
    if (b.kind().name.empty()) continue;  // work_on: get_block records its function anyway
    Json inputs = Json::array(), attrs = Json::array(), outputs = Json::array();
    for (const ParamSpec& p : b.kind().params) {
      const TraceValue& v = b.Get(p.name[0] == '*' ? p.name.substr(1) : p.name);
      switch (p.role) {
        case JsonRole::kInput:
        case JsonRole::kInputPositional: inputs.push_back(InputJSON(v, names)); break;
        case JsonRole::kInputs:
          for (const TraceValue& i : v.items) inputs.push_back(InputJSON(i, names));
          break;
        case JsonRole::kInputList:
          inputs.push_back(v.kind == TraceValue::kNone ? Json::array() : InputJSON(v, names));
          break;
        case JsonRole::kAttr: attrs.push_back(AttrJSON(v)); break;
        case JsonRole::kAttrIntBool: attrs.push_back(v.i != 0 ? 1 : 0); break;
        case JsonRole::kAttrBool: attrs.push_back(v.i != 0); break;
        case JsonRole::kBufferAttrs:
          if (v.items.size() != 2 || v.items[0].kind != TraceValue::kString || v.items[1].kind != TraceValue::kInt)
            b.Fail("buffer must be (\"read\" or \"write\", index) in TVM's JSON form; replay the trace first");
          attrs.push_back(v.items[1].i);
          attrs.push_back(v.items[0].s == "write" ? 1 : 0);
          break;
        case JsonRole::kDecision:
          if (v.kind != TraceValue::kNone) decisions.push_back(Json::array({insts.size(), AttrJSON(v)}));
          break;
      }
    }
    for (const TraceValue& o : inst.outputs) {
      std::string name = RVPrefix(o.kind == TraceValue::kVar ? OutputKind(inst.method) : o.kind) + std::to_string(counter++);
      names[Key(o)] = name;
      outputs.push_back(name);
    }
    insts.push_back(Json::array({b.kind().name, inputs, attrs, outputs}));
  }
  return Json::array({insts, decisions});
}

Trace Trace::FromJSON(const Json& json) {
  if (!json.is_array() || json.size() != 2 || !json[0].is_array() || !json[1].is_array())
    Malformed("a trace is [instructions, decisions]", json);
  std::map<size_t, TraceValue> decisions;
  for (const Json& d : json[1]) {
    if (!d.is_array() || d.size() != 2 || !d[0].is_number_integer())
      Malformed("a decision is [instruction index, decision]", d);
    decisions[d[0].get<size_t>()] = AttrValue(d[1]);
  }
  Trace trace;
  for (size_t k = 0; k < json[0].size(); ++k) {
    const Json& e = json[0][k];
    if (!e.is_array() || e.size() != 4 || !e[0].is_string() || !e[1].is_array() || !e[2].is_array() || !e[3].is_array())
      Malformed("an instruction is [kind, inputs, attrs, outputs]", e);
    const InstructionKind* kind = FindInstructionKindByName(e[0].get<std::string>());
    if (!kind) throw Error("trace JSON: instruction kind \"" + e[0].get<std::string>() + "\" is not one tirgen replays");
    Instruction inst;
    inst.method = kind->method;
    inst.output_list = kind->list_output;
    const Json &inputs = e[1], &attrs = e[2];
    size_t in = 0, at = 0;
    auto next = [&](const Json& list, size_t& i) -> const Json& {
      if (i >= list.size()) Malformed(kind->name + " has too few inputs or attrs", e);
      return list[i++];
    };
    for (const ParamSpec& p : kind->params) {
      std::string name = p.name[0] == '*' ? "" : p.name;
      switch (p.role) {
        case JsonRole::kInput: inst.args.emplace_back(name, InputValue(next(inputs, in))); break;
        case JsonRole::kInputPositional: inst.args.emplace_back("", InputValue(next(inputs, in))); break;
        case JsonRole::kInputs: {
          std::vector<TraceValue> rest;
          while (in < inputs.size()) rest.push_back(InputValue(inputs[in++]));
          if (name.empty()) {
            for (const TraceValue& r : rest) inst.args.emplace_back("", r);
          } else {
            inst.args.emplace_back(name, TraceValue::List(rest));
          }
          break;
        }
        case JsonRole::kInputList: {
          TraceValue v = InputValue(next(inputs, in));
          if (!v.items.empty()) inst.args.emplace_back(name, v);
          break;
        }
        case JsonRole::kAttr: {
          TraceValue v = AttrValue(next(attrs, at));
          // An index map attr is kept as its lambda text (TVM's is a serialized IndexMap).
          if (name == "index_map" && v.kind == TraceValue::kString) v = TraceValue::Lambda(v.s);
          inst.args.emplace_back(name, v);
          break;
        }
        case JsonRole::kAttrIntBool:
        case JsonRole::kAttrBool: {
          const Json& v = next(attrs, at);
          if (!v.is_boolean() && !v.is_number_integer()) Malformed(p.name + " must be a bool", e);
          inst.args.emplace_back(name, TraceValue::Bool(v.is_boolean() ? v.get<bool>() : v.get<int64_t>() != 0));
          break;
        }
        case JsonRole::kBufferAttrs: {
          const Json &index = next(attrs, at), &type = next(attrs, at);
          if (!index.is_number_integer() || !type.is_number_integer()) Malformed("buffer index and type must be integers", e);
          inst.args.emplace_back(name, TraceValue::List({TraceValue::Str(type.get<int64_t>() ? "write" : "read"),
                                                         TraceValue::Int(index.get<int64_t>())},
                                                        TraceValue::kTuple));
          break;
        }
        case JsonRole::kDecision:
          if (decisions.count(k)) inst.args.emplace_back(name, decisions[k]);
          break;
      }
    }
    if (in != inputs.size() || at != attrs.size()) Malformed(kind->name + " has too many inputs or attrs", e);
    for (const Json& o : e[3]) {
      if (!o.is_string()) Malformed("outputs are names", e);
      inst.outputs.push_back(TraceValue::VarRef(o.get<std::string>()));
    }
    trace.Append(std::move(inst));
  }
  return trace;
}

std::string JSONDumps(const Json& j) {
  if (j.is_array()) {
    std::string out = "[";
    for (size_t i = 0; i < j.size(); ++i) out += (i ? "," : "") + JSONDumps(j[i]);
    return out + "]";
  }
  if (j.is_object()) {
    std::string out = "{";  // nlohmann keeps keys sorted, as TVM writes them
    bool first = true;
    for (auto it = j.begin(); it != j.end(); ++it) {
      out += (first ? "" : ",") + Json(it.key()).dump() + ":" + JSONDumps(it.value());
      first = false;
    }
    return out + "}";
  }
  if (j.is_number_float()) {
    char buf[64];
    std::snprintf(buf, sizeof(buf), "%.20g", j.get<double>());
    return buf;
  }
  return j.dump();
}

}  // namespace tir
}  // namespace tirgen

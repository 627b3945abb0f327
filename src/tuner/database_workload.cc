// The workload table's lines. TVM stores the module as base64 of tvm.ir.save_json's node graph,
// which tirgen cannot reproduce; a TVM reader base64-decodes and LoadJSONs the field and
// aborts on anything that is not an IRModule. So the field holds a valid graph of an IRModule
// with no functions whose attrs carry tirgen's lossless TVMScript of the module: TVM loads the
// workload table, `tvm.script.from_source(mod.attrs["tirgen.tvmscript"])` gives TVM the real
// module, and tirgen parses the script back (DESIGN.md §12).
#include <cctype>

#include "database_internal.h"
#include "tirgen/script/parser.h"
#include "tirgen/script/printer.h"

namespace tirgen {
namespace tuner {
namespace detail {
namespace {

using Graph = nlohmann::ordered_json;  // TVM's field order, for readers that compare text

const char kScriptAttr[] = "tirgen.tvmscript";

// The graph's node list: 0 is TVM's null node, 1 the module.
Graph ModuleGraph(const std::string& script) {
  Graph empty_map = {{"type_key", "Map"}};
  Graph nodes = Graph::array();
  nodes.push_back({{"type_key", ""}});
  nodes.push_back({{"type_key", "IRModule"},
                   {"attrs", {{"attrs", "6"}, {"functions", "2"}, {"global_type_var_map_", "5"},
                              {"global_var_map_", "4"}, {"source_map", "0"}, {"type_definitions", "3"}}}});
  for (int i = 2; i <= 5; ++i) nodes.push_back(empty_map);
  nodes.push_back({{"type_key", "DictAttrs"}, {"attrs", {{"__dict__", "7"}}}});
  nodes.push_back({{"type_key", "Map"}, {"keys", {kScriptAttr}}, {"data", {8}}});
  // SaveJSON's rule: a string with unprintable characters (the newlines) goes as repr_b64.
  nodes.push_back({{"type_key", "runtime.String"}, {"repr_b64", EncodeDmlcBase64(script)}});
  return {{"root", 1}, {"nodes", nodes}, {"b64ndarrays", Graph::array()}, {"attrs", {{"tvm_version", "0.14.0"}}}};
}

// The node `index` refers to in `nodes`, of type `type_key`.
const nlohmann::json& NodeAt(const nlohmann::json& nodes, const nlohmann::json& index, const char* type_key) {
  size_t i = index.is_string() ? std::stoul(index.get<std::string>()) : index.get<size_t>();
  const nlohmann::json& node = nodes.at(i);
  if (node.value("type_key", "") != type_key)
    throw Error(std::string("its node ") + std::to_string(i) + " is not a " + type_key);
  return node;
}

std::string ScriptOf(const nlohmann::json& graph) {
  const nlohmann::json& nodes = graph.at("nodes");
  const nlohmann::json& mod = NodeAt(nodes, graph.at("root"), "IRModule");
  const nlohmann::json& attrs = mod.at("attrs");
  if (attrs.value("attrs", "0") == "0") throw Error("the module has no attrs");
  const nlohmann::json& dict = NodeAt(nodes, NodeAt(nodes, attrs.at("attrs"), "DictAttrs").at("attrs").at("__dict__"), "Map");
  const nlohmann::json keys = dict.value("keys", nlohmann::json::array());
  for (size_t i = 0; i < keys.size(); ++i) {
    if (keys[i] != kScriptAttr) continue;
    const nlohmann::json& s = NodeAt(nodes, dict.at("data").at(i), "runtime.String");
    return s.contains("repr_b64") ? DecodeDmlcBase64(s.at("repr_b64").get<std::string>())
                                  : s.at("repr_str").get<std::string>();
  }
  throw Error(std::string("the module has no \"") + kScriptAttr + "\" attribute");
}

}  // namespace

std::string EncodeModule(const IRModule& mod) { return EncodeDmlcBase64(ModuleGraph(script::Print(mod)).dump()); }

IRModule DecodeModule(const std::string& text) {
  std::string script;
  try {
    script = ScriptOf(nlohmann::json::parse(DecodeDmlcBase64(text)));
  } catch (const std::exception& e) {
    throw Error(std::string("the module is not one tirgen wrote (tirgen reads back only its own, a TVM JSON "
                            "graph whose attrs hold \"") + kScriptAttr + "\"): " + e.what());
  }
  ObjectRef parsed;
  try {
    parsed = script::Parse(script, "<workload>");
  } catch (const Error& e) {
    throw Error("the module's TVMScript does not parse (its line " + std::to_string(e.span().line) +
                "): " + e.message());
  }
  if (!parsed.as<IRModuleNode>()) throw Error("the module's TVMScript is a function, not an @I.ir_module");
  return parsed.cast<IRModule>();
}

std::string WorkloadLine(const lower::ModuleKey& key) {
  return DumpTVMJSON({std::to_string(key.hash), EncodeModule(key.mod)});
}

IRModule ParseWorkloadLine(const nlohmann::json& line) {
  if (!line.is_array() || line.size() != 2 || !line[0].is_string() || !line[1].is_string())
    throw Error("a workload line is [\"<structural hash>\", \"<base64 module>\"]");
  const std::string& hash = line[0].get_ref<const std::string&>();
  bool decimal = !hash.empty() && hash.size() <= 20;
  for (char c : hash) decimal = decimal && std::isdigit(static_cast<unsigned char>(c));
  if (!decimal) throw Error("the workload's structural hash \"" + hash + "\" is not a decimal number");
  return DecodeModule(line[1].get<std::string>());
}

}  // namespace detail
}  // namespace tuner
}  // namespace tirgen

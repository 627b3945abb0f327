#include "input_loader.h"

#include <algorithm>
#include <limits>

#include "tirgen/frontend/onnx.h"
#include "tirgen/ir/npz.h"
#include "tirgen/relay/text.h"
#include "tirgen/support/error.h"
#include "tirgen/support/io.h"

namespace tirgen {
namespace cli {

void AddInputOptions(CLI::App* cmd, InputOptions* options) {
  cmd->add_option("FILE", options->input, "model: Relay text, or ONNX (.onnx); - for stdin")->required();
  cmd->add_option("--params", options->params, "weights (.npz) bound to main's parameters by name");
  AddInputShapeOption(cmd, &options->input_shapes);
}

void AddInputShapeOption(CLI::App* cmd, std::vector<std::string>* shapes) {
  cmd->add_option("--input-shape", *shapes,
                  "static shape of an ONNX input with dynamic dims: NAME=d0,d1,... (repeatable)");
}

std::pair<std::string, std::vector<int64_t>> ParseInputShape(const std::string& text) {
  size_t eq = text.rfind('=');
  auto bad = [&]() -> Error {
    return Error("--input-shape '" + text + "': expected NAME=d0,d1,... with positive integer dims");
  };
  if (eq == std::string::npos || eq == 0) throw bad();
  std::vector<int64_t> dims;
  std::string rest = text.substr(eq + 1);
  size_t pos = 0;
  while (pos <= rest.size() && !rest.empty()) {
    size_t comma = rest.find(',', pos);
    std::string item = rest.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    if (item.empty() || item.find_first_not_of("0123456789") != std::string::npos) throw bad();
    // At most int32 (TIR extents); the tensor's byte size is checked where it is allocated.
    item.erase(0, std::min(item.find_first_not_of('0'), item.size() - 1));  // 007 is 7
    if (item.size() > 10 || std::stoll(item) > std::numeric_limits<int32_t>::max())
      throw Error("--input-shape '" + text + "': dimension " + item +
                  " is too large (at most 2147483647)");
    dims.push_back(std::stoll(item));
    if (dims.back() <= 0) throw bad();
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  return {text.substr(0, eq), dims};
}

namespace {

// Relay text starts with its version header, a definition or a comment; ONNX protobuf bytes
// start with a field tag (ir_version = 0x08).
bool LooksLikeRelay(const std::string& bytes) {
  size_t i = bytes.find_first_not_of(" \t\r\n");
  if (i == std::string::npos) return true;
  char c = bytes[i];
  return c == '#' || c == 'd' || c == 'f' || c == '/' || c == 't';
}

}  // namespace

LoadedInput LoadInput(const InputOptions& options, const std::string* given) {
  LoadedInput out;
  std::string name = options.input == "-" ? "<stdin>" : options.input;
  frontend::OnnxImportOptions onnx_options;
  for (const auto& s : options.input_shapes) {
    auto shape = ParseInputShape(s);
    if (!onnx_options.input_shapes.insert(shape).second)
      throw Error("--input-shape '" + s + "': the input '" + shape.first + "' is given a shape twice");
  }
  bool onnx = frontend::IsOnnxPath(options.input);
  std::string bytes;
  if (given) bytes = *given;
  if (!onnx) {
    if (!given) bytes = ReadFile(options.input);
    onnx = options.input == "-" && !LooksLikeRelay(bytes);
  }
  if (onnx) {
    frontend::OnnxImport r = options.input == "-"
                                 ? frontend::ImportOnnxBytes(bytes, name, "", onnx_options)
                                 : frontend::ImportOnnx(options.input, onnx_options);
    out.mod = r.mod;
    out.params = std::move(r.params);
    out.output_names = std::move(r.output_names);
    out.onnx = true;
  } else {
    if (!options.input_shapes.empty()) throw Error("--input-shape applies to ONNX models only");
    // A module, or one printed function (e.g. a fused function TVM printed alone) as main.
    ObjectRef parsed = relay::Parse(bytes, name);
    if (parsed.as<relay::FunctionNode>())
      out.mod = IRModule({{"main", parsed}});
    else if (parsed.as<IRModuleNode>())
      out.mod = parsed.cast<IRModule>();
    else
      throw Error(name + ": expected a Relay module (def @main(...)) or a function (fn (...)), "
                  "got an expression");
  }
  if (!options.params.empty())
    for (auto& kv : LoadNpz(options.params)) out.params[kv.first] = kv.second;
  return out;
}

}  // namespace cli
}  // namespace tirgen

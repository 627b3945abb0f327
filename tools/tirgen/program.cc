#include "program.h"

#include "input_loader.h"
#include "tirgen/frontend/onnx.h"
#include "tirgen/runtime/executor.h"

#include "tirgen/script/parser.h"
#include "tirgen/support/error.h"
#include "tirgen/support/io.h"

namespace tirgen {
namespace cli {

bool IsTVMScript(const std::string& text) {
  return text.find("@T.prim_func") != std::string::npos || text.find("@I.ir_module") != std::string::npos;
}

IRModule LoadProgram(const ProgramOptions& options) {
  std::string name = options.input == "-" ? "<stdin>" : options.input;
  std::string text = frontend::IsOnnxPath(options.input) ? std::string() : ReadFile(options.input);
  if (IsTVMScript(text)) {
    TIRGEN_CHECK(options.params.empty() && !options.link_params)
        << name << ": --params and --link-params apply to Relay input, not TVMScript";
    ObjectRef parsed = script::Parse(text, name);
    if (parsed.as<tir::PrimFuncNode>()) return IRModule({{"main", parsed}});
    return parsed.cast<IRModule>();
  }
  // A graph model: Relay text or ONNX (its weights in `graph.params`, --params overriding).
  LoadedInput graph = LoadInput({options.input, options.params, options.input_shapes},
                                options.input == "-" ? &text : nullptr);
  return runtime::LowerForExecution(graph.mod, graph.params, options.link_params);
}

target::Target TargetOption(const std::string& text) {
  return text.empty() ? target::DefaultBuildTarget() : target::Target::Parse(text);
}

const char* const kTargetHelp =
    "CPU target: c or llvm, optionally -mcpu=CPU (native, x86-64-v3, x86-64-v4, znver4, ...) and -num-cores=N "
    "(default: c)";

}  // namespace cli
}  // namespace tirgen

#include "program.h"

#include "input_loader.h"
#include "tirgen/frontend/onnx.h"
#include "tirgen/ir/npz.h"
#include "tirgen/runtime/executor.h"

#include "tirgen/script/parser.h"
#include "tirgen/support/error.h"
#include "tirgen/support/io.h"
#include "tirgen/tir/transforms/passes.h"

namespace tirgen {
namespace cli {

bool IsTVMScript(const std::string& text) {
  return text.find("@T.prim_func") != std::string::npos || text.find("@I.ir_module") != std::string::npos;
}

namespace {

// The module asking the build pipeline for InstrumentBoundCheckers (--check-bounds).
IRModule WithBoundChecks(const IRModule& mod, bool on) {
  if (!on) return mod;
  AttrMap attrs = mod->attrs;
  attrs[tir::transform::kInstrumentBoundCheckers] = tir::IntImm(DataType::Bool(), 1);
  return IRModule(mod->functions, attrs);
}

IRModule Load(const ProgramOptions& options, const std::vector<std::string>& inputs) {
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
  // An --input of a parameter the weights bind: said before the (long) lowering, naming the source.
  for (const std::string& input : inputs) {
    if (!graph.params.count(input)) continue;
    bool from_file = !options.params.empty() && LoadNpz(options.params).count(input);
    TIRGEN_CHECK(false) << "--input " << input << ": main's parameter '" << input << "' is bound by "
                        << (from_file ? "--params " + options.params : std::string("the model's weights"))
                        << " already; give it in one place";
  }
  return runtime::LowerForExecution(graph.mod, graph.params, options.link_params);
}

}  // namespace

IRModule LoadProgram(const ProgramOptions& options, const std::vector<std::string>& inputs) {
  return WithBoundChecks(Load(options, inputs), options.check_bounds);
}

void AddCheckBoundsOption(CLI::App* cmd, ProgramOptions* options) {
  cmd->add_flag("--check-bounds", options->check_bounds,
                "check every buffer load and store of the compiled code (TVM's tir.instrument_bound_checkers): "
                "an access out of bounds is the error 'function F: buffer B index I out of bounds (extent N)'; "
                "slower code");
}

target::Target TargetOption(const std::string& text) {
  return text.empty() ? target::DefaultBuildTarget() : target::Target::Parse(text);
}

const char* const kTargetHelp =
    "CPU target: c or llvm, optionally -mcpu=CPU (native, x86-64-v3, x86-64-v4, znver4, ...) and -num-cores=N "
    "(default: c)";

}  // namespace cli
}  // namespace tirgen

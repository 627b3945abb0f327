#include "lower_command.h"

#include <unistd.h>

#include <filesystem>
#include <iostream>

#include "tirgen/lower/lower.h"
#include "tirgen/lower/constant_evaluator.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/script/printer.h"
#include "tirgen/support/atomic_file.h"
#include "tirgen/support/error.h"
#include "tirgen/support/io.h"

namespace tirgen {
namespace cli {

void AddLowerCommand(CLI::App& app, LowerOptions* options) {
  CLI::App* cmd = app.add_subcommand(
      "lower", "optimize and lower a model (Relay text or ONNX) to TensorIR, printed as TVMScript");
  AddInputOptions(cmd, &options->input);
  cmd->add_flag("--link-params", options->link_params,
                "embed weights in the PrimFuncs as T.allocate_const (relay.FuseOps.link_params)");
  cmd->add_option("--func", options->func,
                  "print only this PrimFunc (its global name or fused name, e.g. fused_nn_relu)");
  cmd->add_option("-o,--output", options->output, "output file (default: stdout)");
  cmd->add_option("--emit-dir", options->emit_dir,
                  "also write each distinct PrimFunc to DIR/<fused name>.py (_1, _2, ... when "
                  "distinct functions share a fused name), as TVM's lower_to_primfunc(f).script() "
                  "prints it");
  cmd->add_option("--target", options->target, "generic (default; llvm and c are aliases)");
}

namespace {

// TVMScript streamed into the file: with --link-params it is hundreds of MB of weights.
void PrintToFile(const std::string& path, const ObjectRef& obj) {
  AtomicFileWriter out(path);
  script::Print(obj, [&out](std::string_view piece) { out.Write(piece); });
  out.Commit();
}

// True when every top-level function is primitive already (e.g. a printed fused function):
// such input is lowered as it is, without the optimize pipeline.
bool AllPrimitive(const IRModule& mod) {
  bool any = false;
  for (const auto& [name, fn] : mod->functions) {
    const auto* f = fn.as<relay::FunctionNode>();
    if (!f || !f->IsPrimitive()) return false;
    any = true;
  }
  return any;
}

// "lowering 12/40 fused_nn_conv2d_add_nn_relu" on one rewritten stderr line, only when stderr
// is a terminal (logs and pipes stay quiet).
lower::LowerTEOptions::Progress TerminalProgress() {
  if (!isatty(STDERR_FILENO)) return nullptr;
  return [](size_t done, size_t total, const std::string& name) {
    std::cerr << "\rlowering " << done << "/" << total << " " << name << "\033[K";
    if (done == total) std::cerr << "\n";
    std::cerr.flush();
  };
}

const lower::LoweredPrimitive& FindFunc(const std::vector<lower::LoweredPrimitive>& lowered,
                                        const std::string& name, const std::string& input) {
  for (const auto& p : lowered)
    if (p.global == name || p.name == name) return p;
  std::string known;
  for (const auto& p : lowered) known += (known.empty() ? "" : ", ") + p.name;
  throw Error(Span{input, 0, 0}, "--func " + name + ": no such PrimFunc; available: " +
                                     (known.empty() ? "(none)" : known));
}

void EmitDir(const std::string& dir, const std::vector<lower::LoweredPrimitive>& lowered) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec || !std::filesystem::is_directory(dir))
    throw Error(Span{dir, 0, 0}, "--emit-dir: cannot create directory (" +
                                     (ec ? ec.message() : std::string("a file is in the way")) + ")");
  for (const auto& p : lowered)
    PrintToFile((std::filesystem::path(dir) / (p.name + ".py")).string(), p.func);
}

}  // namespace

int RunLower(const LowerOptions& options) {
  std::string name = options.input.input == "-" ? "<stdin>" : options.input.input;
  lower::LowerTEOptions lower_options;
  try {
    lower_options.target = lower::CanonicalTarget(options.target);
  } catch (const Error& e) {
    throw Error("error: --target: " + e.message());
  }
  lower_options.progress = TerminalProgress();
  LoadedInput in = LoadInput(options.input);
  IRModule fused = in.mod;
  if (AllPrimitive(in.mod)) {
    if (!options.input.params.empty() || options.link_params)
      throw Error(Span{name, 0, 0},
                  "its functions are primitive (fused) already, so they are lowered as they are: "
                  "--params and --link-params apply to an unfused model; drop them or pass the "
                  "model before fusion");
  } else {
    relay::OptimizeConfig config;
    config.constant_evaluator = lower::EvaluateConstant;
    config.link_params = options.link_params;
    fused = relay::Optimize(in.mod, in.params, config);
  }
  std::vector<lower::LoweredPrimitive> lowered;
  IRModule mod = lower::LowerTE(fused, lower_options, &lowered);

  // Every check first (--func names a function), then the writes: a failing command leaves
  // no directory filled.
  const lower::LoweredPrimitive* func = options.func.empty() ? nullptr : &FindFunc(lowered, options.func, name);
  if (!options.emit_dir.empty()) EmitDir(options.emit_dir, lowered);
  if (func) {
    const lower::LoweredPrimitive& p = *func;
    PrintToFile(options.output, mod->functions.at(p.global));
    return 0;
  }
  std::map<std::string, ObjectRef> prim_funcs;
  for (const auto& p : lowered) prim_funcs[p.global] = mod->functions.at(p.global);
  PrintToFile(options.output, IRModule(prim_funcs));
  return 0;
}

}  // namespace cli
}  // namespace tirgen

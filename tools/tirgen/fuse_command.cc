#include "fuse_command.h"

#include "tirgen/relay/text.h"
#include "tirgen/lower/constant_evaluator.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/support/io.h"

namespace tirgen {
namespace cli {

void AddFuseCommand(CLI::App& app, FuseOptions* options) {
  CLI::App* cmd = app.add_subcommand("fuse", "optimize a model (Relay text or ONNX) and fuse its operators");
  AddInputOptions(cmd, &options->input);
  cmd->add_flag("--link-params", options->link_params,
                "keep constants inside the fused functions (relay.FuseOps.link_params)");
  cmd->add_option("-o,--output", options->output, "output file (default: stdout)");
}

int RunFuse(const FuseOptions& options) {
  LoadedInput in = LoadInput(options.input);
  relay::OptimizeConfig config;
  config.constant_evaluator = lower::EvaluateConstant;
  config.link_params = options.link_params;
  IRModule fused = relay::Optimize(in.mod, in.params, config);
  WriteFileAtomic(options.output, relay::PrintModule(fused));
  return 0;
}

}  // namespace cli
}  // namespace tirgen

#include "fuse_command.h"

#include "tirgen/relay/text.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/support/io.h"
#include "tirgen/support/npz.h"

namespace tirgen {
namespace cli {

void AddFuseCommand(CLI::App& app, FuseOptions* options) {
  CLI::App* cmd = app.add_subcommand("fuse", "optimize a Relay module and fuse its operators");
  cmd->add_option("FILE", options->input, "Relay text file (- for stdin)")->required();
  cmd->add_option("--params", options->params, "weights (.npz) bound to main's parameters");
  cmd->add_flag("--link-params", options->link_params,
                "keep constants inside the fused functions (relay.FuseOps.link_params)");
  cmd->add_option("-o,--output", options->output, "output file (default: stdout)");
}

int RunFuse(const FuseOptions& options) {
  std::string name = options.input == "-" ? "<stdin>" : options.input;
  IRModule mod = relay::ParseModule(ReadFile(options.input), name);
  std::map<std::string, NDArray> params;
  if (!options.params.empty()) params = LoadNpz(options.params);
  relay::OptimizeConfig config;
  config.link_params = options.link_params;
  IRModule fused = relay::Optimize(mod, params, config);
  WriteFileAtomic(options.output, relay::PrintModule(fused));
  return 0;
}

}  // namespace cli
}  // namespace tirgen

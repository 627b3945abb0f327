#include "relay_command.h"

#include "tirgen/ir/npz.h"
#include "tirgen/relay/text.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/support/io.h"

namespace tirgen {
namespace cli {

void AddRelayCommand(CLI::App& app, RelayOptions* options) {
  CLI::App* cmd = app.add_subcommand("relay", "parse Relay text and print it back");
  cmd->add_option("FILE", options->input, "Relay text file (- for stdin)")->required();
  cmd->add_option("--params", options->params, "weights (.npz) bound to main's parameters");
  cmd->add_flag("--show-meta-data", options->show_meta_data,
                "print the #[metadata] section with the constants' data");
  cmd->add_option("-o,--output", options->output, "output file (default: stdout)");
}

int RunRelay(const RelayOptions& options) {
  std::string name = options.input == "-" ? "<stdin>" : options.input;
  std::map<std::string, NDArray> params;
  if (!options.params.empty()) params = LoadNpz(options.params);
  ObjectRef node = relay::Parse(ReadFile(options.input), name,
                                options.params.empty() ? nullptr : &params);
  // Type-checked as TVM's parser does (an ill-typed program is an error); printed as written.
  if (const auto* mod = node.as<IRModuleNode>()) relay::InferType(GetRef<IRModule>(mod));
  else if (node.as<relay::ExprNode>()) relay::InferType(node.cast<relay::Expr>());
  WriteFileAtomic(options.output, relay::Print(node, options.show_meta_data));
  return 0;
}

}  // namespace cli
}  // namespace tirgen

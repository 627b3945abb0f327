// `tirgen fuse INPUT.relay [--params P.npz] [--link-params] [-o OUT]`: relay::Optimize (TVM's
// pass prefix + FuseOps) and print the fused module as TVM's astext() does.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace tirgen {
namespace cli {

struct FuseOptions {
  std::string input;         ///< Relay text file, "-" = stdin
  std::string params;        ///< .npz bound to main's parameters by name (optional)
  bool link_params = false;  ///< keep constants inside fused functions
  std::string output = "-";  ///< where the fused module goes
};

void AddFuseCommand(CLI::App& app, FuseOptions* options);
/// Returns the exit code (0); throws tirgen::Error on bad input.
int RunFuse(const FuseOptions& options);

}  // namespace cli
}  // namespace tirgen

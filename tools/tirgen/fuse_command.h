// `tirgen fuse MODEL [--params P.npz] [--link-params] [-o OUT]`: relay::Optimize (TVM's pass
// prefix + FuseOps) and print the fused module as TVM's astext() does. MODEL is Relay text or
// an ONNX model (input_loader.h).
#pragma once

#include <CLI/CLI.hpp>

#include <string>

#include "input_loader.h"

namespace tirgen {
namespace cli {

struct FuseOptions {
  InputOptions input;        ///< the model (+ weights, input shapes)
  bool link_params = false;  ///< keep constants inside fused functions
  std::string output = "-";  ///< where the fused module goes
};

void AddFuseCommand(CLI::App& app, FuseOptions* options);
/// Returns the exit code (0); throws tirgen::Error on bad input.
int RunFuse(const FuseOptions& options);

}  // namespace cli
}  // namespace tirgen

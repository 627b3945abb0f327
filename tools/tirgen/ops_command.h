// `tirgen ops`: the ONNX operators the importer converts (frontend::SupportedOnnxOps, its
// converter registry), one per line in sorted order; README's list is checked against it.
#pragma once

#include <CLI/CLI.hpp>

namespace tirgen {
namespace cli {

void AddOpsCommand(CLI::App& app);
/// Prints the list; returns 0.
int RunOps();

}  // namespace cli
}  // namespace tirgen

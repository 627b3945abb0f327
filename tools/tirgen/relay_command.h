// `tirgen relay FILE [-o OUT] [--params P.npz] [--show-meta-data]`: parse Relay text (a module,
// or a function printed alone) and print it back as TVM's astext() does.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace tirgen {
namespace cli {

struct RelayOptions {
  std::string input;            ///< Relay text file, "-" = stdin
  std::string params;           ///< .npz bound to main's parameters by name (optional)
  bool show_meta_data = false;  ///< also print the #[metadata] section (constants' data)
  std::string output = "-";     ///< where the text goes
};

void AddRelayCommand(CLI::App& app, RelayOptions* options);
/// Returns the exit code (0); throws tirgen::Error on malformed input.
int RunRelay(const RelayOptions& options);

}  // namespace cli
}  // namespace tirgen

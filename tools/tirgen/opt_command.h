// `tirgen opt FILE --pass A,B,... [--schedule TRACE.py] [--tensor-intrin NAME=DESC.py,IMPL.py]
// [-c KEY.OPTION=VALUE] [--print-after-all] [--verify-each] [-o OUT]` and `tirgen opt --list-passes`: named passes on a TVMScript or Relay text file
// (include/tirgen/opt/opt.h does the work).
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace tirgen {
namespace cli {

struct OptCommandOptions {
  std::string input;                ///< TVMScript or Relay text file, "-" = stdin
  std::vector<std::string> passes;  ///< --pass values (each a comma-separated list)
  std::vector<std::string> pass_config;  ///< -c/--pass-config KEY.OPTION=VALUE items
  std::string schedule;             ///< --schedule trace file
  std::vector<std::string> tensor_intrins;  ///< --tensor-intrin NAME=DESC.py,IMPL.py
  std::string output = "-";         ///< -o
  bool print_after_all = false;     ///< the module after each pass, to stderr
  bool verify_each = false;         ///< VerifyWellFormed on the input and after each pass
  bool list_passes = false;         ///< print the known pass names and exit
};

void AddOptCommand(CLI::App& app, OptCommandOptions* options);
/// Returns the exit code; throws tirgen::Error on bad input.
int RunOptCommand(const OptCommandOptions& options);

}  // namespace cli
}  // namespace tirgen

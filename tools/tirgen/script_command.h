// `tirgen script FILE [-o OUT] [--check]`: parse TVMScript and print it back.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace tirgen {
namespace cli {

struct ScriptOptions {
  std::string input;         ///< TVMScript file, "-" = stdin
  std::string output = "-";  ///< where the re-printed text goes
  bool check = false;        ///< verify print(parse(x)) == x and a stable second round trip
};

void AddScriptCommand(CLI::App& app, ScriptOptions* options);
/// Returns the process exit code (0 ok, 1 check failed); throws tirgen::Error on bad input.
int RunScript(const ScriptOptions& options);

}  // namespace cli
}  // namespace tirgen

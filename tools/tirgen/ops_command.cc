#include "ops_command.h"

#include <algorithm>
#include <iostream>

#include "tirgen/frontend/onnx.h"

namespace tirgen {
namespace cli {

void AddOpsCommand(CLI::App& app) {
  app.add_subcommand("ops", "list the ONNX operators the importer supports, one per line");
}

int RunOps() {
  std::vector<std::string> ops = frontend::SupportedOnnxOps();
  std::sort(ops.begin(), ops.end());
  for (const std::string& op : ops) std::cout << op << "\n";
  return 0;
}

}  // namespace cli
}  // namespace tirgen

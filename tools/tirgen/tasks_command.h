// `tirgen tasks MODEL [--params P.npz] [--link-params] [--dedup structural|ignore-ndarray|anchor-block]
// [--json] [--target T] [-o OUT]`: the tuning tasks of a model (lower::ExtractTasks, TVM's
// extract_tasks): a table of index, name, weight and structural hash, or with --json an
// array of {"index", "name", "weight", "hash", "args" (buffer params), "constants"
// (embedded weights)} objects in TVM's task order. MODEL is Relay text
// or an ONNX model (input_loader.h).
#pragma once

#include <CLI/CLI.hpp>

#include <string>

#include "input_loader.h"

namespace tirgen {
namespace cli {

struct TasksOptions {
  InputOptions input;                ///< the model (+ weights, input shapes)
  bool link_params = false;          ///< weights embedded in the tasks' PrimFuncs
  std::string dedup = "structural";  ///< module equality: structural | ignore-ndarray | anchor-block
  bool json = false;                 ///< JSON array instead of the table
  std::string target = "generic";
  std::string output = "-";
};

void AddTasksCommand(CLI::App& app, TasksOptions* options);
/// Returns the exit code (0); throws tirgen::Error on bad input.
int RunTasks(const TasksOptions& options);

}  // namespace cli
}  // namespace tirgen

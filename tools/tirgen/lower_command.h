// `tirgen lower INPUT [--params P.npz] [--link-params] [--func NAME] [-o OUT] [--emit-dir DIR]
// [--target T] [--input-shape NAME=dims]`: relay::Optimize then lower::LowerTE; prints every
// PrimFunc as one TVMScript IRModule (or one PrimFunc with --func). --emit-dir also writes each
// distinct PrimFunc to DIR/<fused name>.py exactly as TVM's lower_to_primfunc(f).script()
// prints it. INPUT is Relay text (a module, or a printed function), ONNX, or - for stdin; a
// module whose functions are all primitive already is lowered as it is.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

#include "input_loader.h"

namespace tirgen {
namespace cli {

struct LowerOptions {
  InputOptions input;           ///< the model (+ weights, input shapes)
  bool link_params = false;     ///< embed weights in the PrimFuncs as AllocateConst
  std::string func;             ///< print only this PrimFunc (global or fused name)
  std::string output = "-";     ///< where the TVMScript goes
  std::string emit_dir;         ///< also write DIR/<fused name>.py per distinct PrimFunc
  std::string target = "generic";
};

void AddLowerCommand(CLI::App& app, LowerOptions* options);
/// Returns the exit code (0); throws tirgen::Error on bad input.
int RunLower(const LowerOptions& options);

}  // namespace cli
}  // namespace tirgen

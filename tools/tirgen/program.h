// The program a `build`/`run` command works on: TVMScript (its PrimFuncs, block or loop form) or
// a graph model — Relay text or ONNX, read by input_loader.h — (optimized, then LowerTE'd:
// PrimFuncs + a Relay main calling them).
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "tirgen/ir/module.h"
#include "tirgen/target/target.h"
#include "tirgen/tir/function.h"

namespace tirgen {
namespace cli {

struct ProgramOptions {
  std::string input;         ///< TVMScript, Relay text or ONNX file, "-" = stdin
  std::string params;        ///< .npz bound to Relay main's parameters by name (optional)
  bool link_params = false;  ///< embed weights in the PrimFuncs (relay.FuseOps.link_params)
  std::vector<std::string> input_shapes;  ///< ONNX inputs with dynamic dims: NAME=d0,d1,...
  bool check_bounds = false;  ///< --check-bounds: the build checks every buffer access
};

/// Adds --check-bounds (run, build).
void AddCheckBoundsOption(CLI::App* cmd, ProgramOptions* options);

/// True when `text` is TVMScript (a `@T.prim_func` or `@I.ir_module`), false for Relay text.
bool IsTVMScript(const std::string& text);

/// Reads and prepares the program (tirgen::Error naming the file on bad input).
/// `inputs` names the --input values the caller will pass: one that the model's weights or
/// --params bind (no longer an input) is an error naming where it is bound, before lowering.
IRModule LoadProgram(const ProgramOptions& options, const std::vector<std::string>& inputs = {});

/// The target of a --target option: target::DefaultBuildTarget() when empty, else the parsed
/// text (tirgen::Error, one line listing the valid forms, when it is not a target).
target::Target TargetOption(const std::string& text);
/// Help text of --target.
extern const char* const kTargetHelp;

}  // namespace cli
}  // namespace tirgen

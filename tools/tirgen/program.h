// The program a `build`/`run` command works on: TVMScript (its PrimFuncs, block or loop form) or
// Relay text (optimized, then LowerTE'd: PrimFuncs + a Relay main calling them).
#pragma once

#include <string>

#include "tirgen/tir/function.h"

namespace tirgen {
namespace cli {

struct ProgramOptions {
  std::string input;         ///< TVMScript or Relay text file, "-" = stdin
  std::string params;        ///< .npz bound to Relay main's parameters by name (optional)
  bool link_params = false;  ///< embed weights in the PrimFuncs (relay.FuseOps.link_params)
};

/// True when `text` is TVMScript (a `@T.prim_func` or `@I.ir_module`), false for Relay text.
bool IsTVMScript(const std::string& text);

/// Reads and prepares the program (tirgen::Error naming the file on bad input).
IRModule LoadProgram(const ProgramOptions& options);

}  // namespace cli
}  // namespace tirgen

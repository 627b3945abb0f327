// `tirgen build INPUT -o lib.so [--emit-c file.c] [--params P.npz] [--link-params] [--target T] [--db DIR]`:
// lower every PrimFunc to loops, generate C, compile it into a shared library (entry points
// `int32_t tirgen_<name>(void** args)`, see codegen_c.h for the ABI). A graph model's PrimFuncs
// are scheduled first (the tuning database's schedules with --db), every weight in its layout.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

#include "program.h"

namespace tirgen {
namespace cli {

struct BuildOptions {
  ProgramOptions program;
  std::string output;  ///< the shared library to write
  std::string emit_c;  ///< also write the C source here (optional)
  std::string emit_schedule;  ///< directory for each PrimFunc's lowered text, trace, scheduled text
  std::string target;  ///< target text ("" = target::DefaultBuildTarget())
  std::string db;      ///< tuning database directory (optional)
};

void AddBuildCommand(CLI::App& app, BuildOptions* options);
/// Returns the exit code (0); throws tirgen::Error on bad input or a failed compile.
int RunBuild(const BuildOptions& options);

}  // namespace cli
}  // namespace tirgen

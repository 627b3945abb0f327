// --emit-schedule DIR: what the default CPU schedule did to each PrimFunc, in files a user can
// read, edit and replay.
#pragma once

#include <map>
#include <string>

#include "tirgen/ir/module.h"
#include "tirgen/tir/function.h"

namespace tirgen {
namespace cli {

/// For each PrimFunc `name` of `lowered`: DIR/<name>.py (as lowered, TVM's text),
/// DIR/<name>.trace.py (the schedule as TVM prints a trace), DIR/<name>.scheduled.py (the
/// result). tirgen::Error naming DIR when it cannot be created.
void EmitSchedule(const std::string& dir, const IRModule& lowered, const IRModule& scheduled,
                  const std::map<std::string, std::string>& traces);

}  // namespace cli
}  // namespace tirgen

// --db DIR of `tirgen build` and `tirgen run`: the PrimFuncs of a graph model get the schedules a
// tuning database holds (tuner/apply_database.h). What it did goes to stderr: the database's
// warnings ("warning: ..."), one note per record that does not apply ("note: ...") and a
// summary ("tuning database DIR: T of N functions tuned").
#pragma once

#include <CLI/CLI.hpp>

#include <memory>
#include <string>

#include "tirgen/runtime/schedule_for_target.h"
#include "tirgen/tuner/apply_database.h"

namespace tirgen {
namespace cli {

void AddDatabaseOption(CLI::App* cmd, std::string* dir);

/// The database of --db `dir` opened for `target` (its warnings printed), as a provider
/// reporting into `*report`; an empty provider when `dir` is empty. tirgen::Error when `dir` is
/// not a directory or a table is malformed (file:line), or when the program is not a graph model.
runtime::ScheduleProvider DatabaseOption(const std::string& dir, const target::Target& target, bool graph,
                                         std::shared_ptr<tuner::ApplyReport>* report);

/// The notes and the summary line on stderr (nothing without a report).
void PrintApplyReport(const std::shared_ptr<tuner::ApplyReport>& report);

}  // namespace cli
}  // namespace tirgen

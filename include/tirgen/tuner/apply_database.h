// Builds a model with the schedules a tuning database holds (MetaSchedule's ApplyHistoryBest):
// each PrimFunc is looked up as the tuner stored it (lower::TaskModule under the database's
// module equality) and the fastest valid record's trace is replayed on it. A record that does
// not apply (its trace does not replay, or it packs a parameter the caller passes as it is)
// leaves the function its default schedule and says why in one note. The same database gives
// the same schedules, so the same code.
//
//   auto db = tuner::OpenDatabaseToApply("work", target);
//   auto report = std::make_shared<tuner::ApplyReport>();
//   runtime::Executor ex(lowered, target, tuner::DatabaseScheduleProvider(db, report));
//   std::cerr << report->Summary() << "\n";  // tuning database work: 17 of 24 functions tuned
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "tirgen/runtime/schedule_for_target.h"
#include "tirgen/tuner/database.h"

namespace tirgen {
namespace tuner {

/// What applying a database to a build did (a provider counts every PrimFunc it is asked about).
struct ApplyReport {
  std::string database;            ///< the database's directory
  int functions = 0;               ///< PrimFuncs asked about
  int tuned = 0;                   ///< PrimFuncs given a record's schedule
  std::vector<std::string> notes;  ///< "tuning record for @f does not apply: why; default schedule used"

  /// "tuning database DIR: T of N functions tuned".
  std::string Summary() const;
};

/// An existing database directory opened read-only in spirit (nothing is committed through it).
/// tirgen::Error when `dir` is not a directory (a mistyped path must not build untuned code
/// silently) or a table line is malformed (file:line).
std::shared_ptr<const JSONDatabase> OpenDatabaseToApply(
    const std::string& dir, const target::Target& target,
    lower::ModuleEquality equality = lower::ModuleEquality::kStructural);

/// A ScheduleProvider answering from `db` (see above); `report`, when given, collects the counts
/// and notes.
runtime::ScheduleProvider DatabaseScheduleProvider(std::shared_ptr<const JSONDatabase> db,
                                                   std::shared_ptr<ApplyReport> report = nullptr);

}  // namespace tuner
}  // namespace tirgen

// tuning_db= of tirgen.relay.build, tirgen.build and tirgen.run: a tuning database directory
// whose schedules a Relay module's PrimFuncs get (tuner/apply_database.h).
#pragma once

#include <pybind11/pybind11.h>

#include <memory>
#include <string>
#include <vector>

#include "tirgen/runtime/schedule_for_target.h"
#include "tirgen/tuner/apply_database.h"

namespace tirgen {
namespace python {

struct TuningDb {
  runtime::ScheduleProvider provider;          ///< empty without a database
  std::vector<std::string> warnings;           ///< the database's, from opening it
  std::shared_ptr<tuner::ApplyReport> report;  ///< filled by the build

  /// What `tirgen build --db` prints: "warning: ..." lines, "note: ..." lines, the summary;
  /// empty without a database.
  std::vector<std::string> Log() const;
};

/// The database at `dir` (None, str or os.PathLike) opened for `target`; tirgen::Error when it
/// is not a directory or a table is malformed.
TuningDb OpenTuningDb(const pybind11::object& dir, const target::Target& target);

}  // namespace python
}  // namespace tirgen

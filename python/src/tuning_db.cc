#include "tuning_db.h"

namespace py = pybind11;

namespace tirgen {
namespace python {

std::vector<std::string> TuningDb::Log() const {
  if (!report) return {};
  std::vector<std::string> lines;
  for (const std::string& w : warnings) lines.push_back("warning: " + w);
  for (const std::string& n : report->notes) lines.push_back("note: " + n);
  lines.push_back(report->Summary());
  return lines;
}

TuningDb OpenTuningDb(const py::object& dir, const target::Target& target) {
  TuningDb db;
  if (dir.is_none()) return db;
  std::string path = py::module_::import("os").attr("fspath")(dir).cast<std::string>();
  std::shared_ptr<const tuner::JSONDatabase> opened = tuner::OpenDatabaseToApply(path, target);
  db.warnings = opened->warnings();
  db.report = std::make_shared<tuner::ApplyReport>();
  db.provider = tuner::DatabaseScheduleProvider(opened, db.report);
  return db;
}

}  // namespace python
}  // namespace tirgen

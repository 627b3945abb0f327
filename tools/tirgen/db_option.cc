#include "db_option.h"

#include <iostream>

#include "tirgen/support/error.h"

namespace tirgen {
namespace cli {

void AddDatabaseOption(CLI::App* cmd, std::string* dir) {
  cmd->add_option("--db", *dir,
                  "tuning database directory (database_workload.json, database_tuning_record.json): a graph "
                  "model's PrimFuncs get its best schedules for the target");
}

runtime::ScheduleProvider DatabaseOption(const std::string& dir, const target::Target& target, bool graph,
                                         std::shared_ptr<tuner::ApplyReport>* report) {
  if (dir.empty()) return {};
  if (!graph)
    throw Error(Span{dir, 0, 0}, "--db: only a graph model (Relay or ONNX) is scheduled; TVMScript is built exactly "
                                 "as written (drop --db)");
  std::shared_ptr<const tuner::JSONDatabase> db = tuner::OpenDatabaseToApply(dir, target);
  for (const std::string& w : db->warnings()) std::cerr << "warning: " << w << "\n";
  *report = std::make_shared<tuner::ApplyReport>();
  return tuner::DatabaseScheduleProvider(db, *report);
}

void PrintApplyReport(const std::shared_ptr<tuner::ApplyReport>& report) {
  if (!report) return;
  for (const std::string& n : report->notes) std::cerr << "note: " << n << "\n";
  std::cerr << report->Summary() << "\n";
}

}  // namespace cli
}  // namespace tirgen

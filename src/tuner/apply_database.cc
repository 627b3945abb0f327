// Applying a tuning database: a PrimFunc's workload, its best record, the record replayed.
#include "tirgen/tuner/apply_database.h"

#include <filesystem>
#include <optional>

#include "tirgen/lower/lower.h"
#include "tirgen/support/error.h"
#include "tirgen/tir/schedule/design_space.h"
#include "tirgen/tir/schedule/schedule.h"

namespace tirgen {
namespace tuner {
namespace {

// The first line of an error (a schedule error may quote the IR below it).
std::string FirstLine(const std::string& text) { return text.substr(0, text.find('\n')); }

// `scheduled` (replayed on the task module's main) with the attributes TaskModule set put back
// as `original` has them, so it builds under its own name.
tir::PrimFunc WithOriginalAttrs(const tir::PrimFunc& scheduled, const tir::PrimFunc& original) {
  auto node = CopyNode(*scheduled.get());
  for (const char* key : {"global_symbol", "tir.noalias"}) {
    auto it = original->attrs.find(key);
    if (it == original->attrs.end()) {
      node->attrs.erase(key);
    } else {
      node->attrs[key] = it->second;
    }
  }
  return tir::PrimFunc(node);
}

// The best record's schedule of `func`, nullopt when it has none, or nullopt and `why` when its
// record does not apply.
std::optional<tir::CpuScheduleResult> FromDatabase(const JSONDatabase& db, const tir::PrimFunc& func,
                                                   const std::set<int>& layout_free, std::string* why) {
  IRModule task = lower::TaskModule(func);
  int workload = db.FindWorkload(task);
  if (workload < 0) return std::nullopt;
  std::vector<TuningRecord> best = db.GetTopK(workload, 1);
  if (best.empty()) return std::nullopt;  // every candidate failed: nothing was tuned
  tir::SampledSchedule replayed;
  try {
    replayed = tir::ReplayCpuSchedule(task->functions.at("main").cast<tir::PrimFunc>(),
                                      tir::Trace::FromJSON(best[0].trace));
  } catch (const Error& e) {  // ScheduleError included
    *why = "its trace does not replay (" + FirstLine(e.what()) + ")";
    return std::nullopt;
  }
  for (const tir::ParamLayoutRewrite& rw : replayed.rewrites) {
    if (layout_free.count(rw.param_index)) continue;
    *why = "it packs parameter " + std::to_string(rw.param_index) +
           ", which is not a constant at every call here (its caller passes it as it is)";
    return std::nullopt;
  }
  return tir::CpuScheduleResult{WithOriginalAttrs(replayed.func, func), replayed.rewrites, replayed.trace.Str()};
}

}  // namespace

std::string ApplyReport::Summary() const {
  return "tuning database " + database + ": " + std::to_string(tuned) + " of " + std::to_string(functions) +
         " functions tuned";
}

std::shared_ptr<const JSONDatabase> OpenDatabaseToApply(const std::string& dir, const target::Target& target,
                                                        lower::ModuleEquality equality) {
  if (!std::filesystem::is_directory(dir))
    throw Error(Span{dir, 0, 0}, std::filesystem::exists(dir) ? "not a directory: a tuning database is a directory"
                                                              : "no such tuning database directory");
  return std::make_shared<const JSONDatabase>(dir, target, equality);
}

runtime::ScheduleProvider DatabaseScheduleProvider(std::shared_ptr<const JSONDatabase> db,
                                                   std::shared_ptr<ApplyReport> report) {
  TIRGEN_ICHECK(db) << "no tuning database";
  if (!report) report = std::make_shared<ApplyReport>();
  report->database = std::filesystem::path(db->workload_path()).parent_path().string();
  return [db, report](const std::string& name, const tir::PrimFunc& func,
                      const std::set<int>& layout_free) -> std::optional<tir::CpuScheduleResult> {
    std::string why;
    std::optional<tir::CpuScheduleResult> r = FromDatabase(*db, func, layout_free, &why);
    ++report->functions;
    if (r) ++report->tuned;
    if (!why.empty()) report->notes.push_back("tuning record for @" + name + " does not apply: " + why +
                                              "; default schedule used");
    return r;
  };
}

}  // namespace tuner
}  // namespace tirgen

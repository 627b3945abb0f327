// The tuning database: MetaSchedule's JSONDatabase (TVM v0.14) — a directory holding two
// append-only tables, one JSON value per line, in TVM's layout (DESIGN.md §12):
//
//   database_workload.json       ["<structural hash, decimal>", "<base64 module>"]
//   database_tuning_record.json  [<workload line index>, [<trace>, [<run_secs>], <target>, <args_info>]]
//
// Workloads are keyed by lower::ModuleKey under the database's module equality, so a task's
// key is the hash `tirgen tasks` prints. Each commit appends one whole line at once (a killed
// tuner loses nothing, a failed write leaves nothing behind); opening a directory again
// continues from what is there.
//
//   tuner::JSONDatabase db("work", target::Target::Parse("llvm -mcpu=x86-64-v3"));
//   int w = db.CommitWorkload(task.mod);
//   db.CommitTuningRecord({trace_json, w, {1.2e-4, 1.1e-4}, db.target(), tuner::ArgsInfo(task.mod)});
//   std::vector<tuner::TuningRecord> best = db.GetTopK(w, 1);
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <unordered_map>
#include <vector>

#include "tirgen/lower/lower.h"
#include "tirgen/target/target.h"

namespace tirgen {
namespace tuner {

/// The run time TVM records for a candidate that failed to build or run (MetaSchedule's
/// kMaxMeanTime): `run_secs == {kFailedRunSecs}`.
constexpr double kFailedRunSecs = 1e10;

/// One measured schedule of a workload (TVM's TuningRecord).
struct TuningRecord {
  /// The schedule trace in TVM's JSON form, [[instructions], [decisions]]; stored as given.
  nlohmann::json trace;
  /// The workload's index (what CommitWorkload returned).
  int workload = -1;
  /// Seconds per measured run, kept at float32 precision as TVM keeps them; {kFailedRunSecs}
  /// when the candidate failed.
  std::vector<double> run_secs;
  /// The target it was measured on.
  target::Target target;
  /// TVM's ArgInfo list ([["TENSOR", dtype, shape], ...], see ArgsInfo) or null.
  nlohmann::json args_info;

  /// The mean of run_secs; kFailedRunSecs when there are none.
  double MeanRunSecs() const;
  /// TVM's TuningRecord::IsValid: the trace has an instruction before any postprocessing and
  /// some run did not fail. Only valid records are ever returned by GetTopK.
  bool IsValid() const;
};

/// TVM's ArgInfo.from_entry_func for a task module: ["TENSOR", dtype, shape] per buffer
/// parameter of "main" (tirgen::Error for a symbolic shape or a non-buffer parameter).
nlohmann::json ArgsInfo(const IRModule& mod);

class JSONDatabase {
 public:
  /// Opens `dir` (created when missing) for records measured on `target`, keying workloads
  /// under `equality`. Reads both tables: a malformed line is a tirgen::Error naming the file
  /// and line; records of other targets are skipped (see warnings()).
  JSONDatabase(const std::string& dir, target::Target target,
               lower::ModuleEquality equality = lower::ModuleEquality::kStructural);

  /// Whether a module equal to `mod` (under the database's equality) is in the workload table.
  bool HasWorkload(const IRModule& mod) const;
  /// The index of the workload equal to `mod`, or -1 (nothing is committed).
  int FindWorkload(const IRModule& mod) const;
  /// The index of `mod`'s workload, appending it to the table when new.
  int CommitWorkload(const IRModule& mod);
  /// The module and key of a workload index.
  const lower::ModuleKey& Workload(int index) const;
  /// Lines of the workload table.
  int NumWorkloads() const { return static_cast<int>(workloads_.size()); }

  /// Appends `record` (of a committed workload, measured on this database's target;
  /// tirgen::Error otherwise, or for a run time that is not finite and non-negative). run_secs
  /// are rounded to float32, so what a reopened database returns equals what this one does.
  void CommitTuningRecord(const TuningRecord& record);
  /// Up to `k` valid records of the workload, fastest mean first; equal means in the order
  /// they were committed.
  std::vector<TuningRecord> GetTopK(int workload, int k) const;
  /// Every record of the workload, failed and invalid ones included, fastest mean first
  /// (the tuner counts them all as measured).
  std::vector<TuningRecord> GetAllRecords(int workload) const;
  /// Records of this database's target, failed ones included (TVM's Size).
  int64_t Size() const { return size_; }

  const target::Target& target() const { return target_; }
  const std::string& workload_path() const { return workload_path_; }
  const std::string& record_path() const { return record_path_; }
  /// What opening skipped, one line per other target ("file: N records (first at line L) are
  /// for target T, not ...; skipped"), for the caller to print.
  const std::vector<std::string>& warnings() const { return warnings_; }

 private:
  void LoadWorkloads();
  void LoadRecords();
  int Find(const lower::ModuleKey& key) const;
  int AddWorkload(lower::ModuleKey key);
  void AddRecord(TuningRecord record);
  void CheckIndex(int workload) const;

  std::string workload_path_;
  std::string record_path_;
  target::Target target_;
  lower::ModuleEquality equality_;
  std::vector<lower::ModuleKey> workloads_;                  // by line of the workload table
  std::vector<int> canonical_;                               // line -> first line equal to it
  std::unordered_map<uint64_t, std::vector<int>> by_hash_;  // lookups only: hash -> lines
  std::vector<std::vector<TuningRecord>> records_;           // by line, sorted (mean, commit)
  int64_t size_ = 0;
  std::vector<std::string> warnings_;
};

}  // namespace tuner
}  // namespace tirgen

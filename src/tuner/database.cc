// JSONDatabase: opening a directory, committing workloads and records, the top-k query.
#include "tirgen/tuner/database.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>

#include "database_internal.h"

namespace tirgen {
namespace tuner {
namespace {

// Parses line `line_no` of `path` as JSON and then with `parse`; what goes wrong becomes one
// error at file:line.
// `fix` says how to mend a bad line.
template <class Parse>
auto ParseLine(const std::string& path, size_t line_no, const std::string& text, bool cut, const char* fix,
               Parse parse) {
  std::string what;
  try {
    return parse(nlohmann::json::parse(text));
  } catch (const nlohmann::json::parse_error&) {
    what = text.empty() ? "an empty line" : "not valid JSON";
  } catch (const nlohmann::json::exception& e) {
    what = std::string("a value of the wrong type: ") + e.what();
  } catch (const Error& e) {
    what = e.message();
  }
  what += cut ? " (the file's last line has no newline: a write was cut short; delete that line to continue)"
              : fix;
  throw Error(Span{path, static_cast<int>(line_no), 1}, what);
}

const char kFixWorkload[] = " (mend the line: records refer to workloads by line, so deleting it renumbers them)";
const char kFixRecord[] = " (mend or delete the line)";

}  // namespace

JSONDatabase::JSONDatabase(const std::string& dir, target::Target target, lower::ModuleEquality equality)
    : workload_path_((std::filesystem::path(dir) / "database_workload.json").string()),
      record_path_((std::filesystem::path(dir) / "database_tuning_record.json").string()),
      target_(std::move(target)),
      equality_(equality) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (!std::filesystem::is_directory(dir))
    throw Error("cannot use '" + dir + "' as a tuning database directory" + (ec ? ": " + ec.message() : ""));
  LoadWorkloads();
  LoadRecords();
}

void JSONDatabase::LoadWorkloads() {
  bool cut = false;
  std::vector<std::string> lines = detail::ReadTableLines(workload_path_, &cut);
  for (size_t i = 0; i < lines.size(); ++i) {
    IRModule mod = ParseLine(workload_path_, i + 1, lines[i], cut && i + 1 == lines.size(), kFixWorkload,
                             detail::ParseWorkloadLine);
    AddWorkload(lower::ModuleKey(mod, equality_));
  }
}

void JSONDatabase::LoadRecords() {
  bool cut = false;
  std::vector<std::string> lines = detail::ReadTableLines(record_path_, &cut);
  std::map<std::string, std::pair<int64_t, size_t>> others;  // target -> records, first line
  for (size_t i = 0; i < lines.size(); ++i) {
    detail::ParsedRecord p = ParseLine(record_path_, i + 1, lines[i], cut && i + 1 == lines.size(), kFixRecord,
                                           [&](const nlohmann::json& j) {
      detail::ParsedRecord parsed = detail::ParseRecordLine(j);
      if (parsed.record.workload < 0 || parsed.record.workload >= NumWorkloads())
        throw Error("workload index " + j[0].dump() + " is out of range: " + workload_path_ + " holds " +
                    std::to_string(NumWorkloads()) + " workload(s)");
      return parsed;
    });
    std::string other = p.target.is_null() ? "no target" : "";
    try {
      if (other.empty()) p.record.target = target::Target::FromJSON(p.target);
      if (other.empty() && p.record.target != target_) other = "target '" + p.record.target.str() + "'";
    } catch (const Error&) {
      other = "target " + detail::DumpTVMJSON(p.target);
    }
    if (!other.empty()) {
      ++others.emplace(other, std::make_pair(0, i + 1)).first->second.first;
      continue;
    }
    p.record.workload = canonical_[p.record.workload];
    AddRecord(std::move(p.record));
  }
  std::vector<std::pair<size_t, std::string>> in_file_order;
  for (const auto& [other, seen] : others)
    in_file_order.emplace_back(seen.second, std::to_string(seen.first) + " record(s) from line " +
                                                std::to_string(seen.second) + " on have " + other);
  std::sort(in_file_order.begin(), in_file_order.end());
  for (const auto& [line, what] : in_file_order)
    warnings_.push_back(record_path_ + ": " + what + ", not '" + target_.str() + "'; skipped");
}

int JSONDatabase::Find(const lower::ModuleKey& key) const {
  auto it = by_hash_.find(key.hash);
  if (it != by_hash_.end())
    for (int line : it->second)
      if (workloads_[line].Equals(key)) return line;
  return -1;
}

int JSONDatabase::AddWorkload(lower::ModuleKey key) {
  int line = NumWorkloads();
  int same = Find(key);
  if (same < 0) by_hash_[key.hash].push_back(line);
  canonical_.push_back(same < 0 ? line : same);
  workloads_.push_back(std::move(key));
  records_.emplace_back();
  return canonical_.back();
}

void JSONDatabase::AddRecord(TuningRecord record) {
  std::vector<TuningRecord>& list = records_[record.workload];
  double mean = record.MeanRunSecs();
  auto at = std::upper_bound(list.begin(), list.end(), mean,
                             [](double m, const TuningRecord& r) { return m < r.MeanRunSecs(); });
  list.insert(at, std::move(record));
  ++size_;
}

void JSONDatabase::CheckIndex(int workload) const {
  if (workload < 0 || workload >= NumWorkloads())
    throw Error("workload index " + std::to_string(workload) + " is not in the tuning database " + workload_path_ +
                " (" + std::to_string(NumWorkloads()) + " workloads): commit the workload first");
}

bool JSONDatabase::HasWorkload(const IRModule& mod) const { return FindWorkload(mod) >= 0; }

int JSONDatabase::FindWorkload(const IRModule& mod) const { return Find(lower::ModuleKey(mod, equality_)); }

int JSONDatabase::CommitWorkload(const IRModule& mod) {
  lower::ModuleKey key(mod, equality_);
  int same = Find(key);
  if (same >= 0) return same;
  detail::AppendTableLine(workload_path_, detail::WorkloadLine(key));
  return AddWorkload(std::move(key));
}

const lower::ModuleKey& JSONDatabase::Workload(int index) const {
  CheckIndex(index);
  return workloads_[index];
}

void JSONDatabase::CommitTuningRecord(const TuningRecord& record) {
  CheckIndex(record.workload);
  if (record.target != target_)
    throw Error("the record was measured on '" + record.target.str() + "' but this tuning database holds records for '" +
                target_.str() + "': open one for that target");
  TuningRecord r = record;
  r.workload = canonical_[record.workload];
  for (double& s : r.run_secs) {
    if (!std::isfinite(s) || s < 0)
      throw Error("run time " + std::to_string(s) + " s is not a finite non-negative number (a failed run is tuner::kFailedRunSecs)");
    s = detail::RoundToFloat32(s);
  }
  std::string line = detail::RecordLine(r);
  try {  // only what the database can read back is written
    detail::ParseRecordLine(nlohmann::json::parse(line));
  } catch (const Error& e) {
    throw Error("cannot commit the tuning record: " + e.message());
  }
  detail::AppendTableLine(record_path_, line);
  AddRecord(std::move(r));
}

std::vector<TuningRecord> JSONDatabase::GetTopK(int workload, int k) const {
  CheckIndex(workload);
  if (k < 0) throw Error("top-k needs k >= 0, got " + std::to_string(k));
  std::vector<TuningRecord> top;
  for (const TuningRecord& r : records_[canonical_[workload]]) {
    if (static_cast<int>(top.size()) >= k) break;
    if (r.IsValid()) top.push_back(r);
  }
  return top;
}

std::vector<TuningRecord> JSONDatabase::GetAllRecords(int workload) const {
  CheckIndex(workload);
  return records_[canonical_[workload]];
}

}  // namespace tuner
}  // namespace tirgen

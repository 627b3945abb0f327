// The tuner's progress table and log lines (tuner/progress.h).
#include "tirgen/tuner/progress.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <vector>

#include "tirgen/support/error.h"

namespace tirgen {
namespace tuner {
namespace {

using Json = nlohmann::ordered_json;

std::string Fixed(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

// A finite number for JSON (nlohmann writes NaN and infinities as null, which is what we want
// for "unknown", but a failed run's 1e10 stays a number).
Json Number(double v) { return std::isfinite(v) ? Json(v) : Json(nullptr); }

}  // namespace

std::string FormatProgressTable(const TuneProgress& progress) {
  const std::vector<std::string> header = {"ID", "Name", "FLOP", "Weight", "Speed (GFLOPS)", "Latency (us)",
                                           "Weighted Latency (us)", "Trials", "Done"};
  std::vector<std::vector<std::string>> rows;
  double total_us = 0;
  for (size_t i = 0; i < progress.tasks.size(); ++i) {
    const TaskProgress& t = progress.tasks[i];
    bool measured = t.best_secs > 0;
    double us = t.best_secs * 1e6;
    if (measured) total_us += us * t.weight;
    rows.push_back({std::to_string(i), t.name, std::to_string(static_cast<int64_t>(t.flop)), std::to_string(t.weight),
                    measured ? Fixed(t.flop / t.best_secs / 1e9, 4) : "N/A", measured ? Fixed(us, 4) : "N/A",
                    measured ? Fixed(us * t.weight, 4) : "N/A", std::to_string(t.trials), t.done ? "Y" : ""});
  }
  std::vector<size_t> width(header.size());
  for (size_t c = 0; c < header.size(); ++c) {
    width[c] = header[c].size();
    for (const auto& r : rows) width[c] = std::max(width[c], r[c].size());
  }
  std::ostringstream os;
  auto line = [&](const std::vector<std::string>& cells) {
    for (size_t c = 0; c < cells.size(); ++c) {
      os << (c ? " | " : "");
      // Names left-aligned, numbers right-aligned (as MetaSchedule's table).
      std::string pad(width[c] - cells[c].size(), ' ');
      os << (c == 1 ? cells[c] + pad : pad + cells[c]);
    }
    os << "\n";
  };
  line(header);
  size_t total_width = 0;
  for (size_t w : width) total_width += w + 3;
  os << std::string(total_width - 3, '-') << "\n";
  for (const auto& r : rows) line(r);
  os << "Total trials: " << progress.trials << "\n";
  os << "Total latency (us): " << Fixed(total_us, 4) << "\n";
  return os.str();
}

std::string FormatProgressLine(const TuneProgress& progress) {
  int done = 0, measured = 0;
  for (const TaskProgress& t : progress.tasks) {
    done += t.done;
    measured += t.best_secs > 0;
  }
  std::ostringstream os;
  os << "[" << Fixed(progress.elapsed_secs, 1) << " s] trials " << progress.trials << ", estimated latency "
     << Fixed(progress.total_latency_secs * 1e3, 3) << " ms, tasks measured " << measured << "/"
     << progress.tasks.size() << ", done " << done;
  return os.str();
}

std::string MeasureLogLine(const MeasuredCandidate& c) {
  Json j;
  j["event"] = "measure";
  j["task"] = c.task;
  j["round"] = c.round;
  j["elapsed_secs"] = Number(c.elapsed_secs);
  Json secs = Json::array();
  double sum = 0;
  for (double s : c.run_secs) {
    secs.push_back(Number(s));
    sum += s;
  }
  j["run_secs"] = secs;
  j["mean_secs"] = c.run_secs.empty() ? Json(nullptr) : Number(sum / c.run_secs.size());
  j["error"] = c.error.empty() ? Json(nullptr) : Json(c.error);
  j["predicted_score"] = Number(c.predicted_score);
  j["random"] = c.random;
  return j.dump();
}

std::string RoundLogLine(const TuneProgress& progress) {
  Json j;
  j["event"] = "round";
  j["elapsed_secs"] = Number(progress.elapsed_secs);
  j["trials"] = progress.trials;
  j["total_latency_secs"] = Number(progress.total_latency_secs);
  Json tasks = Json::array();
  for (const TaskProgress& t : progress.tasks)
    tasks.push_back({{"name", t.name},
                     {"weight", t.weight},
                     {"flop", Number(t.flop)},
                     {"best_secs", t.best_secs > 0 ? Number(t.best_secs) : Json(nullptr)},
                     {"trials", t.trials},
                     {"done", t.done}});
  j["tasks"] = tasks;
  return j.dump();
}

void WriteLogTo(const std::string& path, TuneOptions* options) {
  auto log = std::make_shared<std::ofstream>(path, std::ios::trunc);
  if (!log->good()) throw Error(Span{path, 0, 0}, "cannot open the tuning log for writing");
  auto progress = options->on_progress;
  options->on_progress = [log, progress](const TuneProgress& p) {
    if (progress) progress(p);
    *log << RoundLogLine(p) << "\n" << std::flush;  // a round is the unit a killed run keeps
  };
  auto measured = options->on_measured;
  options->on_measured = [log, measured](const MeasuredCandidate& c) {
    if (measured) measured(c);
    *log << MeasureLogLine(c) << "\n";
  };
}

}  // namespace tuner
}  // namespace tirgen

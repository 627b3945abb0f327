#include "tirgen/tuner/runner.h"

#include <dlfcn.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>

#include "runner_internal.h"
#include "tirgen/ir/npz.h"
#include "tirgen/support/error.h"
#include "tirgen/support/io.h"

namespace tirgen {
namespace tuner {
namespace {

using Json = nlohmann::json;
namespace fs = std::filesystem;

// The helper: the option, else $TIRGEN_MEASURE, else beside the program, else beside (or two
// levels above: build/python/tirgen/) the binary holding this code.
std::string FindHelper(const std::string& option) {
  if (!option.empty()) return option;
  if (const char* env = std::getenv("TIRGEN_MEASURE"); env && *env) return env;
  std::vector<fs::path> dirs;
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) dirs.push_back(exe.parent_path());
  Dl_info info;
  if (dladdr(reinterpret_cast<void*>(&MeasureChildMain), &info) && info.dli_fname) {
    fs::path self = fs::absolute(info.dli_fname, ec).parent_path();
    dirs.push_back(self);
    dirs.push_back(self.parent_path().parent_path());
  }
  std::string looked;
  for (const fs::path& d : dirs) {
    fs::path p = d / "tirgen-measure";
    if (access(p.c_str(), X_OK) == 0) return p.string();
    looked += (looked.empty() ? "" : ", ") + d.string();
  }
  TIRGEN_CHECK(false) << "cannot find the tirgen-measure helper (looked in " << looked
                      << "); build it or set TIRGEN_MEASURE";
  return "";
}

std::string MakeTempDir() {
  const char* tmp = std::getenv("TMPDIR");
  std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/tirgen-measure-XXXXXX";
  TIRGEN_CHECK(mkdtemp(pattern.data())) << "cannot create a temporary directory " << pattern;
  return pattern;
}

// The last non-empty line of the child's output (its own error message, usually).
std::string LastLine(const std::string& path) {
  std::error_code ec;
  if (!fs::exists(path, ec)) return "";
  std::istringstream lines(ReadFile(path));
  std::string last;
  for (std::string line; std::getline(lines, line);)
    if (!line.empty()) last = line;
  return last;
}

std::string Seconds(double s) {
  std::ostringstream os;
  os << s;
  return os.str();
}

}  // namespace

Runner::Runner(const BuildResult& reference, RunnerOptions options)
    : options_(std::move(options)), helper_(FindHelper(options_.helper)) {
  TIRGEN_CHECK(reference.ok) << "cannot measure the task: the reference failed to build: " << reference.error;
  params_ = runtime::Module::ParamsOf(reference.func, "the reference");
  inputs_ = RandomArguments(params_, options_.seed);
  dir_.path = MakeTempDir();
  Json args = Json::array(), names = Json::array(), outputs = Json::array();
  for (size_t i = 0; i < params_.size(); ++i) {
    std::string file = dir_.path + "/arg" + std::to_string(i) + ".npy";
    SaveNpy(file, inputs_[i]);
    args.push_back(file);
    names.push_back(params_[i].name);
    outputs.push_back(dir_.path + "/expected" + std::to_string(i) + ".npy");
  }
  Json task = {{"args", args},     {"names", names},   {"expected", Json::array()},
               {"save", outputs},  {"repeat", 0},      {"number", 1},
               {"min_repeat_ms", 0}, {"rtol", options_.rtol}, {"atol", options_.atol}};
  std::string reference_file = dir_.path + "/reference.json";
  WriteFileAtomic(reference_file, task.dump());
  RunResult r = Spawn(reference, reference_file);
  TIRGEN_CHECK(r.ok) << "cannot measure the task: the reference failed to run: " << r.error;

  task["expected"] = outputs;
  task["save"] = Json::array();
  task["repeat"] = options_.repeat;
  task["number"] = options_.number;
  task["min_repeat_ms"] = options_.min_repeat_ms;
  task_file_ = dir_.path + "/task.json";
  task_json_ = task.dump();
  WriteFileAtomic(task_file_, task_json_);
}

Runner::TempDir::~TempDir() {
  std::error_code ec;
  if (!path.empty()) fs::remove_all(path, ec);
}

RunResult Runner::Run(const BuildResult& candidate, const std::vector<tir::ParamLayoutRewrite>& rewrites) const {
  RunResult r;
  if (!candidate.ok) {
    r.error = "build failed: " + candidate.error;
    return r;
  }
  const std::string* task_file = &task_file_;
  try {  // same parameters as the reference (packed ones as packed), or the inputs do not fit
    std::vector<std::vector<int64_t>> shapes;
    for (const runtime::Module::Param& p : params_) shapes.push_back(p.shape);
    if (!rewrites.empty()) task_file = &PackedTaskFile(rewrites, &shapes);
    std::vector<runtime::Module::Param> params = runtime::Module::ParamsOf(candidate.func, "the candidate");
    runtime::Module::CheckArgCount("the candidate", params_.size(), params.size());
    runtime::Module::CheckArgCount("the reference", params.size(), params_.size());
    for (size_t i = 0; i < params.size(); ++i)
      runtime::Module::CheckArgument("the candidate", i, params[i], shapes[i], params_[i].dtype);
  } catch (const std::exception& e) {
    r.error = std::string("parameters differ from the reference's: ") + e.what();
    return r;
  }
  return Spawn(candidate, *task_file);
}

RunResult Runner::Spawn(const BuildResult& build, const std::string& task_file) const {
  std::string result_file = dir_.path + "/result.json", log_file = dir_.path + "/child.log";
  std::error_code ec;
  fs::remove(result_file, ec);
  RunResult r;
  ChildExit exit;
  try {
    exit = RunChild({helper_, task_file, build.library, build.symbol, result_file}, log_file, options_.timeout_seconds);
  } catch (const std::exception& e) {
    r.error = e.what();
    return r;
  }
  if (exit.timed_out) {
    r.error = "timed out after " + Seconds(options_.timeout_seconds) + " s (killed)";
  } else if (exit.signal) {
    r.error = "crashed: " + SignalName(exit.signal);
  } else if (fs::exists(result_file, ec)) {
    Json result = Json::parse(ReadFile(result_file), nullptr, /*allow_exceptions=*/false);
    if (result.is_object() && result.contains("error")) {
      r.error = result["error"].get<std::string>();
    } else if (result.is_object() && result.contains("run_secs")) {
      r.run_secs = result["run_secs"].get<std::vector<double>>();
      r.ok = true;
    } else {
      r.error = "the helper wrote an unreadable result: " + ReadFile(result_file);
    }
  } else {
    std::string last = LastLine(log_file);
    r.error = "exited with code " + std::to_string(exit.code) + (last.empty() ? "" : ": " + last);
  }
  return r;
}

}  // namespace tuner
}  // namespace tirgen

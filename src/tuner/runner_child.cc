// tirgen-measure, the runner's child: load one candidate, run it on the task's inputs, check
// it against the reference, time it, write the result file. Everything that can go wrong with
// a candidate happens here, in a process the parent can lose.
#include <dlfcn.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <signal.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "runner_internal.h"
#include "tirgen/ir/npz.h"
#include "tirgen/runtime/module.h"
#include "tirgen/runtime/time_evaluator.h"
#include "tirgen/support/error.h"
#include "tirgen/support/io.h"
#include "tirgen/tuner/runner.h"

namespace tirgen {
namespace tuner {
namespace {

using Json = nlohmann::json;

// The candidate's arguments: 64-byte aligned writable copies of the task's inputs.
class Arguments {
 public:
  explicit Arguments(const Json& files) {
    for (const Json& f : files) {
      NDArray a = LoadNpy(f.get<std::string>());
      size_t size = (a.nbytes() + 63) / 64 * 64;
      buffers_.emplace_back(static_cast<uint8_t*>(std::aligned_alloc(64, size ? size : 64)), std::free);
      std::memcpy(buffers_.back().get(), a.data(), a.nbytes());
      arrays_.push_back(a);
      ptrs_.push_back(buffers_.back().get());
    }
  }
  void** data() { return ptrs_.data(); }
  size_t size() const { return arrays_.size(); }
  // Argument `i` as it is now.
  NDArray Current(size_t i) const {
    const NDArray& a = arrays_[i];
    const uint8_t* p = buffers_[i].get();
    return NDArray(a->shape, a->dtype, std::vector<uint8_t>(p, p + a.nbytes()));
  }

 private:
  std::vector<NDArray> arrays_;
  std::vector<std::unique_ptr<uint8_t, void (*)(void*)>> buffers_;
  std::vector<void*> ptrs_;
};

runtime::Module::EntryPoint LoadEntry(const std::string& library, const std::string& symbol) {
  void* h = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
  TIRGEN_CHECK(h) << "cannot load " << library << ": " << dlerror();
  void* sym = dlsym(h, symbol.c_str());
  TIRGEN_CHECK(sym) << "symbol " << symbol << " missing from " << library;
  return reinterpret_cast<runtime::Module::EntryPoint>(sym);
}

// Runs the measurement; the result file's JSON.
Json Measure(const Json& task, const std::string& library, const std::string& symbol) {
  runtime::Module::EntryPoint fn = LoadEntry(library, symbol);
  Arguments args(task.at("args"));
  int32_t rc = fn(args.data());
  TIRGEN_CHECK(rc == 0) << "the function returned " << rc << " (" << runtime::Module::StatusText(rc) << ")";
  const Json& save = task.at("save");
  for (size_t i = 0; i < save.size(); ++i) SaveNpy(save[i].get<std::string>(), args.Current(i));
  const Json& expected = task.at("expected");
  TIRGEN_CHECK(expected.empty() || expected.size() == args.size()) << "task file: one expected array per argument";
  for (size_t i = 0; i < expected.size(); ++i) {
    if (expected[i].is_null()) continue;  // a packed parameter: another layout than the reference's
    double rtol = task.at("rtol").get<double>(), atol = task.at("atol").get<double>();
    std::string diff = CompareArrays(task.at("names").at(i).get<std::string>(), args.Current(i),
                                     LoadNpy(expected[i].get<std::string>()), rtol, atol);
    TIRGEN_CHECK(diff.empty()) << "wrong result: " << diff << ", rtol " << rtol << " atol " << atol;
  }
  Json result = {{"run_secs", Json::array()}};
  int repeat = task.at("repeat").get<int>();
  if (repeat > 0) {
    result["run_secs"] = runtime::TimeEach([&] { fn(args.data()); }, repeat, task.at("number").get<int>(),
                                           task.at("min_repeat_ms").get<double>());
  }
  return result;
}

}  // namespace

int MeasureChildMain(int argc, char** argv) {
  if (argc != 5) {
    std::cerr << "usage: tirgen-measure TASK_JSON LIBRARY SYMBOL RESULT_JSON (started by the tuner's runner)\n";
    return 2;
  }
  prctl(PR_SET_PDEATHSIG, SIGKILL);  // never outlive the tuner
  rlimit no_core{0, 0};
  setrlimit(RLIMIT_CORE, &no_core);  // a crashing candidate is expected; no core files
  // A candidate's fault must end this process by its signal, which the parent reports
  // ("crashed: SIGSEGV"); a sanitized build's handlers would print a report and exit 1 instead
  // (`tirgen run`'s guarded child does the same, support/forked.cc).
  for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL}) signal(sig, SIG_DFL);
  Json result;
  int code = 0;
  try {
    result = Measure(Json::parse(ReadFile(argv[1])), argv[2], argv[3]);
  } catch (const std::exception& e) {
    result = {{"error", e.what()}};
    code = 1;
  }
  WriteFileAtomic(argv[4], result.dump());
  return code;
}

}  // namespace tuner
}  // namespace tirgen

#include "tirgen/tuner/builder.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <future>
#include <map>
#include <mutex>
#include <thread>

#include "tirgen/codegen/build.h"
#include "tirgen/runtime/build.h"
#include "tirgen/support/error.h"

namespace tirgen {
namespace tuner {
namespace {

// One compile per distinct C source in the batch: the first candidate with a source compiles
// it, later ones wait for the same outcome (path or error). BuildSharedLibrary names its
// temporaries by process id, so two threads compiling one source would collide.
class CompileOnce {
 public:
  explicit CompileOnce(target::Target target) : target_(std::move(target)) {}

  std::string Library(const codegen::CSource& src) {
    std::string key = (src.needs_openmp ? "omp\n" : "\n") + src.code;
    std::promise<std::string> mine;
    std::shared_future<std::string> result;
    {
      std::lock_guard<std::mutex> lock(mu_);
      auto it = builds_.find(key);
      if (it != builds_.end()) return it->second.get();
      result = builds_.emplace(key, mine.get_future().share()).first->second;
    }
    try {
      mine.set_value(codegen::BuildSharedLibrary(src.code, src.needs_openmp, target_));
    } catch (...) {
      mine.set_exception(std::current_exception());
    }
    return result.get();
  }

 private:
  target::Target target_;
  std::mutex mu_;
  std::map<std::string, std::shared_future<std::string>> builds_;
};

BuildResult BuildOne(const tir::PrimFunc& func, const target::Target& target, CompileOnce* compile) {
  using Clock = std::chrono::steady_clock;
  Clock::time_point begin = Clock::now();
  BuildResult r;
  try {
    codegen::CSource src = runtime::EmitC(IRModule({{"main", func}}), target);
    TIRGEN_ICHECK(src.functions.size() == 1) << "one C function expected per candidate";
    r.library = compile->Library(src);
    r.symbol = src.functions[0].symbol;
    r.func = src.functions[0].func;
    r.ok = true;
  } catch (const InternalError& e) {
    r.error = std::string("internal error: ") + e.what();
  } catch (const std::exception& e) {
    r.error = e.what();
  }
  r.build_secs = std::chrono::duration<double>(Clock::now() - begin).count();
  return r;
}

}  // namespace

std::vector<BuildResult> BuildCandidates(const std::vector<tir::PrimFunc>& candidates, const target::Target& target,
                                         int workers) {
  std::vector<BuildResult> results(candidates.size());
  CompileOnce compile(target);
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i; (i = next++) < candidates.size();) results[i] = BuildOne(candidates[i], target, &compile);
  };
  size_t n = std::min(candidates.size(), static_cast<size_t>(workers > 0 ? workers : target.Cores()));
  std::vector<std::thread> pool;
  for (size_t t = 1; t < n; ++t) pool.emplace_back(work);
  work();  // the calling thread is one of the workers
  for (std::thread& t : pool) t.join();
  return results;
}

}  // namespace tuner
}  // namespace tirgen

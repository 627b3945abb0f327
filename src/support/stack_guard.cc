#include "tirgen/support/stack_guard.h"

#include <pthread.h>

#include <cstdint>
#include <exception>
#include <string>

#include "tirgen/support/error.h"

namespace tirgen {
namespace support {
namespace {

// The lowest usable stack address of this thread (stacks grow down), plus a reserve for the
// frames between two checks and for unwinding; 0 when unknown (no check then).
std::uintptr_t ComputeLimit() {
  pthread_attr_t attr;
  if (pthread_getattr_np(pthread_self(), &attr) != 0) return 0;
  void* addr = nullptr;
  std::size_t size = 0;
  int rc = pthread_attr_getstack(&attr, &addr, &size);
  pthread_attr_destroy(&attr);
  if (rc != 0 || size == 0) return 0;
  // A quarter of the stack, at most 1 MB: recursive passes check at every level and one level
  // (a printer, a simplifier between two checks) stays far below that.
  std::size_t reserve = size / 4 < (1u << 20) ? size / 4 : (1u << 20);
  return reinterpret_cast<std::uintptr_t>(addr) + reserve;
}

thread_local std::uintptr_t stack_limit = 1;  // 1: not computed yet

}  // namespace

void CheckStack(const char* what) {
  char here;
  if (stack_limit == 1) stack_limit = ComputeLimit();
  if (reinterpret_cast<std::uintptr_t>(&here) >= stack_limit) return;
  throw Error(std::string(what) +
              ": the input is nested too deeply for the stack (a chain of nested expressions or "
              "lets many thousands deep); split it up, or run it through the tirgen CLI, whose "
              "stack is larger");
}

void RunWithStack(std::size_t bytes, const std::function<void()>& f) {
  struct Job {
    const std::function<void()>* f;
    std::exception_ptr error;
  } job{&f, nullptr};
  pthread_attr_t attr;
  pthread_t thread;
  bool started = pthread_attr_init(&attr) == 0 && pthread_attr_setstacksize(&attr, bytes) == 0 &&
                 pthread_create(
                     &thread, &attr,
                     [](void* p) -> void* {
                       auto* j = static_cast<Job*>(p);
                       try {
                         (*j->f)();
                       } catch (...) {
                         j->error = std::current_exception();
                       }
                       return nullptr;
                     },
                     &job) == 0;
  pthread_attr_destroy(&attr);
  if (!started) {
    f();  // no large stack available (address space limit): run here, still guarded
    return;
  }
  pthread_join(thread, nullptr);
  if (job.error) std::rethrow_exception(job.error);
}

}  // namespace support
}  // namespace tirgen

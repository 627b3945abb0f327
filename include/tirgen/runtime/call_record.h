// Which compiled function is running, kept where a guarding parent process can read it after a
// crash (support::RunForked's note): `tirgen run` reports "function F crashed with SIGSEGV".
#pragma once

#include <cstddef>
#include <string>

namespace tirgen {
namespace runtime {

/// From now on, the name of the compiled function being run is kept in `note` (`bytes` long,
/// NUL-terminated, empty between calls); nullptr stops it. Off by default.
void RecordRunningFunctionIn(char* note, std::size_t bytes);

/// Marks a call into compiled code for its lifetime (costs a copy of the name when recording).
class RunningFunction {
 public:
  explicit RunningFunction(const std::string& name);
  ~RunningFunction();
  RunningFunction(const RunningFunction&) = delete;
  RunningFunction& operator=(const RunningFunction&) = delete;
};

}  // namespace runtime
}  // namespace tirgen

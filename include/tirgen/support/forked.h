// Running work in a forked child so that a fatal signal in it (a SIGSEGV in compiled code) is
// reported by the parent instead of killing the caller; and signal names for such reports.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

namespace tirgen {
namespace support {

/// "SIGSEGV (Segmentation fault)".
std::string SignalName(int signal);

/// How a forked child ended.
struct ForkedExit {
  int code = 0;      ///< its exit code, when it exited
  int signal = 0;    ///< the signal that killed it, or 0
  std::string note;  ///< what the child last wrote into its note (see RunForked)
};

/// Runs `body` in a forked child (no core file; it dies with the parent) and waits for it.
/// `body` gets a note: `note_bytes` of memory shared with the parent, zeroed, where it keeps a
/// NUL-terminated line the parent reads back after the child ended (e.g. the function running
/// when it crashed). The child's exit code is body's result; it exits with _exit after flushing
/// stdio (no static destructors). SIGINT, SIGTERM and SIGHUP sent to the parent are passed on to
/// the child, and the parent then dies of the same signal. Call it while the process has one
/// thread. tirgen::Error when the child cannot be started.
ForkedExit RunForked(const std::function<int(char* note, std::size_t note_bytes)>& body,
                     std::size_t note_bytes = 4096);

}  // namespace support
}  // namespace tirgen

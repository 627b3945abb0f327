#include "tirgen/runtime/call_record.h"

#include <algorithm>
#include <atomic>
#include <cstring>

namespace tirgen {
namespace runtime {
namespace {

std::atomic<char*> g_note{nullptr};
std::atomic<std::size_t> g_bytes{0};

}  // namespace

void RecordRunningFunctionIn(char* note, std::size_t bytes) {
  g_bytes.store(note ? bytes : 0);
  g_note.store(note && bytes ? note : nullptr);
}

RunningFunction::RunningFunction(const std::string& name) {
  char* note = g_note.load(std::memory_order_relaxed);
  if (!note) return;
  std::size_t n = std::min(name.size(), g_bytes.load(std::memory_order_relaxed) - 1);
  std::memcpy(note, name.data(), n);
  note[n] = '\0';
}

RunningFunction::~RunningFunction() {
  if (char* note = g_note.load(std::memory_order_relaxed)) note[0] = '\0';
}

}  // namespace runtime
}  // namespace tirgen

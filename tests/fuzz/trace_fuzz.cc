// libFuzzer target: schedule trace text (what `tirgen build --emit-schedule` writes and TVM
// prints) must either parse and print back to text that parses to the same print, or throw
// tirgen::Error. Seeds: tests/fuzz/corpus/trace and the golden-schedule traces.
#include <cstddef>
#include <cstdint>
#include <string>

#include "tirgen/support/error.h"
#include "tirgen/tir/schedule/trace.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  try {
    tirgen::tir::Trace trace = tirgen::tir::Trace::Parse(text, "<fuzz>");
    std::string printed = trace.Str();
    if (tirgen::tir::Trace::Parse(printed, "<fuzz-reprint>").Str() != printed) __builtin_trap();
  } catch (const tirgen::Error&) {
  }
  return 0;
}

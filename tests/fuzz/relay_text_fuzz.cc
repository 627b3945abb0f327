// libFuzzer target: Relay text (modules and expressions, with a #[metadata] section) must
// either parse, type-check, print and re-parse to the same text, or throw tirgen::Error.
// Anything else (a crash, a sanitizer report, an InternalError, another exception) is a bug.
// Seeds: tests/fuzz/corpus/relay and the golden .relay files.
#include <cstddef>
#include <cstdint>
#include <string>

#include "tirgen/relay/text.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/support/error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  try {
    tirgen::ObjectRef node = tirgen::relay::Parse(text, "<fuzz>");
    std::string printed = tirgen::relay::Print(node, /*show_meta_data=*/true);
    tirgen::ObjectRef again = tirgen::relay::Parse(printed, "<fuzz-reprint>");
    if (tirgen::relay::Print(again, true) != printed) __builtin_trap();  // the printer must round-trip
    if (const auto* mod = node.as<tirgen::IRModuleNode>())
      tirgen::relay::InferType(tirgen::GetRef<tirgen::IRModule>(mod));
  } catch (const tirgen::Error&) {
  }
  return 0;
}

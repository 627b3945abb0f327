// libFuzzer target: the TVMScript parser must either build IR (which then prints and re-parses)
// or throw tirgen::Error. Anything else (a crash, a sanitizer report, another exception) is a bug.
#include <cstddef>
#include <cstdint>
#include <string>

#include "tirgen/script/parser.h"
#include "tirgen/script/printer.h"
#include "tirgen/support/error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  try {
    tirgen::ObjectRef obj = tirgen::script::Parse(text, "<fuzz>");
    std::string printed = tirgen::script::Print(obj);
    tirgen::script::Parse(printed, "<fuzz-reprint>");
  } catch (const tirgen::Error&) {
  }
  return 0;
}

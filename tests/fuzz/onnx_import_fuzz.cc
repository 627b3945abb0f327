// libFuzzer target: importing arbitrary bytes as an ONNX model must either give a type-checked
// module or throw tirgen::Error. Anything else (a crash, a sanitizer report, an InternalError or
// another exception) is a bug. Seeds: examples/small_cnn.onnx and generated per-op models.
#include <cstddef>
#include <cstdint>
#include <string>

#include "tirgen/frontend/onnx.h"
#include "tirgen/support/error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string bytes(reinterpret_cast<const char*>(data), size);
  try {
    tirgen::frontend::ImportOnnxBytes(bytes, "<fuzz>");
  } catch (const tirgen::Error&) {
  }
  return 0;
}

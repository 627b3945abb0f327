// libFuzzer target: .npy and .npz bytes must either load (then save and load back to the same
// arrays) or throw tirgen::Error; a header may declare any shape, so nothing may be allocated at
// a declared size before the data is there. Seeds: tests/fuzz/corpus/npy.
#include <cstddef>
#include <cstdint>
#include <string>

#include "tirgen/ir/npz.h"
#include "tirgen/support/error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string bytes(reinterpret_cast<const char*>(data), size);
  try {
    tirgen::NDArray a = tirgen::ParseNpy(bytes, "<fuzz.npy>");
    if (!tirgen::ParseNpy(tirgen::SerializeNpy(a), "<again.npy>").ContentEqual(a)) __builtin_trap();
  } catch (const tirgen::Error&) {
  }
  try {
    auto arrays = tirgen::ParseNpz(bytes, "<fuzz.npz>");
    auto again = tirgen::ParseNpz(tirgen::SerializeNpz(arrays), "<again.npz>");
    if (again.size() != arrays.size()) __builtin_trap();
  } catch (const tirgen::Error&) {
  }
  return 0;
}

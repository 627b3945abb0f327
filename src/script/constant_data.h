// Internal: T.allocate_const data as text and back, the hot path of printing and parsing
// models with embedded weights (hundreds of MB of numbers). Private to src/script.
//   constant_data_print.cc  NDArray -> "[e0, e1, ...]" (TVM's literal format, streamed)
//   constants.cc            "[e0, e1, ...]" -> NDArray (no token per element)
#pragma once

#include <cstddef>
#include <string>

#include "tirgen/ir/ndarray.h"

namespace tirgen {
namespace script {

/// Writes `v` exactly as printf("%.17g", v) does (finite values only) and returns the end.
/// `out` needs room for 25 characters. Exact integer arithmetic for the usual magnitudes,
/// std::to_chars for the rest.
char* FormatG17(double v, char* out);

/// Appends the elements of `data` (read as `dtype`) as a Python list, each in TVM's literal
/// format ("%.17g" floats, non-finite ones quoted; plain integers). `chunk` is called whenever
/// `out` has grown by about a megabyte, so a caller can pass the text on (and clear `out`)
/// instead of holding a whole weight's text.
template <class Chunk>
void AppendConstantList(const NDArray& data, DataType dtype, std::string* out, Chunk&& chunk);

/// The non-template core of AppendConstantList: elements [begin, end) appended to `out`, each
/// preceded by ", " except element 0.
void AppendConstantElements(const NDArray& data, DataType dtype, int64_t begin, int64_t end,
                            std::string* out);

template <class Chunk>
void AppendConstantList(const NDArray& data, DataType dtype, std::string* out, Chunk&& chunk) {
  constexpr int64_t kBatch = 1 << 15;  // ~0.7 MB of float text
  int64_t n = data.defined() ? data->NumElements() : 0;
  out->push_back('[');
  for (int64_t b = 0; b < n; b += kBatch) {
    AppendConstantElements(data, dtype, b, b + kBatch < n ? b + kBatch : n, out);
    chunk();
  }
  out->push_back(']');
}

}  // namespace script
}  // namespace tirgen

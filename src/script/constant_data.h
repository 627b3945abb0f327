// Internal: T.allocate_const data as text and back, the hot path of printing and parsing
// models with embedded weights (hundreds of MB of numbers). Private to src/script.
//   constant_data_print.cc  NDArray -> "[e0, e1, ...]" (TVM's literal format, streamed)
//   constants.cc            "[e0, e1, ...]" -> NDArray (no token per element)
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include "tirgen/ir/ndarray.h"

namespace tirgen {
namespace script {

/// Writes `v` exactly as printf("%.17g", v) does (finite values only) and returns the end.
/// `out` needs room for 25 characters. Exact integer arithmetic for the usual magnitudes,
/// std::to_chars for the rest.
char* FormatG17(double v, char* out);

/// Hands the elements of `data` (read as `dtype`) to `put` as a Python list, each in TVM's
/// literal format ("%.17g" floats, non-finite ones quoted; plain integers), in pieces of about
/// a megabyte, so a caller can pass the text on instead of holding a whole weight's text.
/// Large constants are formatted by two threads (the output is the same).
void AppendConstantList(const NDArray& data, DataType dtype,
                        const std::function<void(std::string_view)>& put);

/// Elements [begin, end) of `data` as text at `out`, each preceded by ", " except element 0;
/// `out` needs room for kConstantElementRoom bytes per element. Returns the end.
constexpr size_t kConstantElementRoom = 34;  // ", " + the longest element
char* FormatConstantElements(const NDArray& data, DataType dtype, int64_t begin, int64_t end, char* out);

}  // namespace script
}  // namespace tirgen

// Element counts and byte sizes computed with overflow checks before anything is allocated: a
// shape from a file or an attribute (e.g. (2^30, 2^30, 2^30), or a terabyte output) is a
// tirgen::Error naming the tensor and its size, never a wrapped count, a bad_alloc or a crash.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tirgen {
namespace support {

/// Bytes one tensor may hold: TIRGEN_MAX_TENSOR_BYTES from the environment, else 16 GiB.
int64_t MaxTensorBytes();

/// The element count of `shape` with `element_bytes`-byte elements; throws tirgen::Error naming
/// `what` when a dimension is negative, the count overflows, or the bytes exceed MaxTensorBytes.
int64_t CheckedNumElements(const std::vector<int64_t>& shape, int64_t element_bytes,
                           const std::string& what);

/// A decimal integer option or field (`text` whole, in range); else tirgen::Error naming `what`.
int64_t ParseInt64(const std::string& text, const std::string& what);

}  // namespace support
}  // namespace tirgen

// NDArray: an immutable dense tensor value (weights, constants). Bytes are shared, never copied
// per pass; the content hash is computed once, on first use, and cached.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "tirgen/ir/dtype.h"
#include "tirgen/ir/object.h"

namespace tirgen {

class NDArrayNode : public Object {
 public:
  TIRGEN_NODE_KIND(Kind::kNDArray)
  NDArrayNode() : Object(kKind) {}
  NDArrayNode(const NDArrayNode& o) : Object(o), shape(o.shape), dtype(o.dtype), bytes(o.bytes) {}

  std::vector<int64_t> shape;                          ///< extents (rank 0 = scalar)
  DataType dtype;                                      ///< element type
  std::shared_ptr<const std::vector<uint8_t>> bytes;   ///< row-major data, little endian

  int64_t NumElements() const;
  /// Hash of dtype, shape and bytes; computed on the first call only (thread safe).
  uint64_t ContentHash() const;

 private:
  mutable std::once_flag hash_once_;
  mutable uint64_t hash_ = 0;
};

class NDArray : public ObjectRef {
  TIRGEN_DEFINE_REF(NDArray, ObjectRef, NDArrayNode)
  /// Takes ownership of `bytes` (size must equal product(shape) * dtype bytes).
  NDArray(std::vector<int64_t> shape, DataType dtype, std::vector<uint8_t> bytes);
  /// Shares existing bytes.
  NDArray(std::vector<int64_t> shape, DataType dtype,
          std::shared_ptr<const std::vector<uint8_t>> bytes);
  /// A zero-filled array.
  static NDArray Zeros(std::vector<int64_t> shape, DataType dtype);

  const uint8_t* data() const { return get()->bytes->data(); }
  size_t nbytes() const { return get()->bytes->size(); }
  template <class T>
  const T* data_as() const {
    return reinterpret_cast<const T*>(get()->bytes->data());
  }
  /// Bitwise content equality (hash first, then bytes).
  bool ContentEqual(const NDArray& other) const;
};

/// 64-bit FNV-1a style hashing helpers shared by structural hashing.
uint64_t HashBytes(const void* data, size_t size, uint64_t seed = 0xcbf29ce484222325ULL);
inline uint64_t HashCombine(uint64_t seed, uint64_t value) {
  return seed ^ (value + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2));
}

}  // namespace tirgen

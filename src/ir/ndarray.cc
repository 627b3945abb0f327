#include "tirgen/ir/ndarray.h"

#include <cstring>

#include "tirgen/support/checked_size.h"

namespace tirgen {

uint64_t HashBytes(const void* data, size_t size, uint64_t seed) {
  // FNV-1a over 8-byte words, then the tail: fast enough for hundreds of MB, stable across runs.
  const uint8_t* p = static_cast<const uint8_t*>(data);
  uint64_t h = seed;
  constexpr uint64_t kPrime = 0x100000001b3ULL;
  size_t i = 0;
  for (; i + 8 <= size; i += 8) {
    uint64_t w;
    std::memcpy(&w, p + i, 8);
    h = (h ^ w) * kPrime;
    h ^= h >> 29;
  }
  for (; i < size; ++i) h = (h ^ p[i]) * kPrime;
  return h;
}

int64_t NDArrayNode::NumElements() const {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

uint64_t NDArrayNode::ContentHash() const {
  std::call_once(hash_once_, [this] {
    uint64_t h = HashBytes(bytes->data(), bytes->size());
    h = HashCombine(h, std::hash<std::string>()(dtype.str()));
    for (int64_t d : shape) h = HashCombine(h, static_cast<uint64_t>(d));
    hash_ = h;
  });
  return hash_;
}

static int64_t ElementBytes(DataType dtype) {
  return dtype.is_bool() ? 1 : static_cast<int64_t>(dtype.bytes()) * dtype.lanes();
}

NDArray::NDArray(std::vector<int64_t> shape, DataType dtype, std::vector<uint8_t> bytes)
    : NDArray(std::move(shape), dtype,
              std::make_shared<const std::vector<uint8_t>>(std::move(bytes))) {}

NDArray::NDArray(std::vector<int64_t> shape, DataType dtype,
                 std::shared_ptr<const std::vector<uint8_t>> bytes) {
  auto n = std::make_shared<NDArrayNode>();
  n->shape = std::move(shape);
  n->dtype = dtype;
  n->bytes = std::move(bytes);
  TIRGEN_ICHECK(n->bytes != nullptr);
  TIRGEN_ICHECK(static_cast<int64_t>(n->bytes->size()) == n->NumElements() * ElementBytes(dtype))
      << "NDArray byte size " << n->bytes->size() << " does not match shape and dtype "
      << dtype.str();
  data_ = std::move(n);
}

NDArray NDArray::Zeros(std::vector<int64_t> shape, DataType dtype) {
  int64_t n = support::CheckedNumElements(shape, ElementBytes(dtype), "tensor of " + dtype.str());
  return NDArray(std::move(shape), dtype, std::vector<uint8_t>(n * ElementBytes(dtype), 0));
}

bool NDArray::ContentEqual(const NDArray& other) const {
  if (same_as(other)) return true;
  const NDArrayNode* a = get();
  const NDArrayNode* b = other.get();
  if (a->dtype != b->dtype || a->shape != b->shape) return false;
  if (a->bytes == b->bytes) return true;
  if (a->ContentHash() != b->ContentHash()) return false;
  return *a->bytes == *b->bytes;
}

}  // namespace tirgen

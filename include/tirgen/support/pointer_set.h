// A set of pointers in one flat open-addressed table: no allocation per element and no linked
// nodes to chase. Graph walks over 100k-node programs insert every node once and free the set
// at the end; std::unordered_set spent most of such a walk in malloc/free and cache misses.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tirgen {
namespace support {

class PointerSet {
 public:
  /// Adds p (not null); true when it was not there yet.
  bool insert(const void* p) {
    if ((size_ + 1) * 2 > slots_.size()) Grow();
    size_t mask = slots_.size() - 1;
    for (size_t i = Hash(p) & mask;; i = (i + 1) & mask) {
      if (slots_[i] == p) return false;
      if (!slots_[i]) {
        slots_[i] = p;
        ++size_;
        return true;
      }
    }
  }
  bool contains(const void* p) const {
    if (slots_.empty()) return false;
    size_t mask = slots_.size() - 1;
    for (size_t i = Hash(p) & mask;; i = (i + 1) & mask) {
      if (slots_[i] == p) return true;
      if (!slots_[i]) return false;
    }
  }
  size_t size() const { return size_; }

 private:
  static size_t Hash(const void* p) {
    // Fibonacci hashing: objects are 16-byte aligned, so the low bits alone would cluster.
    return static_cast<size_t>((reinterpret_cast<std::uintptr_t>(p) >> 4) * 0x9E3779B97F4A7C15ull >> 20);
  }
  void Grow() {
    std::vector<const void*> old;
    old.swap(slots_);
    slots_.assign(old.empty() ? 64 : old.size() * 2, nullptr);
    size_ = 0;
    for (const void* p : old)
      if (p) insert(p);
  }
  std::vector<const void*> slots_;
  size_t size_ = 0;
};

}  // namespace support
}  // namespace tirgen

// Structural hashing: the field walk of structural_fields.h over one tree, streamed into a
// 64-bit state. Binding sites hash by their definition index, so renaming does not change the
// hash; free vars hash by name and type (never by address: the hash must be the same in every
// process). NDArrays contribute their cached content hash.
#include <cstring>
#include <type_traits>
#include <unordered_map>

#include "structural_fields.h"
#include "tirgen/support/stack_guard.h"
#include "tirgen/tir/structural_equal.h"

namespace tirgen {
namespace {

using namespace tirgen::tir;  // NOLINT

// splitmix64's finalizer: spreads the bits of each value before it is folded in.
inline uint64_t Spread(uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// Tags keep different kinds of contribution apart ("var #3" vs "the integer 3").
enum Tag : uint64_t { kUndefined = 0x51, kDefine, kReference, kFreeVar, kKind };

class Hasher {
 public:
  explicit Hasher(bool map_free_vars, bool ignore_ndarray_data = false)
      : map_free_vars_(map_free_vars), ignore_ndarray_data_(ignore_ndarray_data) {}

  // ---- the reducer interface (see structural_fields.h); `b` arguments are ignored ----
  template <class T>
  bool Val(const T& x, const T&, const char*) {
    Mix(ValueHash(x));
    return true;
  }
  bool Obj(const ObjectRef& x, const ObjectRef&, const char*) {
    Node(x);
    return true;
  }
  bool DefVar(const Var& x, const Var&, const char*) {
    if (!x.defined()) {
      Mix(kUndefined);
      return true;
    }
    VarType(x.get());
    Bind(x.get());
    return true;
  }
  template <class F>
  bool Each(size_t nx, size_t, const char*, F&& fn) {
    Mix(nx);
    for (size_t i = 0; i < nx; ++i) fn(i);
    return true;
  }
  bool Attrs(const AttrMap& x, const AttrMap&, const char*) {
    Mix(x.size());
    for (const auto& kv : x) {
      Mix(ValueHash(kv.first));
      Node(kv.second);
    }
    return true;
  }
  template <class F>
  bool DefMode(F&& fn) {
    ++def_mode_;
    fn();
    --def_mode_;
    return true;
  }

  void Node(const ObjectRef& x) {
    support::CheckStack("structural hash");  // recursion over nesting (100k-term sums)
    if (!x.defined()) {
      Mix(kUndefined);
      return;
    }
    Mix(kKind + static_cast<uint64_t>(x.kind()));
    switch (x.kind()) {
      case Kind::kVar:
      case Kind::kSizeVar: UseVar(static_cast<const VarNode*>(x.get())); break;
      case Kind::kBuffer: BufferUse(static_cast<const BufferNode*>(x.get())); break;
      case Kind::kNDArray: {
        const auto* nd = static_cast<const NDArrayNode*>(x.get());
        if (!ignore_ndarray_data_) {
          Mix(nd->ContentHash());
          break;
        }
        Mix(ValueHash(nd->dtype));
        Mix(nd->shape.size());
        for (int64_t d : nd->shape) Mix(static_cast<uint64_t>(d));
        break;
      }
      default: structural::Fields(*this, x.get(), x.get());
    }
  }

  uint64_t result() const { return h_; }

 private:
  void Mix(uint64_t v) { h_ = Spread(h_ ^ (v + 0x9e3779b97f4a7c15ULL + (h_ << 6))); }

  static uint64_t ValueHash(const std::string& s) { return HashBytes(s.data(), s.size()); }
  static uint64_t ValueHash(const DataType& t) {
    return (uint64_t(t.code()) << 32) | (uint64_t(t.bits()) << 16) | uint64_t(t.lanes());
  }
  static uint64_t ValueHash(double d) {
    uint64_t bits;
    std::memcpy(&bits, &d, sizeof bits);
    return bits;
  }
  template <class T, typename = std::enable_if_t<std::is_integral_v<T> || std::is_enum_v<T>>>
  static uint64_t ValueHash(T v) {
    return static_cast<uint64_t>(v);
  }

  void VarType(const VarNode* v) { structural::VarFields(*this, v, v); }

  /// Defines `x` (next index) unless already defined; either way mixes its index.
  void Bind(const Object* x) {
    auto it = index_.find(x);
    if (it != index_.end()) {
      Mix(kReference);
      Mix(it->second);
      return;
    }
    uint64_t id = index_.size();
    index_.emplace(x, id);
    Mix(kDefine);
    Mix(id);
  }

  void UseVar(const VarNode* v) {
    VarType(v);
    if (index_.count(v) || map_free_vars_ || def_mode_ > 0) {
      Bind(v);
    } else {
      Mix(kFreeVar);
      Mix(ValueHash(v->name_hint));
    }
  }

  /// Hashed in full when first met, by index afterwards (as equality pairs it).
  void BufferUse(const BufferNode* b) {
    auto it = index_.find(b);
    if (it != index_.end()) {
      Mix(kReference);
      Mix(it->second);
      return;
    }
    structural::BufferFields(*this, b, b);
    Bind(b);
  }

  bool map_free_vars_;
  bool ignore_ndarray_data_;
  int def_mode_ = 0;
  uint64_t h_ = 0x6a09e667f3bcc908ULL;
  std::unordered_map<const Object*, uint64_t> index_;
};

}  // namespace

uint64_t StructuralHash(const ObjectRef& obj, bool map_free_vars, bool ignore_ndarray_data) {
  Hasher h(map_free_vars, ignore_ndarray_data);
  h.Node(obj);
  return h.result();
}

}  // namespace tirgen

// Structural equality: the field walk of structural_fields.h over two trees at once, with a
// bijection between their binding sites (vars and buffers). On a mismatch, the failing path is
// collected while the recursion unwinds, so the equal case never builds a string.
#include "tirgen/tir/structural_equal.h"

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <unordered_map>

#include "structural_fields.h"
#include "tirgen/support/stack_guard.h"

namespace tirgen {
namespace {

using namespace tirgen::tir;  // NOLINT

// Texts of plain values for mismatch messages.
std::string Text(int64_t v) { return std::to_string(v); }
std::string Text(int v) { return std::to_string(v); }
std::string Text(double v) {
  char buf[40];
  std::snprintf(buf, sizeof(buf), "%.17g", v);
  return buf;
}
std::string Text(const std::string& v) { return "\"" + v + "\""; }
std::string Text(const DataType& v) { return v.str(); }
template <class E, typename = std::enable_if_t<std::is_enum_v<E>>>
std::string Text(E v) {
  return std::to_string(static_cast<int64_t>(v));
}

template <class T>
bool SameValue(const T& x, const T& y) {
  return x == y;
}
// Bit-exact: a printer that loses float precision must not round-trip silently.
bool SameValue(const double& x, const double& y) { return std::memcmp(&x, &y, sizeof x) == 0; }

class Equal {
 public:
  Equal(bool map_free_vars, bool trace, bool ignore_ndarray_data = false)
      : map_free_vars_(map_free_vars), trace_(trace), ignore_ndarray_data_(ignore_ndarray_data) {}

  // ---- the reducer interface (see structural_fields.h) ----
  template <class T>
  bool Val(const T& x, const T& y, const char* field) {
    if (SameValue(x, y)) return true;
    return Fail([&] { return std::string(field) + " " + Text(x) + " vs " + Text(y); });
  }

  bool Obj(const ObjectRef& x, const ObjectRef& y, const char* field) {
    if (Node(x, y)) return true;
    Push(field);
    return false;
  }

  bool DefVar(const Var& x, const Var& y, const char* field) {
    if (!x.defined() || !y.defined()) return Obj(x, y, field);
    if (!SameVarType(x, y) || !Bind(x.get(), y.get(), true)) {
      Push(field);
      return false;
    }
    return true;
  }

  template <class F>
  bool Each(size_t nx, size_t ny, const char* field, F&& fn) {
    if (nx != ny) {
      return Fail([&] {
        return std::string(*field ? field : "array") + " size " + std::to_string(nx) + " vs " +
               std::to_string(ny);
      });
    }
    for (size_t i = 0; i < nx; ++i) {
      if (!fn(i)) {
        if (trace_) trail_.push_back("[" + std::to_string(i) + "]");
        Push(field);
        return false;
      }
    }
    return true;
  }

  bool Attrs(const AttrMap& x, const AttrMap& y, const char* field) {
    if (x.size() != y.size() || !std::equal(x.begin(), x.end(), y.begin(),
                                            [](auto& p, auto& q) { return p.first == q.first; })) {
      return Fail([&] {
        return std::string(*field ? field : "map") + " keys " + Keys(x) + " vs " + Keys(y);
      });
    }
    for (auto ix = x.begin(), iy = y.begin(); ix != x.end(); ++ix, ++iy) {
      if (!Node(ix->second, iy->second)) {
        if (trace_) trail_.push_back("[\"" + ix->first + "\"]");
        Push(field);
        return false;
      }
    }
    return true;
  }

  template <class F>
  bool DefMode(F&& fn) {
    ++def_mode_;
    bool ok = fn();
    --def_mode_;
    return ok;
  }

  // ---- entry points ----
  bool Node(const ObjectRef& x, const ObjectRef& y) {
    support::CheckStack("structural equality");  // recursion over nesting (100k-term sums)
    if (!x.defined() || !y.defined()) {
      if (x.defined() == y.defined()) return true;
      return Fail([&] {
        return std::string(x.defined() ? KindName(x.kind()) : "undefined") + " vs " +
               (y.defined() ? KindName(y.kind()) : "undefined");
      });
    }
    bool ok;
    if (x.kind() != y.kind()) {
      ok = Fail([&] {
        return std::string("kind ") + KindName(x.kind()) + " vs " + KindName(y.kind());
      });
    } else {
      switch (x.kind()) {
        case Kind::kVar:
        case Kind::kSizeVar: ok = UseVar(x.cast<Var>(), y.cast<Var>()); break;
        case Kind::kBuffer: ok = BufferEq(x.cast<Buffer>(), y.cast<Buffer>()); break;
        case Kind::kNDArray: ok = NDArrayEq(x.cast<NDArray>(), y.cast<NDArray>()); break;
        default: ok = structural::Fields(*this, x.get(), y.get());
      }
    }
    if (!ok && trace_) trail_.push_back(NodeLabel(x));
    return ok;
  }

  /// "A.b[1].C: message" from the trail collected while unwinding.
  std::string Report() const {
    std::string path;
    for (auto it = trail_.rbegin(); it != trail_.rend(); ++it) {
      bool node = (*it)[0] != '.' && (*it)[0] != '[';
      if (node && !path.empty()) path += '.';
      path += *it;
    }
    return path + ": " + leaf_;
  }

 private:
  template <class F>
  bool Fail(F&& message) {
    if (trace_ && leaf_.empty()) leaf_ = message();
    return false;
  }
  void Push(const char* field) {
    if (trace_ && field && *field) trail_.push_back(std::string(".") + field);
  }
  static std::string NodeLabel(const ObjectRef& x) {
    if (const auto* b = x.as<BlockNode>()) return "Block(" + b->name_hint + ")";
    if (const auto* v = x.as<VarNode>()) return std::string(KindName(x.kind())) + "(" + v->name_hint + ")";
    if (const auto* b = x.as<BufferNode>()) return "Buffer(" + b->name + ")";
    return KindName(x.kind());
  }
  static std::string Keys(const AttrMap& m) {
    std::string s = "{";
    for (auto& kv : m) s += (s.size() > 1 ? ", " : "") + kv.first;
    return s + "}";
  }

  bool SameVarType(const Var& x, const Var& y) {
    if (x.kind() != y.kind()) {
      return Fail([&] {
        return std::string("kind ") + KindName(x.kind()) + " vs " + KindName(y.kind());
      });
    }
    return structural::VarFields(*this, x.get(), y.get());
  }

  /// Pairs x with y; fails when either is already paired with something else.
  bool Bind(const Object* x, const Object* y, bool define) {
    auto it = lhs_to_rhs_.find(x);
    if (it != lhs_to_rhs_.end()) {
      if (it->second == y) return true;
      return Fail([&] { return std::string("bound to a different definition"); });
    }
    if (rhs_to_lhs_.count(y)) {
      return Fail([&] { return std::string("right side already bound to another definition"); });
    }
    if (!define) {
      // A free var: identity unless free vars may be mapped.
      if (x == y) return true;
      return Fail([&] {
        return "free vars differ: " + static_cast<const VarNode*>(x)->name_hint + " vs " +
               static_cast<const VarNode*>(y)->name_hint;
      });
    }
    lhs_to_rhs_.emplace(x, y);
    rhs_to_lhs_.emplace(y, x);
    return true;
  }

  bool UseVar(const Var& x, const Var& y) {
    if (!structural::VarFields(*this, x.get(), y.get())) return false;
    return Bind(x.get(), y.get(), map_free_vars_ || def_mode_ > 0);
  }

  /// A buffer is compared in full when first met and then only by pairing.
  bool BufferEq(const Buffer& x, const Buffer& y) {
    auto it = lhs_to_rhs_.find(x.get());
    if (it != lhs_to_rhs_.end()) {
      if (it->second == y.get()) return true;
      return Fail([&] { return std::string("buffer paired with a different buffer"); });
    }
    if (rhs_to_lhs_.count(y.get())) {
      return Fail([&] { return std::string("right buffer already paired with another buffer"); });
    }
    if (!structural::BufferFields(*this, x.get(), y.get())) return false;
    return Bind(x.get(), y.get(), true);
  }

  bool NDArrayEq(const NDArray& x, const NDArray& y) {
    if (!Val(x->dtype, y->dtype, "dtype")) return false;
    if (x->shape != y->shape) {
      return Fail([&] { return std::string("NDArray shape differs"); });
    }
    if (ignore_ndarray_data_ || x.ContentEqual(y)) return true;
    return Fail([&] {
      size_t i = 0, n = x.nbytes();
      while (i < n && x.data()[i] == y.data()[i]) ++i;
      return "NDArray bytes differ at byte " + std::to_string(i);
    });
  }

  bool map_free_vars_;
  bool trace_;
  bool ignore_ndarray_data_;
  int def_mode_ = 0;
  std::unordered_map<const Object*, const Object*> lhs_to_rhs_;
  std::unordered_map<const Object*, const Object*> rhs_to_lhs_;
  std::vector<std::string> trail_;  // innermost first
  std::string leaf_;
};

}  // namespace

bool StructuralEqual(const ObjectRef& a, const ObjectRef& b, bool map_free_vars,
                     bool ignore_ndarray_data) {
  return Equal(map_free_vars, false, ignore_ndarray_data).Node(a, b);
}

std::optional<std::string> StructuralMismatch(const ObjectRef& a, const ObjectRef& b,
                                              bool map_free_vars) {
  Equal eq(map_free_vars, true);
  if (eq.Node(a, b)) return std::nullopt;
  return eq.Report();
}

}  // namespace tirgen

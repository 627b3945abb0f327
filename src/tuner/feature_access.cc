// Memory features of one store (group 2): for each buffer it touches, the region that loop
// levels cover (relaxing loops inner to outer), the stride of the innermost loop that moves the
// access, and where the data is reused (TVM's PerStoreFeature rules, see the notes inline where
// tirgen departs from them).
#include <algorithm>
#include <limits>
#include <numeric>
#include <unordered_set>

#include "feature_internal.h"
#include "tirgen/arith/analyzer.h"
#include "tirgen/tir/functor.h"

namespace tirgen {
namespace tuner {
namespace detail {

using namespace tir;  // NOLINT

std::vector<int64_t>& TouchedUnderLoop::At(const ForNode* loop, const BufferNode* buffer) {
  Entries& entries = map_[loop];
  for (auto& e : entries) {
    if (e.first == buffer) return e.second;
  }
  entries.emplace_back(buffer, std::vector<int64_t>{});
  return entries.back().second;
}

double TouchedUnderLoop::Bytes(const ForNode* loop) const {
  auto it = map_.find(loop);
  if (it == map_.end()) return 0;
  double bytes = 0;
  for (const auto& [buffer, numels] : it->second) {
    bytes += static_cast<double>(std::accumulate(numels.begin(), numels.end(), int64_t{0})) *
             buffer->dtype.bytes();
  }
  return bytes;
}

namespace {

using MultiIndex = std::vector<PrimExpr>;
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

int64_t SatMul(int64_t a, int64_t b) {
  if (a == 0 || b == 0) return 0;
  return a > kMax / b ? kMax : a * b;
}

// One buffer as the store touches it, with what the analysis learns on the way.
struct Access {
  Access(const BufferNode* b, AccessType t, MultiIndex index) : buffer(b), type(t), indices{std::move(index)} {}
  const BufferNode* buffer;
  AccessType type;
  std::vector<MultiIndex> indices;   // every index tuple it is accessed with
  std::vector<int64_t> shape;        // constant dimensions (unknown ones: 1)
  std::vector<int64_t> access_shape;  // extent per dimension under all loops
  std::vector<int64_t> numel;         // elements touched under loop i
  int64_t min_stride = 0, innermost_stride = 0, prod_non_strided = 1;
  BufferAccessFeature out;
};

std::vector<int64_t> ConstShape(const BufferNode* b) {
  std::vector<int64_t> shape;
  for (const PrimExpr& e : b->shape) {
    const int64_t* c = as_const_int(e);
    shape.push_back(c && *c > 0 ? *c : 1);
  }
  return shape;
}

// The stored buffer first, then loaded ones in order of first load. A buffer both stored and
// loaded is read-write and keeps the stored index tuple only (TVM).
std::vector<Access> CollectAccesses(const BufferStoreNode* store) {
  std::vector<Access> accesses;
  accesses.emplace_back(store->buffer.get(), AccessType::kWrite, store->indices);
  struct Loads : StmtExprVisitor {
    std::vector<Access>* acc;
    void VisitExpr_(const BufferLoadNode* op) override {
      StmtExprVisitor::VisitExpr_(op);
      auto it = std::find_if(acc->begin(), acc->end(),
                             [&](const Access& a) { return a.buffer == op->buffer.get(); });
      if (it == acc->end()) {
        acc->emplace_back(op->buffer.get(), AccessType::kRead, op->indices);
      } else if (it->type == AccessType::kWrite) {
        it->type = AccessType::kReadWrite;
      } else if (it->type == AccessType::kRead) {
        it->indices.push_back(op->indices);
      }
    }
  } loads;
  loads.acc = &accesses;
  loads.VisitExpr(store->value);
  for (Access& a : accesses) a.shape = ConstShape(a.buffer);
  return accesses;
}

// Extent per dimension of the union of the index tuples under the analyzer's variable ranges.
// An unbounded dimension (a variable no loop binds) counts as the whole dimension; no access
// leaves the buffer, so extents are capped by the constant shape.
std::vector<int64_t> RelaxAndUnion(const Access& a, const arith::Analyzer& an, int64_t* numel) {
  size_t ndim = a.shape.size();
  std::vector<int64_t> extents(ndim, 1);
  *numel = 1;
  for (size_t d = 0; d < ndim; ++d) {
    int64_t lo = kMax, hi = std::numeric_limits<int64_t>::min();
    for (const MultiIndex& idx : a.indices) {
      arith::ConstBound b = an.Bound(idx[d]);
      lo = std::min(lo, b.min);
      hi = std::max(hi, b.max);
    }
    bool bounded = lo != std::numeric_limits<int64_t>::min() && hi != kMax && lo <= hi;
    int64_t ext = bounded && hi - lo < kMax ? hi - lo + 1 : a.shape[d];
    extents[d] = std::min(ext, a.shape[d]);
    *numel = SatMul(*numel, extents[d]);
  }
  return extents;
}

// Footprints under every loop level, inner to outer: at level i, loops i.. run over their
// ranges and the outer ones sit at their first value.
void SetRegions(std::vector<Access>* accesses, const LoopNest& nest,
                std::vector<int64_t>* for_touched_bytes, TouchedUnderLoop* touched) {
  size_t n = nest.loops.size();
  for_touched_bytes->assign(n, 0);
  for (Access& a : *accesses) {
    a.numel.assign(n, 0);
    a.access_shape.assign(a.shape.size(), 1);
  }
  for (size_t i = n; i-- > 0;) {
    arith::Analyzer an;
    for (size_t j = 0; j < n; ++j) {
      const ForNode* l = nest.loops[j];
      if (j < i) {
        an.Bind(l->loop_var, l->min);
      } else {
        an.Bind(l->loop_var, Range(l->min, l->extent));
      }
    }
    for (Access& a : *accesses) {
      int64_t numel;
      a.access_shape = RelaxAndUnion(a, an, &numel);
      a.numel[i] = numel;
      (*for_touched_bytes)[i] += SatMul(numel, a.buffer->dtype.bytes());
      touched->At(nest.loops[i], a.buffer).push_back(numel);
    }
  }
}

// How far the index moves when `v` steps by one: linear terms exactly; a split (floordiv,
// floormod) keeps the coefficient of what it splits; other uses of `v` count as 1.
int64_t Coefficient(const PrimExpr& e, const VarNode* v) {
  if (e.get() == v) return 1;
  if (const CastNode* c = e.as<CastNode>()) return Coefficient(c->value, v);
  const BinaryNode* b = e.as<BinaryNode>();
  if (!b) return 0;
  int64_t ca = Coefficient(b->a, v), cb = Coefficient(b->b, v);
  const int64_t* kb = as_const_int(b->b);
  switch (e.kind()) {
    case Kind::kAdd: return ca + cb;
    case Kind::kSub: return ca - cb;
    case Kind::kMul:
      if (kb) return ca * *kb;
      if (const int64_t* ka = as_const_int(b->a)) return cb * *ka;
      return ca || cb ? 1 : 0;
    case Kind::kFloorDiv:
    case Kind::kDiv:
      if (!ca) return 0;
      return kb && *kb > 0 ? std::max<int64_t>(1, std::abs(ca) / *kb) : 1;
    case Kind::kFloorMod:
    case Kind::kMod: return ca;
    default: return ca || cb ? 1 : 0;
  }
}

// Elements between consecutive values of `v` (the smallest over the index tuples; 0 when no
// index moves with it), taking the rightmost dimension it moves.
int64_t VarStride(const Access& a, const std::vector<int64_t>& row_stride, const VarNode* v) {
  int64_t best = kMax;
  for (const MultiIndex& idx : a.indices) {
    for (size_t d = idx.size(); d-- > 0;) {
      if (int64_t c = Coefficient(idx[d], v)) {
        best = std::min(best, SatMul(std::abs(c), row_stride[d]));
        break;
      }
    }
  }
  return best == kMax ? 0 : best;
}

void SetStride(Access* a, const LoopNest& nest) {
  size_t ndim = a->shape.size();
  std::vector<int64_t> row_stride(ndim, 1);
  for (size_t d = ndim; d-- > 1;) row_stride[d - 1] = SatMul(row_stride[d], a->shape[d]);
  int n = static_cast<int>(nest.loops.size());
  int i = n - 1;
  for (; i >= 0; --i) {
    a->min_stride = VarStride(*a, row_stride, nest.loops[i]->loop_var.get());
    if (a->min_stride != 0) break;
  }
  a->innermost_stride = i == n - 1 ? a->min_stride : 0;
  a->prod_non_strided = 1;
  for (int j = n - 1; j > i; --j) {
    if (const int64_t* e = ConstExtent(nest.loops[j])) a->prod_non_strided *= *e;
  }
}

// Bytes read in one contiguous run: the trailing dimensions the access covers whole, times
// the extent it covers of the next one. (TVM takes one whole dimension, or 1 byte when the
// innermost dimension is partly covered, which turns partial rows into one line per byte.)
int64_t ContinuousBytes(const Access& a) {
  int64_t run = a.buffer->dtype.bytes();
  for (size_t d = a.shape.size(); d-- > 0;) {
    run = SatMul(run, a.access_shape[d]);
    if (a.access_shape[d] != a.shape[d]) break;
  }
  return std::max<int64_t>(run, 1);
}

void SetReuse(Access* a, const LoopNest& nest, double one_iteration_bytes,
              TouchedUnderLoop* touched) {
  std::unordered_set<const VarNode*> vars;
  for (const MultiIndex& idx : a->indices) {
    for (const PrimExpr& e : idx) CollectVars(e, &vars);
  }
  BufferAccessFeature& f = a->out;
  int n = static_cast<int>(nest.loops.size());
  for (int i = n - 1; i >= 0; --i) {
    const ForNode* loop = nest.loops[i];
    const int64_t* extent = ConstExtent(loop);
    // A loop the access does not depend on reads the same data on each iteration.
    if (!vars.count(loop->loop_var.get())) {
      f.reuse = ReuseType::kLoopMultipleRead;
      f.reuse_ct = extent ? *extent : 1;
      f.reuse_dis_iter = 1;
      for (int j = n - 1; j > i; --j) {
        if (const int64_t* e = ConstExtent(nest.loops[j])) f.reuse_dis_iter *= *e;
      }
      f.reuse_dis_bytes = i == n - 1 ? one_iteration_bytes : touched->Bytes(nest.loops[i + 1]);
      return;
    }
    // Several stores under this loop touch the buffer: each reuses what the previous touched.
    const std::vector<int64_t>& numels = touched->At(loop, a->buffer);
    if (numels.size() >= 2) {
      double ext = extent ? static_cast<double>(*extent) : 1.0;
      f.reuse = ReuseType::kSerialMultipleReadWrite;
      f.reuse_ct = static_cast<int64_t>(numels.size()) - 1;
      f.reuse_dis_iter = static_cast<double>(*std::min_element(numels.begin(), numels.end())) / ext;
      f.reuse_dis_bytes = touched->Bytes(loop) / ext;
      return;
    }
  }
}

void SetCounts(Access* a, const LoopNest& nest, int64_t cache_line_bytes) {
  BufferAccessFeature& f = a->out;
  double elem = a->buffer->dtype.bytes();
  f.buffer = a->buffer->name;
  f.access = a->type;
  f.stride = a->innermost_stride;
  f.varying_stride = a->min_stride;
  f.footprint = a->numel;
  f.bytes = elem * static_cast<double>(nest.prod);
  if (nest.loops.empty()) {
    f.unique_bytes = f.lines = f.unique_lines = 1;
    return;
  }
  f.unique_bytes = static_cast<double>(a->numel.front()) * elem;
  double line_fraction = std::min(1.0, static_cast<double>(a->min_stride) * elem / cache_line_bytes);
  f.lines = std::max(1.0, static_cast<double>(nest.prod) / a->prod_non_strided * line_fraction);
  double run = static_cast<double>(std::min(cache_line_bytes, ContinuousBytes(*a)));
  f.unique_lines = std::max(1.0, f.unique_bytes / run);
}

}  // namespace

std::vector<BufferAccessFeature> AccessFeatures(const BufferStoreNode* store, const LoopNest& nest,
                                                int64_t cache_line_bytes,
                                                std::vector<int64_t>* for_touched_bytes,
                                                TouchedUnderLoop* touched) {
  std::vector<Access> accesses = CollectAccesses(store);
  SetRegions(&accesses, nest, for_touched_bytes, touched);
  double one_iteration_bytes = 0;
  for (Access& a : accesses) {
    SetStride(&a, nest);
    one_iteration_bytes += a.buffer->dtype.bytes();
  }
  std::vector<BufferAccessFeature> out;
  for (Access& a : accesses) {
    SetReuse(&a, nest, nest.loops.empty() ? 0 : one_iteration_bytes, touched);
    SetCounts(&a, nest, cache_line_bytes);
    out.push_back(std::move(a.out));
  }
  std::stable_sort(out.begin(), out.end(), [](const BufferAccessFeature& x, const BufferAccessFeature& y) {
    if (x.lines != y.lines) return x.lines > y.lines;
    if (x.bytes != y.bytes) return x.bytes > y.bytes;
    return x.buffer < y.buffer;
  });
  return out;
}

}  // namespace detail
}  // namespace tuner
}  // namespace tirgen

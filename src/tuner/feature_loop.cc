// The loop nest around a store and its vectorize/unroll/parallel statistics (group 1b).
#include <algorithm>

#include "feature_internal.h"
#include "tirgen/tir/functor.h"

namespace tirgen {
namespace tuner {
namespace detail {

using namespace tir;  // NOLINT

const int64_t* ConstExtent(const ForNode* loop) { return as_const_int(loop->extent); }

void LoopNest::Push(const ForNode* loop) {
  outer_prods.push_back(prod);
  if (const int64_t* e = ConstExtent(loop)) prod *= *e;
  loops.push_back(loop);
  if (loop->kind == ForKind::kVectorized) vectorize.push_back(loop);
  if (loop->kind == ForKind::kUnrolled) unroll.push_back(loop);
  if (loop->kind == ForKind::kParallel) parallel.push_back(loop);
  auto it = loop->annotations.find("pragma_auto_unroll_max_step");
  const int64_t* step = it == loop->annotations.end() ? nullptr : as_const_int(it->second.cast<PrimExpr>());
  auto_unroll.push_back(step && *step > 0 ? *step : 0);
}

void LoopNest::Pop() {
  const ForNode* loop = loops.back();
  prod = outer_prods.back();
  outer_prods.pop_back();
  loops.pop_back();
  for (auto* kind : {&vectorize, &unroll, &parallel}) {
    if (!kind->empty() && kind->back() == loop) kind->pop_back();
  }
  auto_unroll.pop_back();
}

void CollectVars(const PrimExpr& e, std::unordered_set<const VarNode*>* out) {
  struct V : StmtExprVisitor {
    std::unordered_set<const VarNode*>* out;
    void VisitExpr_(const VarNode* op) override { out->insert(op); }
  } v;
  v.out = out;
  v.VisitExpr(e);
}

namespace {

class LoadIndexVars : public StmtExprVisitor {
 public:
  explicit LoadIndexVars(std::unordered_set<const VarNode*>* out) : out_(out) {}
  void VisitExpr_(const BufferLoadNode* op) override {
    for (const PrimExpr& i : op->indices) CollectVars(i, out_);
    StmtExprVisitor::VisitExpr_(op);
  }

 private:
  std::unordered_set<const VarNode*>* out_;
};

// Inner/middle/outer of position `i` among `n`; the last is inner (also when n == 1).
LoopPosition Place(size_t i, size_t n, LoopPosition inner, LoopPosition middle, LoopPosition outer) {
  if (i + 1 == n) return inner;
  return i == 0 ? outer : middle;
}

LoopPosition PositionOf(const ForNode* loop, const LoopNest& nest, const StoreIndexVars& vars) {
  const VarNode* v = loop->loop_var.get();
  size_t dim = 0, found = 0;
  for (size_t d = 0; d < vars.stored.size(); ++d) {
    if (vars.stored[d].count(v)) dim = d, ++found;
  }
  if (found > 1) return LoopPosition::kMixed;
  if (found == 1) {
    return Place(dim, vars.stored.size(), LoopPosition::kInnerSpatial, LoopPosition::kMiddleSpatial,
                 LoopPosition::kOuterSpatial);
  }
  // A loop that no stored index uses but a load does reduces into the store.
  if (!vars.loaded.count(v)) return LoopPosition::kOuterSpatial;  // the store sits under it
  std::vector<const ForNode*> reduce;
  for (const ForNode* l : nest.loops) {
    const VarNode* lv = l->loop_var.get();
    bool stored = false;
    for (const auto& s : vars.stored) stored = stored || s.count(lv);
    if (!stored && vars.loaded.count(lv)) reduce.push_back(l);
  }
  size_t i = std::find(reduce.begin(), reduce.end(), loop) - reduce.begin();
  return Place(i, reduce.size(), LoopPosition::kInnerReduce, LoopPosition::kMiddleReduce,
               LoopPosition::kOuterReduce);
}

}  // namespace

StoreIndexVars::StoreIndexVars(const BufferStoreNode* store) {
  for (const PrimExpr& i : store->indices) {
    stored.emplace_back();
    CollectVars(i, &stored.back());
  }
  LoadIndexVars(&loaded).VisitExpr(store->value);
}

LoopKindStats LoopKindFeature(const std::vector<const ForNode*>& loops, const LoopNest& nest,
                              const StoreIndexVars& vars) {
  LoopKindStats s;
  if (loops.empty()) return s;
  s.num = static_cast<int64_t>(loops.size());
  const int64_t* last = ConstExtent(loops.back());
  s.len = last ? *last : 1;
  s.prod = 1;
  for (const ForNode* l : loops) {
    if (const int64_t* e = ConstExtent(l)) s.prod *= *e;
  }
  s.pos = PositionOf(loops.back(), nest, vars);
  return s;
}

}  // namespace detail
}  // namespace tuner
}  // namespace tirgen

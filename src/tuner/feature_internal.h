// Pieces of the per-store feature extractor (tuner/feature_store.h), one file each:
// feature_prepare.cc (the lowering prefix), feature_loop.cc (loop nest, loop kinds),
// feature_arith.cc (operation counts), feature_access.cc (buffer footprints, strides, reuse),
// feature_store.cc (the walk that puts them together).
#pragma once

#include <cmath>
#include <cstdint>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "tirgen/tir/stmt.h"
#include "tirgen/tuner/feature_store.h"

namespace tirgen {
namespace tuner {
namespace detail {

/// log2(|x| + 1): how every count enters the model.
inline double slog(double x) { return std::log2(std::fabs(x) + 1.0); }

/// The program the features are read from (see feature_store.h): unit loops dropped, selects
/// without loads replaced by 1 (TVM's SimplifyForFeatureExtraction), then the block lowering.
IRModule PrepareForFeatures(const IRModule& mod);

/// A loop's constant extent, or nullptr.
const int64_t* ConstExtent(const tir::ForNode* loop);

/// The loops around the statement being visited, outermost first.
struct LoopNest {
  std::vector<const tir::ForNode*> loops;
  int64_t prod = 1;  ///< product of the constant extents
  std::vector<int64_t> outer_prods;  ///< prod before each loop was pushed
  std::vector<const tir::ForNode*> vectorize, unroll, parallel;
  std::vector<int64_t> auto_unroll;  ///< per loop: its pragma_auto_unroll_max_step, else 0
  void Push(const tir::ForNode* loop);
  void Pop();
};

/// Adds the variables `e` uses to `out`.
void CollectVars(const tir::PrimExpr& e, std::unordered_set<const tir::VarNode*>* out);

/// The variables a store's indices use: per dimension of the stored buffer, and in any load.
struct StoreIndexVars {
  explicit StoreIndexVars(const tir::BufferStoreNode* store);
  std::vector<std::unordered_set<const tir::VarNode*>> stored;  ///< one set per dimension
  std::unordered_set<const tir::VarNode*> loaded;
};

/// Vectorize/unroll/parallel statistics of `loops` (one kind, a sub-list of nest.loops).
LoopKindStats LoopKindFeature(const std::vector<const tir::ForNode*>& loops, const LoopNest& nest,
                              const StoreIndexVars& vars);

/// The operations of the store's value, times `trip_count`.
ArithCounts CountArith(const tir::BufferStoreNode* store, int64_t trip_count);

/// Elements of each buffer touched under each loop, one entry per store visited so far (the
/// serial-reuse evidence: a buffer touched by two stores under one loop is reused there).
class TouchedUnderLoop {
 public:
  std::vector<int64_t>& At(const tir::ForNode* loop, const tir::BufferNode* buffer);
  /// Sum of bytes (elements times element size) of everything touched under `loop`.
  double Bytes(const tir::ForNode* loop) const;

 private:
  using Entries = std::vector<std::pair<const tir::BufferNode*, std::vector<int64_t>>>;
  std::unordered_map<const tir::ForNode*, Entries> map_;
};

/// Group 2 for one store. Also sets for_touched_bytes[i] (bytes the store's buffers occupy
/// under loop i) and records the footprints in `touched`.
std::vector<BufferAccessFeature> AccessFeatures(const tir::BufferStoreNode* store,
                                                const LoopNest& nest, int64_t cache_line_bytes,
                                                std::vector<int64_t>* for_touched_bytes,
                                                TouchedUnderLoop* touched);

}  // namespace detail
}  // namespace tuner
}  // namespace tirgen

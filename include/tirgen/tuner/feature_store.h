// The raw per-store features of a scheduled program, before they become the float rows the cost
// model reads (tuner/feature.h exports them). In the spirit of MetaSchedule's PerStoreFeature
// (TVM v0.14, src/meta_schedule/feature_extractor/per_store_feature.cc), CPU only: for every
// BufferStore, what it computes (weighted by the trip counts of the loops around it), how those
// loops are annotated, and what memory each buffer it touches occupies at each loop level.
//
// Where the features are read: the scheduled function first goes through the block-lowering
// prefix TVM's extractor runs (unit loops dropped, LowerInitBlock,
// PlanAndUpdateBufferAllocationLocation, ConvertBlocksToOpaque, CompactBufferAllocation,
// Simplify, LowerMatchBuffer, Simplify), not through the whole LoweringPipeline: at that point
// loops still carry their kinds (VectorizeLoop and UnrollLoop would erase vectorized and
// unrolled loops), buffers keep their dimensions (so strides are per dimension), and cache
// buffers are already compacted to the size they really occupy.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tirgen/ir/module.h"
#include "tirgen/tir/function.h"

namespace tirgen {
namespace tuner {

struct FeatureConfig {
  int buffers_per_store = 5;                   ///< buffer-access blocks per row (more are dropped)
  int arith_intensity_curve_num_samples = 10;  ///< points of the arithmetic-intensity curve
  int cache_line_bytes = 64;                   ///< for the cache-line counts
};

/// Operations executed by one store's value, each counted once per execution of the store
/// (times the product of the constant trip counts of the loops around it).
struct ArithCounts {
  int64_t float_add_sub = 0;
  int64_t float_mul = 0;
  int64_t float_div_mod = 0;
  int64_t float_cmp = 0;          ///< comparisons, min and max
  int64_t float_math_func = 0;    ///< pure calls (exp, sqrt, ...) of float type
  int64_t float_other_func = 0;   ///< opaque calls (call_extern, ...) of float type
  int64_t int_add_sub = 0;        ///< integer ops include the index arithmetic of loads
  int64_t int_mul = 0;
  int64_t int_div_mod = 0;
  int64_t int_cmp = 0;
  int64_t int_math_func = 0;
  int64_t int_other_func = 0;
  int64_t bool_op = 0;            ///< and, or, not
  int64_t select_op = 0;
  /// Every float operation above.
  int64_t FloatOps() const;
};

/// Where the innermost loop of an annotation kind sits for the store: its variable indexes the
/// stored buffer (spatial; inner = last dimension, outer = first), only loaded buffers
/// (reduce; inner/outer among the reduce loops around the store), or several dimensions (mixed).
enum class LoopPosition : int {
  kNone = 0,
  kInnerSpatial,
  kMiddleSpatial,
  kOuterSpatial,
  kInnerReduce,
  kMiddleReduce,
  kOuterReduce,
  kMixed,
};

/// The loops of one kind (vectorized, unrolled or parallel) around a store.
struct LoopKindStats {
  int64_t num = 0;   ///< how many
  int64_t prod = 0;  ///< product of their extents (0 without such loops)
  int64_t len = 0;   ///< extent of the innermost one (the vector length, for vectorized)
  LoopPosition pos = LoopPosition::kNone;
};

enum class AccessType : int { kRead = 0, kWrite = 1, kReadWrite = 2 };
enum class ReuseType : int { kLoopMultipleRead = 0, kSerialMultipleReadWrite = 1, kNoReuse = 2 };

/// How one store touches one buffer (the stored one or a loaded one).
struct BufferAccessFeature {
  std::string buffer;  ///< buffer name
  AccessType access = AccessType::kRead;
  double bytes = 0;         ///< bytes accessed by all executions of the store
  double unique_bytes = 0;  ///< distinct bytes accessed under the outermost loop
  double lines = 0;         ///< cache lines accessed (by the innermost moving loop's stride)
  double unique_lines = 0;  ///< distinct cache lines
  ReuseType reuse = ReuseType::kNoReuse;
  double reuse_dis_iter = 0;   ///< iterations between reuses
  double reuse_dis_bytes = 0;  ///< bytes touched between reuses
  int64_t reuse_ct = 0;        ///< times the data is reused
  int64_t stride = 0;          ///< elements between the innermost loop's steps (0: invariant)
  int64_t varying_stride = 0;  ///< the same for the innermost loop that moves the access
  /// Distinct elements touched under each loop level, outermost first (the reuse footprint);
  /// empty without loops.
  std::vector<int64_t> footprint;
};

/// The allocation of the stored buffer (parameters count as allocated outside every loop).
struct AllocFeature {
  int64_t alloc_size = 0;        ///< bytes
  int64_t alloc_prod = 0;        ///< elements times the trip counts around the allocation
  int64_t alloc_outer_prod = 1;  ///< trip counts around the allocation
};

struct StoreFeature {
  std::string buffer;  ///< the stored buffer's name
  ArithCounts arith;
  LoopKindStats vectorize, unroll, parallel;
  /// One per buffer the store touches; most cache lines first (then bytes, then name).
  std::vector<BufferAccessFeature> accesses;
  /// FLOPs per unique byte as loop levels are added inner to outer, sampled at evenly spaced
  /// fractions of the store's FLOPs (TVM's roofline curve), log-scaled.
  std::vector<double> arith_intensity_curve;
  AllocFeature alloc;
  int64_t outer_prod = 1;            ///< product of the constant trip counts around the store
  int64_t num_loops = 0;             ///< loops around the store
  int64_t auto_unroll_max_step = 0;  ///< innermost pragma_auto_unroll_max_step around it
};

/// What the whole program does (the same for each of its stores).
struct FunctionFeature {
  int64_t float_ops = 0;    ///< sum of the stores' float operations
  int64_t alloc_bytes = 0;  ///< bytes of intermediate buffers (not parameters or constants)
  int64_t num_allocs = 0;   ///< number of intermediate buffers
  int64_t num_stores = 0;   ///< rows
};

struct ProgramFeatures {
  std::vector<StoreFeature> stores;  ///< in program order
  FunctionFeature function;
};

/// The raw features of every PrimFunc of a scheduled module (in name order): TensorIR with
/// blocks, as Schedule::mod() gives it, not code already lowered to loops.
ProgramFeatures ExtractStoreFeatures(const IRModule& mod, const FeatureConfig& config = {});
ProgramFeatures ExtractStoreFeatures(const tir::PrimFunc& func, const FeatureConfig& config = {});

}  // namespace tuner
}  // namespace tirgen

// What the CPU schedule rules share: the facts about a block they decide from, and the
// context (target, which parameters are constants) they decide with.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "tirgen/target/target.h"
#include "tirgen/tir/schedule/cpu_schedule.h"
#include "tirgen/tir/schedule/schedule.h"

namespace tirgen {
namespace tir {
namespace rules {

class Decider;

struct RuleContext {
  const target::Target& target;
  /// Parameter indices of the function whose arguments are constants at every call site: their
  /// layout may be changed (the caller packs the constants once, see ParamLayoutRewrite).
  std::set<int> layout_free_params;
  /// Parameter layout changes made so far (filled by the rules).
  std::vector<ParamLayoutRewrite>* rewrites;
  /// The function being scheduled, as it was before any rule ran (parameter order, buffers).
  PrimFunc func;
};

/// A block in lowering's canonical form: one loop per iter var, in order, serial, starting at 0,
/// perfectly nested, bound directly, no blocks below, spatial iter vars before reduction ones.
struct CanonicalBlock {
  BlockRV rv;
  Block block;
  std::vector<LoopRV> loops;     ///< one per iter var
  std::vector<int64_t> extents;  ///< of each loop
  size_t num_spatial = 0;        ///< loops [0, num_spatial) are spatial, the rest reductions
  int64_t Work() const;          ///< number of block instances, saturated at INT64_MAX
};

/// a * b for loop extents (both >= 0), saturated at INT64_MAX: a nest whose size overflows is
/// refused later, where it is allocated or run; the rules only compare sizes.
int64_t SaturatingMul(int64_t a, int64_t b);

/// The block in canonical form, or false.
bool GetCanonical(Schedule& sch, const BlockRV& block, CanonicalBlock* out);
/// The block named `name` directly under the root block of `func`, or an undefined Block
/// (found without the schedule, so nothing is recorded in its trace).
Block FindTopBlock(const PrimFunc& func, const std::string& name);

/// Names of the blocks directly under the root block, in program order.
std::vector<std::string> TopBlockNames(const PrimFunc& func);

/// True when the block has an iterator that is not data-parallel (a reduction).
bool IsReduction(const Block& block);
/// True when `e` mentions `v`.
bool Uses(const PrimExpr& e, const Var& v);
/// True when the block's body calls if_then_else or has a Select (data-dependent choices the
/// vectorizer would have to blend).
bool HasConditional(const Block& block);

/// Index of `buffer` among the function's parameters, or -1.
int ParamIndexOf(const PrimFunc& func, const Buffer& buffer);

/// lambda d0, ..., dn: (d0, ..., dj // tile, ..., dn, dj % tile): dimension `dim` split by
/// `tile`, its inner part moved last (dtype of the buffer's shape).
IndexMap SplitDimToInnermost(const Buffer& buffer, size_t dim, int64_t tile);

/// `e` is v, v + (something without v) in either order, or v - (something without v).
bool IsVarPlusOffset(const PrimExpr& e, const Var& v);
/// The constant c when `e` is v * c (or c * v), optionally plus something without v (either
/// order); 1 for IsVarPlusOffset; 0 otherwise.
int64_t VarScale(const PrimExpr& e, const Var& v);
/// True when every access of `r` walks `v` contiguously: v appears at most in the last
/// dimension, as v or v + (something without v), with extent 1.
bool ContiguousAlong(const BufferRegion& r, const Var& v);

/// For an extent no vector width divides: of `full` and `full / 2` lanes (>= 4), the one
/// with the most useful lanes per vector (extent / vectors; at least 4, over at least
/// `min_vectors` vectors: a lone partial vector runs guarded every time), and that number;
/// {0, 0} when none. The last vector is then predicated (guarded lanes in the C).
std::pair<int64_t, double> GuardedLanes(int64_t extent, int64_t full, int64_t min_vectors);

/// Splits the innermost loop of `block` by the widest power-of-two lane count (>= 4, at most
/// `max_lanes`) dividing it (else GuardedLanes: a predicated last vector) and vectorizes the
/// inner part, when that loop drives one data-parallel iterator (bound as `x + loop`) along
/// which every access is contiguous (selects and if_then_else are vector code too; a
/// predicate guards lanes). Returns the outer part, or nothing when it does not apply.
/// `loops`: the block's loops when the caller has them (else they are looked up).
std::optional<LoopRV> VectorizeInnermost(Schedule& sch, const BlockRV& block, int64_t max_lanes,
                                         std::vector<LoopRV> loops = {});

/// lambda d0, ..., dn: (d0, ..., d(j-1), d(j+1), ..., dn, dj): dimension `dim` moved last.
IndexMap MoveDimToInnermost(const Buffer& buffer, size_t dim);

/// Threads pay off above this many block instances (below, a parallel region's start-up and
/// barrier cost more than the work saves).
constexpr int64_t kMinParallelWork = int64_t{1} << 15;

// The rules (each in its own file). Each returns false, leaving the schedule as it was, when
// it does not apply; a ScheduleError half-way is caught by the driver.
/// Inlines injective producers into their consumers and elementwise consumers into their
/// (spatial) producers, as MetaSchedule's AutoInline does on CPU (never a block with a
/// conditional, e.g. padding: inlining it would put the condition in the hot loop).
void AutoInline(Schedule& sch, const RuleContext& ctx);
/// Register-tiled, vectorized, parallel reduction (conv, dense, matmul, pooling): see the file.
/// `decider`: where its free choices (tile sizes, parallel loops, unrolling) come from.
bool MultiLevelTiling(Schedule& sch, const CanonicalBlock& block, RuleContext& ctx, Decider& decider);
/// Spatial (injective) blocks: innermost loop vectorized, outer loops fused and parallel.
bool ParallelVectorize(Schedule& sch, const CanonicalBlock& block, const RuleContext& ctx);
/// Reductions no other rule takes: spatial loop innermost under the reduction, init
/// decomposed, outer loop parallel when large.
bool ReorderReduction(Schedule& sch, const CanonicalBlock& block, const RuleContext& ctx);

/// AutoInline, then one rule per remaining top-level block in program order (the drivers'
/// shared part). Returns the names of the spatial blocks with a conditional (padding) left
/// at the top level: candidates for a compute location.
std::vector<std::string> ApplyRules(Schedule& sch, RuleContext& ctx, Decider& decider);

}  // namespace rules
}  // namespace tir
}  // namespace tirgen

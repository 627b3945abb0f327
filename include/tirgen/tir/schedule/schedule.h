// TensorIR schedules (TVM's tir.Schedule): primitives that transform the loops and blocks of a
// PrimFunc inside an IRModule, addressed through handles (BlockRV / LoopRV) that stay valid
// while the statements they name are rebuilt. Every applied primitive is recorded in a Trace
// (tirgen/tir/schedule/trace.h) that prints as TVM prints it and replays on another copy.
//
// Primitives are atomic: each checks its preconditions first and throws ScheduleError (naming
// the block or loop and the violated condition) without changing the module.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "tirgen/ir/module.h"
#include "tirgen/support/random.h"
#include "tirgen/tir/function.h"
#include "tirgen/tir/schedule/index_map.h"
#include "tirgen/tir/schedule/trace.h"

namespace tirgen {
namespace tir {

/// A schedule precondition does not hold; the message names the block/loop and the condition.
class ScheduleError : public Error {
 public:
  explicit ScheduleError(const std::string& message) : Error("ScheduleError: " + message) {}
};

/// Handle of a block (valid while the block, or what a primitive turned it into, exists).
struct BlockRV {
  int id = -1;
};
/// Handle of a loop (identified by its loop variable, as TVM reuses loop srefs).
struct LoopRV {
  int id = -1;
};
using BlockOrLoopRV = std::variant<BlockRV, LoopRV>;
/// Handle of a sampled integer (TVM's ExprRV): what sample_perfect_tile / sample_categorical
/// return; split factors and annotation values accept it and the trace names it (v<k>).
struct ExprRV {
  int id = -1;
};

/// An annotation value as TVM's Python API accepts it: int, float, string, bool or a sampled
/// integer (recorded as its variable, annotated as its value).
using AnnotationValue = std::variant<int64_t, double, std::string, bool, ExprRV>;

/// One split factor as TVM takes it: None (inferred), a constant, or a sampled integer (recorded
/// in the trace as its variable).
struct SplitFactor {
  static SplitFactor Inferred() { return SplitFactor(); }
  static SplitFactor Const(int64_t v) {
    SplitFactor f;
    f.value = v;
    return f;
  }
  static SplitFactor Sampled(ExprRV rv) {
    SplitFactor f;
    f.rv = rv;
    return f;
  }
  std::optional<int64_t> value;  ///< a constant (-1 also means inferred)
  std::optional<ExprRV> rv;      ///< a sampled value
};

/// The seed a Schedule gets when none is given: tirgen's output is deterministic by default
/// (TVM draws one from the device; pass -1 for that).
constexpr int64_t kDefaultScheduleSeed = 1;

class Schedule {
 public:
  /// Schedules `mod`; the function worked on is "main" if present, else the only one. `seed`
  /// starts the random state of the sampling primitives (TVM's `Schedule(mod, seed=...)`).
  explicit Schedule(IRModule mod, int64_t seed = kDefaultScheduleSeed);
  /// Schedules IRModule({"main": func}).
  explicit Schedule(const PrimFunc& func, int64_t seed = kDefaultScheduleSeed);

  /// An independent copy (module, handles, trace); its random state is forked from this one's
  /// (which advances), as TVM's copy() does.
  Schedule Copy();
  /// Restarts the random state (TVM's seed()); -1 draws a device-random seed.
  void Seed(int64_t seed) { rng_.Seed(seed); }
  /// A seed for another schedule, derived from (and advancing) this one's random state.
  int64_t ForkSeed() { return rng_.ForkSeed(); }

  /// The module as scheduled so far.
  IRModule mod() const;
  /// The primitives applied so far.
  const Trace& trace() const { return trace_; }
  /// Later get_block calls look in `func_name`.
  void WorkOn(const std::string& func_name);
  /// Marks where the postprocessors' instructions begin (TVM's EnterPostproc: no effect on
  /// the module; traces from tuning records print it as `sch.enter_postproc()`).
  void EnterPostproc();

  // ---- handles ---------------------------------------------------------------------------
  /// The unique block named `name` in `func_name` (default: the function worked on).
  BlockRV GetBlock(const std::string& name, const std::string& func_name = "");
  /// Loops around `block` up to its scope block, outermost first.
  std::vector<LoopRV> GetLoops(const BlockRV& block);
  /// Blocks directly under a block or loop (not nested in other blocks), in program order.
  std::vector<BlockRV> GetChildBlocks(const BlockOrLoopRV& parent);
  /// Blocks in the same scope that write what `block` reads / read what `block` writes.
  std::vector<BlockRV> GetProducers(const BlockRV& block);
  std::vector<BlockRV> GetConsumers(const BlockRV& block);
  /// Blocks anywhere under `scope_block` (program order) that write a buffer their own scope
  /// block does not allocate.
  std::vector<BlockRV> GetOutputBlocks(const BlockRV& scope_block);
  /// The statements a handle currently refers to.
  Block Get(const BlockRV& rv) const;
  For Get(const LoopRV& rv) const;
  /// The value of a sampled integer.
  int64_t Get(const ExprRV& rv) const;

  // ---- sampling (src/tir/schedule/sampling.cc) ------------------------------------------------
  // Each draws from the schedule's random state unless `decision` is given, which is checked
  // (ScheduleError when it does not fit) and used instead; the trace records the decision.
  /// `n` factors whose product is the extent of `loop`, the innermost at most
  /// `max_innermost_factor` (-1: no bound). decision: the n factors. A loop of non-constant extent
  /// gets [-1, 1, ..., 1] (split infers the -1).
  std::vector<ExprRV> SamplePerfectTile(const LoopRV& loop, int n, int max_innermost_factor = 16,
                                        const std::optional<std::vector<int64_t>>& decision = std::nullopt);
  /// One of `candidates`, drawn with the given weights. decision: the index of the candidate.
  ExprRV SampleCategorical(const std::vector<int64_t>& candidates, const std::vector<double>& probs,
                           const std::optional<int64_t>& decision = std::nullopt);
  /// A loop `block` can be computed at, as a LoopRV for compute_at. decision (TVM's encoding): -2
  /// inline, -1 root (where it is; compute_at does nothing), k >= 0 the k-th loop above the first
  /// consumer. Candidates: inline if compute_inline applies, root, then the loops down to the
  /// consumers' lowest common ancestor where compute_at applies, skipping unit loops,
  /// data-parallel loops after a reduction loop and trailing reduction loops.
  LoopRV SampleComputeLocation(const BlockRV& block, const std::optional<int64_t>& decision = std::nullopt);

  // ---- loop primitives ------------------------------------------------------------------
  /// Splits `loop` into len(factors) nested loops; at most one factor may be nullopt (inferred).
  std::vector<LoopRV> Split(const LoopRV& loop, const std::vector<std::optional<int64_t>>& factors,
                            bool preserve_unit_iters = true);
  /// Splits by sampled factors (sample_perfect_tile's results); the trace records the variables.
  std::vector<LoopRV> Split(const LoopRV& loop, const std::vector<ExprRV>& factors,
                            bool preserve_unit_iters = true);
  /// Splits by factors of any kind (None, constants and sampled values mixed).
  std::vector<LoopRV> Split(const LoopRV& loop, const std::vector<SplitFactor>& factors,
                            bool preserve_unit_iters = true);
  /// Fuses a chain of directly nested loops into one.
  LoopRV Fuse(const std::vector<LoopRV>& loops, bool preserve_unit_iters = true);
  /// Puts the given loops (one chain) into the given order, in the positions they occupy.
  void Reorder(const std::vector<LoopRV>& loops);
  void Parallel(const LoopRV& loop);
  void Vectorize(const LoopRV& loop);
  void Unroll(const LoopRV& loop);
  /// Sibling loop nests of equal depth and extents (below their common ancestor) become one nest
  /// of loops `<var>_m` running the given loops' bodies in order, where the last nest was.
  LoopRV Merge(const std::vector<LoopRV>& loops);
  /// A new serial loop `u` of extent 1 directly above a loop or a (non-root) block.
  LoopRV AddUnitLoop(const BlockOrLoopRV& target);
  void Annotate(const BlockOrLoopRV& target, const std::string& key, const AnnotationValue& value);
  void Unannotate(const BlockOrLoopRV& target, const std::string& key);

  // ---- block primitives -----------------------------------------------------------------
  void ComputeInline(const BlockRV& block);
  void ReverseComputeInline(const BlockRV& block);
  /// `loop` may come from sample_compute_location: its root location leaves the block where it
  /// is, its inline location inlines it (TVM's compute_at does the same).
  void ComputeAt(const BlockRV& block, const LoopRV& loop, bool preserve_unit_loops = false,
                 int index = -1);
  void ReverseComputeAt(const BlockRV& block, const LoopRV& loop, bool preserve_unit_loops = false,
                        int index = -1);
  BlockRV CacheRead(const BlockRV& block, int read_buffer_index, const std::string& storage_scope,
                    const std::vector<BlockRV>& consumer_blocks = {});
  BlockRV CacheWrite(const BlockRV& block, int write_buffer_index,
                     const std::string& storage_scope,
                     const std::vector<BlockRV>& consumer_blocks = {});
  BlockRV DecomposeReduction(const BlockRV& block, const LoopRV& loop);
  /// Splits the reduction under `loop` into a block reducing into a new buffer (`<buffer>.rf`)
  /// with the loop as dimension `factor_axis` (negative counts from the end), and the original
  /// block, which now reduces that buffer over `loop`. Returns the new (rfactor) block.
  BlockRV RFactor(const LoopRV& loop, int factor_axis);
  /// The buffer `block` writes (is_write) or reads at `buffer_index` takes the layout
  /// `index_map` gives it; every access is rewritten. The map must be a bijection of the buffer's
  /// shape onto the new one unless `assume_injective_transform` (then it is not checked).
  /// The block's iters become `v<i>` = index_map(iters) over new serial loops `ax<i>` (TVM's
  /// TransformBlockLayout); the map must be bijective affine over the iter domains, the block's
  /// loops a chain bound one to one to its iters.
  void TransformBlockLayout(const BlockRV& block, const IndexMap& index_map);
  void TransformLayout(const BlockRV& block, bool is_write, int buffer_index, const IndexMap& index_map,
                       bool assume_injective_transform = false);
  BlockRV Blockize(const LoopRV& loop, bool preserve_unit_iters = true);
  void Tensorize(const BlockOrLoopRV& target, const std::string& intrin_name,
                 bool preserve_unit_iters = true);
  /// The buffer `block` writes at `buffer_index` (allocated in a block) moves to `storage_scope`.
  void SetScope(const BlockRV& block, int buffer_index, const std::string& storage_scope);
  /// Asks that `axis` of the buffer `block` writes at `buffer_index` get a stride with
  /// stride % factor == offset (block annotation "buffer_dim_align", applied at lowering).
  void StorageAlign(const BlockRV& block, int buffer_index, int axis, int factor, int offset);
  /// The block-allocated buffer `block` writes at `buffer_index` takes element type `dtype`;
  /// stores cast to it, loads cast back (values round through the new type).
  void UnsafeSetDType(const BlockRV& block, int buffer_index, const std::string& dtype);
  /// Splits a padding block `A[...] = T.if_then_else(cond, value, pad)` (pad a constant): a new
  /// block `<name>_pad_const` fills the whole buffer with `pad` under copies of the loops from
  /// `loop` inward, right before `loop`; the block then writes `value` on the in-bound region
  /// only (its loops shrink where they are its bindings). Returns the new block.
  BlockRV DecomposePadding(const BlockRV& block, const LoopRV& loop);
  /// The buffer a leaf block reads (writes) at `buffer_index` goes through `<buffer>_reindex`,
  /// indexed by the block's iter vars its access uses, copied right before (after) the block's
  /// loop nest. Returns the copy block.
  BlockRV ReIndex(const BlockRV& block, bool is_write, int buffer_index);

  // ---- used by the primitives (src/tir/schedule) ------------------------------------------
  struct State;
  State& state() { return *state_; }
  const State& state() const { return *state_; }
  /// New handles in function `func`.
  BlockRV NewBlockRV(const Block& block, const std::string& func);
  LoopRV NewLoopRV(const Var& loop_var, const std::string& func);
  ExprRV NewExprRV(int64_t value);
  /// The trace value of a handle (for recording).
  TraceValue Value(const BlockRV& rv) const { return TraceValue::RV(TraceValue::kBlockRV, rv.id); }
  TraceValue Value(const LoopRV& rv) const { return TraceValue::RV(TraceValue::kLoopRV, rv.id); }
  TraceValue Value(const ExprRV& rv) const { return TraceValue::RV(TraceValue::kExprRV, rv.id); }
  TraceValue Value(const BlockOrLoopRV& rv) const;

 private:
  std::shared_ptr<State> state_;
  Trace trace_;
  support::LinearCongruentialEngine rng_;
};

}  // namespace tir
}  // namespace tirgen

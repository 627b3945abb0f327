// MultiLevelTiling for CPUs: a reduction block (conv2d, dense, matmul, pooling ...) computes a
// register tile of its outputs at a time.
//
// Decisions (analytical, from the block's accesses and the target):
//  - the vector axis v: a spatial iterator whose extent the SIMD width (or half of it) divides
//    and along which every read is contiguous or can be made so: a broadcast (v unused), v
//    already the last index (or 2v there: stride-2 windows, loaded as two vectors and a
//    shuffle), a layout-free parameter (a constant weight: packed once by the
//    caller), or an intermediate buffer of this function (its producer writes it packed).
//    Chosen by estimated cycles per output: reduction FMAs over the lanes, plus the
//    write-back (vector stores when v is the output's innermost dimension, a scalar transpose
//    otherwise), plus a repacked intermediate. Deep reductions (3x3 convolutions over many
//    channels) vectorize the output channels; shallow ones (pointwise over few channels,
//    depthwise) the output's rows when they are long enough;
//  - the register axis u: the other spatial iterator that the most vector loads do not
//    depend on (so each load feeds the whole tile), innermost among equals; the tile is
//    k vectors along v times r steps of u (r a divisor of u's extent), at most 24 (16)
//    accumulators, chosen for the most FMAs per load (k <= 2 unless u cannot block);
//  - loops: [spatial outer][reductions][u_i, v_vectors, v_lanes], the accumulator tile in a
//    local buffer laid out v-innermost (cache_write + transform_layout), elementwise
//    consumers fused into its write-back (reverse_compute_inline), the write-back computed at
//    the tile (reverse_compute_at), the init decomposed out and vectorized, the lanes loop
//    vectorized, the tile loops unrolled, the outer spatial loops fused and parallel.
// The design space (decider_sampled.cc) samples the tile and adds a cache level: each spatial
// axis' outer loop split once more, [outer][cache][reductions][register tile].
// Each output element's reduction keeps its order: only independent outputs share a vector.
#include "decider.h"
#include "rule_util.h"

#include <tuple>

namespace tirgen {
namespace tir {
namespace rules {
namespace {

enum class ReadKind { kBroadcast, kContiguous, kStrided, kPackParam, kPackIntermediate };

struct ReadPlan {
  Buffer buffer;
  ReadKind kind = ReadKind::kBroadcast;
  size_t dim = 0;  // the dimension v indexes (packing)
};

struct VectorChoice {
  size_t axis = 0;       // index of v among the iter vars
  int64_t lanes = 0;     // SIMD lanes
  bool guarded = false;  // the lanes do not divide v's extent: a predicated last vector
  bool repacks = false;  // an intermediate must be repacked for this axis
  std::vector<ReadPlan> reads;
  size_t out_dim = 0;    // dimension of the output v indexes
  double cost = 0;  // estimated cycles per output element (lower is better)
};

bool IsVar(const PrimExpr& e, const Var& v) { return e.get() == v.get(); }

int64_t CeilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

int64_t LargestDivisorAtMost(int64_t n, int64_t limit) {
  for (int64_t d = std::min(n, limit); d > 1; --d)
    if (n % d == 0) return d;
  return 1;
}

bool PlanRead(const BufferRegion& r, const Var& v, const RuleContext& ctx, ReadPlan* plan) {
  plan->buffer = r->buffer;
  std::vector<size_t> dims;
  for (size_t d = 0; d < r->region.size(); ++d)
    if (Uses(r->region[d]->min, v) || Uses(r->region[d]->extent, v)) dims.push_back(d);
  if (dims.empty()) return plan->kind = ReadKind::kBroadcast, true;
  if (dims.size() != 1 || !is_one(r->region[dims[0]]->extent)) return false;
  size_t d = dims[0];
  const PrimExpr& min = r->region[d]->min;
  bool last = d + 1 == r->region.size();
  if (last && IsVarPlusOffset(min, v)) return plan->kind = ReadKind::kContiguous, true;
  // Every other element (stride-2 windows): two vector loads and a shuffle in the C.
  if (last && VarScale(min, v) == 2) return plan->kind = ReadKind::kStrided, true;
  if (!IsVar(min, v)) return false;
  plan->dim = d;
  int p = ParamIndexOf(ctx.func, r->buffer);
  if (p >= 0) {
    if (!ctx.layout_free_params.count(p)) return false;
    return plan->kind = ReadKind::kPackParam, true;
  }
  return plan->kind = ReadKind::kPackIntermediate, true;
}

bool Choose(const CanonicalBlock& c, const RuleContext& ctx, VectorChoice* best) {
  const Block& b = c.block;
  if (b->writes.size() != 1 || !b->init) return false;
  const BufferRegion& out = b->writes[0];
  DataType dt = out->buffer->dtype;
  if (dt.lanes() != 1 || dt.is_bool() || (dt.bits() != 32 && dt.bits() != 64)) return false;
  const int64_t full = ctx.target.VectorLanes(dt.bits());
  std::vector<VectorChoice> choices;
  for (size_t i = 0; i < c.num_spatial; ++i) {
    const Var& v = b->iter_vars[i]->var;
    VectorChoice ch;
    ch.axis = i;
    for (int64_t lanes : {full, full / 2}) {
      if (lanes >= 4 && c.extents[i] % lanes == 0) {
        ch.lanes = lanes;
        break;
      }
    }
    // An extent no vector width divides (54, 27, 13): the width that wastes the fewest
    // lanes, the last vector guarded (a predicated tail, blended in the C).
    double useful = static_cast<double>(ch.lanes);
    if (ch.lanes == 0) {
      std::tie(ch.lanes, useful) = GuardedLanes(c.extents[i], full, 2);
      ch.guarded = ch.lanes > 0;
    }
    if (ch.lanes == 0) continue;
    bool out_found = false;
    for (size_t d = 0; d < out->region.size(); ++d) {
      if (IsVar(out->region[d]->min, v)) ch.out_dim = d, out_found = true;
    }
    if (!out_found) continue;
    bool ok = true;
    int intermediates = 0, strided = 0;
    for (const BufferRegion& r : b->reads) {
      if (!ok) break;
      ReadPlan plan;
      if (!PlanRead(r, v, ctx, &plan)) {
        ok = false;
        break;
      }
      intermediates += plan.kind == ReadKind::kPackIntermediate;
      // A packed layout would need padding for a predicated tail.
      ok = ok && !(ch.guarded && (plan.kind == ReadKind::kPackParam || plan.kind == ReadKind::kPackIntermediate));
      strided += plan.kind == ReadKind::kStrided;
      ch.reads.push_back(plan);
    }
    if (!ok) continue;
    bool out_last = ch.out_dim + 1 == out->region.size();
    // Per output element: the reduction's vector FMAs (two a cycle; a strided read's extra
    // load and shuffle take about three FMA slots more), the write-back (a vector store when
    // v is the output's innermost dimension, else a scalar transpose of about two cycles an
    // element), a repacked intermediate (a copy, about one cycle an element).
    double reduction = 1;
    for (size_t k = c.num_spatial; k < c.extents.size(); ++k) reduction *= static_cast<double>(c.extents[k]);
    // A guarded tail computes on all lanes (useful ones counted) and blends each update.
    double tail = ch.guarded ? 1.0 / static_cast<double>(CeilDiv(c.extents[i], ch.lanes)) : 0.0;
    ch.cost = (0.5 + 1.5 * strided + tail) * reduction / useful + (out_last ? 2.0 / useful : 2.0) + intermediates;
    ch.repacks = intermediates > 0;
    choices.push_back(ch);
  }
  // Guarded vectors (every update blended, loads tested) measured slower than an axis the
  // lanes divide unless that axis must repack an intermediate (depthwise convolutions and
  // pooling over padded inputs): then the guarded axis competes on cost.
  bool plain_direct = false;
  for (const VectorChoice& ch : choices) plain_direct = plain_direct || (!ch.guarded && !ch.repacks);
  bool found = false;
  for (const VectorChoice& ch : choices) {
    if (ch.guarded && plain_direct) continue;
    if (!found || ch.cost < best->cost) *best = ch, found = true;  // ties: the outermost
  }
  return found;
}

// Index of the read region of `block` over the buffer with data var `data`, or -1.
int ReadIndex(const Block& block, const Var& data) {
  for (size_t i = 0; i < block->reads.size(); ++i)
    if (block->reads[i]->buffer->data.get() == data.get()) return static_cast<int>(i);
  return -1;
}


}  // namespace

bool MultiLevelTiling(Schedule& sch, const CanonicalBlock& c, RuleContext& ctx, Decider& decider) {
  if (c.num_spatial == 0 || c.num_spatial == c.loops.size()) return false;
  VectorChoice ch;
  if (!Choose(c, ctx, &ch)) return false;
  const size_t v = ch.axis;
  // Accumulators per register tile: 24 of AVX-512's 32 zmm registers (squeezenet1_0's 27-wide
  // convolutions take a 2x9 tile: 15% faster than with 16); 16 below it (12 measured 1.5x
  // slower on resnet18 with AVX2: the broadcasts fold into the FMAs as memory operands).
  const int64_t kAccumulatorRegisters = ctx.target.VectorBits() >= 512 ? 24 : 16;
  // Register axis: the spatial loop (longer than 1) that the most vector loads do not depend
  // on (each such load then feeds u's whole tile), the innermost among equals.
  int u = -1;
  int best_reuse = -1;
  for (size_t i = 0; i < c.num_spatial; ++i) {
    if (i == v || c.extents[i] <= 1) continue;
    int reuse = 0;
    for (const BufferRegion& r : c.block->reads) {
      bool vector_load = false, uses_u = false;
      for (const Range& d : r->region) {
        vector_load = vector_load || Uses(d->min, c.block->iter_vars[v]->var);
        uses_u = uses_u || Uses(d->min, c.block->iter_vars[i]->var);
      }
      reuse += vector_load && !uses_u;
    }
    if (reuse >= best_reuse) best_reuse = reuse, u = static_cast<int>(i);
  }
  // The register tile: k vectors along v times r steps of u (r divides u's extent), at most
  // that many accumulators, chosen for the most FMAs per load (k*r FMAs for k vector loads and r
  // broadcasts), then the most accumulators (to hide FMA latency). When no r > 1 divides u's
  // extent (a prime: 109) r >= 4 may overhang it, the last tile's extra steps predicated off,
  // if at most a tenth of the steps is wasted (guarded steps measured slower than divisors,
  // and than r = 1 at 13 and 2 of 13); else r = 1, made up for with more vectors along v.
  int64_t vectors = 1, reg = 1;
  double best = -1;
  auto divides_u = [&](int64_t limit) { return u >= 0 && LargestDivisorAtMost(c.extents[u], limit) > 1; };
  // At most two vectors while u blocks (wider tiles pack more weight per tile than L1 holds:
  // measured slower on resnet18's 3x3 convolutions); up to eight when u cannot block at all.
  auto overhang = [&](int64_t k) {
    if (u < 0 || divides_u(kAccumulatorRegisters / k)) return int64_t{0};
    int64_t r = std::min(c.extents[u], kAccumulatorRegisters / k);
    double real = static_cast<double>(c.extents[u]) / static_cast<double>(CeilDiv(c.extents[u], r) * r);
    return r >= 4 && real >= 0.9 ? r : int64_t{0};
  };
  const int64_t max_vectors = divides_u(kAccumulatorRegisters / 2) || overhang(2) ? 2 : 8;
  for (int64_t k = 1; k <= (ch.guarded ? 1 : max_vectors); ++k) {
    if (!ch.guarded && c.extents[v] % (k * ch.lanes) != 0) continue;
    int64_t r = u < 0 ? 1 : LargestDivisorAtMost(c.extents[u], kAccumulatorRegisters / k);
    double real = 1.0;
    if (int64_t o = overhang(k)) {
      r = o;
      real = static_cast<double>(c.extents[u]) / static_cast<double>(CeilDiv(c.extents[u], r) * r);
    }
    double per_load = real * static_cast<double>(k * r) / static_cast<double>(k + r);
    if (per_load > best + 1e-9 || (per_load > best - 1e-9 && k * r > vectors * reg)) {
      best = per_load;
      vectors = k;
      reg = r;
    }
  }
  const int64_t tile = decider.PackTile(vectors, ch.lanes);

  // 1. Layouts: v's dimension split by the tile, its inner part innermost.
  for (const ReadPlan& plan : ch.reads) {
    if (plan.kind != ReadKind::kPackParam && plan.kind != ReadKind::kPackIntermediate) continue;
    int index = ReadIndex(sch.Get(c.rv), plan.buffer->data);
    if (index < 0) continue;
    IndexMap map = SplitDimToInnermost(plan.buffer, plan.dim, tile);
    sch.TransformLayout(c.rv, false, index, map, /*assume_injective_transform=*/true);
    if (plan.kind == ReadKind::kPackParam) ctx.rewrites->push_back({ParamIndexOf(ctx.func, plan.buffer), map});
  }

  // 2. Tiles and loop order.
  AxisTiles vt = decider.TileVectorAxis(sch, c.loops[v], vectors, ch.lanes, ch.guarded, max_vectors);
  // The tile's vectors (sampled ones included) bound its steps along u: accumulators.
  const int64_t tile_vectors = vt.inner.size() > 1 ? *as_const_int(sch.Get(vt.inner[0])->extent) : 1;
  AxisTiles ut;
  if (u >= 0)
    ut = decider.TileRegisterAxis(sch, c.loops[u], reg, std::max<int64_t>(1, kAccumulatorRegisters / tile_vectors));
  // [outer loops][cache-level loops (sampled only)][reductions][u's steps, v's vectors, lanes]
  std::vector<LoopRV> outer, cache, order;
  for (size_t i = 0; i < c.num_spatial; ++i) {
    AxisTiles t = i == v                       ? vt
                  : static_cast<int>(i) == u   ? ut
                  : c.extents[i] > 1           ? decider.TileOtherAxis(sch, c.loops[i])
                                               : AxisTiles{c.loops[i], std::nullopt, {}};
    outer.push_back(t.outer);
    if (t.cache) cache.push_back(*t.cache);
  }
  order = outer;
  order.insert(order.end(), cache.begin(), cache.end());
  for (size_t i = c.num_spatial; i < c.loops.size(); ++i) order.push_back(c.loops[i]);
  order.insert(order.end(), ut.inner.begin(), ut.inner.end());
  order.insert(order.end(), vt.inner.begin(), vt.inner.end());
  sch.Reorder(order);
  const LoopRV tile_loop = cache.empty() ? outer.back() : cache.back();  // one register tile under it

  // 3. Accumulator tile in registers, lanes innermost; epilogue fused into its write-back.
  Buffer out_buffer = c.block->writes[0]->buffer;
  BlockRV write_back = sch.CacheWrite(c.rv, 0, "local");
  for (;;) {
    std::vector<BlockRV> consumers = sch.GetConsumers(write_back);
    if (consumers.size() != 1) break;
    Block consumer = sch.Get(consumers[0]);
    if (HasConditional(consumer)) break;
    try {
      sch.ReverseComputeInline(consumers[0]);
    } catch (const ScheduleError&) {
      break;
    }
  }
  sch.ReverseComputeAt(write_back, tile_loop, decider.KeepUnitLoops());
  // The write-back walks the output contiguously when v is its innermost dimension.
  VectorizeInnermost(sch, write_back, ch.lanes);
  // After compute-at (the write-back's region is solved on the plain layout): v's dimension
  // moved innermost, so the tile's vectors are contiguous once the buffer is compacted to it.
  Buffer local = sch.Get(c.rv)->writes[0]->buffer;
  if (ch.out_dim + 1 != local->shape.size())
    sch.TransformLayout(c.rv, true, 0, MoveDimToInnermost(local, ch.out_dim), true);

  // 4. Init out of the reduction; vector lanes, unrolled tile loops.
  BlockRV init = sch.DecomposeReduction(c.rv, c.loops[c.num_spatial]);
  size_t inner_count = ut.inner.size() + vt.inner.size();
  std::vector<LoopRV> init_loops = sch.GetLoops(init);
  for (size_t k = 0; k < inner_count && k < init_loops.size(); ++k) {
    const LoopRV& l = init_loops[init_loops.size() - 1 - k];
    if (k == 0) sch.Vectorize(l); else sch.Unroll(l);
  }
  sch.Vectorize(vt.inner.back());
  if (vt.inner.size() > 1) sch.Unroll(vt.inner[0]);
  if (!ut.inner.empty()) sch.Unroll(ut.inner[0]);

  // 5. Threads over the fused outer tiles.
  if (c.Work() >= kMinParallelWork) decider.Parallelize(sch, outer);
  decider.AutoUnroll(sch, c.rv);
  return true;
}

}  // namespace rules
}  // namespace tir
}  // namespace tirgen

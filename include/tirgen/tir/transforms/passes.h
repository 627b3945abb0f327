// The TIR passes of the block-to-loop lowering, by TVM name (DESIGN.md §1). Each lives in its
// own file under src/tir/transforms/ and registers itself (TIRGEN_REGISTER_PASS), so it can be
// looked up by name as well as called directly here.
#pragma once

#include "tirgen/tir/transform.h"

namespace tirgen {
namespace tir {
namespace transform {

// ---- block-level passes: LowerInitBlock .. LowerMatchBuffer --------------------------------

/// Turns each block's `init` into `if (r0 == min0 && ...): init` in front of its body, over the
/// block's reduction iter vars (the init unchanged when there are none).
Pass LowerInitBlock();

/// Moves every block-allocated buffer to the lowest common ancestor of its accesses: into that
/// block's alloc_buffers, or into a new opaque block right under that loop. Buffers no longer
/// visible are dropped from block reads/writes. Parameters, Allocate and AllocateConst buffers
/// are never moved (but constant buffers are known, so their views are handled).
Pass PlanAndUpdateBufferAllocationLocation();

/// Removes block iter vars, substituting their bindings into the block (blocks become opaque).
Pass ConvertBlocksToOpaque();

/// Shrinks each allocated buffer to the region actually accessed under its allocation point
/// and rebases indices (index - region min). Constant buffers are never touched. Strict mode
/// (TVM's default) never lets a region exceed the original shape.
Pass CompactBufferAllocation(bool is_strict = true);

/// Replaces match_buffer views by direct accesses to their source buffer region and binds the
/// view's symbolic fields (data, elem_offset, strides, shape); match_buffers become empty.
Pass LowerMatchBuffer();

// ---- loop-level passes (Simplify, LowerOpaqueBlock, FlattenBuffer, ...) go below -----------

/// Range-aware expression simplification (loop and block iterator ranges known); removes
/// provably true/false branches, inlines pure integer lets, drops `x[i] = x[i]`.
Pass Simplify();

/// Opaque blocks become their bodies: alloc_buffers -> Allocate + DeclBuffer, predicates -> if,
/// unit loops vanish, pragma annotations -> AttrStmt.
Pass LowerOpaqueBlock();

/// Multi-dimensional buffer accesses become one-dimensional ones on flat views of the same
/// memory (constant buffers included); allocations take the flat extent.
Pass FlattenBuffer();

/// Integer index arithmetic narrowed to `target_bits` where the values provably fit.
Pass NarrowDataType(int target_bits);

/// Removes statements without effect (empty loops, Evaluate(0), x[i] = x[i]).
Pass RemoveNoOp();

/// `T.vectorized` loops of constant extent become vector statements (Ramp/Broadcast); loops
/// it cannot vectorize (or all, when `enable_vectorize` is false) become serial loops.
Pass VectorizeLoop(bool enable_vectorize = true);

/// TVM's memory planner for flat allocations: an allocation takes over the storage of one
/// whose last use came before its first (in place when it is written elementwise from it),
/// same scope, size within 16x; small (<= 32 bit), local/warp and AllocateConst storage is
/// never shared. All allocations move to their attach point (function top for global memory,
/// the enclosing parallel loop or thread scope otherwise), in order of first use.
Pass StorageRewrite();

/// A Select with a side that may fault (a buffer load, an opaque call) becomes if_then_else,
/// which evaluates only the chosen side (scalar boolean conditions only).
Pass RewriteUnsafeSelect();

/// An `if` whose condition (pure, no let variables) does not use a loop's variable moves above
/// that loop when it covers the loop's whole body, as far out as possible (never across a
/// variable-bound AttrStmt); an else branch gets its own copy of the loop. Then Simplify and
/// RemoveNoOp (TVM v0.14's default HoistIfThenElse).
Pass HoistIfThenElse();

/// A computation done at least twice where a statement certainly runs is bound once to a
/// `cse_var_N` let in front of that statement (inside loops and branches when it uses their
/// variables or runs only there) and read from it; largest computations first. Calls and loads
/// are never shared. `identify_equiv_terms` also merges terms that simplify to the same.
Pass CommonSubexprElimTIR(bool enable_cse_tir = true, bool identify_equiv_terms = false);

/// `T.unroll` loops of constant extent are replaced by one copy of the body per iteration; so
/// are the innermost serial loops under `pragma_auto_unroll_max_step = N` whose copies make at
/// most N stores (TVM's automatic unrolling; `pragma_unroll_explicit = 0` marks them T.unroll).
Pass UnrollLoop();

/// TVM's LowerIntrin for the intrinsics with no C function: tir.q_multiply_shift(_per_axis)
/// become int64 multiply, add and shifts (TVM's default FLegalize). Part of the build pipeline.
Pass LowerIntrin();

/// TVM's tir.instrument_bound_checkers: every load and store index of a lowered function with a
/// constant-extent buffer becomes tir.tirgen_check_index(index, extent, "buffer"), which the C
/// code checks (out of bounds: the call fails with "buffer B index I out of bounds (extent N)").
Pass InstrumentBoundCheckers();
/// The module attribute that asks the build pipeline for InstrumentBoundCheckers (`--check-bounds`).
inline const char* const kInstrumentBoundCheckers = "tir.instrument_bound_checkers";

}  // namespace transform
}  // namespace tir
}  // namespace tirgen

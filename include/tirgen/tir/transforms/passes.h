// Constructors of the TIR lowering passes by their TVM names (each registered by name too,
// see tirgen/tir/transform.h).
#pragma once

#include "tirgen/tir/transform.h"

namespace tirgen {
namespace tir {
namespace transform {

// ---- second half of the block-to-loop lowering (tirpassB) --------------------------------
/// Range-aware expression simplification; removes provably true/false branches.
Pass Simplify();
/// Opaque blocks become their bodies: alloc_buffers -> Allocate + DeclBuffer, predicates -> if,
/// unit loops vanish, pragma annotations -> AttrStmt.
Pass LowerOpaqueBlock();
/// Multi-dimensional buffer accesses become one-dimensional ones on flat buffer views.
Pass FlattenBuffer();
/// Integer index arithmetic narrowed to `target_bits` where values provably fit.
Pass NarrowDataType(int target_bits);
/// Removes statements without effect (empty loops, Evaluate(0), x[i] = x[i]).
Pass RemoveNoOp();

}  // namespace transform
}  // namespace tir
}  // namespace tirgen

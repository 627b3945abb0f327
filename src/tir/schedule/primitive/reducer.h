// Commutative reducers of reduction blocks (TVM's ReducerRegistry and FromIdentityCombiner): a
// reduction block's init values and update stores are matched against the known reducers
// (sum, product, min, max, and the two-buffer sum / argmax / argmin forms); the match says
// which part of each update is the accumulator (lhs) and which the new term (rhs).
#pragma once

#include <optional>
#include <vector>

#include "../utils.h"

namespace tirgen {
namespace tir {

/// combiner(x, y) over `lhs` / `rhs` holes and the identity element, one per buffer.
struct Reducer {  // (a schedule-side CommReducer)
  std::vector<Var> lhs, rhs;
  std::vector<PrimExpr> result;
  std::vector<PrimExpr> identity;
  /// The combined values for given accumulators and terms.
  std::vector<PrimExpr> operator()(const std::vector<PrimExpr>& a, const std::vector<PrimExpr>& b) const;
};

/// The init values and update stores of a reduction block, in update order.
struct ReductionParts {
  std::vector<PrimExpr> init_values;
  std::vector<BufferStore> updates;
};

/// Reads init/body of `block` (a BufferStore, or LetStmts over a SeqStmt of stores for several
/// buffers); ScheduleError naming the block and the violated condition otherwise.
ReductionParts GetReductionParts(const BlockNode* block);

struct MatchedReducer {
  Reducer reducer;
  std::vector<PrimExpr> lhs, rhs;
};

/// The first known reducer whose identity and combiner match; ScheduleError otherwise.
MatchedReducer MatchReducer(const BlockNode* block, const ReductionParts& parts);

}  // namespace tir
}  // namespace tirgen

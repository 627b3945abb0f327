// Shared by compute_at and reverse_compute_at: move a block under a loop, with new loops
// covering exactly the region the related blocks under the loop need (compute_at: what the
// consumers read; reverse_compute_at: what the producers write).
#pragma once

#include "../utils.h"

namespace tirgen {
namespace tir {

/// compute_inline / reverse_compute_inline without recording them (compute_at of the inline
/// location sample_compute_location returns does the same work).
void InlineBlock(Schedule::State& st, const BlockRV& block);
void ReverseInlineBlock(Schedule::State& st, const BlockRV& block);

/// Moves `block_rv` under `loop_rv`. `reverse` picks reverse_compute_at.
void MoveBlockUnderLoop(Schedule::State& st, const BlockRV& block_rv, const LoopRV& loop_rv,
                        bool preserve_unit_loops, int index, bool reverse);

}  // namespace tir
}  // namespace tirgen

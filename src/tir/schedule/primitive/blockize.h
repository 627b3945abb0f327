// Blockize, shared with tensorize: the subtree under a loop (loops around one block) becomes an
// outer block `<name>_o` whose iter vars are the outer parts of the block's bindings (`_o`),
// with the original block inside over the inner parts (`_i`).
#pragma once

#include "../utils.h"

namespace tirgen {
namespace tir {

struct BlockizeResult {
  BlockRealize outer;                         ///< replaces the loop
  std::map<const BlockNode*, Block> reuse;    ///< original block -> inner block
};

BlockizeResult BlockizeLoop(const StmtTree& tree, const ForNode* loop, bool preserve_unit_iters);

}  // namespace tir
}  // namespace tirgen

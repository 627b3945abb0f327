// TVM's IndexDataTypeNormalizer: CreatePrimFunc gives a function one index type, and tensorize
// gives a tensor intrinsic's implementation the index type of the block it replaces.
#pragma once

#include "tirgen/ir/dtype.h"
#include "tirgen/tir/function.h"

namespace tirgen {
namespace tir {

/// Rewrites index expressions, loop/block vars, param and alloc buffer shapes to `index_type`
/// (TVM's IndexDataTypeNormalizer). Constant buffers and AllocateConst extents keep int32.
PrimFunc NormalizeIndexDataType(const PrimFunc& func, DataType index_type);

}  // namespace tir
}  // namespace tirgen

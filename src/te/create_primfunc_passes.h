// The three rewrites CreatePrimFunc applies after building the block form (private to te/).
#pragma once

#include <vector>

#include "tirgen/ir/ndarray.h"
#include "tirgen/tir/function.h"

namespace tirgen {
namespace te {

/// Drops the last `constants.size()` params and binds each to an AllocateConst around the
/// root block body, in order of first BufferLoad (the last one found ends up outermost).
tir::PrimFunc BindParams(const tir::PrimFunc& func, const std::vector<NDArray>& constants);

/// Rewrites index expressions, loop/block vars, param and alloc buffer shapes to `index_type`
/// (TVM's IndexDataTypeNormalizer). Constant buffers and AllocateConst extents keep int32.
tir::PrimFunc NormalizeIndexDataType(const tir::PrimFunc& func, DataType index_type);

/// Moves `layout_free_placeholders` block annotations that name params to the function attr
/// `layout_free_buffers` (param indices); drops workload-style annotations.
tir::PrimFunc NormalizeLayoutFreePlaceholders(const tir::PrimFunc& func);

}  // namespace te
}  // namespace tirgen

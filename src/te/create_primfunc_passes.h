// Two of the rewrites CreatePrimFunc applies after building the block form (private to te/);
// the third, NormalizeIndexDataType, is tir/transforms/index_dtype_normalizer.h (tensorize uses it too).
#pragma once

#include <vector>

#include "tirgen/ir/ndarray.h"
#include "tirgen/tir/function.h"

namespace tirgen {
namespace te {

/// Drops the last `constants.size()` params and binds each to an AllocateConst around the
/// root block body, in order of first BufferLoad (the last one found ends up outermost).
tir::PrimFunc BindParams(const tir::PrimFunc& func, const std::vector<NDArray>& constants);

/// Moves `layout_free_placeholders` block annotations that name params to the function attr
/// `layout_free_buffers` (param indices); drops workload-style annotations.
tir::PrimFunc NormalizeLayoutFreePlaceholders(const tir::PrimFunc& func);

}  // namespace te
}  // namespace tirgen

// CreatePrimFunc: a TE program -> a TensorIR PrimFunc in block form (TVM's
// te.create_prim_func / CreatePrimFuncWithConstants; ../spec/tvm_lowering.md §4).
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "tirgen/ir/ndarray.h"
#include "tirgen/te/tensor.h"
#include "tirgen/tir/function.h"

namespace tirgen {
namespace te {

/// `args`: the function's tensors in parameter order (inputs, then outputs); each `constants`
/// entry is a placeholder whose data is embedded (AllocateConst) instead of being a param.
/// Lowering from Relay passes index_dtype_override = int64.
tir::PrimFunc CreatePrimFunc(const std::vector<Tensor>& args,
                             const std::vector<std::pair<Tensor, NDArray>>& constants = {},
                             std::optional<DataType> index_dtype_override = std::nullopt);

}  // namespace te
}  // namespace tirgen

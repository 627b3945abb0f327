// einsum: the general Einstein-summation equation (TVM's topi.einsum semantics, numpy's
// grammar): explicit ("ij,jk->ik") or implicit output ("ij,jk": the labels used once, sorted),
// repeated labels in one operand (diagonals), labels summed away, and "..." broadcast dims.
#pragma once

#include <string>
#include <vector>

#include "tirgen/te/tensor.h"

namespace tirgen {
namespace topi {

/// The output shape of `equation` over operands of `shapes`; throws tirgen::Error saying what
/// is wrong (bad grammar, operand count, rank, or a label's extents that differ).
std::vector<int64_t> einsum_shape(const std::string& equation, const std::vector<std::vector<int64_t>>& shapes);

/// out[output labels] = sum over the other labels of the product of the operands (a broadcast
/// dim of extent 1 is read at 0). One TE compute: the summed labels are its reduce axes.
te::Tensor einsum(const std::string& equation, const std::vector<te::Tensor>& inputs,
                  const std::string& name = "T_einsum");

}  // namespace topi
}  // namespace tirgen

// Operators over padded sequences: a batch of sequences along one axis, each with its own
// valid length (TVM's topi::sequence_mask and topi::reverse_sequence with lengths).
#pragma once

#include <string>

#include "tirgen/te/tensor.h"

namespace tirgen {
namespace topi {

using te::Tensor;
using tir::PrimExpr;

/// Positions at or past valid_length[batch] along `axis` (0 or 1; the batch is the other one)
/// become `mask_value` (T_sequence_mask).
Tensor sequence_mask(const Tensor& data, const Tensor& valid_length, double mask_value, int axis,
                     const std::string& name = "T_sequence_mask");
/// Reverses the first seq_lengths[batch] elements along `seq_axis` (T_reverse_sequence).
Tensor reverse_sequence(const Tensor& x, const Tensor& seq_lengths, int seq_axis, int batch_axis,
                        const std::string& name = "T_reverse_sequence");

}  // namespace topi
}  // namespace tirgen

// The part of ONNX Runtime's com.microsoft Attention that Attention and QAttention share, as
// TVM v0.14's OrtAttentionBase: the mask_index / past checks and the attention from the Q, K
// and V projections (heads, past keys and values, the -10000 mask, softmax, output and present).
// Defined in ops_ort_bert.cc. Internal.
#pragma once

#include <string>
#include <vector>

#include "converter.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {

struct AttentionShape {
  int64_t batch = 0, seq = 0, heads = 0, head = 0, hidden = 0;
  int64_t total = 0, past = 0;  ///< mask_index's length; the past sequence length
  int mask_input = -1, past_input = -1;
};

/// Reads num_heads and checks the weight (in_hidden, 3 * hidden), mask_index (input
/// `mask_input`, int32 (batch, past + sequence), required as in TVM) and past (input
/// `past_input`, optional, (2, batch, heads, past, head)) against input shape `in`.
AttentionShape ReadAttentionShape(NodeContext& ctx, const std::vector<int64_t>& in, const std::vector<int64_t>& w,
                                  int mask_input, int past_input);

/// Output 0 (batch, seq, hidden) and output 1 (present) from the projections (anything that
/// reshapes to (batch, seq, heads, head)) of dtype `dt`; `unidirectional` is read from ctx.
void AttentionFromProjections(NodeContext& ctx, const AttentionShape& d, const relay::Expr& q_proj,
                              const relay::Expr& k_proj, const relay::Expr& v_proj, DataType dt);

/// `x` split into three equal parts along `axis` (the Q, K and V parts of a packed weight or bias).
std::vector<relay::Expr> Split3(NodeContext& ctx, const relay::Expr& x, int axis);

/// The attributes both refuse up front ("" when none).
std::string AttentionAttrForms(const NodeForm& f);

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen

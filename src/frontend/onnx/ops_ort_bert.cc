// The com.microsoft transformer ops of ONNX Runtime's BERT optimizer, decomposed into relay
// ops as TVM v0.14's frontend does: SkipLayerNormalization (add, layer norm), EmbedLayer-
// Normalization (three takes, add, layer norm, the mask's row sums) and Attention (split
// Q/K/V projections with nn.matmul, heads by reshape/transpose, nn.batch_matmul, the -10000
// mask, softmax). TVM's layer norm here is mean + variance, not nn.layer_norm. Differences
// from TVM: its reverse_reshape calls are reshapes to the same static shapes; the optional
// inputs TVM requires (SkipLayerNormalization's beta and bias) may be absent; the extra
// outputs it fills with placeholder zeros (SkipLayerNormalization's mean and inverse standard
// deviation) or leaves out (the embedding and skip sums) are computed.
#include <cmath>

#include "const_eval.h"
#include "converter.h"
#include "ort_attention.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {
namespace {

using relay::AttrBool;
using relay::AttrInt;
using relay::AttrInts;
using relay::Expr;

struct LayerNormParts {
  Expr out, mean, variance_eps;  // variance_eps: variance + epsilon
};

// TVM's layer_norm helper over the last axis: (x - mean) / sqrt(var + eps) * gamma (+ beta).
LayerNormParts LayerNorm(NodeContext& ctx, const Expr& x, DataType dt, int gamma, int beta) {
  relay::AttrFields last = {{"axis", AttrInts({-1})}, {"keepdims", AttrBool(true)}};
  LayerNormParts p;
  p.mean = ctx.Call("mean", {x}, last);
  p.variance_eps = ctx.Call("add", {ctx.Call("variance", {x, p.mean}, last), ctx.Scalar(ctx.Float("epsilon", 1e-12), dt)});
  p.out = ctx.Call("divide", {ctx.Call("subtract", {x, p.mean}), ctx.Call("sqrt", {p.variance_eps})});
  p.out = ctx.Call("multiply", {p.out, ctx.Input(gamma)});
  if (ctx.HasInput(beta)) p.out = ctx.Call("add", {p.out, ctx.Input(beta)});
  return p;
}

void CheckFloat(NodeContext& ctx, int i, const std::string& what) {
  DataType dt = ctx.DType(i);
  if (dt != DataType::Float(32) && dt != DataType::Float(16)) ctx.Fail(what + " must be float32 or float16, not " + dt.str());
}

// Outputs: the normalized sum; mean and 1 / sqrt(var + eps) (keepdims); the sum itself.
void ConvertSkipLayerNorm(NodeContext& ctx) {
  CheckFloat(ctx, 0, "input");
  DataType dt = ctx.DType(0);
  Expr x = ctx.Call("add", {ctx.Input(0), ctx.Input(1)});
  if (ctx.HasInput(4)) x = ctx.Call("add", {x, ctx.Input(4)});
  LayerNormParts p = LayerNorm(ctx, x, dt, 2, 3);
  ctx.SetOutput(0, p.out);
  if (ctx.HasOutput(1)) ctx.SetOutput(1, p.mean);
  if (ctx.HasOutput(2)) ctx.SetOutput(2, ctx.Call("divide", {ctx.Scalar(1.0, dt), ctx.Call("sqrt", {p.variance_eps})}));
  if (ctx.HasOutput(3)) ctx.SetOutput(3, x);
}

// Inputs: input_ids, segment_ids?, word_embedding, position_embedding, segment_embedding?,
// gamma, beta, mask?, position_ids?. Outputs: the normalized embedding sum, mask_index (the
// number of ones per row of mask, 0 without one), the embedding sum.
void ConvertEmbedLayerNorm(NodeContext& ctx) {
  std::vector<int64_t> ids = ctx.Shape(0);
  if (ids.size() != 2) ctx.Fail("input_ids must be 2-D (batch, sequence)");
  if (ctx.HasInput(1) != ctx.HasInput(4)) ctx.Fail("segment_ids and segment_embedding go together");
  CheckFloat(ctx, 2, "word_embedding");
  DataType dt = ctx.DType(2);
  int64_t batch = ids[0], seq = ids[1];
  Expr pos_ids;
  if (ctx.HasInput(8)) {
    pos_ids = ctx.Input(8);
  } else {  // TVM's constant [[0, 1, ..., seq - 1]] * batch
    HostTensor p = HostTensor::Make({batch, seq}, DataType::Int(32));
    for (int64_t b = 0; b < batch; ++b)
      for (int64_t s = 0; s < seq; ++s) p.SetInt(b * seq + s, s);
    pos_ids = ctx.Const(ToNDArray(p));
  }
  relay::AttrFields rows = {{"axis", AttrInt(0)}};
  Expr sum = ctx.Call("add", {ctx.Call("take", {ctx.Input(2), ctx.Input(0)}, rows), ctx.Call("take", {ctx.Input(3), pos_ids}, rows)});
  if (ctx.HasInput(1)) sum = ctx.Call("add", {sum, ctx.Call("take", {ctx.Input(4), ctx.Input(1)}, rows)});
  ctx.SetOutput(0, LayerNorm(ctx, sum, dt, 5, 6).out);
  if (ctx.HasOutput(1)) {
    if (ctx.HasInput(7)) {
      ctx.SetOutput(1, ctx.Call("sum", {ctx.Input(7)}, {{"axis", AttrInts({1})}}));
    } else {
      ctx.SetOutput(1, ctx.Const(NDArray::Zeros({batch}, DataType::Int(32))));
    }
  }
  if (ctx.HasOutput(2)) ctx.SetOutput(2, sum);
}

// TVM's _create_unidirectional_mask: row i is `left` up to column past + i, `right` after.
Expr UnidirectionalMask(NodeContext& ctx, double left, double right, int64_t past, int64_t seq, DataType dt) {
  int64_t total = past + seq;
  HostTensor m = HostTensor::Make({1, 1, seq, total}, DataType::Float(32));
  for (int64_t i = 0; i < seq; ++i)
    for (int64_t j = 0; j < total; ++j) m.Set(i * total + j, j <= past + i ? left : right);
  Expr c = ctx.Const(ToNDArray(m));  // the host evaluator has no float16: cast there
  return dt == DataType::Float(32) ? c : ctx.Call("cast", {c}, {{"dtype", String(dt.str())}});
}

void ConvertAttention(NodeContext& ctx) {
  CheckFloat(ctx, 0, "input");
  DataType dt = ctx.DType(0);
  std::vector<int64_t> in = ctx.Shape(0), w = ctx.Shape(1), b = ctx.Shape(2);
  if (in.size() != 3) ctx.Fail("input must be 3-D (batch, sequence, input_hidden)");
  AttentionShape d = ReadAttentionShape(ctx, in, w, 3, 4);
  if (b != std::vector<int64_t>{w[1]}) ctx.Fail("bias must have shape (" + std::to_string(w[1]) + ",)");
  std::vector<Expr> ws = Split3(ctx, ctx.Input(1), 1), bs = Split3(ctx, ctx.Input(2), 0);
  Expr x = ctx.Reshape(ctx.Input(0), {d.batch * d.seq, in[2]});
  auto project = [&](int k) { return ctx.Call("add", {ctx.Call("nn.matmul", {x, ws[k]}, {{"units", ObjectRef()}}), bs[k]}); };
  Expr q = project(0), k = project(1), v = project(2);
  AttentionFromProjections(ctx, d, q, k, v, dt);
}

}  // namespace

std::vector<Expr> Split3(NodeContext& ctx, const Expr& x, int axis) {
  Expr t = ctx.Call("split", {x}, {{"indices_or_sections", AttrInt(3)}, {"axis", AttrInt(axis)}});
  return {ctx.GetItem(t, 0), ctx.GetItem(t, 1), ctx.GetItem(t, 2)};
}

AttentionShape ReadAttentionShape(NodeContext& ctx, const std::vector<int64_t>& in, const std::vector<int64_t>& w,
                                  int mask_input, int past_input) {
  AttentionShape d;
  d.batch = in[0];
  d.seq = in[1];
  d.heads = ctx.Int("num_heads", 0);
  if (d.heads < 1) ctx.Fail("num_heads must be given and positive");
  if (w.size() != 2 || w[0] != in[2] || w[1] % 3 != 0)
    ctx.Fail("weight must have shape (" + std::to_string(in[2]) + ", 3 * hidden)");
  d.hidden = w[1] / 3;
  if (d.hidden % d.heads != 0) ctx.Fail("the hidden size " + std::to_string(d.hidden) + " is not divisible by num_heads");
  d.head = d.hidden / d.heads;
  if (!ctx.HasInput(mask_input)) ctx.Fail("mask_index is required (the (batch, total sequence) form)");
  std::vector<int64_t> mask = ctx.Shape(mask_input);
  if (mask.size() != 2 || mask[0] != d.batch || mask[1] < d.seq)
    ctx.Fail("mask_index must have shape (batch, past + sequence) (the only form supported, as in TVM)");
  if (ctx.DType(mask_input) != DataType::Int(32)) ctx.Fail("mask_index must be int32, not " + ctx.DType(mask_input).str());
  d.mask_input = mask_input;
  d.total = mask[1];
  if (ctx.HasInput(past_input)) {
    std::vector<int64_t> ps = ctx.Shape(past_input);
    if (ps.size() != 5 || ps[0] != 2 || ps[1] != d.batch || ps[2] != d.heads || ps[3] + d.seq != d.total || ps[4] != d.head)
      ctx.Fail("past must have shape (2, batch, num_heads, past, head_size) with past + sequence = mask_index's length");
    d.past = ps[3];
    d.past_input = past_input;
  } else if (d.total != d.seq) {
    ctx.Fail("mask_index covers " + std::to_string(d.total) + " positions but there is no past for the extra ones");
  }
  return d;
}

void AttentionFromProjections(NodeContext& ctx, const AttentionShape& d, const Expr& q_proj, const Expr& k_proj,
                              const Expr& v_proj, DataType dt) {
  int64_t batch = d.batch, seq = d.seq, heads = d.heads, head = d.head, total = d.total, past = d.past;
  bool unidirectional = ctx.Int("unidirectional", 0) != 0;
  auto heads_of = [&](const Expr& p) {  // (batch, heads, seq, head)
    return ctx.Call("transpose", {ctx.Reshape(p, {batch, seq, heads, head})}, {{"axes", AttrInts({0, 2, 1, 3})}});
  };
  Expr q = heads_of(q_proj), k = heads_of(k_proj), v = heads_of(v_proj);
  if (d.past_input >= 0 && past > 0) {
    Expr kv = ctx.Call("split", {ctx.Input(d.past_input)}, {{"indices_or_sections", AttrInt(2)}, {"axis", AttrInt(0)}});
    auto with_past = [&](int i, const Expr& now) {
      Expr before = ctx.Call("squeeze", {ctx.GetItem(kv, i)}, {{"axis", AttrInts({0})}});
      return ctx.Call("concatenate", {ctx.MakeTuple({before, now})}, {{"axis", AttrInt(2)}});
    };
    k = with_past(0, k);
    v = with_past(1, v);
  }
  if (ctx.HasOutput(1)) ctx.SetOutput(1, ctx.Call("stack", {ctx.MakeTuple({k, v})}, {{"axis", AttrInt(0)}}));
  q = ctx.Reshape(q, {batch * heads, seq, head});
  k = ctx.Reshape(k, {batch * heads, total, head});
  v = ctx.Reshape(v, {batch * heads, total, head});

  Expr scores = ctx.Call("nn.batch_matmul", {q, k}, {{"transpose_a", AttrBool(false)}, {"transpose_b", AttrBool(true)}});
  scores = ctx.Call("divide", {scores, ctx.Scalar(std::sqrt(static_cast<double>(head)), dt)});
  scores = ctx.Reshape(scores, {batch, heads, seq, total});
  // mask 1 -> 0, 0 -> -10000, (batch, 1, 1, total): broadcast over heads and query rows
  Expr m = ctx.Call("cast", {ctx.Input(d.mask_input)}, {{"dtype", String(dt.str())}});
  m = ctx.Call("multiply", {ctx.Call("subtract", {ctx.Scalar(1.0, dt), m}), ctx.Scalar(-10000.0, dt)});
  m = ctx.Call("expand_dims", {m}, {{"axis", AttrInt(1)}, {"num_newaxis", AttrInt(2)}});
  if (unidirectional) m = ctx.Call("add", {m, UnidirectionalMask(ctx, 0, -10000, past, seq, dt)});
  scores = ctx.Call("add", {scores, m});
  if (unidirectional) {  // future positions take the mask's value alone (ONNX Runtime's parity fix)
    scores = ctx.Call("multiply", {scores, UnidirectionalMask(ctx, 1, 0, past, seq, dt)});
    scores = ctx.Call("add", {scores, ctx.Call("multiply", {m, UnidirectionalMask(ctx, 0, 1, past, seq, dt)})});
  }
  scores = ctx.Reshape(scores, {batch * heads, seq, total});
  Expr probs = ctx.Call("nn.softmax", {scores}, {{"axis", AttrInt(-1)}});
  Expr out = ctx.Call("nn.batch_matmul", {probs, v}, {{"transpose_a", AttrBool(false)}, {"transpose_b", AttrBool(false)}});
  out = ctx.Reshape(out, {batch, heads, seq, head});
  out = ctx.Call("transpose", {out}, {{"axes", AttrInts({0, 2, 1, 3})}});
  ctx.SetOutput(0, ctx.Reshape(out, {batch, seq, d.hidden}));
}

std::string AttentionAttrForms(const NodeForm& f) {
  if (f.HasAttr("qkv_hidden_sizes")) return "qkv_hidden_sizes (Q, K and V of different sizes)";
  if (f.Int("past_present_share_buffer", 0) != 0) return "past_present_share_buffer";
  for (const char* attr : {"scale", "mask_filter_value", "do_rotary"})
    if (f.HasAttr(attr)) return std::string("the attribute ") + attr;
  return "";
}

namespace {

std::string AttentionForms(const NodeForm& f) {
  std::string why = AttentionAttrForms(f);
  if (!why.empty()) return why;
  if (!f.HasInput(3)) return "no mask_index";
  if (f.Rank(3) >= 0 && f.Rank(3) != 2) return "a mask_index of rank " + std::to_string(f.Rank(3)) + " (only (batch, total sequence))";
  if (f.HasInput(5)) return "the extra_add input";
  if (f.HasInput(6)) return "the past_sequence_length input";
  return "";
}

}  // namespace

void AddOrtBertConverters(ConverterTable* table) {
  (*table)["com.microsoft.SkipLayerNormalization"] = ConvertSkipLayerNorm;
  (*table)["com.microsoft.EmbedLayerNormalization"] = ConvertEmbedLayerNorm;
  (*table)["com.microsoft.Attention"] = Converter(ConvertAttention, AttentionForms);
}

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen

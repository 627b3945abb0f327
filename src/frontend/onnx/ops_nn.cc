// Neural-network families: Conv, ConvTranspose, Gemm, MatMul (and com.microsoft
// MatMulInteger16), the normalizations (and the legacy SpatialBN), pooling,
// Softmax/LogSoftmax. 1-, 2- and 3-D convolutions and pools map to relay's NCW / NCHW / NCDHW
// ops (nn.conv1d, nn.conv2d, nn.conv3d, ...), as TVM's frontend picks them by kernel rank; the
// ranks handled are declared in op_forms.cc.
#include <algorithm>

#include "batch_matmul.h"
#include "converter.h"
#include "window.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {

std::vector<int64_t> SpatialDims(NodeContext& ctx, const std::vector<int64_t>& shape, const std::string& what) {
  if (shape.size() < 3) ctx.Fail(what + " must have rank >= 3 (two leading dims, then the spatial ones), got rank " + std::to_string(shape.size()));
  return {shape.begin() + 2, shape.end()};
}

Window ReadWindow(NodeContext& ctx, const std::vector<int64_t>& in_spatial,
                  const std::vector<int64_t>& kernel) {
  size_t n = in_spatial.size();
  Window w;
  w.kernel = kernel;
  w.strides = ctx.Ints("strides", std::vector<int64_t>(n, 1));
  w.dilations = ctx.Ints("dilations", std::vector<int64_t>(n, 1));
  w.pads = ctx.Ints("pads", std::vector<int64_t>(2 * n, 0));
  if (w.strides.size() != n || w.dilations.size() != n || w.pads.size() != 2 * n || w.kernel.size() != n)
    ctx.Fail("strides/dilations/pads/kernel_shape do not match " + std::to_string(n) + " spatial dimensions");
  for (size_t i = 0; i < n; ++i)
    if (w.strides[i] < 1 || w.dilations[i] < 1 || w.kernel[i] < 1)
      ctx.Fail("strides, dilations and kernel_shape must be positive");
  std::string auto_pad = ctx.Str("auto_pad", "NOTSET");
  if (auto_pad == "VALID") {
    w.pads.assign(2 * n, 0);
  } else if (auto_pad == "SAME_UPPER" || auto_pad == "SAME_LOWER") {
    for (size_t i = 0; i < n; ++i) {
      int64_t out = (in_spatial[i] + w.strides[i] - 1) / w.strides[i];
      int64_t extent = (w.kernel[i] - 1) * w.dilations[i] + 1;
      int64_t total = std::max<int64_t>(0, (out - 1) * w.strides[i] + extent - in_spatial[i]);
      int64_t small = total / 2, large = total - small;
      w.pads[i] = auto_pad == "SAME_UPPER" ? small : large;
      w.pads[i + n] = auto_pad == "SAME_UPPER" ? large : small;
    }
  } else if (auto_pad != "NOTSET") {
    ctx.Fail("auto_pad '" + auto_pad + "' is not one of NOTSET, SAME_UPPER, SAME_LOWER, VALID");
  }
  return w;
}

std::string Picked(const std::string& prefix, int rank, const std::string& suffix) {
  return prefix + std::to_string(rank - 2) + "d" + suffix;
}

relay::Expr PoolCall(NodeContext& ctx, const relay::Expr& x, bool avg) {
  int rank = ctx.Rank(0);
  std::vector<int64_t> x_shape = ctx.Shape(0);
  if (!ctx.HasAttr("kernel_shape")) ctx.Fail("attribute 'kernel_shape' is required");
  Window w = ReadWindow(ctx, SpatialDims(ctx, x_shape, "input"), ctx.Ints("kernel_shape"));
  relay::AttrFields attrs = {{"pool_size", relay::AttrInts(w.kernel)}, {"strides", relay::AttrInts(w.strides)},
                             {"dilation", relay::AttrInts(w.dilations)}, {"padding", relay::AttrInts(w.pads)},
                             {"ceil_mode", relay::AttrBool(ctx.Int("ceil_mode", 0) != 0)}};
  if (avg) attrs.push_back({"count_include_pad", relay::AttrBool(ctx.Int("count_include_pad", 0) != 0)});
  return ctx.Call(Picked(avg ? "nn.avg_pool" : "nn.max_pool", rank), {x}, attrs);
}

// Global pools: relay's 2-D op for NCHW, a keepdims reduction over the spatial axes otherwise
// (TVM's 1-D and 3-D global pools give the same numbers).
relay::Expr GlobalPoolCall(NodeContext& ctx, const relay::Expr& x, bool avg) {
  int rank = ctx.Rank(0);
  if (rank < 3) ctx.Fail("input must have rank >= 3 (N, C, spatial...)");
  if (rank == 4) return ctx.Call(avg ? "nn.global_avg_pool2d" : "nn.global_max_pool2d", {x});
  std::vector<int64_t> axes;
  for (int i = 2; i < rank; ++i) axes.push_back(i);
  return ctx.Call(avg ? "mean" : "max", {x}, {{"axis", relay::AttrInts(axes)}, {"keepdims", relay::AttrBool(true)}});
}

namespace {

using relay::AttrInts;
using relay::AttrInt;
using relay::Expr;

int64_t Prod(const std::vector<int64_t>& v, size_t from, size_t to) {
  int64_t p = 1;
  for (size_t i = from; i < to; ++i) p *= v[i];
  return p;
}

// tirgen's nn.conv1d_transpose compute follows TVM's generic strategy, which has no grouped
// variant; grouped 1-D transposed convolutions run as 2-D ones over an inserted unit height
// (same numbers, a different relay form from TVM's).
void LiftWindow(std::vector<int64_t>* kernel, std::vector<int64_t>* strides, std::vector<int64_t>* dilations,
                std::vector<int64_t>* pads) {
  kernel->insert(kernel->begin(), 1);
  strides->insert(strides->begin(), 1);
  dilations->insert(dilations->begin(), 1);
  *pads = {0, (*pads)[0], 0, (*pads)[1]};
}
Expr Lift(NodeContext& ctx, const Expr& x) { return ctx.Call("expand_dims", {x}, {{"axis", AttrInt(2)}}); }
Expr Lower(NodeContext& ctx, const Expr& x) { return ctx.Call("squeeze", {x}, {{"axis", AttrInts({2})}}); }

void ConvertConv(NodeContext& ctx) {
  int rank = ctx.Rank(0);
  std::vector<int64_t> x_shape = ctx.Shape(0), w_shape = ctx.Shape(1);
  if (static_cast<int>(w_shape.size()) != rank) ctx.Fail("weight rank differs from input rank");
  std::vector<int64_t> kernel = ctx.Ints("kernel_shape", SpatialDims(ctx, w_shape, "weight"));
  Window w = ReadWindow(ctx, SpatialDims(ctx, x_shape, "input"), kernel);
  int64_t groups = ctx.Int("group", 1);
  if (groups <= 0 || x_shape[1] % groups != 0 || x_shape[1] / groups != w_shape[1])
    ctx.Fail("input channels " + std::to_string(x_shape[1]) + " do not match weight shape and group " +
             std::to_string(groups));
  Expr x = ctx.Input(0), weight = ctx.Input(1);
  relay::AttrFields attrs = {{"strides", AttrInts(w.strides)}, {"padding", AttrInts(w.pads)},
                             {"dilation", AttrInts(w.dilations)}, {"groups", AttrInt(groups)},
                             {"channels", AttrInt(w_shape[0])}, {"kernel_size", AttrInts(w.kernel)}};
  Expr out = ctx.Call(Picked("nn.conv", rank), {x, weight}, attrs);
  if (ctx.HasInput(2)) out = ctx.Call("nn.bias_add", {out, ctx.Input(2)});
  ctx.SetOutput(0, out);
}

// ConvTranspose: weight (C_in, C_out / group, k...) is relay's IOHW layout.
void ConvertConvTranspose(NodeContext& ctx) {
  int rank = ctx.Rank(0);
  std::vector<int64_t> x_shape = ctx.Shape(0), w_shape = ctx.Shape(1);
  std::vector<int64_t> in_spatial = SpatialDims(ctx, x_shape, "input");
  size_t n = in_spatial.size();
  std::vector<int64_t> kernel = ctx.Ints("kernel_shape", SpatialDims(ctx, w_shape, "weight"));
  int64_t groups = ctx.Int("group", 1);
  if (w_shape.size() != x_shape.size()) ctx.Fail("weight rank differs from input rank");
  if (groups <= 0 || x_shape[1] != w_shape[0]) ctx.Fail("input channels do not match the weight's first dimension");
  std::vector<int64_t> strides = ctx.Ints("strides", std::vector<int64_t>(n, 1));
  std::vector<int64_t> dilations = ctx.Ints("dilations", std::vector<int64_t>(n, 1));
  std::vector<int64_t> out_pad = ctx.Ints("output_padding", std::vector<int64_t>(n, 0));
  std::vector<int64_t> pads = ctx.Ints("pads", std::vector<int64_t>(2 * n, 0));
  if (kernel.size() != n || strides.size() != n || dilations.size() != n || out_pad.size() != n || pads.size() != 2 * n)
    ctx.Fail("kernel_shape/strides/dilations/output_padding/pads do not match " + std::to_string(n) + " spatial dimensions");
  for (size_t i = 0; i < n; ++i)
    if (strides[i] < 1 || dilations[i] < 1 || kernel[i] < 1)
      ctx.Fail("strides, dilations and kernel_shape must be positive");
  std::string auto_pad = ctx.Str("auto_pad", "NOTSET");
  std::vector<int64_t> out_shape = ctx.Ints("output_shape");
  if (out_shape.size() > n) out_shape.erase(out_shape.begin(), out_shape.end() - n);
  if (!out_shape.empty() || auto_pad == "SAME_UPPER" || auto_pad == "SAME_LOWER") {
    // ONNX: total padding from the requested output size (input * stride for SAME).
    for (size_t i = 0; i < n; ++i) {
      int64_t want = out_shape.empty() ? in_spatial[i] * strides[i] : out_shape[i];
      int64_t total = strides[i] * (in_spatial[i] - 1) + out_pad[i] + (kernel[i] - 1) * dilations[i] + 1 - want;
      if (total < 0) {  // the output is larger than the padding-free one: extend output_padding
        out_pad[i] -= total;
        total = 0;
      }
      int64_t small = total / 2, large = total - small;
      bool lower = auto_pad == "SAME_LOWER";
      pads[i] = lower ? large : small;
      pads[i + n] = lower ? small : large;
    }
  } else if (auto_pad == "VALID") {
    pads.assign(2 * n, 0);
  }
  Expr x = ctx.Input(0), weight = ctx.Input(1);
  // TVM's transposed-convolution computes have no dilation (its strategy asserts 1). A kernel
  // dilated by d equals the kernel with d - 1 zeros inserted between its taps, of extent
  // (k - 1) * d + 1: the importer dilates the weight (nn.dilate) and passes dilation 1.
  if (std::any_of(dilations.begin(), dilations.end(), [](int64_t d) { return d != 1; })) {
    std::vector<int64_t> weight_strides = {1, 1};
    weight_strides.insert(weight_strides.end(), dilations.begin(), dilations.end());
    weight = ctx.Call("nn.dilate", {weight}, {{"strides", AttrInts(weight_strides)}, {"dilation_value", FloatAttr(0.0)}});
    for (size_t i = 0; i < n; ++i) kernel[i] = (kernel[i] - 1) * dilations[i] + 1;
    dilations.assign(n, 1);
  }
  bool lift = rank == 3 && groups != 1;
  if (lift) {
    LiftWindow(&kernel, &strides, &dilations, &pads);
    out_pad.insert(out_pad.begin(), 0);
    x = Lift(ctx, x);
    weight = Lift(ctx, weight);
  }
  relay::AttrFields attrs = {{"channels", AttrInt(w_shape[1] * groups)}, {"kernel_size", AttrInts(kernel)},
                             {"strides", AttrInts(strides)}, {"output_padding", AttrInts(out_pad)},
                             {"padding", AttrInts(pads)}, {"dilation", AttrInts(dilations)},
                             {"groups", AttrInt(groups)}};
  Expr out = ctx.Call(Picked("nn.conv", lift ? 4 : rank, "_transpose"), {x, weight}, attrs);
  if (ctx.HasInput(2)) out = ctx.Call("nn.bias_add", {out, ctx.Input(2)});
  ctx.SetOutput(0, lift ? Lower(ctx, out) : out);
}

Expr Transpose2D(NodeContext& ctx, const Expr& x) {
  return ctx.Call("transpose", {x}, {{"axes", AttrInts({1, 0})}});
}

// Gemm: alpha * A' B' + beta * C, as TVM converts it (alpha scales A; dense takes B' as
// (N, K)). An A of rank > 2 is flattened to (N, rest) first (nn.batch_flatten), as TVM does.
void ConvertGemm(NodeContext& ctx) {
  if (ctx.Rank(0) < 2 || ctx.Rank(1) != 2) ctx.Fail("A must have rank >= 2 and B must be 2-D");
  DataType dt = ctx.DType(0);
  double alpha = ctx.Float("alpha", 1.0), beta = ctx.Float("beta", 1.0);
  bool trans_a = ctx.Int("transA", 0) != 0, trans_b = ctx.Int("transB", 0) != 0;
  Expr a = ctx.Input(0), b = ctx.Input(1);
  int64_t units = ctx.Shape(1)[trans_b ? 0 : 1];
  if (trans_a) a = Transpose2D(ctx, a);
  if (!trans_b) b = Transpose2D(ctx, b);
  if (ctx.Rank(0) > 2) a = ctx.Call("nn.batch_flatten", {a});
  if (alpha != 1.0) a = ctx.Call("multiply", {a, ctx.Scalar(alpha, dt)});
  Expr out = ctx.Call("nn.dense", {a, b}, {{"units", AttrInt(units)}});
  if (ctx.HasInput(2)) {
    Expr c = ctx.Input(2);
    if (beta != 1.0) c = ctx.Call("multiply", {ctx.Scalar(beta, dt), c});
    out = ctx.Call("add", {out, c});
  }
  ctx.SetOutput(0, out);
}

// InstanceNormalization and the global pools: N, C and at least one spatial axis.
std::string SpatialInputForms(const NodeForm& f) {
  int rank = f.Rank(0);
  return rank >= 0 && rank < 3 ? "an input of rank " + std::to_string(rank) + " (N, C, spatial...: rank 3 or more)" : "";
}

// TVM transposes A with axes (1, 0) before flattening it, so transA on an A of rank > 2 fails
// its type check; a 1-D A would flatten to a (K, 1) column, not ONNX's row.
std::string GemmForms(const NodeForm& f) {
  int a = f.Rank(0), b = f.Rank(1);
  if (b >= 0 && b != 2) return "a B of rank " + std::to_string(b) + " (B must be 2-D)";
  if (a >= 0 && a < 2) return "an A of rank " + std::to_string(a) + " (2-D, or rank > 2 flattened to (N, rest))";
  if (a > 2 && f.Int("transA", 0) != 0)
    return "transA=1 with an A of rank " + std::to_string(a) + " (only a 2-D A is transposed; flatten it first)";
  return "";
}

}  // namespace

Expr BatchTo3D(NodeContext& ctx, Expr x, const std::vector<int64_t>& shape, std::vector<int64_t> batch, int64_t rows,
               int64_t cols) {
  int64_t nb = Prod(batch, 0, batch.size());
  batch.push_back(rows);
  batch.push_back(cols);
  if (shape != batch) x = ctx.Call("broadcast_to", {x}, {{"shape", AttrInts(batch)}});
  return ctx.Reshape(x, {nb, rows, cols});
}

namespace {

// MatMul with numpy semantics: 1-D operands get a unit dim (removed afterwards), batch dims
// broadcast. 2-D x 2-D is nn.dense; (..., K) x (K, N) flattens the batch into dense's rows;
// otherwise both sides are broadcast to one batch and use nn.batch_matmul. With `out_dtype`
// (MatMulInteger16) the products accumulate in it (TVM's matmul_out_dtype).
Expr MatMul(NodeContext& ctx, DataType out_dtype) {
  std::vector<int64_t> as = ctx.Shape(0), bs = ctx.Shape(1);
  if (as.empty() || bs.empty()) ctx.Fail("operands must have at least one dimension");
  Expr a = ctx.Input(0), b = ctx.Input(1);
  bool a_vec = as.size() == 1, b_vec = bs.size() == 1;
  if (a_vec) {
    as.insert(as.begin(), 1);
    a = ctx.Reshape(a, as);
  }
  if (b_vec) {
    bs.push_back(1);
    b = ctx.Reshape(b, bs);
  }
  int64_t m = as[as.size() - 2], k = as.back(), n = bs.back();
  if (bs[bs.size() - 2] != k)
    ctx.Fail("inner dimensions differ: " + std::to_string(k) + " and " + std::to_string(bs[bs.size() - 2]));
  std::vector<int64_t> a_batch(as.begin(), as.end() - 2), b_batch(bs.begin(), bs.end() - 2);
  std::string err;
  std::vector<int64_t> batch = BroadcastShape(a_batch, b_batch, &err);
  if (!err.empty()) ctx.Fail("batch dimensions do not broadcast: " + err);
  std::vector<int64_t> out_shape = batch;
  out_shape.push_back(m);
  out_shape.push_back(n);
  Expr out;
  if (bs.size() == 2) {
    Expr rows = as.size() == 2 ? a : ctx.Reshape(a, {Prod(as, 0, as.size() - 1), k});
    relay::AttrFields dense;
    if (!out_dtype.is_void()) dense.push_back({"out_dtype", String(out_dtype.str())});
    out = ctx.Call("nn.dense", {rows, Transpose2D(ctx, b)}, dense);
    if (as.size() != 2) out = ctx.Reshape(out, out_shape);
  } else {
    relay::AttrFields bmm = {{"transpose_a", relay::AttrBool(false)}, {"transpose_b", relay::AttrBool(false)}};
    if (!out_dtype.is_void()) bmm.push_back({"out_dtype", String(out_dtype.str())});
    out = ctx.Call("nn.batch_matmul", {BatchTo3D(ctx, a, as, batch, m, k), BatchTo3D(ctx, b, bs, batch, k, n)}, bmm);
    out = ctx.Reshape(out, out_shape);
  }
  if (a_vec || b_vec) {
    std::vector<int64_t> squeezed(out_shape.begin(), out_shape.end() - 2);
    if (!a_vec) squeezed.push_back(m);
    if (!b_vec) squeezed.push_back(n);
    out = ctx.Reshape(out, squeezed);
  }
  return out;
}

void ConvertMatMul(NodeContext& ctx) { ctx.SetOutput(0, MatMul(ctx, DataType())); }

// com.microsoft MatMulInteger16: int16/uint16 operands, int32 products (uint32 when both are
// unsigned), as TVM maps it.
void ConvertMatMulInteger16(NodeContext& ctx) {
  for (int i = 0; i < 2; ++i)
    if (ctx.DType(i) != DataType::Int(16) && ctx.DType(i) != DataType::UInt(16))
      ctx.Fail(std::string(i ? "B" : "A") + " must be int16 or uint16, not " + ctx.DType(i).str());
  bool both_unsigned = ctx.DType(0) == DataType::UInt(16) && ctx.DType(1) == DataType::UInt(16);
  ctx.SetOutput(0, MatMul(ctx, both_unsigned ? DataType::UInt(32) : DataType::Int(32)));
}

// Training mode (BatchNorm without running statistics, as torch exports
// BatchNorm2d(track_running_stats=False) even in eval): Y normalizes with the batch's mean and
// biased variance over every axis but the channel's; the running mean/var outputs blend the
// inputs' with the batch's by `momentum`, as ONNX's reference does. Before opset 14, the saved
// mean/var outputs are the batch's own.
void ConvertBatchNormTraining(NodeContext& ctx) {
  int rank = ctx.Rank(0);
  if (rank < 2) ctx.Fail("input must have rank >= 2 (N, C, ...)");
  DataType dt = ctx.DType(0);
  std::vector<int64_t> axes = {0};
  for (int i = 2; i < rank; ++i) axes.push_back(i);
  relay::AttrFields keep = {{"axis", AttrInts(axes)}, {"keepdims", relay::AttrBool(true)}};
  Expr x = ctx.Input(0);
  Expr mean = ctx.Call("mean", {x}, keep);
  Expr d = ctx.Call("subtract", {x, mean});
  Expr var = ctx.Call("mean", {ctx.Call("multiply", {d, d})}, keep);
  Expr y = ctx.Call("divide", {d, ctx.Call("sqrt", {ctx.Call("add", {var, ctx.Scalar(ctx.Float("epsilon", 1e-5), dt)})})});
  Expr scale = ctx.Input(1), bias = ctx.Input(2);
  if (rank > 2) {
    relay::AttrFields per_channel = {{"axis", AttrInt(1)}, {"num_newaxis", AttrInt(rank - 2)}};
    scale = ctx.Call("expand_dims", {scale}, per_channel);
    bias = ctx.Call("expand_dims", {bias}, per_channel);
  }
  ctx.SetOutput(0, ctx.Call("add", {ctx.Call("multiply", {y, scale}), bias}));
  double momentum = ctx.Float("momentum", 0.9);
  for (int i = 1; i < 5; ++i) {
    if (!ctx.HasOutput(i)) continue;
    Expr batch = ctx.Call("squeeze", {i % 2 ? mean : var}, {{"axis", AttrInts(axes)}});
    if (i > 2) {
      ctx.SetOutput(i, batch);
      continue;
    }
    ctx.SetOutput(i, ctx.Call("add", {ctx.Call("multiply", {ctx.Input(2 + i), ctx.Scalar(momentum, dt)}),
                                      ctx.Call("multiply", {batch, ctx.Scalar(1 - momentum, dt)})}));
  }
}

void ConvertBatchNorm(NodeContext& ctx) {
  // opset 14 has the attribute; before, a training node is one with any of the optional
  // outputs (running mean/var, saved mean/var): ONNX's output cases are all five or Y alone
  bool training = ctx.opset() >= 14 ? ctx.Int("training_mode", 0) != 0
                                    : ctx.HasOutput(1) || ctx.HasOutput(2) || ctx.HasOutput(3) || ctx.HasOutput(4);
  if (training) return ConvertBatchNormTraining(ctx);
  Expr bn = ctx.Call("nn.batch_norm", {ctx.Input(0), ctx.Input(1), ctx.Input(2), ctx.Input(3), ctx.Input(4)},
                     {{"epsilon", FloatAttr(ctx.Float("epsilon", 1e-5))}});
  ctx.SetOutput(0, ctx.GetItem(bn, 0));
}

// (x - mean) / sqrt(var + eps) over `axes` (biased variance), the shared core of the
// decomposed normalizations.
Expr Normalize(NodeContext& ctx, const Expr& x, const std::vector<int64_t>& axes, double eps) {
  DataType dt = ctx.DType(0);
  relay::AttrFields red = {{"axis", AttrInts(axes)}, {"keepdims", relay::AttrBool(true)}};
  Expr d = ctx.Call("subtract", {x, ctx.Call("mean", {x}, red)});
  Expr var = ctx.Call("mean", {ctx.Call("multiply", {d, d})}, red);
  Expr denom = ctx.Call("sqrt", {ctx.Call("add", {var, ctx.Scalar(eps, dt)})});
  return ctx.Call("divide", {d, denom});
}

// LayerNormalization's Mean and InvStdDev outputs (kept dims), as TVM's _impl_v17 returns them,
// computed in stash_type (float32 by default) as ONNX's function body does.
void SetLayerNormStats(NodeContext& ctx, const std::vector<int64_t>& axes, double eps) {
  DataType stash = DTypeFromOnnx(static_cast<int>(ctx.Int("stash_type", 1)), "stash_type");
  if (stash != DataType::Float(32) && stash != DataType::Float(64) && stash != DataType::Float(16))
    ctx.Fail("stash_type " + stash.str() + " is not a float type");
  Expr x = ctx.Input(0);
  if (ctx.DType(0) != stash) x = ctx.Call("cast", {x}, {{"dtype", String(stash.str())}});
  relay::AttrFields red = {{"axis", AttrInts(axes)}, {"keepdims", relay::AttrBool(true)}};
  Expr mean = ctx.Call("mean", {x}, red);
  Expr d = ctx.Call("subtract", {x, mean});
  Expr var = ctx.Call("mean", {ctx.Call("multiply", {d, d})}, red);
  Expr inv = ctx.Call("divide", {ctx.Scalar(1.0, stash), ctx.Call("sqrt", {ctx.Call("add", {var, ctx.Scalar(eps, stash)})})});
  if (ctx.HasOutput(1)) ctx.SetOutput(1, mean);
  if (ctx.HasOutput(2)) ctx.SetOutput(2, inv);
}

void ConvertLayerNorm(NodeContext& ctx) {
  int rank = ctx.Rank(0);
  int axis = ctx.Axis(ctx.Int("axis", -1), rank);
  double eps = ctx.Float("epsilon", 1e-5);
  std::vector<int64_t> shape = ctx.Shape(0);
  std::vector<int64_t> norm_shape(shape.begin() + axis, shape.end());
  std::vector<int64_t> axes;
  for (int i = axis; i < rank; ++i) axes.push_back(i);
  if (ctx.HasOutput(1) || ctx.HasOutput(2)) SetLayerNormStats(ctx, axes, eps);
  // torch.onnx exports LayerNorm(elementwise_affine=False) with an empty Scale (invalid ONNX,
  // which its checker reports): read as a scale of one.
  bool scaled = ctx.HasInput(1);
  Expr x = ctx.Input(0), scale = scaled ? ctx.Input(1) : Expr();
  if (scaled && axis == rank - 1 && ctx.Shape(1) == norm_shape && (!ctx.HasInput(2) || ctx.Shape(2) == norm_shape)) {
    Expr bias = ctx.HasInput(2) ? ctx.Input(2) : ctx.Const(NDArray::Zeros(norm_shape, ctx.DType(0)));
    ctx.SetOutput(0, ctx.Call("nn.layer_norm", {x, scale, bias},
                              {{"axis", AttrInt(-1)}, {"epsilon", FloatAttr(eps)}}));
    return;
  }
  Expr out = Normalize(ctx, x, axes, eps);
  if (scaled) out = ctx.Call("multiply", {out, scale});
  if (ctx.HasInput(2)) out = ctx.Call("add", {out, ctx.Input(2)});
  ctx.SetOutput(0, out);
}

void ConvertInstanceNorm(NodeContext& ctx) {
  int rank = ctx.Rank(0);
  if (rank < 3) ctx.Fail("input must have rank >= 3 (N, C, spatial...)");
  std::vector<int64_t> axes;
  for (int i = 2; i < rank; ++i) axes.push_back(i);
  Expr y = Normalize(ctx, ctx.Input(0), axes, ctx.Float("epsilon", 1e-5));
  relay::AttrFields per_channel = {{"axis", AttrInt(1)}, {"num_newaxis", AttrInt(rank - 2)}};
  Expr scale = ctx.Call("expand_dims", {ctx.Input(1)}, per_channel);
  Expr bias = ctx.Call("expand_dims", {ctx.Input(2)}, per_channel);
  ctx.SetOutput(0, ctx.Call("add", {ctx.Call("multiply", {y, scale}), bias}));
}

void ConvertPool(NodeContext& ctx) {
  if (ctx.op_type() == "MaxPool" && ctx.HasOutput(1)) return ConvertMaxPoolWithIndices(ctx);
  ctx.SetOutput(0, PoolCall(ctx, ctx.Input(0), ctx.op_type() == "AveragePool"));
}

void ConvertGlobalPool(NodeContext& ctx) {
  ctx.SetOutput(0, GlobalPoolCall(ctx, ctx.Input(0), ctx.op_type() == "GlobalAveragePool"));
}

// Softmax/LogSoftmax. Opset 13 normalizes along `axis` (default -1); before, the input is
// viewed as 2-D [prod(shape[:axis]), prod(shape[axis:])] (default axis 1) and normalized per row.
void ConvertSoftmax(NodeContext& ctx) {
  const char* op = ctx.op_type() == "Softmax" ? "nn.softmax" : "nn.log_softmax";
  int rank = ctx.Rank(0);
  if (ctx.opset() >= 13) {
    int64_t axis = ctx.Int("axis", -1);
    ctx.Axis(axis, rank);
    ctx.SetOutput(0, ctx.Call(op, {ctx.Input(0)}, {{"axis", AttrInt(axis)}}));
    return;
  }
  int axis = ctx.Axis(ctx.Int("axis", 1), rank);
  if (axis == rank - 1) {
    ctx.SetOutput(0, ctx.Call(op, {ctx.Input(0)}, {{"axis", AttrInt(axis)}}));
    return;
  }
  std::vector<int64_t> shape = ctx.Shape(0);
  Expr flat = ctx.Reshape(ctx.Input(0), {Prod(shape, 0, axis), Prod(shape, axis, shape.size())});
  Expr out = ctx.Call(op, {flat}, {{"axis", AttrInt(1)}});
  ctx.SetOutput(0, ctx.Reshape(out, shape));
}

}  // namespace

void AddNNConverters(ConverterTable* table) {
  (*table)["Conv"] = ConvertConv;
  (*table)["ConvTranspose"] = ConvertConvTranspose;
  (*table)["Gemm"] = Converter(ConvertGemm, GemmForms);
  (*table)["MatMul"] = ConvertMatMul;
  (*table)["BatchNormalization"] = ConvertBatchNorm;
  (*table)["SpatialBN"] = ConvertBatchNorm;  // the legacy (Caffe2) name TVM's frontend maps alike
  (*table)["com.microsoft.MatMulInteger16"] = ConvertMatMulInteger16;
  (*table)["LayerNormalization"] = ConvertLayerNorm;
  (*table)["InstanceNormalization"] = Converter(ConvertInstanceNorm, SpatialInputForms);
  (*table)["MaxPool"] = ConvertPool;
  (*table)["AveragePool"] = ConvertPool;
  (*table)["GlobalAveragePool"] = Converter(ConvertGlobalPool, SpatialInputForms);
  (*table)["GlobalMaxPool"] = Converter(ConvertGlobalPool, SpatialInputForms);
  (*table)["Softmax"] = ConvertSoftmax;
  (*table)["LogSoftmax"] = ConvertSoftmax;
}

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen

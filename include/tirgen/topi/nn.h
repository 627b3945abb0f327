// TOPI neural-network computes as TVM's generic strategy builds them (names, vars, attrs).
#pragma once

#include <string>
#include <vector>

#include "tirgen/te/tensor.h"

namespace tirgen {
namespace topi {

using te::Tensor;
using tir::PrimExpr;

/// Python topi.nn.pad: vars i0.., if_then_else over the padded dims only.
Tensor pad(const Tensor& x, const std::vector<int64_t>& before, const std::vector<int64_t>& after,
           PrimExpr pad_value, const std::string& name = "PadInput",
           std::vector<std::string> var_names = {});

/// Relay nn.pad (C++ topi::pad): T_pad, axes ax0.., one condition per padded side.
Tensor pad_constant(const Tensor& x, const std::vector<int64_t>& before,
                    const std::vector<int64_t>& after, PrimExpr pad_value,
                    const std::string& name = "T_pad");

/// Relay nn.pad with pad_mode "edge" or "reflect" (T_pad; TVM's topi::pad index mapping).
Tensor pad_mirror(const Tensor& x, const std::vector<int64_t>& before,
                  const std::vector<int64_t>& after, const std::string& mode,
                  const std::string& name = "T_pad");

/// TVM's topi::nn::lrn (4-D, channel axis 1 or 3): pad_data, tensor (window sum of squares
/// over rxs), tensor (pow(bias + alpha * sum / size, beta)), T_divide. alpha, beta and bias
/// pass through C++ floats, as TVM's signature takes them.
Tensor lrn(const Tensor& data, int64_t size, int axis, double alpha, double beta, double bias);

/// topi.nn.mirror_pad (Relay nn.mirror_pad): MirrorPadInput, vars i0..; SYMMETRIC repeats
/// the border element, REFLECT does not.
Tensor mirror_pad(const Tensor& x, const std::vector<int64_t>& before, const std::vector<int64_t>& after,
                  const std::string& mode);

/// conv2d via topi.nn.conv: pad_temp + conv2d_nchw / conv2d_nhwc / group_conv2d_nchw.
/// padding = {top, left, bottom, right}. `layout` is "NCHW" (OIHW weight) or "NHWC" (HWIO).
Tensor conv2d(const Tensor& data, const Tensor& weight, const std::vector<int64_t>& strides,
              const std::vector<int64_t>& padding, const std::vector<int64_t>& dilation,
              int64_t groups, const std::string& layout, DataType out_dtype);

/// TVM's topi.nn.conv for any layout pair (data: N, C and spatial letters; kernel: O, I and
/// spatial letters), without a layout-free weight: pad_temp, then (group_)conv<d>d_<layout>.
/// pad_begin/pad_end: one entry per spatial dim.
Tensor conv_nd(const Tensor& data, const Tensor& weight, const std::vector<int64_t>& strides,
               const std::vector<int64_t>& pad_begin, const std::vector<int64_t>& pad_end,
               const std::vector<int64_t>& dilation, int64_t groups, const std::string& data_layout,
               const std::string& kernel_layout, DataType out_dtype);

/// depthwise_conv2d_nchw: PaddedInput + DepthwiseConv2d (weight (C*m, 1, kh, kw)).
Tensor depthwise_conv2d_nchw(const Tensor& data, const Tensor& weight,
                             const std::vector<int64_t>& strides,
                             const std::vector<int64_t>& padding,
                             const std::vector<int64_t>& dilation, DataType out_dtype);

/// topi.nn.dilate: `dilation_value` between elements (`strides` per dim), vars i0...
Tensor dilate(const Tensor& x, const std::vector<int64_t>& strides, const std::string& name = "DilatedInput",
              double dilation_value = 0.0);

/// conv1d_transpose_ncw / conv3d_transpose_ncdhw (weight (in_c, out_c, k...)): data_dilate,
/// data_pad, kernel (1-d) / kernel_transform (3-d) flipped to OI..., compute over dc, d<dim>.
Tensor conv_transpose_nd(const Tensor& data, const Tensor& weight, const std::vector<int64_t>& strides,
                         const std::vector<int64_t>& pad_begin, const std::vector<int64_t>& pad_end,
                         const std::vector<int64_t>& output_padding, DataType out_dtype);

/// conv2d_transpose_nchw (weight (in_c, out_c / groups, kh, kw)): data_dilate, data_pad,
/// kernel_transform, compute. padding = {top, left, bottom, right}. groups > 1 is TVM's
/// group_conv2d_transpose_nchw (its kernel_transform vars are named i, o, h, w).
Tensor conv2d_transpose_nchw(const Tensor& data, const Tensor& weight,
                             const std::vector<int64_t>& strides,
                             const std::vector<int64_t>& padding,
                             const std::vector<int64_t>& output_padding, DataType out_dtype,
                             int64_t groups = 1);

/// dense = matmul(data, weight^T): T_matmul_NT, vars i, j, k; weight layout-free.
Tensor dense(const Tensor& data, const Tensor& weight, DataType out_dtype);

/// matmul with optional transposes: T_matmul_NN / NT / TN / TT; b layout-free.
Tensor matmul(const Tensor& a, const Tensor& b, bool transpose_a, bool transpose_b,
              DataType out_dtype);

/// batch_matmul (default y transposed): T_batch_matmul_NT (or _NN, _TN, _TT), vars b, i, j, k;
/// y layout-free; a batch of 1 broadcasts.
Tensor batch_matmul(const Tensor& x, const Tensor& y, DataType out_dtype,
                    bool transpose_a = false, bool transpose_b = true);

/// softmax: T_softmax_maxelem, T_softmax_exp, T_softmax_expsum, T_softmax_norm. With fast_exp
/// (nn.fast_softmax): T_softmax_maxelem, T_softmax_delta (x - max), T_fast_exp, T_softmax_expsum,
/// T_softmax_norm.
Tensor softmax(const Tensor& x, int axis, bool fast_exp = false);

/// log_softmax: T_softmax_maxelem, compute (exp-sum), compute (x - max - log(sum)).
Tensor log_softmax(const Tensor& x, int axis);

enum class PoolType { kMax, kAvg };

/// TVM's topi::nn::pool2d (pool_impl_nd over the H and W axes of `layout`): [pad_temp], then
/// pool_max, or pool_sum + pool_avg. padding = {top, left, bottom, right}; ceil_mode pads the
/// tail by stride - 1; count_include_pad divides by the window size including padding.
Tensor pool2d(const Tensor& x, const std::vector<int64_t>& kernel, const std::vector<int64_t>& strides,
              const std::vector<int64_t>& dilation, const std::vector<int64_t>& padding,
              PoolType type, bool ceil_mode, const std::string& layout, bool count_include_pad);

/// TVM's topi::nn::pool1d: pool_impl_nd over the W axis of `layout` (NCW, NWC, ...).
/// padding = {left, right}.
Tensor pool1d(const Tensor& x, int64_t kernel, int64_t stride, int64_t dilation,
              const std::vector<int64_t>& padding, PoolType type, bool ceil_mode,
              const std::string& layout, bool count_include_pad);

/// TVM's pool_impl_nd over `axis` (one kernel/stride/dilation per axis; padding = all heads,
/// then all tails).
Tensor pool_nd(const Tensor& x, const std::vector<int64_t>& kernel, const std::vector<int64_t>& strides,
               const std::vector<int64_t>& dilation, const std::vector<int64_t>& padding,
               PoolType type, bool ceil_mode, const std::vector<int>& axis, bool count_include_pad);

/// TVM's adaptive_pool over the H and W axes of `layout`: adaptive_pool_max, or
/// adaptive_pool_sum + adaptive_pool_avg. global pooling is out_size {1, 1}.
Tensor adaptive_pool2d(const Tensor& x, const std::vector<PrimExpr>& out_size, PoolType type,
                       const std::string& layout);

/// adaptive pooling over the W axis of `layout` (NCW, NWC, ...): TVM's adaptive_pool1d.
Tensor adaptive_pool1d(const Tensor& x, const PrimExpr& out_size, PoolType type, const std::string& layout);

/// TVM's adaptive_pool_impl over `axes` (one output size per axis).
Tensor adaptive_pool_nd(const Tensor& x, const std::vector<PrimExpr>& out_size, PoolType type,
                        const std::vector<int>& axes);

/// depthwise_conv2d_nhwc: PaddedInput + DepthwiseConv2d; weight HWOI (kh, kw, C, m) or HWIO.
Tensor depthwise_conv2d_nhwc(const Tensor& data, const Tensor& weight,
                             const std::vector<int64_t>& strides,
                             const std::vector<int64_t>& padding,
                             const std::vector<int64_t>& dilation, const std::string& kernel_layout,
                             DataType out_dtype);

/// topi.nn.depth_to_space / space_to_depth (NCHW or NHWC; vars i0..i3; mode DCR or CDR).
Tensor depth_to_space(const Tensor& x, int64_t block_size, const std::string& layout, const std::string& mode);
Tensor space_to_depth(const Tensor& x, int64_t block_size, const std::string& layout);

/// x + bias along `axis` (bias expanded with T_expand_dims when axis is not the last).
Tensor bias_add(const Tensor& data, const Tensor& bias, int axis);

/// A plain copy named `compute` (vars i0..): what TVM's strategies put in place of the second
/// operand of dense/batch_matmul when both operands are the same tensor.
Tensor copy_if_identical(const Tensor& a, const Tensor& b);

/// 2-d pooling over the two trailing spatial dims of NCHW: [pad_temp], pool_max / pool_sum.
/// padding = {top, left, bottom, right}.
Tensor max_pool2d(const Tensor& x, const std::vector<int64_t>& kernel,
                  const std::vector<int64_t>& strides, const std::vector<int64_t>& padding);

/// Average pooling (count_include_pad = false): [pad_temp], pool_sum, pool_avg whose divisor
/// counts only the window elements inside the input.
Tensor avg_pool2d(const Tensor& x, const std::vector<int64_t>& kernel,
                  const std::vector<int64_t>& strides, const std::vector<int64_t>& padding);

/// Adaptive average pooling over NCHW's H and W to `out_size`: adaptive_pool_sum, then
/// adaptive_pool_avg (global_avg_pool2d is out_size {1, 1}).
Tensor adaptive_avg_pool2d(const Tensor& x, const std::vector<int64_t>& out_size);

/// Flattens all but the first dim (nn.batch_flatten); TVM names it `tensor`.
Tensor flatten(const Tensor& x, const std::string& name = "tensor");

}  // namespace topi
}  // namespace tirgen

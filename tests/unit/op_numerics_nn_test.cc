// Numerics of the nn ops against PyTorch/NumPy (harness: op_numerics.h): convolutions (1-d,
// 2-d, 3-d, transposed) over strides, padding (symmetric and asymmetric), dilation, groups (incl.
// depthwise) and both layouts; pooling (1-d, 2-d, 3-d) with ceil_mode / count_include_pad,
// adaptive pooling (1-d, 2-d, 3-d) with uneven windows; dense/matmul; softmax; pad (constant, edge,
// reflect), mirror_pad, dilate; prelu; lrn; depth_to_space / space_to_depth; batch_flatten.
// Tolerance: rtol 1e-5 with atol 1e-5 for the accumulating ops (float32 sums of up to ~100
// products of values in [-1, 1]).
#include <gtest/gtest.h>

#include "op_numerics.h"

namespace tirgen {
namespace testing {
namespace {

NumCase Acc(NumCase c) {  // accumulating op: state the absolute tolerance
  c.atol = 1e-5;
  return c;
}

TEST(OpNumerics, Conv2D) {
  RunNumericCases({
      Acc({"conv_basic", {F32({1, 3, 7, 7}), F32({4, 3, 3, 3})}, "nn.conv2d(%a, %b, padding=[1, 1])",
           "F.conv2d(T(a), T(b), padding=1)"}),
      Acc({"conv_stride", {F32({2, 2, 9, 8}), F32({3, 2, 3, 2})}, "nn.conv2d(%a, %b, strides=[2, 3])",
           "F.conv2d(T(a), T(b), stride=(2, 3))"}),
      Acc({"conv_pad_asym", {F32({1, 2, 6, 5}), F32({2, 2, 3, 3})}, "nn.conv2d(%a, %b, padding=[1, 0, 2, 1])",
           "F.conv2d(F.pad(T(a), (0, 1, 1, 2)), T(b))"}),
      Acc({"conv_dilation", {F32({1, 2, 9, 9}), F32({3, 2, 3, 3})},
           "nn.conv2d(%a, %b, padding=[2, 2], dilation=[2, 2])", "F.conv2d(T(a), T(b), padding=2, dilation=2)"}),
      Acc({"conv_groups", {F32({1, 4, 6, 6}), F32({6, 2, 3, 3})}, "nn.conv2d(%a, %b, padding=[1, 1], groups=2)",
           "F.conv2d(T(a), T(b), padding=1, groups=2)"}),
      Acc({"conv_depthwise", {F32({1, 4, 6, 6}), F32({4, 1, 3, 3})},
           "nn.conv2d(%a, %b, strides=[2, 2], padding=[1, 1], groups=4)",
           "F.conv2d(T(a), T(b), stride=2, padding=1, groups=4)"}),
      Acc({"conv_nhwc", {F32({1, 6, 5, 3}), F32({3, 3, 3, 4})},
           "nn.conv2d(%a, %b, padding=[1, 1], data_layout=\"NHWC\", kernel_layout=\"HWIO\")",
           "F.conv2d(T(a).permute(0, 3, 1, 2), T(b).permute(3, 2, 0, 1), padding=1).permute(0, 2, 3, 1)"}),
      Acc({"conv_transpose", {F32({1, 4, 5, 5}), F32({4, 2, 3, 3})},
           "nn.conv2d_transpose(%a, %b, strides=[2, 2], padding=[1, 1], output_padding=[1, 1])",
           "F.conv_transpose2d(T(a), T(b), stride=2, padding=1, output_padding=1)"}),
      Acc({"conv_transpose_plain", {F32({2, 3, 4, 3}), F32({3, 2, 2, 3})}, "nn.conv2d_transpose(%a, %b)",
           "F.conv_transpose2d(T(a), T(b))"}),
      Acc({"conv1d_ncw", {F32({2, 3, 10}), F32({4, 3, 3})},
           "nn.conv1d(%a, %b, strides=[2], padding=[1, 2], dilation=[2])",
           "F.conv1d(F.pad(T(a), (1, 2)), T(b), stride=2, dilation=2)"}),
      Acc({"conv1d_nwc", {F32({1, 9, 3}), F32({3, 3, 5})},
           "nn.conv1d(%a, %b, padding=[1, 1], data_layout=\"NWC\", kernel_layout=\"WIO\")",
           "F.conv1d(T(a).permute(0, 2, 1), T(b).permute(2, 1, 0), padding=1).permute(0, 2, 1)"}),
      Acc({"conv1d_transpose", {F32({2, 3, 5}), F32({3, 2, 3})},
           "nn.conv1d_transpose(%a, %b, strides=[2], padding=[1], output_padding=[1])",
           "F.conv_transpose1d(T(a), T(b), stride=2, padding=1, output_padding=1)"}),
      Acc({"conv3d_ncdhw", {F32({1, 2, 4, 5, 5}), F32({4, 2, 3, 3, 3})},
           "nn.conv3d(%a, %b, strides=[1, 2, 1], padding=[1, 0, 1, 1, 1, 0], dilation=[1, 1, 2])",
           "F.conv3d(F.pad(T(a), (1, 0, 0, 1, 1, 1)), T(b), stride=(1, 2, 1), dilation=(1, 1, 2))"}),
      Acc({"conv3d_ndhwc_groups", {F32({1, 4, 5, 5, 2}), F32({3, 3, 3, 1, 4})},
           "nn.conv3d(%a, %b, strides=[1, 2, 2], padding=[1, 1, 1], groups=2, data_layout=\"NDHWC\", "
           "kernel_layout=\"DHWIO\")",
           "F.conv3d(T(a).permute(0, 4, 1, 2, 3), T(b).permute(4, 3, 0, 1, 2), stride=(1, 2, 2), padding=1, "
           "groups=2).permute(0, 2, 3, 4, 1)"}),
      Acc({"conv3d_transpose", {F32({1, 2, 2, 3, 3}), F32({2, 3, 2, 2, 2})},
           "nn.conv3d_transpose(%a, %b, strides=[2, 2, 2], padding=[0, 1, 1, 0, 0, 1], output_padding=[1, 0, 0])",
           "F.conv_transpose3d(T(a), T(b), stride=2, output_padding=(1, 0, 0))[:, :, 0:5, 1:6, 1:5]"}),
      Acc({"conv_transpose_groups", {F32({1, 4, 3, 4}), F32({4, 3, 3, 2})},
           "nn.conv2d_transpose(%a, %b, channels=6, strides=[2, 1], padding=[1, 0, 0, 1], output_padding=[1, 0], groups=2)",
           "F.conv_transpose2d(T(a), T(b), stride=(2, 1), output_padding=(1, 0), groups=2)[:, :, 1:, :-1]"}),
  });
}

TEST(OpNumerics, Pooling) {
  RunNumericCases({
      {"max_pool", {F32({1, 2, 8, 8})}, "nn.max_pool2d(%a, pool_size=[3, 3], strides=[2, 2], padding=[1, 1])",
       "F.max_pool2d(T(a), 3, stride=2, padding=1)"},
      {"max_pool_ceil", {F32({1, 2, 6, 7})}, "nn.max_pool2d(%a, pool_size=[3, 3], strides=[2, 2], ceil_mode=True)",
       "F.max_pool2d(T(a), 3, stride=2, ceil_mode=True)"},
      {"avg_pool_exclude_pad", {F32({1, 2, 7, 7})},
       "nn.avg_pool2d(%a, pool_size=[3, 3], strides=[2, 2], padding=[1, 1])",
       "F.avg_pool2d(T(a), 3, stride=2, padding=1, count_include_pad=False)"},
      {"avg_pool_include_pad", {F32({2, 1, 6, 6})},
       "nn.avg_pool2d(%a, pool_size=[2, 2], strides=[2, 2], padding=[1, 1], count_include_pad=True)",
       "F.avg_pool2d(T(a), 2, stride=2, padding=1, count_include_pad=True)"},
      {"global_avg", {F32({2, 3, 5, 4})}, "nn.global_avg_pool2d(%a)", "np.mean(f64(a), axis=(2, 3), keepdims=True)"},
      {"global_max", {F32({2, 3, 5, 4})}, "nn.global_max_pool2d(%a)", "np.max(a, axis=(2, 3), keepdims=True)"},
      // Windows that vary in size (7 -> 4: lengths 2, 3, 3, 2) and equal-but-overlapping ones.
      {"adaptive_avg_uneven", {F32({1, 2, 7, 5})}, "nn.adaptive_avg_pool2d(%a, output_size=[4, 3])",
       "F.adaptive_avg_pool2d(T(a), (4, 3))"},
      {"adaptive_avg_overlap", {F32({2, 3, 7, 5})}, "nn.adaptive_avg_pool2d(%a, output_size=[3, 2])",
       "F.adaptive_avg_pool2d(T(a), (3, 2))"},
      {"adaptive_avg_divisible", {F32({1, 2, 8, 6})}, "nn.adaptive_avg_pool2d(%a, output_size=[4, 3])",
       "F.adaptive_avg_pool2d(T(a), (4, 3))"},
      {"max_pool1d", {F32({2, 3, 9})}, "nn.max_pool1d(%a, pool_size=[3], strides=[2], padding=[1])",
       "F.max_pool1d(T(a), 3, 2, padding=1)"},
      {"avg_pool1d_ceil_exclude_pad", {F32({1, 2, 9})},
       "nn.avg_pool1d(%a, pool_size=[3], strides=[2], padding=[1], ceil_mode=True)",
       "F.avg_pool1d(T(a), 3, 2, padding=1, ceil_mode=True, count_include_pad=False)"},
      {"avg_pool1d_nwc_include_pad", {F32({1, 8, 3})},
       "nn.avg_pool1d(%a, pool_size=[2], strides=[2], padding=[1], layout=\"NWC\", count_include_pad=True)",
       "F.avg_pool1d(T(a).permute(0, 2, 1), 2, 2, padding=1, count_include_pad=True).permute(0, 2, 1)"},
      {"adaptive_avg_pool1d", {F32({2, 3, 8})}, "nn.adaptive_avg_pool1d(%a, output_size=[4])",
       "F.adaptive_avg_pool1d(T(a), 4)"},
      {"adaptive_max_pool1d_uneven", {F32({1, 2, 7})}, "nn.adaptive_max_pool1d(%a, output_size=[3])",
       "F.adaptive_max_pool1d(T(a), 3)"},
      {"adaptive_avg_pool1d_nwc_uneven", {F32({1, 7, 2})}, "nn.adaptive_avg_pool1d(%a, output_size=[3], layout=\"NWC\")",
       "F.adaptive_avg_pool1d(T(a).permute(0, 2, 1), 3).permute(0, 2, 1)"},
      {"max_pool3d", {F32({1, 2, 4, 5, 5})}, "nn.max_pool3d(%a, pool_size=[2, 3, 3], strides=[2, 2, 2], padding=[0, 1, 1])",
       "F.max_pool3d(T(a), (2, 3, 3), 2, padding=(0, 1, 1))"},
      {"avg_pool3d_ceil_include_pad", {F32({1, 2, 4, 5, 5})},
       "nn.avg_pool3d(%a, pool_size=[2, 2, 2], strides=[2, 2, 2], ceil_mode=True, count_include_pad=True)",
       "F.avg_pool3d(T(a), 2, 2, ceil_mode=True, count_include_pad=True)"},
      {"avg_pool3d_pad_exclude", {F32({1, 1, 3, 4, 4})},
       "nn.avg_pool3d(%a, pool_size=[3, 3, 3], strides=[1, 2, 2], padding=[1, 1, 1])",
       "F.avg_pool3d(T(a), 3, (1, 2, 2), padding=1, count_include_pad=False)"},
      {"adaptive_avg_pool3d", {F32({1, 2, 4, 6, 6})}, "nn.adaptive_avg_pool3d(%a, output_size=[2, 3, 1])",
       "F.adaptive_avg_pool3d(T(a), (2, 3, 1))"},
      {"adaptive_max_pool3d_uneven", {F32({1, 1, 5, 4, 7})}, "nn.adaptive_max_pool3d(%a, output_size=[3, 2, 4])",
       "F.adaptive_max_pool3d(T(a), (3, 2, 4))"},
      {"adaptive_max_uneven", {F32({1, 2, 7, 5})}, "nn.adaptive_max_pool2d(%a, output_size=[5, 4])",
       "F.adaptive_max_pool2d(T(a), (5, 4))"},
  });
}

TEST(OpNumerics, DenseSoftmaxMisc) {
  RunNumericCases({
      Acc({"dense", {F32({4, 16}), F32({8, 16})}, "nn.dense(%a, %b, units=8)", "F.linear(T(a), T(b))"}),
      Acc({"matmul_nn", {F32({3, 5}), F32({5, 4})}, "nn.matmul(%a, %b)", "f64(a) @ f64(b)"}),
      Acc({"matmul_tt", {F32({5, 3}), F32({4, 5})}, "nn.matmul(%a, %b, transpose_a=True, transpose_b=True)",
           "f64(a).T @ f64(b).T"}),
      Acc({"batch_matmul", {F32({2, 3, 6}), F32({2, 4, 6})}, "nn.batch_matmul(%a, %b, transpose_b=True)",
           "f64(a) @ np.transpose(f64(b), (0, 2, 1))"}),
      Acc({"batch_matmul_nn", {F32({2, 3, 6}), F32({1, 6, 4})}, "nn.batch_matmul(%a, %b)", "f64(a) @ f64(b)"}),
      {"bias_add", {F32({2, 3, 4, 4}), F32({3})}, "nn.bias_add(%a, %b)", "f64(a) + f64(b)[:, None, None]"},
      {"bias_add_last", {F32({2, 5}), F32({5})}, "nn.bias_add(%a, %b, axis=-1)", "f64(a) + f64(b)"},
      {"softmax", {F32({3, 10}, -3, 3)}, "nn.softmax(%a)", "torch.softmax(T(f64(a)), -1)"},
      {"softmax_axis1", {F32({2, 4, 3}, -3, 3)}, "nn.softmax(%a, axis=1)", "torch.softmax(T(f64(a)), 1)"},
      {"log_softmax", {F32({3, 7}, -3, 3)}, "nn.log_softmax(%a)", "torch.log_softmax(T(f64(a)), -1)"},
      {"pad", {F32({2, 3}), F32({})}, "nn.pad(%a, %b, pad_width=[[1, 0], [2, 1]])",
       "np.pad(a, ((1, 0), (2, 1)), constant_values=b)"},
      {"pad_edge", {F32({2, 3, 4}), F32({})}, "nn.pad(%a, %b, pad_width=[[0, 0], [1, 2], [2, 1]], pad_mode=\"edge\")",
       "np.pad(a, ((0, 0), (1, 2), (2, 1)), mode='edge')"},
      {"pad_reflect", {F32({2, 3, 4}), F32({})}, "nn.pad(%a, %b, pad_width=[[1, 0], [2, 2], [0, 3]], pad_mode=\"reflect\")",
       "np.pad(a, ((1, 0), (2, 2), (0, 3)), mode='reflect')"},
      {"mirror_pad_symmetric", {F32({2, 3, 4})}, "nn.mirror_pad(%a, pad_width=[[0, 0], [1, 3], [2, 0]])",
       "np.pad(a, ((0, 0), (1, 3), (2, 0)), mode='symmetric')"},
      {"mirror_pad_reflect", {F32({2, 3, 4})}, "nn.mirror_pad(%a, mode=\"REFLECT\", pad_width=[[1, 1], [2, 2], [0, 3]])",
       "np.pad(a, ((1, 1), (2, 2), (0, 3)), mode='reflect')"},
      {"dilate", {F32({2, 3, 4})}, "nn.dilate(%a, strides=[1, 2, 3], dilation_value=0.5f)",
       "(lambda o: (o.__setitem__((slice(None), slice(None, None, 2), slice(None, None, 3)), a), o)[1])"
       "(np.full((2, 5, 10), 0.5, np.float32))"},
      {"prelu", {F32({2, 3, 4}), F32({3})}, "nn.prelu(%a, %b)",
       "np.where(a > 0, f64(a), f64(a) * f64(b)[:, None])"},
      {"prelu_last", {F32({3, 5}), F32({5})}, "nn.prelu(%a, %b, axis=1)", "np.where(a > 0, f64(a), f64(a) * f64(b))"},
      {"lrn", {F32({2, 5, 3, 3}, -2, 2)}, "nn.lrn(%a, size=3, alpha=0.01f, beta=0.75f, bias=1f)",
       "F.local_response_norm(T(f64(a)), 3, alpha=0.01, beta=0.75, k=1.0)"},
      {"lrn_nhwc", {F32({1, 3, 2, 6}, -2, 2)}, "nn.lrn(%a, size=5, axis=3, alpha=0.02f, beta=0.5f)",
       "F.local_response_norm(T(f64(a)).permute(0, 3, 1, 2), 5, alpha=0.02, beta=0.5, k=2.0).permute(0, 2, 3, 1)"},
      {"depth_to_space_dcr", {F32({2, 8, 2, 3})}, "nn.depth_to_space(%a, block_size=2)",
       "a.reshape(2, 2, 2, 2, 2, 3).transpose(0, 3, 4, 1, 5, 2).reshape(2, 2, 4, 6)"},
      {"depth_to_space_cdr", {F32({1, 9, 2, 2})}, "nn.depth_to_space(%a, block_size=3, mode=\"CDR\")",
       "F.pixel_shuffle(T(a), 3)"},
      {"depth_to_space_nhwc", {F32({1, 2, 3, 8})}, "nn.depth_to_space(%a, block_size=2, layout=\"NHWC\")",
       "a.transpose(0, 3, 1, 2).reshape(1, 2, 2, 2, 2, 3).transpose(0, 3, 4, 1, 5, 2).reshape(1, 2, 4, 6)"
       ".transpose(0, 2, 3, 1)"},
      {"space_to_depth", {F32({2, 3, 4, 6})}, "nn.space_to_depth(%a, block_size=2)",
       "a.reshape(2, 3, 2, 2, 3, 2).transpose(0, 3, 5, 1, 2, 4).reshape(2, 12, 2, 3)"},
      {"batch_flatten", {F32({2, 3, 2, 2})}, "nn.batch_flatten(%a)", "a.reshape(2, -1)"},
  });
}

}  // namespace
}  // namespace testing
}  // namespace tirgen

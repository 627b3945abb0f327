#include "op_pattern.h"

#include <map>

namespace tirgen {
namespace relay {
namespace fusion {

Pattern OpPatternOf(const std::string& name) {
  static const std::map<std::string, Pattern> table = [] {
    std::map<std::string, Pattern> t;
    for (const char* n :
         {"nn.relu", "nn.leaky_relu", "sigmoid", "tanh", "exp", "log", "sqrt", "rsqrt", "erf",
          "negative", "abs", "floor", "ceil", "round", "clip", "cast", "cast_like", "fast_exp",
          "fast_tanh", "fast_erf", "trunc", "sign", "log2", "log10", "sin", "cos", "copy",
          "zeros", "ones", "full", "zeros_like", "ones_like", "full_like", "logical_not",
          "fixed_point_multiply", "stop_gradient"})
      t[n] = kElemWise;
    for (const char* n :
         {"add", "subtract", "multiply", "divide", "floor_divide", "power", "maximum", "minimum",
          "equal", "not_equal", "less", "less_equal", "greater", "greater_equal", "logical_and",
          "logical_or", "where", "mod", "floor_mod", "trunc_divide", "trunc_mod", "nn.bias_add",
          "nn.prelu", "broadcast_to", "broadcast_to_like", "collapse_sum_like",
          "collapse_sum_to"})
      t[n] = kBroadcast;
    for (const char* n :
         {"reshape", "reshape_like", "transpose", "squeeze", "expand_dims", "concatenate",
          "split", "strided_slice", "take", "gather", "gather_nd", "tile", "repeat", "reverse",
          "stack", "image.resize2d", "nn.pad", "nn.batch_flatten", "layout_transform",
          "arange", "one_hot", "slice_like", "sequence_mask", "contrib_reverse_reshape",
          "nn.depth_to_space", "nn.space_to_depth", "nn.upsampling"})
      t[n] = kInjective;
    for (const char* n : {"sum", "mean", "max", "min", "prod", "argmax", "argmin", "variance",
                          "std", "all", "any"})
      t[n] = kCommReduce;
    for (const char* n :
         {"nn.conv2d", "nn.conv2d_transpose", "nn.dense", "nn.batch_matmul", "nn.matmul",
          "nn.max_pool2d", "nn.avg_pool2d", "nn.global_avg_pool2d", "nn.global_max_pool2d",
          "nn.adaptive_avg_pool2d", "nn.adaptive_max_pool2d", "nn.softmax", "nn.fast_softmax",
          "nn.conv1d", "nn.conv3d", "nn.contrib_conv2d_NCHWc"})
      t[n] = kOutEWiseFusable;
    return t;
  }();
  auto it = table.find(name);
  return it == table.end() ? kOpaque : it->second;
}

}  // namespace fusion
}  // namespace relay
}  // namespace tirgen

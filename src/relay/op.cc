#include "tirgen/relay/op.h"

#include <map>
#include <mutex>

namespace tirgen {
namespace relay {
namespace {

// The operators tirgen knows (issue 3's list, plus the ones TVM's pipeline introduces).
const char* const kBuiltinOps[] = {
    // unary
    "nn.relu", "nn.leaky_relu", "sigmoid", "tanh", "exp", "log", "sqrt", "rsqrt", "erf",
    "negative", "abs", "floor", "ceil", "round", "clip", "cast", "cast_like", "fast_exp",
    "fast_tanh", "fast_erf", "trunc", "sign", "log2", "log10", "sin", "cos",
    // binary (broadcasting)
    "add", "subtract", "multiply", "divide", "floor_divide", "power", "maximum", "minimum",
    "equal", "not_equal", "less", "less_equal", "greater", "greater_equal", "logical_and",
    "logical_or", "logical_not", "where", "mod", "floor_mod", "trunc_divide", "trunc_mod",
    // nn
    "nn.conv2d", "nn.conv2d_transpose", "nn.dense", "nn.batch_matmul", "nn.matmul",
    "nn.bias_add", "nn.max_pool2d", "nn.avg_pool2d", "nn.global_avg_pool2d",
    "nn.global_max_pool2d", "nn.adaptive_avg_pool2d", "nn.adaptive_max_pool2d", "nn.softmax",
    "nn.log_softmax", "nn.fast_softmax", "nn.batch_norm", "nn.layer_norm", "nn.dropout",
    "nn.pad", "nn.batch_flatten", "nn.prelu", "nn.instance_norm", "nn.group_norm",
    "nn.conv1d", "nn.conv3d", "nn.upsampling", "nn.depth_to_space", "nn.space_to_depth",
    // reductions
    "sum", "mean", "max", "min", "prod", "argmax", "argmin", "variance", "std", "all", "any",
    // transforms
    "reshape", "reshape_like", "transpose", "squeeze", "expand_dims", "concatenate", "split",
    "strided_slice", "take", "gather", "gather_nd", "broadcast_to", "broadcast_to_like", "tile",
    "repeat", "reverse", "stack", "zeros", "ones", "full", "zeros_like", "ones_like",
    "full_like", "copy", "image.resize2d", "layout_transform", "arange", "one_hot", "scatter",
    "slice_like", "collapse_sum_like", "collapse_sum_to", "sequence_mask", "shape_of",
    "stop_gradient", "annotation.stop_fusion", "device_copy", "on_device", "nn.contrib_conv2d_NCHWc",
    "dyn.reshape", "contrib_reverse_reshape", "fixed_point_multiply", "topk", "sort", "argsort",
};

struct Registry {
  std::mutex mu;
  std::map<std::string, Op> ops;
};

Op MakeOp(const std::string& name) {
  auto n = std::make_shared<OpNode>();
  n->name = name;
  return Op(std::move(n));
}

Registry& Global() {
  static Registry* r = [] {
    auto* reg = new Registry();
    for (const char* name : kBuiltinOps) reg->ops.emplace(name, MakeOp(name));
    return reg;
  }();
  return *r;
}

}  // namespace

Op RegisterOp(const std::string& name) {
  Registry& r = Global();
  std::lock_guard<std::mutex> lock(r.mu);
  auto it = r.ops.find(name);
  if (it != r.ops.end()) return it->second;
  Op op = MakeOp(name);
  r.ops.emplace(name, op);
  return op;
}

bool IsOpRegistered(const std::string& name) {
  Registry& r = Global();
  std::lock_guard<std::mutex> lock(r.mu);
  return r.ops.count(name) != 0;
}

std::vector<std::string> ListOpNames() {
  Registry& r = Global();
  std::lock_guard<std::mutex> lock(r.mu);
  std::vector<std::string> out;
  for (const auto& kv : r.ops) out.push_back(kv.first);
  return out;
}

Op Op::Get(const std::string& name) {
  Registry& r = Global();
  std::lock_guard<std::mutex> lock(r.mu);
  auto it = r.ops.find(name);
  if (it == r.ops.end()) throw Error("unknown operator '" + name + "'");
  return it->second;
}

}  // namespace relay
}  // namespace tirgen

// Type inference for every registered op with a type relation: a well-formed call and the type
// inferred for it, and an ill-formed call whose located error names the op, the call and its
// argument types. A coverage test makes sure no registered op is missing from the table.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "tirgen/relay/op.h"
#include "tirgen/relay/text.h"
#include "tirgen/relay/transforms.h"

namespace tirgen {
namespace relay {
namespace {

struct OpCase {
  std::string params;    // main's parameters
  std::string good;      // a call that type-checks
  std::string type;      // its inferred type
  std::string bad;       // a call that does not
  std::string bad_args;  // the argument types the error must name, e.g. "Tensor[(2, 3), float32]"
  std::string why;       // what the message must say (a fragment)
};

const char* kT23 = "%x: Tensor[(2, 3), float32], %t: (Tensor[(2), float32], Tensor[(2), float32])";
const char* kTupleArg = "(Tensor[(2), float32], Tensor[(2), float32])";

OpCase Unary(const std::string& op, const std::string& attrs = "") {
  return {kT23, op + "(%x" + attrs + ")", "Tensor[(2, 3), float32]", op + "(%t" + attrs + ")",
          kTupleArg, "must be a tensor"};
}

OpCase Binary(const std::string& op, const std::string& out_dtype) {
  return {"%x: Tensor[(2, 3), float32], %y: Tensor[(3), float32], %z: Tensor[(4, 3), float32]",
          op + "(%x, %y)", "Tensor[(2, 3), " + out_dtype + "]", op + "(%x, %z)",
          "Tensor[(2, 3), float32], Tensor[(4, 3), float32]", "cannot be broadcast"};
}

std::map<std::string, OpCase> Cases() {
  std::map<std::string, OpCase> c;
  for (const char* op :
       {"log", "log2", "log10", "tan", "cos", "cosh", "sin", "sinh", "acos", "acosh", "asin",
        "asinh", "atan", "atanh", "exp", "fast_exp", "erf", "fast_erf", "sqrt", "rsqrt",
        "zeros_like", "ones_like", "sigmoid", "copy", "floor", "ceil", "trunc", "round", "sign",
        "abs", "tanh", "fast_tanh", "negative", "logical_not", "bitwise_not", "isnan",
        "isfinite", "isinf", "nn.relu"})
    c[op] = Unary(op);
  for (const char* op : {"isnan", "isfinite", "isinf"}) c[op].type = "Tensor[(2, 3), bool]";  // IdentityCompRel
  c["nn.leaky_relu"] = Unary("nn.leaky_relu", ", alpha=0.1f");
  c["clip"] = Unary("clip", ", a_min=0f, a_max=1f");
  for (const char* op : {"add", "subtract", "right_shift", "left_shift", "maximum", "minimum",
                         "divide", "trunc_divide", "floor_divide", "multiply", "power", "mod",
                         "floor_mod", "trunc_mod", "logical_and", "logical_or", "logical_xor",
                         "bitwise_and", "bitwise_or", "bitwise_xor"})
    c[op] = Binary(op, "float32");
  for (const char* op : {"equal", "not_equal", "less", "less_equal", "greater", "greater_equal"})
    c[op] = Binary(op, "bool");
  const std::string x4 = "%x: Tensor[(1, 4, 8, 8), float32], %t: (Tensor[(2), float32], Tensor[(2), float32])";
  const std::string t4 = "Tensor[(1, 4, 8, 8), float32]";
  auto add = [&](const std::string& op, const std::string& params, const std::string& good,
                 const std::string& type, const std::string& bad, const std::string& bad_args,
                 const std::string& why) { c[op] = {params, good, type, bad, bad_args, why}; };
  for (const char* op : {"sum", "mean", "max", "min", "prod", "all", "any"})
    add(op, kT23, std::string(op) + "(%x, axis=[1], keepdims=True)", "Tensor[(2, 1), float32]",
        std::string(op) + "(%x, axis=[2])", "Tensor[(2, 3), float32]", "axis");
  for (const char* op : {"argmax", "argmin"})
    add(op, kT23, std::string(op) + "(%x, axis=[1])", "Tensor[(2), int32]",
        std::string(op) + "(%x, axis=[5])", "Tensor[(2, 3), float32]", "axis");
  for (const char* op : {"variance", "std"})
    add(op, kT23 + std::string(", %m: Tensor[(2, 1), float32]"),
        std::string(op) + "(%x, %m, axis=[1])", "Tensor[(2), float32]",
        std::string(op) + "(%x, %m, axis=[3])", "Tensor[(2, 3), float32], Tensor[(2, 1), float32]",
        "axis");
  for (const char* op : {"zeros", "ones"})
    add(op, kT23, std::string(op) + "(shape=[2, 2], dtype=\"int8\")", "Tensor[(2, 2), int8]",
        std::string(op) + "(shape=[2, -3], dtype=\"int8\")", "shape=[2, -3]", "negative");
  add("full", kT23 + std::string(", %v: float32"), "full(%v, shape=[3], dtype=\"float32\")",
      "Tensor[(3), float32]", "full(%x, shape=[3], dtype=\"float32\")", "Tensor[(2, 3), float32]",
      "scalar");
  add("full_like", kT23 + std::string(", %v: float32"), "full_like(%x, %v)", "Tensor[(2, 3), float32]",
      "full_like(%x, %x)", "Tensor[(2, 3), float32], Tensor[(2, 3), float32]", "scalar");
  add("cast", kT23, "cast(%x, dtype=\"int8\")", "Tensor[(2, 3), int8]", "cast(%t, dtype=\"int8\")",
      kTupleArg, "tensor");
  add("cast_like", kT23 + std::string(", %i: Tensor[(5), int8]"), "cast_like(%x, %i)",
      "Tensor[(2, 3), int8]", "cast_like(%t, %i)", kTupleArg, "tensor");
  add("where", kT23 + std::string(", %c: Tensor[(2, 1), bool], %z: Tensor[(4), float32]"),
      "where(%c, %x, %x)", "Tensor[(2, 3), float32]", "where(%c, %x, %z)",
      "Tensor[(2, 1), bool], Tensor[(2, 3), float32], Tensor[(4), float32]", "broadcast");
  add("reshape", kT23, "reshape(%x, newshape=[0, -1, 1])", "Tensor[(2, 3, 1), float32]",
      "reshape(%x, newshape=[4, -1])", "Tensor[(2, 3), float32]", "reshape");
  add("transpose", kT23, "transpose(%x)", "Tensor[(3, 2), float32]", "transpose(%x, axes=[0, 0])",
      "Tensor[(2, 3), float32]", "axes");
  add("squeeze", "%x: Tensor[(2, 1, 3), float32]", "squeeze(%x)", "Tensor[(2, 3), float32]",
      "squeeze(%x, axis=[0])", "Tensor[(2, 1, 3), float32]", "cannot squeeze");
  add("expand_dims", kT23, "expand_dims(%x, axis=1, num_newaxis=2)", "Tensor[(2, 1, 1, 3), float32]",
      "expand_dims(%x, axis=5)", "Tensor[(2, 3), float32]", "axis");
  add("concatenate", kT23 + std::string(", %z: Tensor[(2, 4), float32]"), "concatenate((%x, %z), axis=1)",
      "Tensor[(2, 7), float32]", "concatenate((%x, %z))", "(Tensor[(2, 3), float32], Tensor[(2, 4), float32])",
      "");
  add("stack", kT23, "stack((%x, %x), axis=1)", "Tensor[(2, 2, 3), float32]", "stack(%x)",
      "Tensor[(2, 3), float32]", "tuple");
  add("split", "%x: Tensor[(2, 6), float32]", "split(%x, indices_or_sections=[2], axis=1)",
      "(Tensor[(2, 2), float32], Tensor[(2, 4), float32])", "split(%x, indices_or_sections=4, axis=1)",
      "Tensor[(2, 6), float32]", "");
  add("strided_slice", "%x: Tensor[(4, 6), float32]",
      "strided_slice(%x, begin=[3, 0], end=[0, 6], strides=[-1, 2])", "Tensor[(3, 3), float32]",
      "strided_slice(%x, begin=[0], end=[1], strides=[0])", "Tensor[(4, 6), float32]", "");
  add("take", "%x: Tensor[(5, 3), float32], %i: Tensor[(2, 2), int32], %f: Tensor[(2), float32]",
      "take(%x, %i, axis=0)", "Tensor[(2, 2, 3), float32]", "take(%x, %f, axis=0)",
      "Tensor[(5, 3), float32], Tensor[(2), float32]", "");
  add("gather", "%x: Tensor[(5, 3), float32], %i: Tensor[(2, 3), int32], %j: Tensor[(2), int32]",
      "gather(%x, %i, axis=0)", "Tensor[(2, 3), float32]", "gather(%x, %j, axis=0)",
      "Tensor[(5, 3), float32], Tensor[(2), int32]", "");
  add("gather_nd", "%x: Tensor[(5, 3, 2), float32], %i: Tensor[(2, 4), int32], %j: Tensor[(4, 4), int32]",
      "gather_nd(%x, %i)", "Tensor[(4, 2), float32]", "gather_nd(%x, %j)",
      "Tensor[(5, 3, 2), float32], Tensor[(4, 4), int32]", "exceeds");
  add("one_hot", "%i: Tensor[(2, 3), int32], %f: Tensor[(2), float32]",
      "one_hot(%i, 1f, 0f, depth=4, axis=1, dtype=\"float32\")", "Tensor[(2, 4, 3), float32]",
      "one_hot(%f, 1f, 0f, depth=4, dtype=\"float32\")", "Tensor[(2), float32], float32, float32", "integers");
  add("sequence_mask", "%x: Tensor[(4, 3, 2), float32], %l: Tensor[(3), int32], %m: Tensor[(4), int32]",
      "sequence_mask(%x, %l)", "Tensor[(4, 3, 2), float32]", "sequence_mask(%x, %m)",
      "Tensor[(4, 3, 2), float32], Tensor[(4), int32]", "valid_length");
  add("reverse_sequence", "%x: Tensor[(4, 3, 2), float32], %l: Tensor[(3), int32], %m: Tensor[(4), int32]",
      "reverse_sequence(%x, %l, seq_axis=0, batch_axis=1)", "Tensor[(4, 3, 2), float32]",
      "reverse_sequence(%x, %m, seq_axis=0, batch_axis=1)", "Tensor[(4, 3, 2), float32], Tensor[(4), int32]",
      "seq_lengths");
  add("reshape_like", "%x: Tensor[(2, 6), float32], %y: Tensor[(3, 4), float32], %z: Tensor[(5), float32]",
      "reshape_like(%x, %y)", "Tensor[(3, 4), float32]", "reshape_like(%x, %z)",
      "Tensor[(2, 6), float32], Tensor[(5), float32]", "cannot reshape");
  add("broadcast_to_like", "%x: Tensor[(1, 6), float32], %y: Tensor[(3, 6), float32], %z: Tensor[(4), float32]",
      "broadcast_to_like(%x, %y)", "Tensor[(3, 6), float32]", "broadcast_to_like(%x, %z)",
      "Tensor[(1, 6), float32], Tensor[(4), float32]", "broadcast");
  add("layout_transform", "%x: Tensor[(1, 8, 2, 2), float32]",
      "layout_transform(%x, src_layout=\"NCHW\", dst_layout=\"NCHW4c\")", "Tensor[(1, 2, 2, 2, 4), float32]",
      "layout_transform(%x, src_layout=\"NCHW\", dst_layout=\"NCDW4c\")", "Tensor[(1, 8, 2, 2), float32]",
      "cannot convert");
  add("broadcast_to", "%x: Tensor[(3), float32]", "broadcast_to(%x, shape=[2, 3])",
      "Tensor[(2, 3), float32]", "broadcast_to(%x, shape=[2, 4])", "Tensor[(3), float32]", "broadcast");
  add("tile", kT23, "tile(%x, reps=[2, 1])", "Tensor[(4, 3), float32]", "tile(%t, reps=[2])",
      kTupleArg, "tensor");
  add("repeat", kT23, "repeat(%x, repeats=2, axis=1)", "Tensor[(2, 6), float32]",
      "repeat(%x, repeats=2, axis=4)", "Tensor[(2, 3), float32]", "axis");
  add("reverse", kT23, "reverse(%x, axis=1)", "Tensor[(2, 3), float32]", "reverse(%x, axis=3)",
      "Tensor[(2, 3), float32]", "axis");
  add("nn.batch_flatten", x4, "nn.batch_flatten(%x)", "Tensor[(1, 256), float32]",
      "nn.batch_flatten(%t)", kTupleArg, "tensor");
  add("nn.pad", x4, "nn.pad(%x, 0f, pad_width=[[0, 0], [0, 0], [1, 1], [2, 2]])",
      "Tensor[(1, 4, 10, 12), float32]", "nn.pad(%x, 0f, pad_width=[[1, 1]])",
      t4 + ", float32", "pad_width");
  add("nn.prelu", "%x: Tensor[(2, 3), float32], %a: Tensor[(3), float32], %b: Tensor[(2), float32]",
      "nn.prelu(%x, %a)", "Tensor[(2, 3), float32]", "nn.prelu(%x, %b)",
      "Tensor[(2, 3), float32], Tensor[(2), float32]", "slopes");
  add("nn.lrn", x4, "nn.lrn(%x, size=3)", t4, "nn.lrn(%x, size=4)", t4, "odd");
  add("nn.mirror_pad", x4, "nn.mirror_pad(%x, pad_width=[[0, 0], [0, 0], [1, 1], [2, 2]])",
      "Tensor[(1, 4, 10, 12), float32]", "nn.mirror_pad(%x, mode=\"REFLECT\", pad_width=[[0, 0], [0, 0], [8, 0], [0, 0]])",
      t4, "pad_width");
  add("nn.dilate", x4, "nn.dilate(%x, strides=[1, 1, 2, 3])", "Tensor[(1, 4, 15, 22), float32]",
      "nn.dilate(%x, strides=[2, 2])", t4, "strides");
  add("nn.dropout", kT23, "nn.dropout(%x, rate=0.2f)",
      "(Tensor[(2, 3), float32], Tensor[(2, 3), float32])", "nn.dropout(%t)", kTupleArg, "tensor");
  for (const char* op : {"nn.softmax", "nn.log_softmax", "nn.fast_softmax"})
    add(op, kT23, std::string(op) + "(%x, axis=0)", "Tensor[(2, 3), float32]",
        std::string(op) + "(%x, axis=2)", "Tensor[(2, 3), float32]", "axis");
  add("nn.bias_add", x4 + ", %b: Tensor[(4), float32], %c: Tensor[(3), float32]", "nn.bias_add(%x, %b)",
      t4, "nn.bias_add(%x, %c)", t4 + ", Tensor[(3), float32]", "");
  std::string bn = ", %g: Tensor[(4), float32], %c: Tensor[(3), float32]";
  add("nn.batch_norm", x4 + bn, "nn.batch_norm(%x, %g, %g, %g, %g)",
      "(" + t4 + ", Tensor[(4), float32], Tensor[(4), float32])", "nn.batch_norm(%x, %c, %g, %g, %g)",
      t4 + ", Tensor[(3), float32]", "");
  add("nn.layer_norm", kT23 + std::string(", %g: Tensor[(3), float32], %h: Tensor[(2), float32]"),
      "nn.layer_norm(%x, %g, %g)", "Tensor[(2, 3), float32]", "nn.layer_norm(%x, %h, %h)",
      "Tensor[(2, 3), float32], Tensor[(2), float32]", "");
  const std::string gh = ", %g: Tensor[(4), float32], %h: Tensor[(3), float32]";
  add("nn.instance_norm", x4 + gh, "nn.instance_norm(%x, %g, %g)", t4, "nn.instance_norm(%x, %h, %h)",
      t4 + ", Tensor[(3), float32]", "gamma");
  add("nn.group_norm", x4 + gh, "nn.group_norm(%x, %g, %g, num_groups=2)", t4,
      "nn.group_norm(%x, %g, %g, num_groups=3)", t4 + ", Tensor[(4), float32]", "num_groups");
  add("nn.l2_normalize", x4, "nn.l2_normalize(%x, eps=1e-10f, axis=[1])", t4,
      "nn.l2_normalize(%x, eps=1e-10f, axis=[4])", t4, "axis");
  add("nn.conv1d", "%x: Tensor[(1, 4, 10), float32], %w: Tensor[(8, 4, 3), float32], %v: Tensor[(8, 3, 3), float32]",
      "nn.conv1d(%x, %w, strides=[2], padding=[1, 1])", "Tensor[(1, 8, 5), float32]", "nn.conv1d(%x, %v)",
      "Tensor[(1, 4, 10), float32], Tensor[(8, 3, 3), float32]", "channels");
  for (const char* op : {"nn.max_pool1d", "nn.avg_pool1d"})
    add(op, "%x: Tensor[(1, 4, 9), float32]", std::string(op) + "(%x, pool_size=[3], strides=[2], padding=[1])",
        "Tensor[(1, 4, 5), float32]", std::string(op) + "(%x, pool_size=[3, 3])", "Tensor[(1, 4, 9), float32]",
        "pool_size");
  add("nn.depth_to_space", x4, "nn.depth_to_space(%x, block_size=2)", "Tensor[(1, 1, 16, 16), float32]",
      "nn.depth_to_space(%x, block_size=3)", t4, "block_size");
  add("nn.space_to_depth", x4, "nn.space_to_depth(%x, block_size=2)", "Tensor[(1, 16, 4, 4), float32]",
      "nn.space_to_depth(%x, block_size=3)", t4, "block_size");
  add("nn.conv1d_transpose", "%x: Tensor[(1, 4, 5), float32], %w: Tensor[(4, 2, 3), float32], %v: Tensor[(3, 2, 3), float32]",
      "nn.conv1d_transpose(%x, %w, strides=[2], padding=[1], output_padding=[1])", "Tensor[(1, 2, 10), float32]",
      "nn.conv1d_transpose(%x, %v)", "Tensor[(1, 4, 5), float32], Tensor[(3, 2, 3), float32]", "input channels");
  for (const char* op : {"nn.adaptive_avg_pool1d", "nn.adaptive_max_pool1d"})
    add(op, "%x: Tensor[(1, 4, 9), float32]", std::string(op) + "(%x, output_size=[3])", "Tensor[(1, 4, 3), float32]",
        std::string(op) + "(%x, output_size=[3, 3])", "Tensor[(1, 4, 9), float32]", "output_size");
  add("nn.conv3d", "%x: Tensor[(1, 4, 6, 6, 6), float32], %w: Tensor[(8, 2, 3, 3, 3), float32], %v: Tensor[(8, 3, 3, 3, 3), float32]",
      "nn.conv3d(%x, %w, strides=[2, 2, 2], padding=[1, 1, 1], groups=2)", "Tensor[(1, 8, 3, 3, 3), float32]",
      "nn.conv3d(%x, %v)", "Tensor[(1, 4, 6, 6, 6), float32], Tensor[(8, 3, 3, 3, 3), float32]", "input channels");
  for (const char* op : {"nn.max_pool3d", "nn.avg_pool3d"})
    add(op, "%x: Tensor[(1, 2, 4, 6, 6), float32]", std::string(op) + "(%x, pool_size=[2, 3, 3], strides=[2, 2, 2], padding=[0, 1, 1])",
        "Tensor[(1, 2, 2, 3, 3), float32]", std::string(op) + "(%x, pool_size=[2, 2])", "Tensor[(1, 2, 4, 6, 6), float32]",
        "pool_size");
  for (const char* op : {"nn.adaptive_avg_pool3d", "nn.adaptive_max_pool3d"})
    add(op, "%x: Tensor[(1, 2, 4, 6, 6), float32]", std::string(op) + "(%x, output_size=[2])",
        "Tensor[(1, 2, 2, 2, 2), float32]", std::string(op) + "(%x, output_size=[2, 2])",
        "Tensor[(1, 2, 4, 6, 6), float32]", "output_size");
  add("nn.conv3d_transpose", "%x: Tensor[(1, 4, 2, 3, 3), float32], %w: Tensor[(4, 2, 2, 2, 2), float32], %v: Tensor[(3, 2, 2, 2, 2), float32]",
      "nn.conv3d_transpose(%x, %w, strides=[2, 2, 2])", "Tensor[(1, 2, 4, 6, 6), float32]", "nn.conv3d_transpose(%x, %v)",
      "Tensor[(1, 4, 2, 3, 3), float32], Tensor[(3, 2, 2, 2, 2), float32]", "input channels");
  std::string w = ", %w: Tensor[(8, 4, 3, 3), float32], %v: Tensor[(8, 3, 3, 3), float32]";
  add("nn.conv2d", x4 + w, "nn.conv2d(%x, %w, strides=[2, 2], padding=[1, 1, 1, 1])",
      "Tensor[(1, 8, 4, 4), float32]", "nn.conv2d(%x, %v)", t4 + ", Tensor[(8, 3, 3, 3), float32]",
      "channels");
  add("nn.conv2d_transpose", x4 + ", %w: Tensor[(4, 2, 3, 3), float32], %v: Tensor[(3, 2, 3, 3), float32]",
      "nn.conv2d_transpose(%x, %w, channels=2, kernel_size=[3, 3], strides=[2, 2], padding=[1, 1, 1, 1], output_padding=[1, 1])",
      "Tensor[(1, 2, 16, 16), float32]", "nn.conv2d_transpose(%x, %v)",
      t4 + ", Tensor[(3, 2, 3, 3), float32]", "channels");
  for (const char* op : {"nn.max_pool2d", "nn.avg_pool2d"})
    add(op, x4, std::string(op) + "(%x, pool_size=[3, 3], strides=[2, 2], padding=[1, 1, 1, 1], ceil_mode=True)",
        "Tensor[(1, 4, 5, 5), float32]", std::string(op) + "(%t, pool_size=[2, 2])", kTupleArg, "tensor");
  for (const char* op : {"nn.global_avg_pool2d", "nn.global_max_pool2d"})
    add(op, x4, std::string(op) + "(%x)", "Tensor[(1, 4, 1, 1), float32]",
        std::string(op) + "(%t)", kTupleArg, "tensor");
  for (const char* op : {"nn.adaptive_avg_pool2d", "nn.adaptive_max_pool2d"})
    add(op, x4, std::string(op) + "(%x, output_size=[2, 3])", "Tensor[(1, 4, 2, 3), float32]",
        std::string(op) + "(%t, output_size=[2, 3])", kTupleArg, "tensor");
  add("nn.dense", kT23 + std::string(", %w: Tensor[(5, 3), float32], %v: Tensor[(5, 4), float32]"),
      "nn.dense(%x, %w, units=5)", "Tensor[(2, 5), float32]", "nn.dense(%x, %v)",
      "Tensor[(2, 3), float32], Tensor[(5, 4), float32]", "");
  add("nn.matmul", kT23 + std::string(", %w: Tensor[(3, 5), float32], %v: Tensor[(4, 5), float32]"),
      "nn.matmul(%x, %w)", "Tensor[(2, 5), float32]", "nn.matmul(%x, %v)",
      "Tensor[(2, 3), float32], Tensor[(4, 5), float32]", "");
  add("nn.batch_matmul", "%x: Tensor[(2, 3, 4), float32], %y: Tensor[(2, 5, 4), float32], %z: Tensor[(2, 5, 3), float32]",
      "nn.batch_matmul(%x, %y, transpose_b=True)", "Tensor[(2, 3, 5), float32]", "nn.batch_matmul(%x, %z, transpose_b=True)",
      "Tensor[(2, 3, 4), float32], Tensor[(2, 5, 3), float32]", "");
  add("image.resize2d", x4, "image.resize2d(%x, size=[16, 12], roi=[0f, 0f, 0f, 0f])",
      "Tensor[(1, 4, 16, 12), float32]", "image.resize2d(%t, size=[16, 12])", kTupleArg, "tensor");
  add("nn.upsampling", x4, "nn.upsampling(%x, scale_h=2f, scale_w=1.5f)", "Tensor[(1, 4, 16, 12), float32]",
      "nn.upsampling(%x, scale_h=2f, scale_w=2f, method=\"nearest\")", t4, "method");
  add("nn.upsampling3d", "%x: Tensor[(1, 2, 3, 4, 5), float32]",
      "nn.upsampling3d(%x, scale_d=2f, scale_h=1.5f, scale_w=0.6f, method=\"trilinear\")",
      "Tensor[(1, 2, 6, 6, 3), float32]", "nn.upsampling3d(%x, scale_d=2f, scale_h=2f, scale_w=2f, method=\"bilinear\")",
      "Tensor[(1, 2, 3, 4, 5), float32]", "method must be \"nearest_neighbor\" or \"trilinear\"");
  add("image.resize3d", "%x: Tensor[(1, 2, 3, 4, 5), float32]", "image.resize3d(%x, size=[4, 6, 8])",
      "Tensor[(1, 2, 4, 6, 8), float32]", "image.resize3d(%x, size=[4, 6, 8], method=\"cubic\")",
      "Tensor[(1, 2, 3, 4, 5), float32]", "method must be \"nearest_neighbor\" or \"linear\"");
  // Ops TVM runs as extern kernels (relay/op/scan_sort.cc).
  add("trilu", kT23 + std::string(", %k: int64, %kv: Tensor[(1), int64]"), "trilu(%x, %k, upper=False)",
      "Tensor[(2, 3), float32]", "trilu(%x, %kv)", "Tensor[(2, 3), float32], Tensor[(1), int64]", "k must be a 0-D tensor");
  add("cumsum", kT23, "cumsum(%x, axis=1, dtype=\"float64\")", "Tensor[(2, 3), float64]", "cumsum(%x, axis=2)",
      "Tensor[(2, 3), float32]", "out of range");
  add("topk", kT23, "topk(%x, k=2, axis=1, dtype=\"int64\")", "(Tensor[(2, 2), float32], Tensor[(2, 2), int64])",
      "topk(%x, k=4, axis=1, dtype=\"int32\")", "Tensor[(2, 3), float32]", "exceeds the axis extent");
  add("scatter_nd",
      "%x: Tensor[(4, 3), float32], %i: Tensor[(1, 2), int64], %u: Tensor[(2, 3), float32], %v: Tensor[(2, 4), float32]",
      "scatter_nd(%x, %i, %u, mode=\"add\")", "Tensor[(4, 3), float32]", "scatter_nd(%x, %i, %v)",
      "Tensor[(4, 3), float32], Tensor[(1, 2), int64], Tensor[(2, 4), float32]", "differs from data dim 1");
  add("scatter_elements",
      "%x: Tensor[(4, 3), float32], %i: Tensor[(2, 3), int64], %u: Tensor[(2, 3), float32], %v: Tensor[(2, 4), int64]",
      "scatter_elements(%x, %i, %u, axis=0, reduction=\"add\")", "Tensor[(4, 3), float32]",
      "scatter_elements(%x, %v, %u, axis=0)",
      "Tensor[(4, 3), float32], Tensor[(2, 4), int64], Tensor[(2, 3), float32]", "updates must have indices' shape");
  add("einsum", "%x: Tensor[(2, 3), float32], %y: Tensor[(3, 5), float32], %z: Tensor[(4, 5), float32]",
      "einsum((%x, %y), equation=\"ij,jk->ik\")", "Tensor[(2, 5), float32]", "einsum((%x, %z), equation=\"ij,jk->ik\")",
      "(Tensor[(2, 3), float32], Tensor[(4, 5), float32])", "label 'j' has extents 3 and 4");
  add("image.grid_sample", x4 + ", %g: Tensor[(1, 2, 5, 6), float32], %h: Tensor[(1, 3, 5, 6), float32]",
      "image.grid_sample(%x, %g, method=\"bicubic\", padding_mode=\"border\")", "Tensor[(1, 4, 5, 6), float32]",
      "image.grid_sample(%x, %h)", t4 + ", Tensor[(1, 3, 5, 6), float32]", "grid must have shape (N, 2, H, W)");
  add("vision.roi_align", x4 + ", %r: Tensor[(3, 5), float32], %q: Tensor[(3, 4), float32]",
      "vision.roi_align(%x, %r, pooled_size=[2, 3], spatial_scale=0.5f, sample_ratio=0, mode=\"max\")",
      "Tensor[(3, 4, 2, 3), float32]", "vision.roi_align(%x, %q, pooled_size=[2, 3], spatial_scale=0.5f)",
      t4 + ", Tensor[(3, 4), float32]", "rois must have shape (num_rois, 5)");
  add("vision.roi_pool", x4 + ", %r: Tensor[(3, 5), float32]",
      "vision.roi_pool(%x, %r, pooled_size=[7, 7], spatial_scale=1f)", "Tensor[(3, 4, 7, 7), float32]",
      "vision.roi_pool(%x, %r, pooled_size=[7], spatial_scale=1f)", t4 + ", Tensor[(3, 5), float32]",
      "pooled_size must be two positive integers");
  add("qnn.quantize", "%x: Tensor[(2, 3, 4), float32], %s: Tensor[(3), float32], %z: Tensor[(3), int32], %t: Tensor[(4), float32]",
      "qnn.quantize(%x, %s, %z, out_dtype=\"int8\", axis=1)", "Tensor[(2, 3, 4), int8]",
      "qnn.quantize(%x, %t, %z, out_dtype=\"int8\", axis=1)",
      "Tensor[(2, 3, 4), float32], Tensor[(4), float32], Tensor[(3), int32]", "scale must be a scalar or have shape (3)");
  add("qnn.dequantize", "%q: Tensor[(2, 3), uint8], %s: float32, %z: int32, %f: Tensor[(2, 3), float32]",
      "qnn.dequantize(%q, %s, %z)", "Tensor[(2, 3), float32]", "qnn.dequantize(%f, %s, %z)",
      "Tensor[(2, 3), float32], float32, int32", "input must be int8, uint8, int16, uint16 or int32, not float32");
  add("qnn.requantize", "%q: Tensor[(2, 3), int32], %s: Tensor[(3), float32], %z: int32, %t: float32, %v: Tensor[(3), float32]",
      "qnn.requantize(%q, %s, %z, %t, %z, axis=1, out_dtype=\"uint8\")", "Tensor[(2, 3), uint8]",
      "qnn.requantize(%q, %s, %z, %v, %z, axis=1, out_dtype=\"uint8\")",
      "Tensor[(2, 3), int32], Tensor[(3), float32], int32, Tensor[(3), float32], int32",
      "output_scale must be a float32 scalar (per-tensor)");
  add("qnn.conv2d",
      "%x: Tensor[(1, 2, 5, 5), uint8], %w: Tensor[(4, 2, 3, 3), int8], %z: int32, %s: float32, %ws: Tensor[(4), float32], "
      "%bad: Tensor[(3), float32]",
      "qnn.conv2d(%x, %w, %z, %z, %s, %ws, padding=[1, 1], channels=4, kernel_size=[3, 3], out_dtype=\"int32\")",
      "Tensor[(1, 4, 5, 5), int32]",
      "qnn.conv2d(%x, %w, %z, %z, %s, %bad, channels=4, kernel_size=[3, 3], out_dtype=\"int32\")",
      "Tensor[(1, 2, 5, 5), uint8], Tensor[(4, 2, 3, 3), int8], int32, int32, float32, Tensor[(3), float32]",
      "weight_scale must be a float32 scalar or have shape (4)");
  add("qnn.dense", "%x: Tensor[(2, 6), int8], %w: Tensor[(5, 6), int8], %z: int32, %s: float32, %f: Tensor[(2, 6), float32]",
      "qnn.dense(%x, %w, %z, %z, %s, %s, units=5, out_dtype=\"int32\")", "Tensor[(2, 5), int32]",
      "qnn.dense(%f, %w, %z, %z, %s, %s, units=5, out_dtype=\"int32\")",
      "Tensor[(2, 6), float32], Tensor[(5, 6), int8], int32, int32, float32, float32",
      "data must be one of int8, uint8, int16, uint16, not float32");
  add("fixed_point_multiply", "%x: Tensor[(2, 3), int32]", "fixed_point_multiply(%x, multiplier=1073741824, shift=2)",
      "Tensor[(2, 3), int32]", "fixed_point_multiply((%x, %x), multiplier=1073741824, shift=2)",
      "(Tensor[(2, 3), int32], Tensor[(2, 3), int32])", "tensor");
  add("fixed_point_multiply_per_axis", "%x: Tensor[(2, 3), int32], %m: Tensor[(3), int32]",
      "fixed_point_multiply_per_axis(%x, %m, %m, %m, axes=[1])", "Tensor[(2, 3), int32]",
      "fixed_point_multiply_per_axis(%x, %m, %m, %m, axes=[2])",
      "Tensor[(2, 3), int32], Tensor[(3), int32], Tensor[(3), int32], Tensor[(3), int32]",
      "axis 2 is out of range for a tensor of rank 2");
  const std::string key = "%k: Tensor[(10), uint64], %b: Tensor[(10), uint32]";
  const std::string key_t = "Tensor[(10), uint64]";
  add("random.threefry_generate", key, "random.threefry_generate(%k, out_shape=[2, 3])",
      "(" + key_t + ", Tensor[(2, 3), uint64])", "random.threefry_generate(%b, out_shape=[2])", "Tensor[(10), uint32]",
      "the key must be a Threefry key");
  add("random.threefry_split", key, "random.threefry_split(%k)", "(" + key_t + ", " + key_t + ")",
      "random.threefry_split(%b)", "Tensor[(10), uint32]", "the key must be a Threefry key");
  for (const char* op : {"random.uniform", "random.normal"})
    add(op, key + ", %lo: float32, %hi: float32, %h: float16",
        std::string(op) + "(%k, %lo, %hi, out_shape=[4], out_dtype=\"float32\")", "(" + key_t + ", Tensor[(4), float32])",
        std::string(op) + "(%k, %h, %h, out_shape=[4], out_dtype=\"float16\")", key_t + ", float16, float16",
        "only float32 or float64 random values");
  add("random.multinomial", key + ", %p: Tensor[(2, 5), float32]", "random.multinomial(%k, %p, num_samples=3)",
      "(" + key_t + ", Tensor[(2, 3), int32])", "random.multinomial(%k, %p, num_samples=0)",
      key_t + ", Tensor[(2, 5), float32]", "num_samples must be positive");
  add("qnn.batch_matmul",
      "%x: Tensor[(2, 3, 4), uint8], %y: Tensor[(2, 5, 4), int8], %z: int32, %s: float32, %f: Tensor[(2, 3, 4), float32]",
      "qnn.batch_matmul(%x, %y, %z, %z, %s, %s, out_dtype=\"int32\", transpose_b=True)", "Tensor[(2, 3, 5), int32]",
      "qnn.batch_matmul(%f, %y, %z, %z, %s, %s, out_dtype=\"int32\", transpose_b=True)",
      "Tensor[(2, 3, 4), float32], Tensor[(2, 5, 4), int8], int32, int32, float32, float32",
      "x must be one of int8, uint8, not float32");
  add("dft", "%re: Tensor[(2, 8), float32], %im: Tensor[(2, 8), float32], %i: Tensor[(2, 4), float32]",
      "dft(%re, %im, inverse=True)", "(Tensor[(2, 8), float32], Tensor[(2, 8), float32])", "dft(%re, %i)",
      "Tensor[(2, 8), float32], Tensor[(2, 4), float32]", "must have one shape");
  return c;
}

std::string MainText(const std::string& params, const std::string& body) {
  return "#[version = \"0.0.5\"]\ndef @main(" + params + ") {\n  " + body + "\n}\n";
}

// The type of main's body after inference.
std::string InferredType(const OpCase& c) {
  IRModule mod = InferType(ParseModule(MainText(c.params, c.good), "t.relay"));
  return TypeToString(mod->functions.at("main").as<FunctionNode>()->body->checked_type);
}

std::string InferError(const OpCase& c) {
  try {
    InferType(ParseModule(MainText(c.params, c.bad), "t.relay"));
  } catch (const Error& e) {
    return e.what();
  }
  return "<no error>";
}

TEST(RelayOpTypes, EveryRegisteredRelationHasACase) {
  auto cases = Cases();
  std::vector<std::string> missing;
  for (const std::string& name : ListOpNames()) {
    const OpInfo* info = GetOpInfo(name);
    if (info && info->relation && !cases.count(name)) missing.push_back(name);
  }
  std::string list;
  for (const auto& m : missing) list += " " + m;
  EXPECT_TRUE(missing.empty()) << "ops without a type test:" << list;
}

TEST(RelayOpTypes, GoodCallsInferTheirType) {
  for (const auto& kv : Cases()) {
    try {
      EXPECT_EQ(InferredType(kv.second), kv.second.type) << kv.first << ": " << kv.second.good;
    } catch (const std::exception& e) {
      ADD_FAILURE() << kv.first << ": " << kv.second.good << ": " << e.what();
    }
  }
}

TEST(RelayOpTypes, BadCallsNameTheCallAndItsArgumentTypes) {
  for (const auto& kv : Cases()) {
    const std::string& op = kv.first;
    std::string err = InferError(kv.second);
    EXPECT_EQ(err.rfind("t.relay:3:3: error: " + op + ": ", 0), 0u) << op << ": " << err;
    EXPECT_NE(err.find(kv.second.why), std::string::npos) << op << ": " << err;
    EXPECT_NE(err.find(" in call " + op + "(" + kv.second.bad_args), std::string::npos)
        << op << ": " << err;
  }
}

}  // namespace
}  // namespace relay
}  // namespace tirgen

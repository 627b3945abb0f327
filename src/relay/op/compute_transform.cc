// TE computes of the shape transforms and indexing ops (TVM's src/relay/op/tensor/transform.cc):
// each reads its attributes (or the inferred output type) and calls the TOPI operator that
// produces TVM's tensor names (T_reshape, T_transpose, T_concat, T_split_sections, ...).
#include "op_common.h"
#include "tirgen/tir/op.h"
#include "tirgen/topi/broadcast.h"
#include "tirgen/topi/layout.h"
#include "tirgen/topi/sequence.h"
#include "tirgen/topi/transform.h"

namespace tirgen {
namespace relay {
namespace op {
namespace {

using te::Tensor;
using Tensors = std::vector<Tensor>;

std::vector<int> Ints(const std::vector<int64_t>& v) { return std::vector<int>(v.begin(), v.end()); }

Tensors Reshape(const Call& call, const Tensors& in, const Type& out) {
  // The target shape is the inferred type (special values 0/-1/-2/-3/-4 already resolved).
  return {topi::reshape(in.at(0), OutTensorType(call, out)->shape)};
}

Tensors Transpose(const Call& call, const Tensors& in, const Type&) {
  return {topi::transpose(in.at(0), Ints(call->GetIntArray("axes")))};
}

Tensors Squeeze(const Call& call, const Tensors& in, const Type&) {
  // axis=None squeezes every unit dim; axis=[] none.
  return {topi::squeeze(in.at(0), Ints(call->GetIntArray("axis")), "T_squeeze", !call->HasAttr("axis"))};
}

Tensors ExpandDims(const Call& call, const Tensors& in, const Type&) {
  return {topi::expand_dims(in.at(0), static_cast<int>(call->GetInt("axis")),
                            static_cast<int>(call->GetInt("num_newaxis")))};
}

Tensors Concatenate(const Call& call, const Tensors& in, const Type&) {
  return {topi::concatenate(in, static_cast<int>(call->GetInt("axis")))};
}

Tensors Stack(const Call& call, const Tensors& in, const Type&) {
  return {topi::stack(in, static_cast<int>(call->GetInt("axis")))};
}

Tensors Split(const Call& call, const Tensors& in, const Type&) {
  int axis = static_cast<int>(call->GetInt("axis"));
  ObjectRef ios = call->GetAttr("indices_or_sections");
  if (const auto* sections = ios.as<tir::IntImmNode>())
    return topi::split_sections(in.at(0), static_cast<int>(sections->value), axis);
  return topi::split(in.at(0), call->GetIntArray("indices_or_sections"), axis);
}

Tensors StridedSlice(const Call& call, const Tensors& in, const Type&) {
  std::vector<int> axes;
  if (call->HasAttr("axes")) axes = Ints(call->GetIntArray("axes"));
  return {topi::strided_slice(in.at(0), call->GetIntArray("begin"), call->GetIntArray("end"),
                              call->GetIntArray("strides"), axes, call->GetString("slice_mode"))};
}

Tensors Take(const Call& call, const Tensors& in, const Type&) {
  std::string mode = call->GetString("mode");
  if (!call->HasAttr("axis")) return {topi::take_flat(in.at(0), in.at(1), mode)};
  return {topi::take(in.at(0), in.at(1), static_cast<int>(call->GetInt("batch_dims")),
                     static_cast<int>(call->GetInt("axis")), mode)};
}

Tensors Gather(const Call& call, const Tensors& in, const Type&) {
  return {topi::gather(in.at(0), static_cast<int>(call->GetInt("axis")), in.at(1))};
}

Tensors GatherND(const Call& call, const Tensors& in, const Type&) {
  return {topi::gather_nd(in.at(0), in.at(1), static_cast<int>(call->GetInt("batch_dims")))};
}

// on/off values are 0-d tensors read as scalars (TVM's inputs[1]()).
Tensors OneHot(const Call& call, const Tensors& in, const Type&) {
  return {topi::one_hot(in.at(0), in.at(1)(std::vector<tir::PrimExpr>{}), in.at(2)(std::vector<tir::PrimExpr>{}),
                        static_cast<int>(call->GetInt("depth")), static_cast<int>(call->GetInt("axis")),
                        call->GetDType("dtype"))};
}

Tensors SequenceMask(const Call& call, const Tensors& in, const Type&) {
  return {topi::sequence_mask(in.at(0), in.at(1), call->GetFloat("mask_value"),
                              static_cast<int>(call->GetInt("axis")))};
}

Tensors ReverseSequence(const Call& call, const Tensors& in, const Type&) {
  return {topi::reverse_sequence(in.at(0), in.at(1), static_cast<int>(call->GetInt("seq_axis")),
                                 static_cast<int>(call->GetInt("batch_axis")))};
}

Tensors LayoutTransform(const Call& call, const Tensors& in, const Type&) {
  return {topi::layout_transform(in.at(0), call->GetString("src_layout"), call->GetString("dst_layout"))};
}

Tensors BroadcastTo(const Call& call, const Tensors& in, const Type& out) {
  return {topi::broadcast_to(in.at(0), OutTensorType(call, out)->shape)};
}

Tensors Tile(const Call& call, const Tensors& in, const Type&) {
  return {topi::tile(in.at(0), call->GetIntArray("reps"))};
}

Tensors Repeat(const Call& call, const Tensors& in, const Type&) {
  return {topi::repeat(in.at(0), static_cast<int>(call->GetInt("repeats")),
                       static_cast<int>(call->GetInt("axis")))};
}

Tensors Reverse(const Call& call, const Tensors& in, const Type&) {
  return {topi::reverse_sequence(in.at(0), static_cast<int>(call->GetInt("axis")))};
}

}  // namespace

TIRGEN_REGISTER_OPS(compute_transform) {
  RegisterCompute("reshape", Reshape);
  RegisterCompute("transpose", Transpose);
  RegisterCompute("squeeze", Squeeze);
  RegisterCompute("expand_dims", ExpandDims);
  RegisterCompute("concatenate", Concatenate);
  RegisterCompute("stack", Stack);
  RegisterCompute("split", Split);
  RegisterCompute("strided_slice", StridedSlice);
  RegisterCompute("take", Take);
  RegisterCompute("gather", Gather);
  RegisterCompute("gather_nd", GatherND);
  RegisterCompute("one_hot", OneHot);
  RegisterCompute("sequence_mask", SequenceMask);
  RegisterCompute("reverse_sequence", ReverseSequence);
  RegisterCompute("layout_transform", LayoutTransform);
  RegisterCompute("broadcast_to", BroadcastTo);
  // The *_like ops take their target shape from the inferred type, as TVM's computes do.
  RegisterCompute("reshape_like", Reshape);
  RegisterCompute("broadcast_to_like", BroadcastTo);
  RegisterCompute("tile", Tile);
  RegisterCompute("repeat", Repeat);
  RegisterCompute("reverse", Reverse);
}

}  // namespace op
}  // namespace relay
}  // namespace tirgen

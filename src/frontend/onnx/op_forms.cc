// The op forms (ranks, attribute values, outputs) the converters of the existing families
// handle, declared for the up-front check so one error names every op and form a model needs
// (converters of newer families declare theirs next to them). NodeForm's attribute readers.
#include <limits>
#include <set>

#include "const_eval.h"
#include "converter.h"
#include "node_attr.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {

namespace {

std::string RankText(int rank) { return "an input of rank " + std::to_string(rank); }

// ONNX Runtime's NHWC form of its quantized pools, which the converters read as NCHW.
std::string ChannelsLastForm(const NodeForm& f) {
  return f.Int("channels_last", 0) != 0 ? "channels_last=1 (NHWC data; transpose it to NCHW around the node)" : "";
}

// Conv, ConvTranspose, MaxPool, AveragePool: 1-, 2- and 3-D (relay's *1d/*2d/*3d ops).
std::string SpatialForms(const NodeForm& f) {
  int rank = f.Rank(0);
  if (rank >= 0 && (rank < 3 || rank > 5))
    return RankText(rank) + " (1-, 2- and 3-D " + f.node.op_type() + ", inputs of rank 3 to 5, are supported)";
  // TVM's generic conv3d_transpose (dilations become a dilated weight in the converter).
  if (f.node.op_type() == "ConvTranspose" && rank == 5 && f.Int("group", 1) != 1) return "group != 1 on a 3-D input";
  if (f.node.op_type() == "MaxPool") {
    int64_t order = f.Int("storage_order", 0);
    if (order != 0 && order != 1) return "storage_order=" + std::to_string(order) + " (0 or 1)";
  }
  return ChannelsLastForm(f);
}

// QLinearGlobalAveragePool: relay's 1-, 2- and 3-D global pools, NCHW.
std::string GlobalPoolForms(const NodeForm& f) {
  int rank = f.Rank(0);
  if (rank >= 0 && (rank < 3 || rank > 5)) return RankText(rank) + " (ranks 3 to 5)";
  return ChannelsLastForm(f);
}

std::string BatchNormForms(const NodeForm& f) {
  if (f.opset >= 14 && f.Int("training_mode", 0) == 0 && (f.HasOutput(1) || f.HasOutput(2)))
    return "running mean/var outputs without training_mode";
  int rank = f.Rank(0);
  if (rank >= 0 && rank < 2) return RankText(rank) + " (ranks 2 and more)";
  return "";
}

// Mean/InvStdDev are computed in stash_type: float (1) or double (11); float16 (10) is
// refused, as relay constants of float16 (the epsilon, the 1 of 1/sqrt) cannot be made.
std::string LayerNormForms(const NodeForm& f) {
  int64_t stash = f.Int("stash_type", 1);
  if ((f.HasOutput(1) || f.HasOutput(2)) && stash != 1 && stash != 11)
    return "stash_type=" + std::to_string(stash) + " for the Mean/InvStdDev outputs (1 = float32 or 11 = float64)";
  return "";
}

std::string ResizeForms(const NodeForm& f) {
  int rank = f.Rank(0);
  if (rank >= 0 && (rank < 3 || rank > 5)) return RankText(rank) + " (3-, 4- and 5-D inputs are supported)";
  std::string mode = f.Str("mode", "nearest");
  if (mode != "nearest" && mode != "linear" && mode != "cubic") return "mode '" + mode + "'";
  // Opset 18's attributes, at their defaults only.
  if (f.Int("antialias", 0) != 0) return "antialias=" + std::to_string(f.Int("antialias", 0));
  if (f.HasAttr("axes")) return "the axes attribute";
  std::string policy = f.Str("keep_aspect_ratio_policy", "stretch");
  if (policy != "stretch") return "keep_aspect_ratio_policy '" + policy + "'";
  if (rank == 5 && mode == "cubic") return "mode 'cubic' on a 5-D input (image.resize3d: nearest and linear)";
  std::string coord = f.Str("coordinate_transformation_mode", "half_pixel");
  static const std::set<std::string> kCoords = {"half_pixel", "pytorch_half_pixel", "align_corners", "asymmetric",
                                                "tf_half_pixel_for_nn", "tf_crop_and_resize"};  // topi's resize
  if (!kCoords.count(coord)) return "coordinate_transformation_mode '" + coord + "'";
  if (rank == 5 && f.Str("coordinate_transformation_mode", "half_pixel") == "tf_crop_and_resize")
    return "coordinate_transformation_mode 'tf_crop_and_resize' on a 5-D input";
  return "";
}

std::string PadForms(const NodeForm& f) {
  std::string mode = f.Str("mode", "constant");
  if (mode != "constant" && mode != "reflect" && mode != "edge") return "mode '" + mode + "'";
  return "";
}

// Operands the converters read at import time (they become relay attributes or static
// shapes), from the opset where they are inputs. The up-front check refuses one computed from a
// graph input, so a model whose shapes depend on run-time values is refused with its other
// needs in one error (not at the first such node's conversion).
struct ImportTimeOperand {
  const char* op;
  int input;
  const char* name;
  int since;  // opset
};
const ImportTimeOperand kImportTimeOperands[] = {
    {"Slice", 1, "starts", 10}, {"Slice", 2, "ends", 10}, {"Slice", 3, "axes", 10}, {"Slice", 4, "steps", 10},
    {"Reshape", 1, "shape", 5}, {"Expand", 1, "shape", 8}, {"Tile", 1, "repeats", 6},
    {"Pad", 1, "pads", 11}, {"Pad", 3, "axes", 18}, {"Squeeze", 1, "axes", 13}, {"Unsqueeze", 1, "axes", 13},
    {"Split", 1, "split", 13}, {"TopK", 1, "K", 10}, {"CumSum", 1, "axis", 11},
    {"ConstantOfShape", 0, "shape", 9}, {"Range", 0, "start", 11}, {"Range", 1, "limit", 11},
    {"Range", 2, "delta", 11}, {"OneHot", 1, "depth", 9}, {"MaxUnpool", 2, "output_shape", 9},
    {"Resize", 2, "scales", 11}, {"Resize", 3, "sizes", 11}, {"ReduceSum", 1, "axes", 13},
    {"ReduceMean", 1, "axes", 18}, {"ReduceMax", 1, "axes", 18}, {"ReduceMin", 1, "axes", 18},
    {"ReduceProd", 1, "axes", 18}, {"ReduceL1", 1, "axes", 18}, {"ReduceL2", 1, "axes", 18},
    {"ReduceLogSum", 1, "axes", 18}, {"ReduceLogSumExp", 1, "axes", 18}, {"ReduceSumSquare", 1, "axes", 18},
};

void SetForms(ConverterTable* table, const char* op, FormCheck forms) {
  auto it = table->find(op);
  if (it != table->end()) it->second.forms = forms;
}

}  // namespace

int64_t NodeForm::Elements(int i) const {
  if (Rank(i) < 0 || i >= static_cast<int>(input_shapes.size())) return -1;
  for (int64_t d : input_shapes[i])
    if (d < 0) return -1;
  return SaturatingNumel(input_shapes[i]);
}

std::string RunTimeOperandForm(const NodeForm& f) {
  if (!IsDefaultDomain(f.node.domain())) return "";
  for (const auto& o : kImportTimeOperands)
    if (f.node.op_type() == o.op && f.opset >= o.since && f.HasInput(o.input) && !f.Known(o.input))
      return std::string(o.name) + " computed at run time (tirgen imports static shapes: it must follow from "
             "constants and input shapes)";
  return "";
}

bool NodeForm::HasAttr(const std::string& name) const { return FindNodeAttr(node, name) != nullptr; }

int64_t NodeForm::Int(const std::string& name, int64_t dflt) const {
  const auto* a = FindNodeAttr(node, name);
  return a && a->type() == onnx::AttributeProto::INT ? a->i() : dflt;
}

std::string NodeForm::Str(const std::string& name, const std::string& dflt) const {
  const auto* a = FindNodeAttr(node, name);
  return a && a->type() == onnx::AttributeProto::STRING ? a->s() : dflt;
}

std::vector<int64_t> NodeForm::Ints(const std::string& name) const {
  const auto* a = FindNodeAttr(node, name);
  if (!a) return {};
  return std::vector<int64_t>(a->ints().begin(), a->ints().end());
}

void AddFormChecks(ConverterTable* table) {
  for (const char* op : {"Conv", "ConvTranspose", "MaxPool", "AveragePool", "com.microsoft.QLinearAveragePool"})
    SetForms(table, op, SpatialForms);
  SetForms(table, "com.microsoft.QLinearGlobalAveragePool", GlobalPoolForms);
  SetForms(table, "BatchNormalization", BatchNormForms);
  SetForms(table, "SpatialBN", BatchNormForms);
  SetForms(table, "LayerNormalization", LayerNormForms);
  SetForms(table, "Resize", ResizeForms);
  SetForms(table, "Pad", PadForms);
}

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen

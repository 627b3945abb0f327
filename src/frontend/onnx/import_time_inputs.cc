// Inputs the standard converters must know at import time: tirgen's shapes are static, so a
// shape, an axis list, a slice bound or a count computed at run time cannot be compiled (TVM
// v0.14 takes most of these through its dyn.* ops, which only its VM runs; CumSum's axis it
// must know too). The up-front check names every node with such an input computed from the
// model's run-time inputs, so one error lists them with the model's other unsupported ops and
// forms. Only values certain to be run-time count (the file's "known" view misses some that
// conversion folds, e.g. a shape assembled in a sequence); conversion catches the rest.
#include "import_time_inputs.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {
namespace {

struct ImportTimeInput {
  const char* op;
  int input;
  const char* what;
  int from_opset;  ///< the input exists (replaced an attribute) from this opset on
};

const ImportTimeInput kInputs[] = {
    {"Reshape", 1, "shape", 5},        {"Expand", 1, "shape", 8},      {"Tile", 1, "repeats", 6},
    {"Slice", 1, "starts", 10},        {"Slice", 2, "ends", 10},       {"Slice", 3, "axes", 10},
    {"Slice", 4, "steps", 10},         {"Squeeze", 1, "axes", 13},     {"Unsqueeze", 1, "axes", 13},
    {"Split", 1, "split", 13},         {"Pad", 1, "pads", 11},         {"Pad", 3, "axes", 18},
    {"ConstantOfShape", 0, "shape", 9}, {"Range", 0, "start", 11},     {"Range", 1, "limit", 11},
    {"Range", 2, "delta", 11},         {"OneHot", 1, "depth", 9},      {"TopK", 1, "K", 10},
    {"CumSum", 1, "axis", 11},         {"MaxUnpool", 2, "output_shape", 9},
};

// Ops whose outputs are never run-time values: static shapes and counts, constants built from
// a shape; control flow, whose outputs conversion may know (a constant If condition).
bool StopsRunTime(const onnx::NodeProto& n) {
  static const std::set<std::string> kOps = {"Shape", "Size", "EyeLike", "SequenceLength", "OptionalHasElement",
                                             "Constant", "If", "Loop", "Scan"};
  return kOps.count(n.op_type()) > 0;
}

bool IsRandom(const std::string& op) {
  return op.rfind("Random", 0) == 0 || op == "Bernoulli" || op == "Multinomial";
}

void Propagate(const onnx::GraphProto& g, std::set<std::string>* run_time) {
  for (const auto& n : g.node()) {
    bool from_input = IsRandom(n.op_type());
    for (const auto& in : n.input()) from_input = from_input || (!in.empty() && run_time->count(in));
    if (from_input && !StopsRunTime(n))
      for (int k = 0; k < n.output_size(); ++k)
        if (!(n.op_type() == "Dropout" && k == 1)) run_time->insert(n.output(k));  // the mask is all true
    for (const auto& a : n.attribute())
      if (a.type() == onnx::AttributeProto::GRAPH) Propagate(a.g(), run_time);
  }
}

}  // namespace

std::set<std::string> RunTimeValues(const onnx::GraphProto& graph) {
  std::set<std::string> inits, run_time;
  for (const auto& t : graph.initializer()) inits.insert(t.name());
  for (const auto& in : graph.input())
    if (!inits.count(in.name())) run_time.insert(in.name());
  Propagate(graph, &run_time);
  return run_time;
}

std::string RunTimeInputForm(const NodeForm& f, const std::set<std::string>& run_time_values) {
  const std::string& op = f.node.op_type();
  if (!f.node.domain().empty() && f.node.domain() != "ai.onnx") return "";
  auto run_time = [&](int i) { return f.HasInput(i) && run_time_values.count(f.node.input(i)) > 0; };
  auto form = [](const std::string& what) {
    return "its " + what + " computed at run time (needed at import time: shapes are static)";
  };
  for (const ImportTimeInput& e : kInputs)
    if (op == e.op && f.opset >= e.from_opset && run_time(e.input)) return form(e.what);
  // Reduce*: the axes input (ReduceSum from opset 13, the others from 18).
  if (op.rfind("Reduce", 0) == 0 && run_time(1)) return form("axes");
  // Resize reads sizes when given, else scales; roi only for tf_crop_and_resize.
  if (op == "Resize") {
    if (run_time(3)) return form("sizes");
    if (!f.HasInput(3) && run_time(2)) return form("scales");
    bool crop = f.Str("coordinate_transformation_mode", "half_pixel") == "tf_crop_and_resize";
    if (crop && run_time(1)) return form("roi");
  }
  return "";
}

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen

// Public entry points of the ONNX frontend and the converter table.
#include "tirgen/frontend/onnx.h"

#include "graph_converter.h"
#include "tirgen/support/error.h"
#include "tirgen/support/mapped_file.h"

namespace tirgen {
namespace frontend {

namespace onnx_import {

const ConverterTable& Converters() {
  static const ConverterTable table = [] {
    ConverterTable t;
    AddElemwiseConverters(&t);
    AddNNConverters(&t);
    AddReduceConverters(&t);
    AddTensorConverters(&t);
    AddTransformConverters(&t);
    AddIndexingConverters(&t);
    AddImageConverters(&t);
    AddMathConverters(&t);
    AddScanSortConverters(&t);
    AddRecurrentConverters(&t);
    AddCompositeConverters(&t);
    AddLpPoolConverters(&t);
    AddQuantizeConverters(&t);
    AddQLinearConverters(&t);
    AddQLinearNNConverters(&t);
    AddDataDependentConverters(&t);
    AddMaxUnpoolConverters(&t);
    AddControlConverters(&t);
    AddRoiConverters(&t);
    AddLegacyConverters(&t);
    AddOrtBertConverters(&t);
    AddRandomConverters(&t);
    AddSignalConverters(&t);
    AddATenConverters(&t);
    AddOrtQAttentionConverters(&t);
    AddSequenceConverters(&t);
    AddScanConverters(&t);
    AddTrainingConverters(&t);
    AddMLConverters(&t);
    AddFormChecks(&t);
    return t;
  }();
  return table;
}

}  // namespace onnx_import

namespace {

OnnxImport Import(std::string_view bytes, const std::string& name, const std::string& base_dir,
                  const OnnxImportOptions& options) {
  onnx::ModelProto model;
  onnx_import::ParseModel(bytes, name, &model);
  onnx_import::GraphConverter converter(model, name, base_dir, options);
  return converter.Run();  // every error it raises names the model file (NodeContext::Fail)
}

}  // namespace

OnnxImport ImportOnnxBytes(const std::string& bytes, const std::string& name,
                           const std::string& base_dir, const OnnxImportOptions& options) {
  return Import(bytes, name, base_dir, options);
}

OnnxImport ImportOnnx(const std::string& path, const OnnxImportOptions& options) {
  MappedFile file(path);  // no copy of a model's (possibly hundreds of MB of) weights
  size_t slash = path.find_last_of('/');
  std::string dir = slash == std::string::npos ? "." : path.substr(0, slash == 0 ? 1 : slash);
  return Import(file.text(), path, dir, options);
}

OnnxModelInfo InspectOnnx(const std::string& bytes, const std::string& name) {
  onnx::ModelProto model;
  onnx_import::ParseModel(bytes, name, &model);
  OnnxModelInfo info;
  info.ir_version = model.ir_version();
  for (const auto& imp : model.opset_import())
    if (imp.domain().empty() || imp.domain() == "ai.onnx") info.opset = static_cast<int>(imp.version());
  info.num_nodes = model.graph().node_size();
  info.num_initializers = model.graph().initializer_size();
  for (const auto& t : model.graph().initializer()) info.initializer_bytes += static_cast<int64_t>(t.raw_data().size());
  return info;
}

bool IsOnnxPath(const std::string& path) {
  return path.size() > 5 && path.compare(path.size() - 5, 5, ".onnx") == 0;
}

std::vector<std::string> SupportedOnnxOps() {
  std::vector<std::string> names;
  for (const auto& kv : onnx_import::Converters()) names.push_back(kv.first);
  return names;
}

}  // namespace frontend
}  // namespace tirgen

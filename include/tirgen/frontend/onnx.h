// ONNX frontend: an ONNX model (opsets 11-17, static shapes) -> a Relay module + its weights.
//
//   OnnxImport r = frontend::ImportOnnx("resnet18.onnx");
//   r.mod      // def @main(%input: ..., %fc.weight: ..., ...) { ... }, types inferred
//   r.params   // "fc.weight" -> NDArray, ... (bind with relay::Optimize / BindParamsByName)
//
// As TVM's relay.frontend.from_onnx(model, freeze_params=False): graph inputs come first and
// keep their ONNX names, then every initializer the graph uses as a tensor becomes a parameter
// named after it (its value goes to `params`); initializers read as static operands (Reshape's
// shape, Slice's starts, ...) are consumed at import time. Shape subgraphs (Shape -> Gather ->
// arithmetic -> Reshape) are evaluated at import time. Several graph outputs give a tuple; a
// sequence output gives one result per element, named "<output>[k]" in output_names.
// Calls carry the ONNX node name as their span (`span=/conv1/Conv:0:0`), as TVM prints them.
//
// Errors (tirgen::Error): unreadable/corrupt/truncated files, opsets outside 11..17, dynamic
// input dims without a given shape, and all unsupported operators of a model in one message.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "tirgen/ir/ndarray.h"
#include "tirgen/ir/module.h"

namespace tirgen {
namespace frontend {

struct OnnxImportOptions {
  /// Input name -> static shape, for inputs whose ONNX shape has symbolic/unknown dims (or to
  /// override a declared one; the rank must match).
  std::map<std::string, std::vector<int64_t>> input_shapes;
};

struct OnnxImport {
  IRModule mod;                            ///< one relay function @main, type-inferred
  std::map<std::string, NDArray> params;   ///< main's weight parameters by name
  std::vector<std::string> output_names;   ///< main's results: the graph outputs, a sequence's as "<out>[k]"
};

/// Imports the model file at `path`; external tensor data is read relative to its directory.
OnnxImport ImportOnnx(const std::string& path, const OnnxImportOptions& options = {});

/// Imports a serialized ModelProto held in memory. `name` labels errors; `base_dir` is where
/// external tensor data files are looked up ("" = none allowed).
OnnxImport ImportOnnxBytes(const std::string& bytes, const std::string& name = "<bytes>",
                           const std::string& base_dir = "",
                           const OnnxImportOptions& options = {});

/// What a model file holds, read with protobuf only (no conversion): for inspection, and as the
/// "merely parse the file" baseline of bench/onnx_import_bench.cc.
struct OnnxModelInfo {
  int64_t ir_version = 0;
  int opset = 0;                 ///< the ai.onnx opset (0 when none is imported)
  int num_nodes = 0;
  int num_initializers = 0;
  int64_t initializer_bytes = 0; ///< bytes of inline tensor data
};
OnnxModelInfo InspectOnnx(const std::string& bytes, const std::string& name = "<bytes>");

/// True when `path` names an ONNX file (by its .onnx extension).
bool IsOnnxPath(const std::string& path);

/// The ONNX operator types the importer converts (domain ai.onnx), sorted.
std::vector<std::string> SupportedOnnxOps();

}  // namespace frontend
}  // namespace tirgen

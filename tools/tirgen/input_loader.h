// The model input every graph-level command reads: Relay text (`.relay`, or anything else)
// or an ONNX model (`.onnx`), plus optional weights (.npz) and input shapes for ONNX models
// with symbolic dims. One loader, so `tirgen fuse/lower/tasks/run model.onnx` all behave alike.
#pragma once

#include <CLI/CLI.hpp>

#include <map>
#include <string>
#include <vector>

#include "tirgen/ir/ndarray.h"
#include "tirgen/ir/module.h"

namespace tirgen {
namespace cli {

struct InputOptions {
  std::string input;                     ///< model file (.onnx or Relay text), "-" = stdin
  std::string params;                    ///< .npz of weights bound to main's parameters by name
  std::vector<std::string> input_shapes; ///< "NAME=d0,d1,..." for ONNX inputs with dynamic dims
};

/// Registers FILE, --params and --input-shape on `cmd`.
void AddInputOptions(CLI::App* cmd, InputOptions* options);
/// Registers --input-shape alone (commands that register FILE and --params themselves).
void AddInputShapeOption(CLI::App* cmd, std::vector<std::string>* shapes);

struct LoadedInput {
  IRModule mod;                            ///< the relay module (types inferred for ONNX)
  std::map<std::string, NDArray> params;   ///< the ONNX weights, overridden by --params
  std::vector<std::string> output_names;   ///< ONNX graph output names (empty for Relay)
  bool onnx = false;                       ///< the input was an ONNX model
};

/// Reads the input: ONNX when the file ends in .onnx (or stdin holds protobuf bytes), Relay
/// text otherwise (a module, or a printed function that becomes main). `bytes`, when given, is the input's content already read (stdin can be read
/// once only). Throws tirgen::Error on bad input.
LoadedInput LoadInput(const InputOptions& options, const std::string* bytes = nullptr);

/// Parses "NAME=d0,d1,..." (tirgen::Error naming the bad text).
std::pair<std::string, std::vector<int64_t>> ParseInputShape(const std::string& text);

}  // namespace cli
}  // namespace tirgen

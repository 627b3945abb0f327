// Reading ONNX protobufs: the ModelProto itself (Debian's libonnx generated classes), its
// default-domain opset, and tensors (TensorProto -> NDArray, incl. external data). Internal.
#pragma once

#include <onnx/onnx_pb.h>

#include <string>
#include <string_view>

#include "tirgen/ir/ndarray.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {

/// Parses serialized ModelProto bytes; a corrupt or truncated file is a tirgen::Error naming
/// `name`. The model must hold a graph.
void ParseModel(std::string_view bytes, const std::string& name, onnx::ModelProto* model);

/// The opset of the default domain (ai.onnx); tirgen::Error unless it is in [11, 17].
int DefaultOpset(const onnx::ModelProto& model, const std::string& name);

/// The tirgen dtype of an ONNX TensorProto.DataType; tirgen::Error for unsupported ones
/// (strings, complex). `what` names the tensor in messages.
DataType DTypeFromOnnx(int elem_type, const std::string& what);

/// The value of a tensor: raw_data, the typed repeated fields, or external data read from
/// `base_dir` (the model file's directory). `what` names the tensor in messages.
NDArray TensorFromProto(const onnx::TensorProto& tensor, const std::string& base_dir,
                        const std::string& what);

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen

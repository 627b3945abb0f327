// The attribute lookup NodeContext, NodeForm and converters that read an attribute's proto
// (its type: an int or a float seed) share. Internal.
#pragma once

#include <string>

#include <onnx/onnx_pb.h>

namespace tirgen {
namespace frontend {
namespace onnx_import {

/// The attribute `name` of `node`, nullptr when it has none.
const onnx::AttributeProto* FindNodeAttr(const onnx::NodeProto& node, const std::string& name);

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen

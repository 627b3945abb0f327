// The up-front check of inputs the standard converters need at import time (static shapes).
// Internal to the ONNX importer.
#pragma once

#include <set>
#include <string>

#include "converter.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {

/// The values of `graph` (and its subgraphs) computed from its run-time inputs for certain:
/// from graph inputs without an initializer and random ops, through ops whose outputs depend
/// on input values (not Shape, Size, EyeLike, ...; not through If / Loop / Scan, whose outputs
/// conversion may still know).
std::set<std::string> RunTimeValues(const onnx::GraphProto& graph);

/// Why an input of `form` that must be known at import time is a run-time value ("" when
/// none is).
std::string RunTimeInputForm(const NodeForm& form, const std::set<std::string>& run_time);

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen

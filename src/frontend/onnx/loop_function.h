// A Loop whose trip count or condition is known only at run time, as TVM v0.14's frontend
// imports it (relay.loops.while_loop): a let-bound recursive function called once,
//   let %while_loop = fn (%iter, %max_count, %cond, %carried...) {
//     if (test) { %while_loop(%iter + 1, %max_count, body's condition, body's carried...) }
//     else { (%iter, %max_count, %cond, %carried...) }
//   }; %while_loop(0, M, cond, initial values...)
// which tirgen's executor runs as a backward jump. Loop-carried values keep one static type.
// Internal.
#pragma once

#include "converter.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {

/// Converts the Loop node of `ctx` into the recursive function form and sets its outputs.
/// Fails (naming the node) for a scan output that is used (its length is a run-time fact) and
/// for a carried value whose type an iteration changes.
void ConvertLoopAsFunction(NodeContext& ctx);

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen

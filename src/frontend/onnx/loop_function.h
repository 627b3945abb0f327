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

/// Up front: why `loop` will run as a function decided at run time rather than be unrolled
/// ("" when it is unrolled or the file does not show): a trip count or condition not known, a
/// known trip count past kMaxUnrolled, or a body condition not known (`known` names the values
/// known as far as the file shows, `ints` the integer scalars among them the file gives; without
/// `read_body`, the body's condition is not judged).
std::string LoopRunTimeReason(const onnx::NodeProto& loop, const std::set<std::string>& known,
                              const std::map<std::string, int64_t>& ints, bool read_body = true);

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen

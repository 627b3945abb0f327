// Import-time unrolling, shared by Loop (ops_control.cc) and Scan (ops_scan.cc): the body graph
// is converted once per iteration with its inputs bound to that iteration's values, the
// loop-carried values flow from one copy to the next, and the per-iteration (scan) outputs are
// collected and stacked. Internal.
#pragma once

#include <functional>
#include <vector>

#include "converter.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {

/// More iterations than this are not unrolled (each one copies the body into the program).
constexpr int64_t kMaxUnrolled = 4096;

/// What an unrolled body leaves: the carried values after the last iteration, and per scan
/// output its value in each iteration.
struct Unrolled {
  std::vector<Value> state;
  std::vector<std::vector<Value>> scanned;
};

/// The values iteration `it` binds to the body's inputs, given the carried state.
using BindIteration = std::function<std::vector<Value>(int64_t it, const std::vector<Value>& state)>;
/// Whether another iteration runs after iteration `it` produced `outs` (the body's outputs).
using NextIteration = std::function<bool(int64_t it, const std::vector<Value>& outs)>;

/// Converts `body` once per iteration while `run` holds and fewer than `limit` iterations ran
/// (limit < 0: no bound; more than 4096 is an error). The body's outputs are `lead` leading
/// values (Loop's condition), then the new carried values (as many as `state`), then `scans`
/// scan outputs.
Unrolled Unroll(NodeContext& ctx, const onnx::GraphProto& body, std::vector<Value> state, int lead,
                int scans, int64_t limit, bool run, const BindIteration& bind, const NextIteration& next);

/// The iterations' values of one scan output stacked along a new `axis` (of rank + 1), in
/// reverse order when `reverse`; `what` names the output in errors.
relay::Expr StackIterations(NodeContext& ctx, std::vector<Value> parts, int64_t axis, bool reverse,
                            const std::string& what);

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen

// The fused model as a picture (`tirgen graph`, `tirgen.viz.graph`): main after relay::Optimize
// written as Graphviz DOT, one cluster per call of a primitive function labelled with the
// global name LowerTE gives its PrimFunc (`tvmgen_default_fused_nn_conv2d_add_nn_relu`), op
// nodes with their output type, constants summarized (shape, bytes), edges that cross a
// cluster labelled with the tensor's type. Graphviz's `dot` makes the layout (RenderDot).
//
//   std::string dot = viz::GraphDot(mod, params);
//   std::string svg = viz::RenderDot(dot, "svg");
#pragma once

#include <map>
#include <string>

#include "tirgen/ir/module.h"
#include "tirgen/ir/ndarray.h"
#include "tirgen/tir/function.h"

namespace tirgen {
namespace viz {

struct GraphOptions {
  bool link_params = false;  ///< relay.FuseOps.link_params: constants inside the clusters
  bool unfused = false;      ///< draw the optimized graph without fusion (no clusters)
  std::string module_name = "tvmgen_default";  ///< LowerTE's global name prefix
};

/// DOT text of `mod`'s main. A module that is not optimized yet (no primitive functions) goes
/// through relay::Optimize(mod, params, link_params) first; an already fused one is drawn as
/// it is (then `params` must be empty and link_params false: tirgen::Error otherwise).
/// Deterministic: node ids follow a post-order walk of main. tirgen::Error when main is not a
/// dataflow graph (If, calls of other globals).
std::string GraphDot(const IRModule& mod, const std::map<std::string, NDArray>& params = {},
                     const GraphOptions& options = GraphOptions());

/// Runs Graphviz `dot -T<format>` on `dot` and returns its output ("svg", "png", ...).
/// tirgen::Error naming the Debian package graphviz when `dot` is not on PATH.
std::string RenderDot(const std::string& dot, const std::string& format = "svg");

}  // namespace viz
}  // namespace tirgen

// `tirgen graph MODEL -o OUT.svg|.dot|.png [--params P.npz] [--link-params] [--unfused]`: the
// model after relay::Optimize as a picture, one cluster per fused function named as LowerTE
// names its PrimFunc (viz/graph.h). .dot writes Graphviz's input text; .svg and .png are laid
// out by Graphviz's `dot` (Debian package graphviz).
#pragma once

#include <CLI/CLI.hpp>

#include <string>

#include "input_loader.h"

namespace tirgen {
namespace cli {

struct GraphOptions {
  InputOptions input;        ///< the model (+ weights, input shapes)
  bool link_params = false;  ///< keep constants inside the fused functions
  bool unfused = false;      ///< draw the optimized graph before fusion
  std::string output;        ///< OUT.svg, OUT.png or OUT.dot ("-": DOT text to stdout)
};

void AddGraphCommand(CLI::App& app, GraphOptions* options);
/// Returns the exit code (0); throws tirgen::Error on bad input.
int RunGraph(const GraphOptions& options);

}  // namespace cli
}  // namespace tirgen

#include "graph_command.h"

#include "tirgen/support/error.h"
#include "tirgen/support/io.h"
#include "tirgen/viz/graph.h"

namespace tirgen {
namespace cli {
namespace {

bool EndsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// The output format from the file name: "dot" (the text itself), or a Graphviz format.
std::string FormatOf(const std::string& output) {
  if (output == "-" || EndsWith(output, ".dot") || EndsWith(output, ".gv")) return "dot";
  if (EndsWith(output, ".svg")) return "svg";
  if (EndsWith(output, ".png")) return "png";
  throw Error(Span{output, 0, 0}, "-o: unknown picture format; name the output OUT.svg, OUT.png or "
                                  "OUT.dot (or - for DOT text on stdout)");
}

}  // namespace

void AddGraphCommand(CLI::App& app, GraphOptions* options) {
  CLI::App* cmd = app.add_subcommand(
      "graph", "draw the optimized model (Relay text or ONNX): one box per fused function, laid out by Graphviz");
  AddInputOptions(cmd, &options->input);
  cmd->add_flag("--link-params", options->link_params,
                "keep constants inside the fused functions (relay.FuseOps.link_params)");
  cmd->add_flag("--unfused", options->unfused, "draw the optimized operators without fusion (no clusters)");
  cmd->add_option("-o,--output", options->output,
                  "OUT.svg or OUT.png (laid out by Graphviz's dot), OUT.dot (its input), - (DOT on stdout)")
      ->required();
}

int RunGraph(const GraphOptions& options) {
  std::string format = FormatOf(options.output);  // before the work: a bad name fails fast
  LoadedInput in = LoadInput(options.input);
  viz::GraphOptions graph;
  graph.link_params = options.link_params;
  graph.unfused = options.unfused;
  std::string dot = viz::GraphDot(in.mod, in.params, graph);
  WriteFileAtomic(options.output, format == "dot" ? dot : viz::RenderDot(dot, format));
  return 0;
}

}  // namespace cli
}  // namespace tirgen

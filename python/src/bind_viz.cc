// tirgen.viz's native half: the DOT text of a model (viz::GraphDot) and Graphviz rendering
// (viz::RenderDot); python/tirgen/viz.py is the Python API over them.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "numpy_convert.h"
#include "tirgen/relay/expr.h"
#include "tirgen/support/error.h"
#include "tirgen/viz/graph.h"

namespace py = pybind11;
using namespace tirgen;  // NOLINT

void BindViz(py::module_& m) {
  m.def(
      "_viz_graph_dot",
      [](const ObjectRef& mod_or_fn, const py::object& params, bool link_params, bool unfused) {
        IRModule mod;
        if (mod_or_fn.as<IRModuleNode>())
          mod = mod_or_fn.cast<IRModule>();
        else if (mod_or_fn.as<relay::FunctionNode>())
          mod = IRModule({{"main", mod_or_fn}});  // TVM wraps a bare function
        else
          throw Error(std::string("error: tirgen.viz.graph: expected a Relay IRModule or Function, got a ") +
                      KindName(mod_or_fn.kind()));
        viz::GraphOptions options;
        options.link_params = link_params;
        options.unfused = unfused;
        return viz::GraphDot(mod, python::NamedArrays(params), options);
      },
      py::arg("mod"), py::arg("params") = py::none(), py::arg("link_params") = false,
      py::arg("unfused") = false);
  m.def("_viz_render_dot", &viz::RenderDot, py::arg("dot"), py::arg("format") = "svg");
}

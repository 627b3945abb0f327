// Model importers: the ONNX frontend (tirgen.from_onnx / tirgen.from_pytorch are thin Python
// wrappers in python/tirgen/frontend.py over these). Relay modules print as Relay text.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "numpy_convert.h"
#include "tirgen/frontend/onnx.h"
#include "tirgen/relay/expr.h"
#include "tirgen/relay/text.h"
#include "tirgen/script/printer.h"

namespace py = pybind11;
using namespace tirgen;  // NOLINT

namespace {

// (mod, {name: numpy array}) as TVM's from_onnx returns it (params as numpy, not tvm.nd).
py::tuple ToPython(const frontend::OnnxImport& r, bool freeze_params) {
  py::dict params;
  IRModule mod = r.mod;
  if (freeze_params) {
    mod = relay::BindParamsByName(mod, r.params);
  } else {
    for (const auto& kv : r.params) params[py::str(kv.first)] = python::ToNumpy(kv.second);
  }
  return py::make_tuple(mod, params);
}

frontend::OnnxImportOptions Options(const std::map<std::string, std::vector<int64_t>>& shape) {
  frontend::OnnxImportOptions o;
  o.input_shapes = shape;
  return o;
}

bool HasRelayFunction(const IRModule& mod) {
  for (const auto& kv : mod->functions)
    if (kv.second.as<relay::FunctionNode>()) return true;
  return false;
}

}  // namespace

void BindFrontend(py::module_& m) {
  m.def(
      "_from_onnx_file",
      [](const std::string& path, const std::map<std::string, std::vector<int64_t>>& shape, bool freeze) {
        return ToPython(frontend::ImportOnnx(path, Options(shape)), freeze);
      },
      py::arg("path"), py::arg("shape"), py::arg("freeze_params"));
  m.def(
      "_from_onnx_bytes",
      [](const py::bytes& data, const std::map<std::string, std::vector<int64_t>>& shape, bool freeze) {
        return ToPython(frontend::ImportOnnxBytes(std::string(data), "<bytes>", "", Options(shape)), freeze);
      },
      py::arg("data"), py::arg("shape"), py::arg("freeze_params"));

  // A module holding relay functions prints as Relay text (TVM's astext); TIR modules keep
  // printing TVMScript.
  py::object cls = m.attr("IRModule");
  py::object script_str = cls.attr("__str__");
  auto astext = [](const IRModule& mod, bool show_meta_data) { return relay::PrintModule(mod, show_meta_data); };
  cls.attr("astext") = py::cpp_function(astext, py::is_method(cls), py::name("astext"),
                                        py::arg("show_meta_data") = true);
  cls.attr("__str__") = py::cpp_function(
      [script_str](const py::object& self) -> py::object {
        IRModule mod = self.cast<IRModule>();
        if (HasRelayFunction(mod)) return py::str(relay::PrintModule(mod, false));
        return script_str(self);
      },
      py::is_method(cls), py::name("__str__"));
}

// tirgen.tir.transform: every registered TIR pass by its TVM name, as a callable Pass object
// applied to IRModules (`tirgen.tir.transform.LowerInitBlock()(mod)`), plus Sequential.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "tirgen/support/error.h"
#include "tirgen/tir/transform.h"

namespace py = pybind11;
using namespace tirgen;  // NOLINT
namespace tt = tirgen::tir::transform;

namespace {

// Pass arguments are integers (NarrowDataType(32), CompactBufferAllocation(is_strict=False)).
int64_t IntArg(const std::string& pass, const py::handle& v) {
  if (py::isinstance<py::bool_>(v)) return v.cast<bool>() ? 1 : 0;
  TIRGEN_CHECK(py::isinstance<py::int_>(v))
      << pass << ": arguments must be integers or booleans, got " << std::string(py::str(v));
  return v.cast<int64_t>();
}

}  // namespace

void BindPasses(py::module_& m) {
  py::module_ tir = m.def_submodule("tir", "TensorIR");
  py::module_ transform = tir.def_submodule("transform", "TIR passes by TVM name");
  py::class_<tt::Pass>(transform, "Pass")
      .def("__call__", [](const tt::Pass& p, const IRModule& mod) { return p(mod); }, py::arg("mod"))
      .def_property_readonly("name", &tt::Pass::name)
      .def("__repr__", [](const tt::Pass& p) { return "tirgen.tir.transform." + p.name() + "()"; });
  transform.def(
      "Sequential",
      [](const std::vector<tt::Pass>& passes, const std::string& name) { return tt::Sequential(passes, name); },
      py::arg("passes"), py::arg("name") = "Sequential");
  transform.def("list_passes", &tt::ListPasses, "Names of all registered TIR passes.");
  for (const std::string& name : tt::ListPasses()) {
    transform.def(
        name.c_str(),
        [name](const py::args& args, const py::kwargs& kwargs) {
          std::vector<int64_t> ints;
          for (const py::handle& a : args) ints.push_back(IntArg(name, a));
          for (const auto& kv : kwargs) ints.push_back(IntArg(name, kv.second));
          return tt::GetPassFactory(name)(ints);
        },
        ("TVM's tir.transform." + name).c_str());
  }
}

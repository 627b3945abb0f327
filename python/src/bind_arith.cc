// tirgen.arith: TVM's arith.Analyzer over tirgen's (simplify, canonical_simplify, can_prove,
// bind), for Python code that builds expressions the way TVM's tests do.
#include <pybind11/pybind11.h>

#include "expr_convert.h"
#include "tirgen/arith/analyzer.h"
#include "wrap.h"

namespace py = pybind11;
using namespace tirgen;  // NOLINT

void BindArith(py::module_& m) {
  py::module_ arith = m.def_submodule("arith", "arithmetic analysis (TVM's tvm.arith)");
  py::class_<arith::Analyzer>(arith, "Analyzer")
      .def(py::init<>())
      .def("simplify", [](const arith::Analyzer& a, const py::object& e) {
        return python::Wrap(a.Simplify(python::ToExpr(e)));
      }, py::arg("expr"))
      .def("canonical_simplify", [](const arith::Analyzer& a, const py::object& e) {
        return python::Wrap(a.CanonicalSimplify(python::ToExpr(e)));
      }, py::arg("expr"))
      .def("can_prove", [](const arith::Analyzer& a, const py::object& e) {
        return a.CanProve(python::ToExpr(e));
      }, py::arg("cond"))
      .def("bind", [](arith::Analyzer& a, const tir::Var& var, const py::object& value) {
        if (py::isinstance<tir::Range>(value)) a.Bind(var, value.cast<tir::Range>());
        else a.Bind(var, python::ToExpr(value));
      }, py::arg("var"), py::arg("value"));
}

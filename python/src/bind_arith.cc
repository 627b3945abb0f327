// tirgen.arith: TVM's arith.Analyzer over tirgen's (simplify, rewrite_simplify,
// canonical_simplify, can_prove, bind, constraint_scope), for Python code that builds
// expressions the way TVM's tests do.
#include <pybind11/pybind11.h>

#include <memory>
#include <string>

#include "expr_convert.h"
#include "tirgen/arith/analyzer.h"
#include "tirgen/support/error.h"
#include "work_stack.h"
#include "wrap.h"

namespace py = pybind11;
using namespace tirgen;  // NOLINT

namespace {
// Deep input (a 10k-deep sum) needs more stack than a Python thread has: a call the stack guard
// stops runs again on the CLI's work stack (the simplifiers are pure); the usual call costs
// nothing extra.
template <class R, class F>
R OnEnoughStack(F f) {
  try {
    return f();
  } catch (const Error& e) {
    if (std::string(e.what()).find("nested too deeply") == std::string::npos) throw;
  }
  R r{};
  py::gil_scoped_release release;
  python::RunOnWorkStack([&] { r = f(); });
  return r;
}

// `with analyzer.constraint_scope(cond):` (TVM's ConstraintScope): cond holds inside.
struct ConstraintScope {
  const arith::Analyzer* analyzer;
  tir::PrimExpr constraint;
  std::unique_ptr<arith::ConstraintContext> ctx;
};
}  // namespace

void BindArith(py::module_& m) {
  py::module_ arith = m.def_submodule("arith", "arithmetic analysis (TVM's tvm.arith)");
  py::class_<arith::Analyzer>(arith, "Analyzer")
      .def(py::init<>())
      .def("simplify", [](const arith::Analyzer& a, const py::object& e) {
        tir::PrimExpr x = python::ToExpr(e);
        return python::Wrap(OnEnoughStack<tir::PrimExpr>([&] { return a.Simplify(x); }));
      }, py::arg("expr"))
      .def("rewrite_simplify", [](const arith::Analyzer& a, const py::object& e) {
        // TVM's rewrite_simplify alone: its rules' raw output, no canonical form.
        tir::PrimExpr x = python::ToExpr(e);
        return python::Wrap(OnEnoughStack<tir::PrimExpr>([&] { return a.RewriteSimplify(x); }));
      }, py::arg("expr"))
      .def("constraint_scope", [](const arith::Analyzer& a, const py::object& c) {
        return ConstraintScope{&a, python::ToExpr(c), nullptr};
      }, py::arg("constraint"), py::keep_alive<0, 1>())
      .def("canonical_simplify", [](const arith::Analyzer& a, const py::object& e) {
        tir::PrimExpr x = python::ToExpr(e);
        return python::Wrap(OnEnoughStack<tir::PrimExpr>([&] { return a.CanonicalSimplify(x); }));
      }, py::arg("expr"))
      .def("can_prove", [](const arith::Analyzer& a, const py::object& e) {
        tir::PrimExpr x = python::ToExpr(e);
        return OnEnoughStack<bool>([&] { return a.CanProve(x); });
      }, py::arg("cond"))
      .def("bind", [](arith::Analyzer& a, const tir::Var& var, const py::object& value) {
        if (py::isinstance<tir::Range>(value)) a.Bind(var, value.cast<tir::Range>());
        else a.Bind(var, python::ToExpr(value));
      }, py::arg("var"), py::arg("value"));
  py::class_<ConstraintScope>(arith, "ConstraintScope")
      .def("__enter__", [](ConstraintScope& s) {
        TIRGEN_CHECK(!s.ctx) << "constraint_scope: already entered";
        s.ctx = std::make_unique<arith::ConstraintContext>(s.analyzer, s.constraint);
      })
      .def("__exit__", [](ConstraintScope& s, const py::args&) { s.ctx.reset(); });
}

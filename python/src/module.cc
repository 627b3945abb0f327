// pybind11 bindings: TVM's Python names (DESIGN.md §9) over the C++ library.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "tirgen/tir/structural_equal.h"
#include "expr_convert.h"
#include "wrap.h"
#include "tirgen/ir/module.h"
#include "tirgen/script/parser.h"
#include "tirgen/script/printer.h"
#include "tirgen/support/error.h"
#include "tirgen/tir/function.h"

namespace py = pybind11;
using namespace tirgen;  // NOLINT

void BindRuntime(py::module_& m);
void BindPasses(py::module_& m);
void BindSchedule(py::module_& m);
void BindFrontend(py::module_& m);
void BindRelay(py::module_& m);
void BindExecutable(py::module_& m);
void BindTasks(py::module_& m);
void BindTune(py::module_& m);
void BindViz(py::module_& m);
void BindTir(py::module_& m);
void BindExprOps(py::module_& m);
void BindTe(py::module_& m);
void BindArith(py::module_& m);

// A Python-side handle on any IR node; the concrete class is chosen by the node kind.
py::object tirgen::python::Wrap(const ObjectRef& obj) {
  if (!obj.defined()) return py::none();
  if (obj.as<tir::PrimFuncNode>()) return py::cast(obj.cast<tir::PrimFunc>());
  if (obj.as<IRModuleNode>()) return py::cast(obj.cast<IRModule>());
  py::object relay = WrapRelay(obj);
  if (relay) return relay;
  py::object tir = WrapTir(obj);
  if (tir) return tir;
  return py::cast(obj);
}

using python::Wrap;

namespace {
// Values between the TVMScript parser and a Python function it calls (script::HostValue): as
// TVM's parser passes them, numbers, strings, lists and tuples are Python values and IR nodes
// are wrapped. A T.<builtin>(...) call the function made is returned unevaluated by
// tirgen.script.tir (`_tirgen_builtin_call`), for the parser to evaluate.
py::object FromHost(const script::HostValue& h) {
  using K = script::HostValue::K;
  switch (h.k) {
    case K::kNone: return py::none();
    case K::kBool: return py::bool_(h.i != 0);
    case K::kInt: return py::int_(h.i);
    case K::kFloat: return py::float_(h.f);
    case K::kStr: return py::str(h.s);
    case K::kObj: return Wrap(h.obj);
    case K::kList:
    case K::kTuple: {
      py::list l;
      for (const script::HostValue& e : h.items) l.append(FromHost(e));
      return h.k == K::kTuple ? py::object(py::tuple(l)) : py::object(l);
    }
    case K::kDict: {
      py::dict d;
      for (const auto& kv : h.kwargs) d[py::str(kv.first)] = FromHost(kv.second);
      return d;
    }
    default: break;
  }
  throw InternalError("a parser-only value (builtin, function or macro) passed to Python");
}

script::HostValue ToHost(const py::handle& o) {
  using K = script::HostValue::K;
  script::HostValue h;
  if (o.is_none()) return h;
  if (py::isinstance<py::bool_>(o)) {
    h.k = K::kBool;
    h.i = o.cast<bool>();
  } else if (py::isinstance<py::int_>(o)) {
    h.k = K::kInt;
    h.i = o.cast<int64_t>();
  } else if (py::isinstance<py::float_>(o)) {
    h.k = K::kFloat;
    h.f = o.cast<double>();
  } else if (py::isinstance<py::str>(o)) {
    h.k = K::kStr;
    h.s = o.cast<std::string>();
  } else if (py::isinstance<py::list>(o) || py::isinstance<py::tuple>(o)) {
    h.k = py::isinstance<py::tuple>(o) ? K::kTuple : K::kList;
    for (const py::handle& e : o) h.items.push_back(ToHost(e));
  } else if (py::isinstance<py::dict>(o)) {
    h.k = K::kDict;
    for (const auto& kv : o.cast<py::dict>()) {
      if (!py::isinstance<py::str>(kv.first)) throw Error("gave a dict with a key that is not a string");
      h.kwargs.emplace_back(kv.first.cast<std::string>(), ToHost(kv.second));
    }
  } else if (py::hasattr(py::type::of(o), "_tirgen_host_function")) {
    h.k = K::kFunction;
    h.s = o.attr("_tirgen_host_function")().cast<std::string>();
  } else if (py::hasattr(py::type::of(o), "_tirgen_builtin_name")) {
    h.k = K::kBuiltin;
    h.s = o.attr("_tirgen_builtin_name")().cast<std::string>();
  } else if (py::hasattr(py::type::of(o), "_tirgen_macro_expansion")) {
    py::tuple e = o.attr("_tirgen_macro_expansion")();
    auto m = std::make_shared<script::HostMacro>();
    m->body = e[0].cast<std::string>();
    m->filename = e[1].cast<std::string>();
    m->hygienic = e[2].cast<bool>();
    for (const auto& kv : e[3].cast<py::dict>()) m->params.emplace_back(kv.first.cast<std::string>(), ToHost(kv.second));
    for (const auto& kv : e[4].cast<py::dict>()) m->names.emplace_back(kv.first.cast<std::string>(), ToHost(kv.second));
    h.k = K::kMacro;
    h.macro = std::move(m);
  } else if (py::hasattr(py::type::of(o), "_tirgen_builtin_call")) {
    py::object result = o.attr("_tirgen_builtin_call")();
    if (result.is_none())
      throw Error("returned " + std::string(py::str(o.attr("_tirgen_describe")())) +
                  ", which is no value (return an expression, a buffer or a T.<builtin>(...) call)");
    py::tuple call = result;
    h.k = K::kBuiltinCall;
    h.s = call[0].cast<std::string>();
    for (const py::handle& e : call[1]) h.items.push_back(ToHost(e));
    for (const auto& kv : call[2].cast<py::dict>()) h.kwargs.emplace_back(kv.first.cast<std::string>(), ToHost(kv.second));
  } else {
    h.k = K::kObj;
    h.obj = python::ToIR(o);
  }
  return h;
}
}  // namespace

PYBIND11_MODULE(_tirgen, m) {
  m.doc() = "tirgen: graph-level tensor programs to TensorIR";

  // tirgen::Error -> tirgen.TirgenError (a ValueError: the user's input is wrong);
  // InternalError -> tirgen.InternalError (a RuntimeError: a tirgen bug).
  static py::exception<Error> user_error(m, "TirgenError", PyExc_ValueError);
  static py::exception<InternalError> internal_error(m, "InternalError", PyExc_RuntimeError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const Error& e) {
      user_error(e.what());
    } catch (const InternalError& e) {
      internal_error(e.what());
    }
  });

  py::class_<ObjectRef>(m, "Object")
      .def("same_as", &ObjectRef::same_as)
      .def_property_readonly("kind", [](const ObjectRef& o) { return KindName(o.kind()); });

  py::class_<tir::PrimFunc, ObjectRef>(m, "PrimFunc")
      .def("script", [](const tir::PrimFunc& f) { return script::Print(f); })
      .def("__str__", [](const tir::PrimFunc& f) { return script::Print(f); });

  py::class_<IRModule, ObjectRef>(m, "IRModule")
      .def(py::init([](const std::map<std::string, tir::PrimFunc>& funcs) {
             std::map<std::string, ObjectRef> fs(funcs.begin(), funcs.end());
             return IRModule(fs);
           }),
           py::arg("functions"))
      .def("script", [](const IRModule& mod) { return script::Print(mod); })
      .def("__str__", [](const IRModule& mod) { return script::Print(mod); })
      .def("__getitem__", [](const IRModule& mod, const std::string& name) {
        return Wrap(mod.Lookup(name));
      })
      .def("__contains__", [](const IRModule& mod, const std::string& name) {
        return mod->functions.count(name) > 0;
      })
      .def("get_global_vars", [](const IRModule& mod) {
        std::vector<std::string> names;
        for (const auto& kv : mod->functions) names.push_back(kv.first);
        return names;
      });

  py::module_ script_mod = m.def_submodule("script", "TVMScript printer and parser");
  script_mod.def(
      "parse",
      [](const std::string& text, const std::string& filename) {
        return Wrap(script::Parse(text, filename));
      },
      py::arg("text"), py::arg("filename") = "<string>",
      "A PrimFunc for @T.prim_func text, an IRModule for @I.ir_module text.");
  // The decorators' path: names of the enclosing Python scope as IR values or functions.
  script_mod.def(
      "_parse_with_host",
      [](const std::string& text, const std::string& filename, const py::dict& values, const py::dict& functions) {
        script::HostScope host;
        for (const auto& kv : values) host.values[kv.first.cast<std::string>()] = python::ToIR(kv.second);
        for (const auto& kv : functions) host.functions.push_back(kv.first.cast<std::string>());
        host.call = [&functions](const std::string& name, const script::HostScope::Args& args,
                                 const script::HostScope::Kwargs& kwargs) {
          py::list pargs;
          for (const script::HostValue& a : args) pargs.append(FromHost(a));
          py::dict pkwargs;
          for (const auto& kv : kwargs) pkwargs[py::str(kv.first)] = FromHost(kv.second);
          py::object result;
          try {
            result = functions[py::str(name)](*pargs, **pkwargs);
          } catch (py::error_already_set& e) {
            throw Error("Python function '" + name + "' raised " + std::string(py::str(e.type().attr("__name__"))) +
                        ": " + std::string(py::str(e.value())));
          }
          try {
            return ToHost(result);
          } catch (const Error& e) {
            throw Error("Python function '" + name + "' " + e.message());
          }
        };
        return Wrap(script::Parse(text, filename, host));
      },
      py::arg("text"), py::arg("filename"), py::arg("values"), py::arg("functions"));

  m.def("structural_equal", &StructuralEqual, py::arg("lhs"), py::arg("rhs"),
        py::arg("map_free_vars") = false, py::arg("ignore_ndarray_data") = false);
  m.def("structural_hash", &StructuralHash, py::arg("node"), py::arg("map_free_vars") = false,
        py::arg("ignore_ndarray_data") = false);

  BindRuntime(m);
  BindPasses(m);
  BindSchedule(m);  // after BindPasses: extends tirgen.tir
  BindTir(m);       // after BindPasses: extends tirgen.tir
  BindExprOps(m);   // after BindTir: operators on tir.PrimExpr
  BindTe(m);
  BindArith(m);
  BindFrontend(m);
  BindRelay(m);
  BindExecutable(m);  // after BindRelay: adds tirgen.relay.build
  BindTasks(m);
  BindTune(m);
  BindViz(m);
}

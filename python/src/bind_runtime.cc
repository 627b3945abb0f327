// tirgen.build / tirgen.run: compile PrimFuncs (or a LowerTE'd module) and call them on numpy
// arrays, TVM style: m(*inputs) returns the outputs; m(*inputs, *outputs) fills the given ones.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "numpy_convert.h"
#include "tirgen/runtime/build.h"
#include "tirgen/support/error.h"

namespace py = pybind11;
using namespace tirgen;  // NOLINT

namespace {

// One compiled function of a built library.
struct PyFunction {
  runtime::Module module;
  std::string name;

  py::object Call(const py::args& args) const {
    const tir::PrimFunc& f = module.Function(name);
    std::vector<NDArray> in;
    for (size_t i = 0; i < args.size(); ++i) {
      py::array a = py::array::ensure(args[i]);
      TIRGEN_CHECK(a) << name << ": argument " << i << " is not an array";
      DataType want = DataType::Void();
      if (i < f->params.size())
        if (const tir::Buffer* b = f->BufferOf(f->params[i])) want = (*b)->dtype;
      in.push_back(python::FromNumpy(a, want));
    }
    if (in.size() == f->params.size()) {  // outputs given: fill the ones the function wrote
      std::vector<NDArray> all = module.Call(name, in);
      for (size_t i = 0; i < all.size(); ++i)
        if (!all[i].same_as(in[i])) python::CopyInto(all[i], py::array(args[i]));
      return py::none();
    }
    std::vector<NDArray> outs = module.Run(name, in);
    if (outs.size() == 1) return python::ToNumpy(outs[0]);
    py::list r;
    for (const NDArray& o : outs) r.append(python::ToNumpy(o));
    return py::tuple(r);
  }
};

// The object tirgen.build returns.
struct PyModule {
  runtime::Module module;

  std::string DefaultName() const {
    std::vector<std::string> names = module.FunctionNames();
    for (const std::string& n : names)
      if (n == "main") return n;
    TIRGEN_CHECK(names.size() == 1) << "the module has no \"main\" and several functions: call m[name]";
    return names[0];
  }
};

IRModule AsModule(const py::object& obj) {
  if (py::isinstance<tir::PrimFunc>(obj)) return IRModule({{"main", obj.cast<tir::PrimFunc>()}});
  if (py::isinstance<IRModule>(obj)) return obj.cast<IRModule>();
  throw Error("tirgen.build expects a PrimFunc or an IRModule, got " +
              std::string(py::str(py::type::of(obj))));
}

}  // namespace

void BindRuntime(py::module_& m) {
  py::class_<PyFunction>(m, "PackedFunc")
      .def("__call__", &PyFunction::Call)
      .def_readonly("name", &PyFunction::name);

  py::class_<PyModule>(m, "Module")
      .def("__getitem__", [](const PyModule& pm, const std::string& name) {
        pm.module.Function(name);  // error naming the function when absent
        return PyFunction{pm.module, name};
      })
      .def("__call__", [](const PyModule& pm, const py::args& args) {
        return PyFunction{pm.module, pm.DefaultName()}.Call(args);
      })
      .def_property_readonly("function_names", [](const PyModule& pm) { return pm.module.FunctionNames(); })
      .def_property_readonly("library", [](const PyModule& pm) { return pm.module.library(); });

  m.def(
      "build",
      [](const py::object& mod, const std::string& target) {
        (void)target;  // the C backend is the only target
        return PyModule{runtime::BuildModule(AsModule(mod))};
      },
      py::arg("mod"), py::arg("target") = "c",
      "Lowers the PrimFuncs to loops, compiles them to C and loads the library.");
  m.def("emit_c", [](const py::object& mod) { return runtime::EmitC(AsModule(mod)).code; },
        py::arg("mod"), "The C source tirgen.build compiles.");
}

// tirgen.build / tirgen.run: compile PrimFuncs (or a LowerTE'd module) and call them on numpy
// arrays, TVM style: m(*inputs) returns the outputs; m(*inputs, *outputs) fills the given ones.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>

#include "executor_io.h"
#include "numpy_convert.h"
#include "tuning_db.h"
#include "tirgen/relay/expr.h"
#include "tirgen/runtime/build.h"
#include "tirgen/runtime/executor.h"
#include "tirgen/support/error.h"

namespace py = pybind11;
using namespace tirgen;  // NOLINT

namespace {

// One output as an array, several as a tuple (TVM's convention for called functions).
py::object Results(const std::vector<NDArray>& outs) {
  if (outs.size() == 1) return python::ToNumpy(outs[0]);
  py::list r;
  for (const NDArray& o : outs) r.append(python::ToNumpy(o));
  return py::tuple(r);
}

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
    return Results(module.Run(name, in));
  }
};

// The object tirgen.build returns: a library of PrimFuncs, and for a Relay module the executor
// of its main.
struct PyModule {
  runtime::Module module;
  std::shared_ptr<runtime::Executor> executor;

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

bool HasRelayMain(const IRModule& mod) {
  auto it = mod->functions.find("main");
  return it != mod->functions.end() && it->second.as<relay::FunctionNode>();
}

// PrimFuncs are compiled as they are; a Relay module is brought to its executable form first
// (the same runtime::LowerForExecution `tirgen run` uses).
// `target`: None for target::DefaultBuildTarget(), else target text ("llvm -mcpu=native", ...).
PyModule BuildAny(const IRModule& mod, const py::object& target_text, const py::object& params, bool link_params,
                  const py::object& tuning_db) {
  target::Target target = target_text.is_none() ? target::DefaultBuildTarget()
                                                : target::Target::Parse(target_text.cast<std::string>());
  if (!HasRelayMain(mod)) {
    TIRGEN_CHECK(params.is_none() && !link_params && tuning_db.is_none())
        << "params, link_params and tuning_db apply to Relay modules (PrimFuncs are built as written)";
    return PyModule{runtime::BuildModule(mod, target), nullptr};
  }
  python::TuningDb db = python::OpenTuningDb(tuning_db, target);
  auto ex = python::BuildExecutor(mod, python::NamedArrays(params), link_params, target, db.provider);
  return PyModule{ex->module(), ex};
}

// The main's outputs, a tuple result flattened (what `tirgen run` writes as output_<k>.npy), for
// inputs given as a list (parameter order) or a dict (by name).
py::list RunExecutor(const runtime::Executor& ex, const py::object& inputs) {
  if (py::isinstance<py::dict>(inputs))
    return python::RunToNumpy(ex, python::ExecutorInputs(ex, py::tuple(), inputs.cast<py::dict>()));
  return python::RunToNumpy(ex, python::ExecutorInputs(ex, py::list(inputs), py::dict()));
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
        if (pm.executor) {
          py::list outs = RunExecutor(*pm.executor, args);
          return outs.size() == 1 ? py::object(outs[0]) : py::object(py::tuple(outs));
        }
        return PyFunction{pm.module, pm.DefaultName()}.Call(args);
      })
      .def_property_readonly("function_names", [](const PyModule& pm) { return pm.module.FunctionNames(); })
      .def_property_readonly("library", [](const PyModule& pm) { return pm.module.library(); });

  m.def(
      "build",
      [](const py::object& mod, const py::object& target, const py::object& params, bool link_params,
         const py::object& tuning_db) { return BuildAny(AsModule(mod), target, params, link_params, tuning_db); },
      py::arg("mod"), py::arg("target") = py::none(), py::arg("params") = py::none(), py::arg("link_params") = false,
      py::arg("tuning_db") = py::none(),
      "Lowers the PrimFuncs to loops, compiles them to C for `target` (\"c\", \"llvm -mcpu=native\", "
      "\"c -mcpu=x86-64-v4 -num-cores 8\"; default \"c\") and loads the library. A Relay module "
      "(optimized and lowered first, with params bound by name) gives a module calling main; its "
      "PrimFuncs get the best schedules of the tuning database directory `tuning_db` when given.");
  m.def(
      "run",
      [](const IRModule& mod, const py::object& inputs, const py::object& params, bool link_params,
         const py::object& tuning_db) {
        TIRGEN_CHECK(HasRelayMain(mod)) << "tirgen.run expects a Relay module with a main function "
                                           "(for PrimFuncs use tirgen.build(f)(*inputs))";
        target::Target target = target::DefaultBuildTarget();
        python::TuningDb db = python::OpenTuningDb(tuning_db, target);
        return RunExecutor(*python::BuildExecutor(mod, python::NamedArrays(params), link_params, target, db.provider),
                           inputs);
      },
      py::arg("mod"), py::arg("inputs"), py::arg("params") = py::none(), py::arg("link_params") = false,
      py::arg("tuning_db") = py::none(),
      "Optimizes (unless already fused), lowers, builds and runs main on `inputs` (a dict name -> "
      "array or a list in parameter order); returns the outputs as a list of numpy arrays, a tuple "
      "result flattened in order. tuning_db: a tuning database directory whose best schedules the "
      "PrimFuncs get.");
  m.def("emit_c", [](const py::object& mod) { return runtime::EmitC(AsModule(mod)).code; },
        py::arg("mod"), "The C source tirgen.build compiles.");
}

// tirgen.relay.build (TVM's name): optimize, lower and build a Relay module once; the returned
// Executable runs only compiled code, as often as wanted:
//
//   ex = tirgen.relay.build(mod, params=params)   # tuning_db="work": a tuning database's schedules
//   outs = ex(x)                 # or ex(input0=x): a list of numpy arrays (tirgen.run's convention)
//   seconds = ex.benchmark(x, repeat=10)
//   for name, seconds, calls in ex.profile(x, repeat=10): ...   # per compiled function
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <map>
#include <memory>

#include "executor_io.h"
#include "numpy_convert.h"
#include "tuning_db.h"
#include "tirgen/runtime/executor.h"
#include "tirgen/target/target.h"

namespace py = pybind11;
using namespace tirgen;  // NOLINT

namespace {

struct PyExecutable {
  std::shared_ptr<runtime::Executor> executor;
  std::vector<std::string> tuning_log;  ///< what applying tuning_db did (empty without one)
};

}  // namespace

void BindExecutable(py::module_& m) {
  py::class_<PyExecutable>(m, "Executable",
                           "A Relay module built once (tirgen.relay.build): call it on main's inputs.")
      .def(
          "__call__",
          [](const PyExecutable& e, const py::args& args, const py::kwargs& kwargs) {
            return python::RunToNumpy(*e.executor, python::ExecutorInputs(*e.executor, args, kwargs));
          },
          "ex(*inputs) or ex(**named_inputs): main's outputs as a list of numpy arrays (a tuple "
          "result flattened in order; one output is a list of one).")
      .def(
          "benchmark",
          // Numbers as objects: with *args/**kwargs pybind11 would not convert an int to float.
          [](const PyExecutable& e, const py::args& args, const py::object& repeat, const py::object& number,
             const py::object& min_repeat_ms, const py::kwargs& kwargs) {
            python::ExecutorInputs inputs(*e.executor, args, kwargs);
            return python::BenchmarkSeconds(*e.executor, inputs, py::int_(repeat), py::int_(number),
                                            py::float_(min_repeat_ms));
          },
          py::arg("repeat") = 10, py::arg("number") = 1, py::arg("min_repeat_ms") = 0.0,
          "Median seconds of one run on the inputs (TVM's time_evaluator: a warm-up run, then "
          "`repeat` measurements of `number` runs, number growing until one lasts min_repeat_ms).")
      .def(
          "profile",
          [](const PyExecutable& e, const py::args& args, const py::object& repeat, const py::kwargs& kwargs) {
            python::ExecutorInputs inputs(*e.executor, args, kwargs);
            int n = py::int_(repeat);
            std::vector<runtime::Executor::FunctionTime> table;
            {
              py::gil_scoped_release release;  // the runs touch no Python object
              table = e.executor->Profile(inputs.views(), n);
            }
            py::list rows;
            for (const auto& t : table) rows.append(py::make_tuple(t.name, t.seconds, t.calls));
            return rows;
          },
          py::arg("repeat") = 10,
          "Where a run's time goes (TVM's debug executor): after a warm-up run, `repeat` timed "
          "runs; a list of (compiled function, mean seconds per run, calls per run), slowest first.")
      .def_property_readonly("input_names", [](const PyExecutable& e) { return e.executor->InputNames(); })
      .def_property_readonly("target", [](const PyExecutable& e) { return e.executor->target(); })
      .def_property_readonly("library", [](const PyExecutable& e) { return e.executor->module().library(); })
      .def_readonly("tuning_log", &PyExecutable::tuning_log,
                    "What applying tuning_db did, as `tirgen build --db` prints it: the database's warnings, "
                    "one note per record that does not apply, 'tuning database D: T of N functions tuned'.")
      .def("__repr__", [](const PyExecutable& e) {
        std::string names;
        for (const std::string& n : e.executor->InputNames()) names += (names.empty() ? "" : ", ") + n;
        return "Executable(target=\"" + e.executor->target() + "\", inputs=[" + names + "])";
      });

  py::module_ relay = m.attr("relay");
  relay.def(
      "build",
      [](const IRModule& mod, const py::object& target, const py::object& params, const py::object& tuning_db) {
        target::Target t = target.is_none() ? target::DefaultBuildTarget()
                                            : target::Target::Parse(py::str(target).cast<std::string>());
        python::TuningDb db = python::OpenTuningDb(tuning_db, t);
        std::map<std::string, NDArray> bound = python::NamedArrays(params);
        return PyExecutable{python::BuildExecutor(mod, bound, /*link_params=*/false, t, db.provider), db.Log()};
      },
      py::arg("mod"), py::arg("target") = py::none(), py::arg("params") = py::none(),
      py::arg("tuning_db") = py::none(),
      "Optimizes (unless already fused), lowers and builds a Relay module once (params bound by "
      "name); returns an Executable: ex(*inputs) -> list of numpy arrays, ex.benchmark(...). "
      "tuning_db: a tuning database directory whose best schedules for `target` the PrimFuncs get "
      "(ex.tuning_log says which did).");
}

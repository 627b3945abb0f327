// tirgen.extract_tasks: TVM's meta_schedule.relay_integration.extract_tasks over
// lower::ExtractTasks. Tasks carry TVM's ExtractedTask attribute names: task_name, weight,
// mod (the Relay IRModule {fused name: primitive function}), dispatched ([the TIR IRModule
// {"main": PrimFunc}]), target; plus hash (the structural hash the tasks were deduplicated by).
// The model is an IRModule (tirgen.from_onnx, tirgen.relay.parse), a Relay function, or Relay
// text (python/tirgen/tasks.py also accepts file paths and ONNX).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "numpy_convert.h"
#include "work_stack.h"
#include "tirgen/lower/lower.h"
#include "tirgen/relay/text.h"
#include "tirgen/support/error.h"

namespace py = pybind11;
using namespace tirgen;  // NOLINT

namespace {

struct PyTask {
  lower::Task task;
  std::string target;
};

// The module given (`*text` set instead for Relay text, parsed later off the Python stack).
IRModule AsRelayModule(const py::object& mod, std::string* text) {
  if (py::isinstance<py::str>(mod)) {
    *text = mod.cast<std::string>();
    return IRModule();
  }
  if (!py::isinstance<ObjectRef>(mod))
    throw Error(std::string("extract_tasks: expected an IRModule, a Relay function or Relay text, not ") +
                py::str(py::type::of(mod).attr("__name__")).cast<std::string>());
  ObjectRef obj = mod.cast<ObjectRef>();
  if (obj.as<IRModuleNode>()) return obj.cast<IRModule>();
  if (obj.as<relay::FunctionNode>()) return IRModule({{"main", obj}});  // TVM wraps a bare function
  throw Error(std::string("extract_tasks: expected an IRModule or a Relay function, got a ") + KindName(obj.kind()));
}

}  // namespace

void BindTasks(py::module_& m) {
  py::class_<PyTask>(m, "ExtractedTask")
      .def_property_readonly("task_name", [](const PyTask& t) { return t.task.name; })
      .def_property_readonly("weight", [](const PyTask& t) { return t.task.weight; })
      .def_property_readonly("hash", [](const PyTask& t) { return t.task.hash; })
      .def_property_readonly("target", [](const PyTask& t) { return t.target; })
      .def_property_readonly("mod",
                             [](const PyTask& t) { return IRModule({{t.task.fused_name, t.task.source}}); })
      .def_property_readonly("dispatched", [](const PyTask& t) { return std::vector<IRModule>{t.task.mod}; })
      .def("__repr__", [](const PyTask& t) {
        return "ExtractedTask(task_name=" + t.task.name + ", weight=" + std::to_string(t.task.weight) + ")";
      });

  m.def(
      "_extract_tasks",
      [](const py::object& mod, const py::object& params, bool link_params, const std::string& module_equality,
         const std::string& target) {
        lower::ExtractOptions options;
        options.target = target;
        options.link_params = link_params;
        options.equality = lower::ParseModuleEquality(module_equality);
        std::string text;
        IRModule relay_mod = AsRelayModule(mod, &text);
        std::map<std::string, NDArray> bound = python::NamedArrays(params);
        std::vector<lower::Task> tasks;
        {
          py::gil_scoped_release release;
          python::RunOnWorkStack([&] {
            if (!relay_mod.defined()) relay_mod = relay::ParseModule(text, "<string>");
            tasks = lower::ExtractTasks(relay_mod, bound, options);
          });
        }
        std::vector<PyTask> out;
        for (lower::Task& t : tasks) out.push_back({std::move(t), lower::CanonicalTarget(target)});
        return out;
      },
      py::arg("mod"), py::arg("params"), py::arg("link_params"), py::arg("module_equality"), py::arg("target"));
}

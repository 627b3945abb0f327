#include "executor_io.h"

#include <map>
#include <string>

#include "numpy_convert.h"
#include "work_stack.h"
#include "tirgen/support/error.h"

namespace py = pybind11;

namespace tirgen {
namespace python {
namespace {

// `obj` as a numpy array the compiled code can read in place: C-contiguous and aligned arrays
// are used as they are; torch tensors go through .numpy(); lists and scalars become arrays of
// the parameter's dtype. A wrong dtype or shape is left for the Executor's check to report.
py::array AsArray(const py::handle& obj, DataType want) {
  py::object v = py::reinterpret_borrow<py::object>(obj);
  if (!py::isinstance<py::array>(v) && py::hasattr(v, "numpy")) {
    if (py::hasattr(v, "detach")) v = v.attr("detach")();  // a torch tensor that requires grad
    v = v.attr("numpy")();
  }
  py::module_ np = py::module_::import("numpy");
  if (!py::isinstance<py::array>(v))
    return np.attr("asarray")(v, want.is_void() ? py::object(py::none()) : py::object(NumpyDType(want)));
  py::array a = v.cast<py::array>();
  bool in_place = (a.flags() & py::array::c_style) && (a.flags() & py::detail::npy_api::NPY_ARRAY_ALIGNED_);
  return in_place ? a : np.attr("array")(a, py::arg("order") = "C", py::arg("copy") = true).cast<py::array>();
}

}  // namespace

ExecutorInputs::ExecutorInputs(const runtime::Executor& ex, const py::sequence& args, const py::dict& kwargs) {
  std::vector<py::object> given;
  if (kwargs.size()) {
    TIRGEN_CHECK(!args.size()) << "pass main's inputs positionally or by name, not both";
    std::map<std::string, py::object> named;
    for (const auto& kv : kwargs) named[py::str(kv.first)] = py::reinterpret_borrow<py::object>(kv.second);
    given = ex.Ordered(named);
  } else {
    for (const py::handle& a : args) given.push_back(py::reinterpret_borrow<py::object>(a));
  }
  std::vector<relay::Type> types = ex.InputTypes();
  for (size_t i = 0; i < given.size(); ++i) {
    const auto* tt = i < types.size() && types[i].defined() ? types[i].as<relay::TensorTypeNode>() : nullptr;
    DataType want = tt ? tt->dtype : DataType::Void();
    py::array a = AsArray(given[i], want);
    DataType dtype = DTypeOf(a);
    if (want.is_bfloat() && dtype == DataType::UInt(16)) dtype = want;  // bfloat16 travels as uint16
    keep_.push_back(a);
    views_.push_back(runtime::TensorView{a.data(), std::vector<int64_t>(a.shape(), a.shape() + a.ndim()), dtype});
  }
}

py::list RunToNumpy(const runtime::Executor& ex, const ExecutorInputs& inputs) {
  ex.CheckInputs(inputs.views());  // input errors before any other
  py::list out;
  std::vector<void*> data;
  for (const relay::TensorType& t : ex.OutputTypes()) {
    std::vector<int64_t> shape = t->ConstShape();
    py::array a(NumpyDType(t->dtype), std::vector<py::ssize_t>(shape.begin(), shape.end()));
    data.push_back(a.mutable_data());
    out.append(a);
  }
  {
    py::gil_scoped_release release;
    ex.RunInto(inputs.views(), data);
  }
  return out;
}

double BenchmarkSeconds(const runtime::Executor& ex, const ExecutorInputs& inputs, int repeat, int number,
                        double min_repeat_ms) {
  py::gil_scoped_release release;
  return ex.Benchmark(inputs.views(), repeat, number, min_repeat_ms);
}

std::shared_ptr<runtime::Executor> BuildExecutor(const IRModule& mod, const std::map<std::string, NDArray>& params,
                                                 bool link_params, const target::Target& target,
                                                 const runtime::ScheduleProvider& schedules) {
  std::shared_ptr<runtime::Executor> ex;
  py::gil_scoped_release release;  // compiling takes a while; no Python object is touched
  RunOnWorkStack([&] {
    ex = std::make_shared<runtime::Executor>(runtime::LowerForExecution(mod, params, link_params), target, schedules);
  });
  return ex;
}

}  // namespace python
}  // namespace tirgen

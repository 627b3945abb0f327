// tirgen.tir.Schedule with TVM's method and keyword names (DESIGN.md §9): every primitive goes
// through tir::ApplyScheduleCall, the same Python-style argument binding trace replay uses, so
// `apply_trace(sch)` from a printed trace runs unchanged. Also tirgen.tir.TensorIntrin,
// BlockRV / LoopRV handles, and tirgen.tir.ScheduleError (a TirgenError).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <set>

#include "tirgen/tir/schedule/schedule.h"
#include "tirgen/tir/schedule/tensor_intrin.h"
#include "wrap.h"

namespace py = pybind11;
using namespace tirgen;  // NOLINT
using tir::TraceValue;

namespace {

struct PyBlockRV {
  int id;
};
struct PyLoopRV {
  int id;
};

TraceValue ToValue(const py::handle& v) {
  if (v.is_none()) return TraceValue::None();
  if (py::isinstance<PyBlockRV>(v)) return TraceValue::RV(TraceValue::kBlockRV, v.cast<PyBlockRV>().id);
  if (py::isinstance<PyLoopRV>(v)) return TraceValue::RV(TraceValue::kLoopRV, v.cast<PyLoopRV>().id);
  if (py::isinstance<py::bool_>(v)) return TraceValue::Bool(v.cast<bool>());
  if (py::isinstance<py::int_>(v)) return TraceValue::Int(v.cast<int64_t>());
  if (py::isinstance<py::float_>(v)) return TraceValue::Float(v.cast<double>());
  if (py::isinstance<py::str>(v)) return TraceValue::Str(v.cast<std::string>());
  if (py::isinstance<py::function>(v))
    return TraceValue::Lambda(py::module_::import("tirgen._index_map").attr("lambda_text")(v).cast<std::string>());
  if (py::isinstance<py::list>(v) || py::isinstance<py::tuple>(v)) {
    std::vector<TraceValue> items;
    for (const py::handle& i : v) items.push_back(ToValue(i));
    return TraceValue::List(items, py::isinstance<py::list>(v) ? TraceValue::kList : TraceValue::kTuple);
  }
  throw Error("schedule arguments must be handles, numbers, strings, None or lists of those, got " +
              std::string(py::str(py::type::of(v))));
}

py::object FromValue(const TraceValue& v) {
  if (v.kind == TraceValue::kBlockRV) return py::cast(PyBlockRV{static_cast<int>(v.i)});
  if (v.kind == TraceValue::kLoopRV) return py::cast(PyLoopRV{static_cast<int>(v.i)});
  return py::none();
}

// Methods whose result is a list (the others return one handle or None).
const std::set<std::string> kListResults = {"get_loops", "get_child_blocks", "get_producers", "get_consumers", "split"};
const char* kMethods[] = {"get_block", "get_loops", "get_child_blocks", "get_producers", "get_consumers",
                          "split", "fuse", "reorder", "parallel", "vectorize", "unroll", "annotate",
                          "unannotate", "compute_inline", "reverse_compute_inline", "compute_at",
                          "reverse_compute_at", "cache_read", "cache_write", "decompose_reduction",
                          "blockize", "tensorize", "work_on", "set_scope", "storage_align", "rfactor", "transform_layout"};

tir::Schedule MakeSchedule(const py::object& obj) {
  if (py::isinstance<tir::PrimFunc>(obj)) return tir::Schedule(obj.cast<tir::PrimFunc>());
  if (py::isinstance<IRModule>(obj)) return tir::Schedule(obj.cast<IRModule>());
  throw Error("tirgen.tir.Schedule takes a PrimFunc or an IRModule");
}

}  // namespace

void BindSchedule(py::module_& m) {
  py::module_ tir = m.attr("tir").cast<py::module_>();
  static py::exception<tir::ScheduleError> schedule_error(tir, "ScheduleError", m.attr("TirgenError").ptr());
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const tir::ScheduleError& e) {
      schedule_error(e.what());
    }
  });

  py::class_<PyBlockRV>(tir, "BlockRV").def("__repr__", [](const PyBlockRV& b) { return "BlockRV(" + std::to_string(b.id) + ")"; });
  py::class_<PyLoopRV>(tir, "LoopRV").def("__repr__", [](const PyLoopRV& l) { return "LoopRV(" + std::to_string(l.id) + ")"; });
  py::class_<tir::Trace>(tir, "Trace")
      .def("__str__", &tir::Trace::Str)
      .def("show", [](const tir::Trace& t) { py::print(t.Str()); })
      .def("apply_to_schedule", [](const tir::Trace& t, tir::Schedule& s) { t.ApplyTo(s); }, py::arg("sch"))
      .def_static("parse", &tir::Trace::Parse, py::arg("text"), py::arg("filename") = "<trace>");

  auto sch = py::class_<tir::Schedule>(tir, "Schedule")
                 .def(py::init(&MakeSchedule), py::arg("mod"))
                 .def_property_readonly("mod", &tir::Schedule::mod)
                 .def_property_readonly("trace", [](const tir::Schedule& s) { return s.trace(); })
                 .def("get", [](const tir::Schedule& s, const py::object& rv) -> py::object {
                   if (py::isinstance<PyBlockRV>(rv)) return python::Wrap(s.Get(tir::BlockRV{rv.cast<PyBlockRV>().id}));
                   return python::Wrap(s.Get(tir::LoopRV{rv.cast<PyLoopRV>().id}));
                 });
  for (const char* name : kMethods) {
    std::string method = name;
    sch.def(name, [method](tir::Schedule& s, const py::args& args, const py::kwargs& kwargs) -> py::object {
      std::vector<std::pair<std::string, TraceValue>> call;
      for (const py::handle& a : args) call.emplace_back("", ToValue(a));
      for (const auto& kv : kwargs) call.emplace_back(kv.first.cast<std::string>(), ToValue(kv.second));
      // TVM's transform_layout also takes the block by name.
      if (method == "transform_layout")
        for (size_t i = 0; i < call.size(); ++i) {
          auto& a = call[i];
          if (((i == 0 && a.first.empty()) || a.first == "block") && a.second.kind == TraceValue::kString)
            a.second = tir::ApplyScheduleCall(s, "get_block", {{"name", a.second}})[0];
        }
      std::vector<TraceValue> out = tir::ApplyScheduleCall(s, method, call);
      if (kListResults.count(method)) {
        py::list l;
        for (const TraceValue& v : out) l.append(FromValue(v));
        return l;
      }
      return out.empty() ? py::none() : FromValue(out[0]);
    });
  }

  py::class_<tir::TensorIntrin>(tir, "TensorIntrin")
      .def_static("register", &tir::TensorIntrin::Register, py::arg("name"), py::arg("desc"), py::arg("impl"),
                  py::arg("override") = false)
      .def_static("get", &tir::TensorIntrin::Get, py::arg("name"), py::return_value_policy::copy)
      .def_property_readonly("desc", [](const tir::TensorIntrin& t) { return t.desc; })
      .def_property_readonly("impl", [](const tir::TensorIntrin& t) { return t.impl; });
}

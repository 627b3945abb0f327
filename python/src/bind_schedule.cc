// tirgen.tir.Schedule with TVM's method and keyword names (DESIGN.md §9): every primitive goes
// through tir::ApplyScheduleCall, the same Python-style argument binding trace replay uses, so
// `apply_trace(sch)` from a printed trace runs unchanged. Sampling (sample_perfect_tile,
// sample_categorical, sample_compute_location) draws from `Schedule(mod, seed=N)`; traces convert
// to and from TVM's JSON form (trace.as_json(), Trace.apply_json_to_schedule) as Python lists.
// Also tirgen.tir.TensorIntrin, BlockRV / LoopRV / ExprRV handles, and tirgen.tir.ScheduleError
// (a TirgenError).
#include <nlohmann/json.hpp>
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
struct PyExprRV {
  int id;
};

TraceValue ToValue(const py::handle& v) {
  if (v.is_none()) return TraceValue::None();
  if (py::isinstance<PyBlockRV>(v)) return TraceValue::RV(TraceValue::kBlockRV, v.cast<PyBlockRV>().id);
  if (py::isinstance<PyLoopRV>(v)) return TraceValue::RV(TraceValue::kLoopRV, v.cast<PyLoopRV>().id);
  if (py::isinstance<PyExprRV>(v)) return TraceValue::RV(TraceValue::kExprRV, v.cast<PyExprRV>().id);
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
  if (v.kind == TraceValue::kExprRV) return py::cast(PyExprRV{static_cast<int>(v.i)});
  return py::none();
}

// TVM's JSON trace form as Python values (lists, ints, floats, bools, strings, None) and back.
py::object JsonToPy(const nlohmann::json& j) {
  if (j.is_array()) {
    py::list l;
    for (const auto& i : j) l.append(JsonToPy(i));
    return std::move(l);
  }
  if (j.is_string()) return py::str(j.get<std::string>());
  if (j.is_boolean()) return py::bool_(j.get<bool>());
  if (j.is_number_integer()) return py::int_(j.get<int64_t>());
  if (j.is_number()) return py::float_(j.get<double>());
  return py::none();
}

nlohmann::json PyToJson(const py::handle& v) {
  if (v.is_none()) return nullptr;
  if (py::isinstance<py::bool_>(v)) return v.cast<bool>();
  if (py::isinstance<py::int_>(v)) return v.cast<int64_t>();
  if (py::isinstance<py::float_>(v)) return v.cast<double>();
  if (py::isinstance<py::str>(v)) return v.cast<std::string>();
  if (py::isinstance<py::list>(v) || py::isinstance<py::tuple>(v)) {
    nlohmann::json a = nlohmann::json::array();
    for (const py::handle& i : v) a.push_back(PyToJson(i));
    return a;
  }
  throw Error("a JSON trace holds lists, numbers, bools, strings and None, got " + std::string(py::str(py::type::of(v))));
}

// Methods whose result is a list (the others return one handle or None).
const std::set<std::string> kListResults = {"get_loops",     "get_child_blocks", "get_producers",
                                            "get_consumers", "split",            "sample_perfect_tile",
                                            "get_output_blocks"};
const char* kMethods[] = {"get_block", "get_loops", "get_child_blocks", "get_producers", "get_consumers",
                          "split", "fuse", "reorder", "parallel", "vectorize", "unroll", "annotate",
                          "unannotate", "compute_inline", "reverse_compute_inline", "compute_at",
                          "reverse_compute_at", "cache_read", "cache_write", "decompose_reduction",
                          "blockize", "tensorize", "work_on", "enter_postproc", "set_scope", "storage_align", "rfactor", "transform_layout",
                          "sample_perfect_tile", "sample_categorical", "sample_compute_location",
                          "get_output_blocks", "add_unit_loop", "decompose_padding", "unsafe_set_dtype", "reindex", "merge",
                          "transform_block_layout"};

// Methods that take a block by name too (TVM v0.14's Schedule._normalize_block_arg: a string
// is looked up with get_block, which the trace records): the parameter `block` or `scope_block` (first
// positional), and cache_read/cache_write's `consumer_blocks` (fourth positional).
const std::set<std::string> kBlockByName = {
    "get_loops", "get_producers", "get_consumers", "cache_read", "cache_write", "compute_at",
    "reverse_compute_at", "compute_inline", "reverse_compute_inline", "decompose_reduction",
    "storage_align", "set_scope", "transform_layout", "sample_compute_location",
    "get_output_blocks", "decompose_padding", "unsafe_set_dtype", "reindex", "transform_block_layout"};

void BlocksByName(tir::Schedule& s, const std::string& method,
                  std::vector<std::pair<std::string, TraceValue>>* call) {
  if (!kBlockByName.count(method)) return;
  auto lookup = [&s](TraceValue* v) {
    if (v->kind == TraceValue::kString) *v = tir::ApplyScheduleCall(s, "get_block", {{"name", *v}})[0];
  };
  const bool consumers = method == "cache_read" || method == "cache_write";
  for (size_t i = 0; i < call->size(); ++i) {
    auto& a = (*call)[i];
    if ((i == 0 && a.first.empty()) || a.first == "block" || a.first == "scope_block") lookup(&a.second);
    if (consumers && ((i == 3 && a.first.empty()) || a.first == "consumer_blocks") &&
        (a.second.kind == TraceValue::kList || a.second.kind == TraceValue::kTuple))
      for (TraceValue& b : a.second.items) lookup(&b);
  }
}

// seed: None -> tirgen's fixed default (deterministic), -1 -> device random, else TVM's range.
tir::Schedule MakeSchedule(const py::object& obj, const py::object& seed_obj) {
  int64_t seed = tir::kDefaultScheduleSeed;
  if (!seed_obj.is_none()) {
    if (!py::isinstance<py::int_>(seed_obj) || py::isinstance<py::bool_>(seed_obj))
      throw Error("Schedule: seed must be an int or None");
    seed = seed_obj.cast<int64_t>();
    if (seed != -1 && (seed < 1 || seed > 2147483647))
      throw Error("Schedule: seed must be in [1, 2147483647] (or -1 for a device-random one), got " +
                  std::to_string(seed));
  }
  if (py::isinstance<tir::PrimFunc>(obj)) return tir::Schedule(obj.cast<tir::PrimFunc>(), seed);
  if (py::isinstance<IRModule>(obj)) return tir::Schedule(obj.cast<IRModule>(), seed);
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
  py::class_<PyExprRV>(tir, "ExprRV").def("__repr__", [](const PyExprRV& e) { return "ExprRV(" + std::to_string(e.id) + ")"; });
  py::class_<tir::Trace>(tir, "Trace")
      .def("__str__", &tir::Trace::Str)
      .def("show", [](const tir::Trace& t) { py::print(t.Str()); })
      .def("apply_to_schedule", [](const tir::Trace& t, tir::Schedule& s) { t.ApplyTo(s); }, py::arg("sch"))
      .def_static("parse", &tir::Trace::Parse, py::arg("text"), py::arg("filename") = "<trace>")
      .def("as_json", [](const tir::Trace& t) { return JsonToPy(t.AsJSON()); })
      .def_static("from_json", [](const py::object& j) { return tir::Trace::FromJSON(PyToJson(j)); }, py::arg("json_obj"))
      .def_static("apply_json_to_schedule",
                  [](const py::object& j, tir::Schedule& s) { tir::Trace::ApplyJSONToSchedule(PyToJson(j), s); },
                  py::arg("json_obj"), py::arg("sch"))
      .def_static("json_dumps", [](const py::object& j) { return tir::JSONDumps(PyToJson(j)); }, py::arg("json_obj"))
      .def("get_decision", [](const tir::Trace& t, size_t index) -> py::object {
        if (index >= t.instructions().size()) throw Error("Trace.get_decision: no instruction " + std::to_string(index));
        auto d = t.instructions()[index].decision();
        if (!d) return py::none();
        if (d->kind != TraceValue::kList) return py::int_(d->i);
        py::list l;
        for (const TraceValue& i : d->items) l.append(py::int_(i.i));
        return std::move(l);
      }, py::arg("inst_index"))
      .def("with_decision", [](const tir::Trace& t, size_t index, const py::object& d) {
        return t.WithDecision(index, ToValue(d));
      }, py::arg("inst_index"), py::arg("decision"));

  auto sch = py::class_<tir::Schedule>(tir, "Schedule")
                 .def(py::init(&MakeSchedule), py::arg("mod"), py::kw_only(), py::arg("seed") = py::none())
                 .def("seed", &tir::Schedule::Seed, py::arg("seed"))
                 .def("fork_seed", &tir::Schedule::ForkSeed)
                 .def("copy", &tir::Schedule::Copy)
                 .def_property_readonly("mod", &tir::Schedule::mod)
                 .def_property_readonly("trace", [](const tir::Schedule& s) { return s.trace(); })
                 .def("get", [](const tir::Schedule& s, const py::object& rv) -> py::object {
                   if (py::isinstance<PyBlockRV>(rv)) return python::Wrap(s.Get(tir::BlockRV{rv.cast<PyBlockRV>().id}));
                   if (py::isinstance<PyExprRV>(rv)) return py::int_(s.Get(tir::ExprRV{rv.cast<PyExprRV>().id}));
                   return python::Wrap(s.Get(tir::LoopRV{rv.cast<PyLoopRV>().id}));
                 });
  for (const char* name : kMethods) {
    std::string method = name;
    sch.def(name, [method](tir::Schedule& s, const py::args& args, const py::kwargs& kwargs) -> py::object {
      std::vector<std::pair<std::string, TraceValue>> call;
      for (const py::handle& a : args) call.emplace_back("", ToValue(a));
      for (const auto& kv : kwargs) call.emplace_back(kv.first.cast<std::string>(), ToValue(kv.second));
      BlocksByName(s, method, &call);
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

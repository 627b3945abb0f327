// tirgen.tune's native half: task extraction + tuner::Tune with the measuring optionally done
// by a Python callable (python/tirgen/tune.py sends candidates to a dask cluster through it),
// and the worker side of that: measuring traces of a task given as TVMScript.
//
// A candidate crosses processes as its trace (TVM's JSON form) and the task as TVMScript: both
// round-trip losslessly, and replaying a trace is deterministic, so the worker measures exactly
// the program the tuner proposed.
#include <pybind11/functional.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <iostream>

#include "numpy_convert.h"
#include "tirgen/runtime/executor.h"
#include "tirgen/script/parser.h"
#include "tirgen/script/printer.h"
#include "tirgen/support/error.h"
#include "tirgen/tir/schedule/design_space.h"
#include "tirgen/tuner/measure.h"
#include "tirgen/tuner/measure_traces.h"
#include "tirgen/tuner/progress.h"
#include "tirgen/tuner/task.h"
#include "tirgen/tuner/tune.h"

namespace py = pybind11;
using namespace tirgen;  // NOLINT

namespace {

py::dict ProgressDict(const tuner::TuneProgress& p) {
  py::list tasks;
  for (const tuner::TaskProgress& t : p.tasks) {
    py::dict d;
    d["name"] = t.name;
    d["flop"] = t.flop;
    d["weight"] = t.weight;
    d["best_secs"] = t.best_secs > 0 ? py::object(py::float_(t.best_secs)) : py::object(py::none());
    d["trials"] = t.trials;
    d["done"] = t.done;
    tasks.append(d);
  }
  py::dict d;
  d["tasks"] = tasks;
  d["elapsed_secs"] = p.elapsed_secs;
  d["trials"] = p.trials;
  d["total_latency_secs"] = p.total_latency_secs;
  d["table"] = tuner::FormatProgressTable(p);
  return d;
}

py::dict ResultDict(const tuner::MeasureResult& r) {
  py::dict d;
  d["ok"] = r.ok;
  d["error"] = r.error;
  d["run_secs"] = r.run_secs;
  d["build_secs"] = r.build_secs;
  return d;
}

tuner::MeasureResult ResultFrom(const py::handle& h) {
  py::dict d = py::reinterpret_borrow<py::dict>(h);
  tuner::MeasureResult r;
  r.ok = d["ok"].cast<bool>();
  r.error = d.contains("error") ? d["error"].cast<std::string>() : std::string();
  r.run_secs = d["run_secs"].cast<std::vector<double>>();
  r.build_secs = d.contains("build_secs") ? d["build_secs"].cast<double>() : 0.0;
  return r;
}

tuner::MeasureOptions MeasureOptionsFrom(const std::string& target, double timeout, int repeat, int number,
                                         double min_repeat_ms) {
  tuner::MeasureOptions o;
  o.target = target.empty() ? target::DefaultBuildTarget() : target::Target::Parse(target);
  o.run.timeout_seconds = timeout;
  o.run.repeat = repeat;
  o.run.number = number;
  o.run.min_repeat_ms = min_repeat_ms;
  return o;
}

}  // namespace

void BindTune(py::module_& m) {
  m.def(
      "_tune",
      [](const IRModule& mod, const py::object& params, const std::string& db_dir, const std::string& target,
         int trials, double time_budget, int trials_per_round, int64_t seed, double timeout,
         const py::object& measure_fn, const py::object& log_path, bool verbose) {
        target::Target t = target.empty() ? target::DefaultBuildTarget() : target::Target::Parse(target);
        IRModule lowered = runtime::LowerForExecution(mod, python::NamedArrays(params));
        std::vector<tuner::TuneTask> tasks = tuner::ExtractTuneTasks(lowered);
        tuner::TuneOptions opt;
        opt.target = t;
        opt.max_trials = trials;
        opt.time_budget_seconds = time_budget;
        opt.num_trials_per_iter = trials_per_round;
        opt.seed = seed;
        opt.measure.target = t;
        opt.measure.run.timeout_seconds = timeout;
        if (verbose) opt.on_progress = [](const tuner::TuneProgress& p) { std::cerr << tuner::FormatProgressLine(p) << "\n"; };
        if (!log_path.is_none()) tuner::WriteLogTo(py::str(log_path), &opt);  // before the database is created
        tuner::JSONDatabase db(db_dir, t);
        for (const std::string& w : db.warnings()) py::module_::import("warnings").attr("warn")(w);
        if (!measure_fn.is_none()) {
          // The candidates leave as traces; the callable returns one result dict per trace.
          opt.measure_fn = [&](const tuner::TuneTask& task, const std::vector<tir::SampledSchedule>& cands) {
            py::gil_scoped_acquire acquire;
            py::list traces;
            for (const tir::SampledSchedule& c : cands) traces.append(tir::JSONDumps(c.trace.AsJSON()));
            py::dict job;
            job["name"] = task.name;
            job["script"] = script::Print(task.func);
            job["layout_free"] = std::vector<int>(task.layout_free.begin(), task.layout_free.end());
            job["target"] = t.str();
            job["timeout"] = timeout;
            job["min_repeat_ms"] = opt.measure.run.min_repeat_ms;
            py::list results = measure_fn(job, traces);
            TIRGEN_CHECK(results.size() == cands.size())
                << "tune: the measure function returned " << results.size() << " results for " << cands.size()
                << " candidates";
            std::vector<tuner::MeasureResult> out;
            for (const py::handle& h : results) out.push_back(ResultFrom(h));
            return out;
          };
        }
        tuner::TuneSummary summary;
        {
          py::gil_scoped_release release;
          summary = tuner::Tune(tasks, db, opt);
        }
        py::dict d = ProgressDict(summary);
        d["records"] = db.Size();
        return d;
      },
      py::arg("mod"), py::arg("params"), py::arg("db"), py::arg("target"), py::arg("trials"),
      py::arg("time_budget"), py::arg("trials_per_round"), py::arg("seed"), py::arg("timeout"),
      py::arg("measure_fn"), py::arg("log"), py::arg("verbose"));

  m.def(
      "_measure_traces",
      [](const std::string& task_script, const std::vector<std::string>& traces, const std::string& target,
         double timeout, int repeat, int number, double min_repeat_ms) {
        ObjectRef parsed = script::Parse(task_script, "<task>");
        tir::PrimFunc func = parsed.as<tir::PrimFuncNode>() ? parsed.cast<tir::PrimFunc>()
                                                             : parsed.cast<IRModule>()->functions.at("main").cast<tir::PrimFunc>();
        tuner::MeasureOptions options = MeasureOptionsFrom(target, timeout, repeat, number, min_repeat_ms);
        std::vector<tuner::MeasureResult> results;
        {
          py::gil_scoped_release release;
          results = tuner::MeasureTraces(func, traces, options);
        }
        py::list out;
        for (const tuner::MeasureResult& r : results) out.append(ResultDict(r));
        return out;
      },
      py::arg("task_script"), py::arg("traces"), py::arg("target") = "", py::arg("timeout") = 10.0,
      py::arg("repeat") = 3, py::arg("number") = 1, py::arg("min_repeat_ms") = 0.0,
      "Measures candidates of a task (TVMScript of its unscheduled function) given as trace JSON "
      "strings: one dict {ok, error, run_secs, build_secs} per trace (a trace that does not replay "
      "is a failed candidate).");
}

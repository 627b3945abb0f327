#include "run_command.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <system_error>

#include "db_option.h"
#include "input_loader.h"
#include "tirgen/ir/npz.h"
#include "tirgen/relay/expr.h"
#include "tirgen/runtime/build.h"
#include "tirgen/runtime/executor.h"
#include "tirgen/runtime/time_evaluator.h"
#include "tirgen/support/error.h"
#include "tirgen/support/io.h"

namespace tirgen {
namespace cli {
namespace {

std::map<std::string, NDArray> ParseInputs(const std::vector<std::string>& specs) {
  std::map<std::string, NDArray> inputs;
  for (const std::string& s : specs) {
    size_t eq = s.find('=');
    TIRGEN_CHECK(eq != std::string::npos && eq > 0 && eq + 1 < s.size())
        << "--input " << s << ": expected NAME=FILE.npy";
    std::string name = s.substr(0, eq);
    TIRGEN_CHECK(!inputs.count(name)) << "--input " << name << " given twice";
    inputs[name] = LoadNpy(s.substr(eq + 1));
  }
  return inputs;
}

// A program run once: its outputs, how to time `repeat` more runs (median seconds), and how
// to profile them per compiled function.
struct Ran {
  std::vector<NDArray> outputs;
  std::function<double(int repeat)> median_seconds;
  std::function<std::vector<runtime::Executor::FunctionTime>(int repeat)> profile;
};

void PrintProfile(const std::vector<runtime::Executor::FunctionTime>& table, int repeat) {
  double total = 0;
  size_t width = 8;
  for (const auto& t : table) {
    total += t.seconds;
    width = std::max(width, t.name.size());
  }
  std::printf("%-*s %10s %7s %6s\n", int(width), "function", "ms/run", "share", "calls");
  for (const auto& t : table)
    std::printf("%-*s %10.3f %6.1f%% %6d\n", int(width), t.name.c_str(), t.seconds * 1e3,
                total > 0 ? 100 * t.seconds / total : 0.0, t.calls);
  std::printf("%-*s %10.3f (mean of %d runs)\n", int(width), "total", total * 1e3, repeat);
}

// A single PrimFunc: inputs are the parameters it does not write, bound by parameter name. A
// timed run is a Module::Run (it allocates the outputs).
Ran RunPrimFunc(const IRModule& mod, const std::map<std::string, NDArray>& inputs,
                const target::Target& target) {
  runtime::Module m = runtime::BuildModule(mod, target);
  std::vector<std::string> names = m.FunctionNames();
  std::string fn = "main";
  if (!mod->functions.count(fn)) {
    TIRGEN_CHECK(names.size() == 1) << "the module has several functions and no main: nothing to run";
    fn = names[0];
  }
  const tir::PrimFunc& f = m.Function(fn);
  std::vector<bool> written = m.WrittenParams(fn);
  // A parameter is named as in the TVMScript signature: its buffer's name.
  std::vector<std::string> pnames;
  std::string all;
  for (size_t i = 0; i < f->params.size(); ++i) {
    const tir::Buffer* b = f->BufferOf(f->params[i]);
    pnames.push_back(b ? (*b)->name : f->params[i]->name_hint);
    if (!written[i]) all += (all.empty() ? "" : ", ") + pnames.back();
  }
  if (all.empty()) all = "none";
  for (const auto& kv : inputs) {
    bool known = false;
    for (size_t i = 0; i < f->params.size(); ++i) known = known || (!written[i] && pnames[i] == kv.first);
    TIRGEN_CHECK(known) << "unknown input '" << kv.first << "' (" << fn << "'s inputs: " << all << ")";
  }
  std::vector<NDArray> args;
  size_t n_in = 0;
  for (size_t i = 0; i < f->params.size(); ++i) {
    if (written[i]) continue;
    TIRGEN_CHECK(i == n_in) << fn << ": input parameter " << pnames[i] << " follows an output parameter";
    auto it = inputs.find(pnames[i]);
    TIRGEN_CHECK(it != inputs.end()) << "missing --input " << pnames[i] << "=FILE.npy (" << fn << "'s inputs: " << all << ")";
    args.push_back(it->second);
    ++n_in;
  }
  std::vector<NDArray> outputs = m.Run(fn, args);
  auto median = [m, fn, args](int repeat) { return runtime::TimeEvaluator([&] { m.Run(fn, args); }, repeat); };
  auto profile = [m, fn, args](int repeat) {
    std::vector<double> each = runtime::TimeEach([&] { m.Run(fn, args); }, repeat);
    double sum = 0;
    for (double s : each) sum += s;
    return std::vector<runtime::Executor::FunctionTime>{{fn, sum / repeat, 1}};
  };
  return {outputs, median, profile};
}

// Relay main: built once by the Executor, which times its compiled code alone.
Ran RunRelay(const IRModule& mod, const std::map<std::string, NDArray>& inputs, const target::Target& target,
            const runtime::ScheduleProvider& provider) {
  auto ex = std::make_shared<runtime::Executor>(mod, target, provider);
  std::vector<NDArray> outputs = ex->RunNamed(inputs);
  std::vector<NDArray> ordered;
  for (const std::string& name : ex->InputNames()) ordered.push_back(inputs.at(name));
  std::vector<runtime::TensorView> views;
  for (const NDArray& x : ordered) views.push_back({x.data(), x->shape, x->dtype});
  return {outputs, [ex, ordered](int repeat) { return ex->Benchmark(ordered, repeat); },
          [ex, ordered, views](int repeat) { return ex->Profile(views, repeat); }};
}

}  // namespace

void AddRunCommand(CLI::App& app, RunOptions* options) {
  CLI::App* cmd = app.add_subcommand("run", "optimize, lower, build and run a program on .npy inputs");
  cmd->add_option("INPUT", options->program.input, "Relay text, ONNX (.onnx) or TVMScript file (- for stdin)")->required();
  cmd->add_option("--input", options->inputs, "an input: NAME=FILE.npy (repeatable)");
  cmd->add_option("--params", options->program.params, "weights (.npz) bound to Relay main's parameters");
  AddInputShapeOption(cmd, &options->program.input_shapes);
  cmd->add_flag("--link-params", options->program.link_params, "embed the weights in the PrimFuncs");
  AddCheckBoundsOption(cmd, &options->program);
  cmd->add_option("--output-dir", options->output_dir, "directory for output_<k>.npy, created if missing (default: .)");
  cmd->add_option("--target", options->target, kTargetHelp);
  AddDatabaseOption(cmd, &options->db);
  cmd->add_option_function<int>(
      "--repeat",
      [options](int n) {
        options->timed = true;
        options->repeat = n;
      },
      "after the run, time N more runs and print 'median latency: X ms (N runs)' on stdout");
  cmd->add_option("--profile", options->profile,
                  "after the run, profile N more runs: per compiled function, mean ms per run, share and calls");
}

int RunRun(const RunOptions& options) {
  target::Target target = TargetOption(options.target);
  TIRGEN_CHECK(!options.timed || options.repeat >= 1) << "--repeat must be at least 1, got " << options.repeat;
  TIRGEN_CHECK(options.profile >= 0) << "--profile must be at least 1, got " << options.profile;
  std::map<std::string, NDArray> inputs = ParseInputs(options.inputs);
  std::vector<std::string> input_names;
  for (const auto& kv : inputs) input_names.push_back(kv.first);
  IRModule mod = LoadProgram(options.program, input_names);
  auto main = mod->functions.find("main");
  bool relay_main = main != mod->functions.end() && main->second.as<relay::FunctionNode>();
  std::shared_ptr<tuner::ApplyReport> report;
  runtime::ScheduleProvider provider = DatabaseOption(options.db, target, relay_main, &report);
  Ran ran = relay_main ? RunRelay(mod, inputs, target, provider) : RunPrimFunc(mod, inputs, target);
  PrintApplyReport(report);
  const std::vector<NDArray>& outputs = ran.outputs;
  // Created (with parents) only once the run succeeded: a failed run leaves nothing behind.
  std::error_code ec;
  std::filesystem::create_directories(options.output_dir, ec);
  TIRGEN_CHECK(!ec && std::filesystem::is_directory(options.output_dir))
      << "--output-dir " << options.output_dir << ": cannot create the directory ("
      << (ec ? ec.message() : "a file of that name exists") << ")";
  for (size_t k = 0; k < outputs.size(); ++k)
    WriteFileAtomic(options.output_dir + "/output_" + std::to_string(k) + ".npy", SerializeNpy(outputs[k]));
  if (options.timed) {
    double ms = ran.median_seconds(options.repeat) * 1000;
    std::printf("median latency: %.3f ms (%d runs)\n", ms, options.repeat);
  }
  if (options.profile > 0) PrintProfile(ran.profile(options.profile), options.profile);
  return 0;
}

}  // namespace cli
}  // namespace tirgen

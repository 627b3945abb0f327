#include "tirgen/runtime/executor.h"

#include <algorithm>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>

#include "execution_plan.h"
#include "tirgen/lower/lower.h"
#include "tirgen/relay/expr_functor.h"
#include "tirgen/relay/text.h"
#include "tirgen/lower/constant_evaluator.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/runtime/build.h"
#include "tirgen/runtime/time_evaluator.h"
#include "tirgen/support/error.h"
#include "tirgen/runtime/schedule_for_target.h"

namespace tirgen {
namespace runtime {
namespace {

std::string TypeText(DataType dt, const std::vector<int64_t>& shape) {
  std::string r = dt.str() + "(";
  for (size_t i = 0; i < shape.size(); ++i) r += (i ? ", " : "") + std::to_string(shape[i]);
  return r + (shape.size() == 1 ? ",)" : ")");
}

relay::Function MainOf(const IRModule& mod) {
  auto it = mod->functions.find("main");
  TIRGEN_CHECK(it != mod->functions.end() && it->second.as<relay::FunctionNode>())
      << "executor: the module has no Relay function @main (a LowerTE'd module is needed)";
  return it->second.cast<relay::Function>();
}

}  // namespace

IRModule LowerForExecution(const IRModule& mod, const std::map<std::string, NDArray>& params,
                           bool link_params) {
  bool lowered = false;
  for (const auto& kv : mod->functions) lowered = lowered || kv.second.as<tir::PrimFuncNode>();
  if (lowered) {
    TIRGEN_CHECK(params.empty()) << "the module is already lowered (it holds PrimFuncs): params can only be "
                                    "bound before lowering";
    return mod;
  }
  bool fused = false;
  relay::PostOrderVisit(mod.Lookup("main").cast<relay::Expr>(), [&](const relay::Expr& e) {
    if (const auto* f = e.as<relay::FunctionNode>()) fused = fused || f->IsPrimitive();
  });
  if (fused) return lower::LowerTE(params.empty() ? mod : relay::BindParamsByName(mod, params));
  relay::OptimizeConfig config;
  config.constant_evaluator = lower::EvaluateConstant;
  config.link_params = link_params;
  return lower::LowerTE(relay::Optimize(mod, params, config));
}

struct Executor::State {
  std::unique_ptr<ExecutionPlan> plan;
  std::exception_ptr error;  ///< why main cannot run: raised by every run, after the input checks
  std::mutex mutex;          ///< serializes runs (they share the plan's intermediate tensors)

  ExecutionPlan& Plan() {
    if (error) std::rethrow_exception(error);
    return *plan;
  }
};

// PrimFuncs as lowering made them get the default CPU schedule rules for the target first;
// main's constants come packed where a schedule changed a weight's layout.
Executor::Executor(const IRModule& lowered) : Executor(lowered, target::DefaultBuildTarget()) {}

Executor::Executor(const IRModule& lowered, const target::Target& target)
    : Executor(ScheduleForTarget(lowered, target).mod, target, 0) {}

Executor::Executor(const IRModule& lowered, const target::Target& target, const ScheduleProvider& provider)
    : Executor(ScheduleForTarget(lowered, target, provider).mod, target, 0) {}

Executor::Executor(const IRModule& scheduled, const target::Target& target, int)
    : Executor(scheduled, BuildModule(scheduled, target)) {
  target_ = target.str();
}

Executor::Executor(const IRModule& lowered, Module built)
    : main_(MainOf(lowered)), module_(std::move(built)), state_(std::make_shared<State>()) {
  try {
    state_->plan = std::make_unique<ExecutionPlan>(main_, module_);
  } catch (const Error&) {
    state_->error = std::current_exception();
  }
}

std::vector<std::string> Executor::InputNames() const {
  std::vector<std::string> names;
  for (const relay::Var& p : main_->params) names.push_back(p->name_hint);
  return names;
}

std::vector<relay::Type> Executor::InputTypes() const {
  std::vector<relay::Type> types;
  for (const relay::Var& p : main_->params)
    types.push_back(p->checked_type.defined() ? p->checked_type : p->type_annotation);
  return types;
}

std::vector<relay::TensorType> Executor::OutputTypes() const { return state_->Plan().output_types(); }

std::vector<TensorView> Executor::Views(const std::vector<NDArray>& inputs, const std::vector<std::string>& names) {
  TIRGEN_CHECK(inputs.size() == names.size()) << "main takes " << names.size() << " inputs, " << inputs.size() << " given";
  std::vector<TensorView> views;
  for (size_t i = 0; i < inputs.size(); ++i) {
    TIRGEN_CHECK(inputs[i].defined()) << "input '" << names[i] << "' is missing";
    views.push_back(TensorView{inputs[i].data(), inputs[i]->shape, inputs[i]->dtype});
  }
  return views;
}

std::vector<const void*> Executor::CheckInputs(const std::vector<TensorView>& inputs) const {
  TIRGEN_CHECK(inputs.size() == main_->params.size())
      << "main takes " << main_->params.size() << " inputs, " << inputs.size() << " given";
  std::vector<relay::Type> types = InputTypes();
  std::vector<const void*> data;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (const auto* tt = types[i].defined() ? types[i].as<relay::TensorTypeNode>() : nullptr) {
      std::vector<int64_t> shape = tt->ConstShape();
      TIRGEN_CHECK(inputs[i].shape == shape && inputs[i].dtype == tt->dtype)
          << "input '" << main_->params[i]->name_hint << "' must be " << TypeText(tt->dtype, shape) << ", got "
          << TypeText(inputs[i].dtype, inputs[i].shape);
    }
    data.push_back(inputs[i].data);
  }
  return data;
}

std::vector<NDArray> Executor::Run(const std::vector<NDArray>& inputs) const {
  std::vector<const void*> data = CheckInputs(Views(inputs, InputNames()));
  std::lock_guard<std::mutex> lock(state_->mutex);
  ExecutionPlan& plan = state_->Plan();
  plan.Execute(data);
  std::vector<NDArray> out;
  for (size_t k = 0; k < plan.output_types().size(); ++k) out.push_back(plan.Output(k));
  return out;
}

void Executor::RunInto(const std::vector<TensorView>& inputs, const std::vector<void*>& outputs) const {
  std::vector<const void*> data = CheckInputs(inputs);
  std::lock_guard<std::mutex> lock(state_->mutex);
  ExecutionPlan& plan = state_->Plan();
  TIRGEN_CHECK(outputs.size() == plan.output_types().size())
      << "main has " << plan.output_types().size() << " outputs, " << outputs.size() << " destinations given";
  plan.Execute(data);
  for (size_t k = 0; k < outputs.size(); ++k)
    std::memcpy(outputs[k], plan.OutputData(k), plan.OutputBytes(k));
}

double Executor::Benchmark(const std::vector<NDArray>& inputs, int repeat, int number, double min_repeat_ms) const {
  return Benchmark(Views(inputs, InputNames()), repeat, number, min_repeat_ms);
}

double Executor::Benchmark(const std::vector<TensorView>& inputs, int repeat, int number, double min_repeat_ms) const {
  std::vector<const void*> data = CheckInputs(inputs);
  std::lock_guard<std::mutex> lock(state_->mutex);
  ExecutionPlan& plan = state_->Plan();
  return TimeEvaluator([&] { plan.Execute(data); }, repeat, number, min_repeat_ms);
}

std::vector<Executor::FunctionTime> Executor::Profile(const std::vector<TensorView>& inputs, int repeat) const {
  TIRGEN_CHECK(repeat >= 1) << "profile: repeat must be at least 1, got " << repeat;
  std::vector<const void*> data = CheckInputs(inputs);
  std::lock_guard<std::mutex> lock(state_->mutex);
  ExecutionPlan& plan = state_->Plan();
  std::vector<std::string> names = plan.StepNames();
  std::vector<double> seconds(names.size(), 0.0);
  std::vector<int> calls(names.size(), 0);
  plan.Execute(data);  // warm-up: caches, page faults, the thread pool
  for (int r = 0; r < repeat; ++r) plan.ExecuteTimed(data, &seconds, &calls);
  std::map<std::string, FunctionTime> by_name;
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i].empty()) continue;  // an If's jump or copy: its time is not a function's
    FunctionTime& t = by_name[names[i]];
    t.name = names[i];
    t.seconds += seconds[i] / repeat;
    t.calls += calls[i] / repeat;  // the same inputs take the same branches every run
  }
  std::vector<FunctionTime> table;
  for (auto& kv : by_name) table.push_back(kv.second);
  std::stable_sort(table.begin(), table.end(),
                   [](const FunctionTime& a, const FunctionTime& b) { return a.seconds > b.seconds; });
  return table;
}

void Executor::CheckNames(const std::vector<std::string>& given) const {
  std::vector<std::string> names = InputNames();
  std::string all;
  for (const std::string& k : names) all += (all.empty() ? "" : ", ") + k;
  if (all.empty()) all = "none";
  for (const std::string& g : given)
    TIRGEN_CHECK(std::find(names.begin(), names.end(), g) != names.end())
        << "unknown input '" << g << "' (main's inputs: " << all << ")";
  for (const std::string& n : names)
    TIRGEN_CHECK(std::find(given.begin(), given.end(), n) != given.end())
        << "missing input '" << n << "' (main's inputs: " << all << ")";
}

std::vector<NDArray> Executor::RunNamed(const std::map<std::string, NDArray>& inputs) const {
  return Run(Ordered(inputs));
}

}  // namespace runtime
}  // namespace tirgen

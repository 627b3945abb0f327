#include "tirgen/runtime/executor.h"

#include <algorithm>
#include <memory>
#include <unordered_map>

#include "tirgen/lower/lower.h"
#include "tirgen/relay/expr_functor.h"
#include "tirgen/relay/text.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/runtime/build.h"
#include "tirgen/support/error.h"
#include "tirgen/runtime/schedule_for_target.h"

namespace tirgen {
namespace runtime {
namespace {

using relay::Expr;

// A runtime value: a tensor or a tuple of values.
struct Value {
  NDArray tensor;
  std::vector<Value> fields;
  bool is_tuple = false;
};

void Flatten(const Value& v, std::vector<NDArray>* out) {
  if (!v.is_tuple) {
    out->push_back(v.tensor);
    return;
  }
  for (const Value& f : v.fields) Flatten(f, out);
}

std::string TypeText(DataType dt, const std::vector<int64_t>& shape) {
  std::string r = dt.str() + "(";
  for (size_t i = 0; i < shape.size(); ++i) r += (i ? ", " : "") + std::to_string(shape[i]);
  return r + (shape.size() == 1 ? ",)" : ")");
}

// Evaluates main's body; every shared node once (the graph is a DAG).
class Evaluator {
 public:
  explicit Evaluator(const Module& module) : module_(module) {}

  void Bind(const relay::Var& v, Value value) { memo_[v.get()] = std::move(value); }

  const Value& Eval(const Expr& e) {
    auto it = memo_.find(e.get());
    if (it != memo_.end()) return it->second;
    Value v = Compute(e);
    return memo_.emplace(e.get(), std::move(v)).first->second;
  }

 private:
  Value Compute(const Expr& e) {
    switch (e.kind()) {
      case Kind::kRelayVar:
        TIRGEN_CHECK(false) << "executor: free variable %" << e.as<relay::VarNode>()->name_hint << " in main";
        break;
      case Kind::kConstant: {
        const auto* c = e.as<relay::ConstantNode>();
        TIRGEN_CHECK(c->data.defined()) << "executor: constant " << c->unresolved_ref << " has no data (metadata missing)";
        Value v;
        v.tensor = c->data;
        return v;
      }
      case Kind::kTuple: {
        Value v;
        v.is_tuple = true;
        for (const Expr& f : e.as<relay::TupleNode>()->fields) v.fields.push_back(Eval(f));
        return v;
      }
      case Kind::kTupleGetItem: {
        const auto* n = e.as<relay::TupleGetItemNode>();
        const Value& t = Eval(n->tuple);
        TIRGEN_CHECK(t.is_tuple && n->index >= 0 && static_cast<size_t>(n->index) < t.fields.size())
            << "executor: TupleGetItem index " << n->index << " out of range";
        return t.fields[n->index];
      }
      case Kind::kRelayLet: {
        const auto* n = e.as<relay::LetNode>();
        Bind(n->var, Eval(n->value));
        return Eval(n->body);
      }
      case Kind::kRelayCall: return Call(e.as<relay::CallNode>());
      default: break;
    }
    TIRGEN_CHECK(false) << "executor: unsupported expression " << KindName(e.kind())
                        << " in main (run LowerTE first: only calls of lowered functions can run)";
    return Value();
  }

  Value Call(const relay::CallNode* call) {
    // call_lowered(@f, (args...)), or a direct call @f(args...).
    const relay::GlobalVarNode* gv = call->op.as<relay::GlobalVarNode>();
    std::vector<Expr> args = call->args;
    if (!gv && call->op_name() == "call_lowered" && !args.empty()) {
      gv = args[0].as<relay::GlobalVarNode>();
      const auto* tuple = args.size() > 1 ? args[1].as<relay::TupleNode>() : nullptr;
      args = tuple ? tuple->fields : std::vector<Expr>(args.begin() + 1, args.end());
    }
    TIRGEN_CHECK(gv) << "executor: call of " << (call->op_name().empty() ? KindName(call->op.kind()) : call->op_name())
                     << " in main; only lowered functions can run (run LowerTE first)";
    std::vector<NDArray> inputs;
    for (const Expr& a : args) Flatten(Eval(a), &inputs);
    std::vector<NDArray> outs = module_.Run(gv->name_hint, inputs);
    bool tuple = call->checked_type.defined() ? call->checked_type.as<relay::TupleTypeNode>() != nullptr : outs.size() != 1;
    Value v;
    if (!tuple) {
      TIRGEN_ICHECK(outs.size() == 1) << "executor: @" << gv->name_hint << " returned " << outs.size() << " tensors";
      v.tensor = outs[0];
      return v;
    }
    v.is_tuple = true;
    for (const NDArray& o : outs) {
      Value f;
      f.tensor = o;
      v.fields.push_back(f);
    }
    return v;
  }

  const Module& module_;
  std::unordered_map<const Object*, Value> memo_;
};

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
  config.link_params = link_params;
  return lower::LowerTE(relay::Optimize(mod, params, config));
}

// PrimFuncs as lowering made them get the default CPU schedule rules for the target first;
// main's constants come packed where a schedule changed a weight's layout.
Executor::Executor(const IRModule& lowered) : Executor(lowered, target::DefaultBuildTarget()) {}

Executor::Executor(const IRModule& lowered, const target::Target& target)
    : Executor(ScheduleForTarget(lowered, target).mod, target, 0) {}

Executor::Executor(const IRModule& scheduled, const target::Target& target, int)
    : Executor(scheduled, BuildModule(scheduled, target)) {}

Executor::Executor(const IRModule& lowered, Module built) : main_(MainOf(lowered)), module_(std::move(built)) {}

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

std::vector<NDArray> Executor::Run(const std::vector<NDArray>& inputs) const {
  TIRGEN_CHECK(inputs.size() == main_->params.size())
      << "main takes " << main_->params.size() << " inputs, " << inputs.size() << " given";
  Evaluator ev(module_);
  std::vector<relay::Type> types = InputTypes();
  for (size_t i = 0; i < inputs.size(); ++i) {
    const std::string& name = main_->params[i]->name_hint;
    TIRGEN_CHECK(inputs[i].defined()) << "input '" << name << "' is missing";
    if (const auto* tt = types[i].defined() ? types[i].as<relay::TensorTypeNode>() : nullptr) {
      std::vector<int64_t> shape = tt->ConstShape();
      TIRGEN_CHECK(inputs[i]->shape == shape && inputs[i]->dtype == tt->dtype)
          << "input '" << name << "' must be " << TypeText(tt->dtype, shape) << ", got "
          << TypeText(inputs[i]->dtype, inputs[i]->shape);
    }
    Value v;
    v.tensor = inputs[i];
    ev.Bind(main_->params[i], v);
  }
  std::vector<NDArray> out;
  Flatten(ev.Eval(main_->body), &out);
  return out;
}

std::vector<NDArray> Executor::RunNamed(const std::map<std::string, NDArray>& inputs) const {
  std::vector<std::string> names = InputNames();
  std::string all;
  for (const std::string& k : names) all += (all.empty() ? "" : ", ") + k;
  for (const auto& kv : inputs)
    TIRGEN_CHECK(std::find(names.begin(), names.end(), kv.first) != names.end())
        << "unknown input '" << kv.first << "' (main's inputs: " << all << ")";
  std::vector<NDArray> ordered;
  for (const std::string& n : names) {
    auto it = inputs.find(n);
    TIRGEN_CHECK(it != inputs.end()) << "missing input '" << n << "' (main's inputs: " << all << ")";
    ordered.push_back(it->second);
  }
  return Run(ordered);
}

}  // namespace runtime
}  // namespace tirgen

#include "tirgen/runtime/schedule_for_target.h"

#include <cstring>
#include <set>

#include "tirgen/arith/analyzer.h"
#include "tirgen/lower/lower.h"
#include "tirgen/relay/expr.h"
#include "tirgen/relay/expr_functor.h"
#include "tirgen/support/error.h"
#include "tirgen/tir/schedule/cpu_schedule.h"

namespace tirgen {
namespace runtime {
namespace {

// Relay call of a lowered function: its name and flattened arguments, or false.
bool LoweredCall(const relay::CallNode* call, std::string* name, std::vector<relay::Expr>* args) {
  const relay::GlobalVarNode* gv = lower::LoweredCallee(call, args);
  if (!gv) return false;
  *name = gv->name_hint;
  return true;
}

// Replaces the constants of rewritten parameters by their packed form (each constant once).
class PackConstants : public relay::ExprMutator {
 public:
  explicit PackConstants(const std::map<std::string, std::vector<tir::ParamLayoutRewrite>>& rewrites)
      : rewrites_(rewrites) {}

 protected:
  relay::Expr VisitExpr_(const relay::CallNode* op) override {
    relay::Expr e = relay::ExprMutator::VisitExpr_(op);
    const auto* call = e.as<relay::CallNode>();
    std::string name;
    std::vector<relay::Expr> args;
    if (!LoweredCall(call, &name, &args)) return e;
    auto it = rewrites_.find(name);
    if (it == rewrites_.end()) return e;
    for (const tir::ParamLayoutRewrite& r : it->second) {
      const auto* c = args.at(r.param_index).as<relay::ConstantNode>();
      TIRGEN_ICHECK(c) << "layout-free parameter " << r.param_index << " of @" << name << " is not a constant";
      auto key = std::make_pair(static_cast<const Object*>(c), r.map.ToPython());
      auto done = packed_.find(key);
      if (done == packed_.end()) done = packed_.emplace(key, relay::Constant(ApplyIndexMap(c->data, r.map))).first;
      args[r.param_index] = done->second;
    }
    std::vector<relay::Expr> call_args = call->args;
    if (call->op.as<relay::GlobalVarNode>()) {
      call_args = args;
    } else {
      call_args[1] = relay::Tuple(args);
    }
    // The result's type is unchanged.
    return relay::WithCheckedType(relay::Call(call->op, call_args, call->attrs, call->type_args), call->checked_type);
  }

 private:
  const std::map<std::string, std::vector<tir::ParamLayoutRewrite>>& rewrites_;
  std::map<std::pair<const Object*, std::string>, relay::Expr> packed_;
};

}  // namespace

// A call with an argument that may flatten into several (a tuple) makes positions unknowable:
// nothing of that function is layout-free.
std::map<std::string, std::set<int>> LayoutFreeParams(const IRModule& lowered) {
  auto main = lowered->functions.find("main");
  if (main == lowered->functions.end() || !main->second.as<relay::FunctionNode>()) return {};
  std::map<std::string, std::set<int>> constant;
  std::set<std::string> unknown;
  relay::PostOrderVisit(main->second.cast<relay::Function>()->body, [&](const relay::Expr& e) {
    const auto* call = e.as<relay::CallNode>();
    std::string name;
    std::vector<relay::Expr> args;
    if (!call || !LoweredCall(call, &name, &args)) return;
    std::set<int> here;
    for (size_t i = 0; i < args.size(); ++i) {
      const relay::Type& t = args[i]->checked_type;
      if (args[i].as<relay::TupleNode>() || (t.defined() && t.as<relay::TupleTypeNode>())) unknown.insert(name);
      if (args[i].as<relay::ConstantNode>()) here.insert(static_cast<int>(i));
    }
    auto it = constant.find(name);
    if (it == constant.end()) {
      constant[name] = here;
    } else {
      std::set<int> both;
      for (int p : it->second)
        if (here.count(p)) both.insert(p);
      it->second = both;
    }
  });
  for (const std::string& n : unknown) constant.erase(n);
  return constant;
}

NDArray ApplyIndexMap(const NDArray& data, const tir::IndexMap& map) {
  const std::vector<int64_t>& shape = data->shape;
  TIRGEN_ICHECK(shape.size() == map.initial_indices.size()) << "index map of rank " << map.initial_indices.size()
                                                            << " applied to a tensor of rank " << shape.size();
  // The result's shape from the map's bounds (as transform_layout derived the parameter's),
  // then one pass placing every element, checking that none lands twice.
  arith::Analyzer ana;
  for (size_t i = 0; i < shape.size(); ++i) {
    DataType dt = map.initial_indices[i].dtype();
    ana.Bind(map.initial_indices[i], tir::Range(tir::make_const(dt, 0), tir::make_const(dt, shape[i])));
  }
  std::vector<int64_t> out_shape;
  int64_t out_volume = 1;
  for (const tir::PrimExpr& e : map.final_indices) {
    arith::ConstBound b = ana.Bound(e);
    TIRGEN_ICHECK(b.min == 0) << "index map " << map.ToPython() << ": an output starts at " << b.min;
    out_shape.push_back(b.max + 1);
    out_volume *= b.max + 1;
  }
  const int64_t volume = data->NumElements();
  TIRGEN_ICHECK(out_volume == volume) << "index map " << map.ToPython() << " is not a bijection of the tensor";
  tir::IndexMapEvaluator eval(map);
  TIRGEN_ICHECK(eval.unsupported_output() < 0) << "index map " << map.ToPython() << " is not integer arithmetic";
  const size_t width = data->dtype.bytes();
  std::vector<uint8_t> bytes(static_cast<size_t>(volume) * width);
  std::vector<bool> placed(static_cast<size_t>(volume), false);
  std::vector<int64_t> point(shape.size(), 0), mapped;
  const uint8_t* src = data.data();
  for (int64_t p = 0; p < volume; ++p) {
    TIRGEN_ICHECK(eval.Map(point, &mapped) < 0) << "index map " << map.ToPython() << " divides by zero";
    int64_t flat = 0;
    for (size_t k = 0; k < mapped.size(); ++k) flat = flat * out_shape[k] + mapped[k];
    TIRGEN_ICHECK(!placed[flat]) << "index map " << map.ToPython() << " is not a bijection of the tensor";
    placed[flat] = true;
    std::memcpy(bytes.data() + flat * width, src + p * width, width);
    for (size_t i = shape.size(); i-- > 0;) {
      if (++point[i] < shape[i]) break;
      point[i] = 0;
    }
  }
  return NDArray(out_shape, data->dtype, std::move(bytes));
}

ScheduledModule ScheduleForTarget(const IRModule& mod, const target::Target& target,
                                  const ScheduleProvider& provider) {
  ScheduledModule out;
  const std::map<std::string, std::set<int>> layout_free = LayoutFreeParams(mod);
  auto main_it = mod->functions.find("main");
  const relay::FunctionNode* main = main_it == mod->functions.end() ? nullptr : main_it->second.as<relay::FunctionNode>();
  std::map<std::string, ObjectRef> functions = mod->functions;
  std::map<std::string, std::vector<tir::ParamLayoutRewrite>> rewrites;
  for (auto& kv : functions) {
    if (!kv.second.as<tir::PrimFuncNode>()) continue;
    auto lf = layout_free.find(kv.first);
    const std::set<int> free = lf == layout_free.end() ? std::set<int>{} : lf->second;
    const tir::PrimFunc func = kv.second.cast<tir::PrimFunc>();
    std::optional<tir::CpuScheduleResult> given;
    if (provider) given = provider(kv.first, func, free);
    if (given) {
      // Packing a parameter some caller passes a tensor of its own would compute garbage.
      for (const tir::ParamLayoutRewrite& rw : given->rewrites)
        TIRGEN_ICHECK(free.count(rw.param_index)) << "the schedule provided for @" << kv.first << " packs parameter "
                                                  << rw.param_index << ", which is not layout-free";
      out.provided.insert(kv.first);
    }
    tir::CpuScheduleResult r = given ? *std::move(given) : tir::ScheduleForCpu(func, target, free);
    kv.second = r.func;
    out.traces[kv.first] = r.trace;
    if (!r.rewrites.empty()) rewrites[kv.first] = r.rewrites;
  }
  if (!rewrites.empty()) {
    TIRGEN_ICHECK(main) << "a parameter layout changed without a main to pack its constants";
    relay::Function f = main_it->second.cast<relay::Function>();
    relay::Expr body = PackConstants(rewrites).VisitExpr(f->body);
    functions["main"] = relay::WithCheckedType(relay::Function(f->params, body, f->ret_type, f->attrs), f->checked_type);
  }
  out.mod = IRModule(functions, mod->attrs);
  return out;
}

}  // namespace runtime
}  // namespace tirgen

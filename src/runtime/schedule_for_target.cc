#include "tirgen/runtime/schedule_for_target.h"

#include <cstring>
#include <functional>
#include <set>
#include <unordered_map>

#include "tirgen/relay/expr.h"
#include "tirgen/relay/expr_functor.h"
#include "tirgen/support/error.h"
#include "tirgen/tir/schedule/cpu_schedule.h"

namespace tirgen {
namespace runtime {
namespace {

// An index map compiled for evaluation at millions of points: each expression a flat postfix
// program over slots (the map's variables), no lookups per point.
class PointEvaluator {
 public:
  explicit PointEvaluator(const tir::IndexMap& map) {
    for (size_t i = 0; i < map.initial_indices.size(); ++i) slots_[map.initial_indices[i].get()] = i;
    for (const tir::PrimExpr& e : map.final_indices) {
      programs_.emplace_back();
      Compile(e, &programs_.back());
    }
  }
  size_t size() const { return programs_.size(); }
  int64_t Eval(size_t k, const std::vector<int64_t>& point) {
    stack_.clear();
    for (const Op& op : programs_[k]) {
      if (op.kind == Kind::kIntImm) { stack_.push_back(op.value); continue; }
      if (op.kind == Kind::kVar) { stack_.push_back(point[op.value]); continue; }
      int64_t y = stack_.back();
      stack_.pop_back();
      int64_t& x = stack_.back();
      switch (op.kind) {
        case Kind::kAdd: x += y; break;
        case Kind::kSub: x -= y; break;
        case Kind::kMul: x *= y; break;
        case Kind::kFloorDiv: x = x / y - ((x % y != 0) && ((x < 0) != (y < 0))); break;
        default: x = ((x % y) + y) % y; break;  // kFloorMod
      }
    }
    return stack_.back();
  }

 private:
  struct Op {
    Kind kind;
    int64_t value;  // the constant, or the slot of a variable
  };
  void Compile(const tir::PrimExpr& e, std::vector<Op>* out) {
    if (const int64_t* c = tir::as_const_int(e)) return out->push_back({Kind::kIntImm, *c});
    if (const auto* v = e.as<tir::VarNode>()) {
      auto it = slots_.find(v);
      TIRGEN_ICHECK(it != slots_.end()) << "index map uses a variable it does not bind";
      return out->push_back({Kind::kVar, static_cast<int64_t>(it->second)});
    }
    const auto* b = e.as<tir::BinaryNode>();
    TIRGEN_ICHECK(b && (e.kind() == Kind::kAdd || e.kind() == Kind::kSub || e.kind() == Kind::kMul ||
                        e.kind() == Kind::kFloorDiv || e.kind() == Kind::kFloorMod))
        << "index map operation " << KindName(e.kind()) << " not supported";
    if ((e.kind() == Kind::kFloorDiv || e.kind() == Kind::kFloorMod)) {
      const int64_t* d = tir::as_const_int(b->b);
      TIRGEN_ICHECK(d && *d != 0) << "index map divides by a non-constant or zero";
    }
    Compile(b->a, out);
    Compile(b->b, out);
    out->push_back({e.kind(), 0});
  }
  std::unordered_map<const Object*, size_t> slots_;
  std::vector<std::vector<Op>> programs_;
  std::vector<int64_t> stack_;
};

// Relay call of a lowered function: its name and flattened arguments, or false.
bool LoweredCall(const relay::CallNode* call, std::string* name, std::vector<relay::Expr>* args) {
  const relay::GlobalVarNode* gv = call->op.as<relay::GlobalVarNode>();
  *args = call->args;
  if (!gv && call->op_name() == "call_lowered" && !args->empty()) {
    gv = (*args)[0].as<relay::GlobalVarNode>();
    const auto* tuple = args->size() > 1 ? (*args)[1].as<relay::TupleNode>() : nullptr;
    *args = tuple ? tuple->fields : std::vector<relay::Expr>(args->begin() + 1, args->end());
  }
  if (!gv) return false;
  *name = gv->name_hint;
  return true;
}

// PrimFunc name -> parameter positions given a constant at every call site. A call with an
// argument that may flatten into several (a tuple) makes positions unknowable: none for it.
std::map<std::string, std::set<int>> LayoutFreeParams(const relay::Function& main) {
  std::map<std::string, std::set<int>> constant;
  std::set<std::string> unknown;
  relay::PostOrderVisit(main->body, [&](const relay::Expr& e) {
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

NDArray ApplyIndexMap(const NDArray& data, const tir::IndexMap& map) {
  const std::vector<int64_t>& shape = data->shape;
  TIRGEN_ICHECK(shape.size() == map.initial_indices.size()) << "index map of rank " << map.initial_indices.size()
                                                            << " applied to a tensor of rank " << shape.size();
  PointEvaluator ev(map);
  const size_t rank_out = map.final_indices.size();
  int64_t volume = data->NumElements();
  // The result's shape: one past the largest index each output dimension reaches.
  std::vector<int64_t> out_shape(rank_out, 0);
  std::vector<int64_t> point(shape.size(), 0), mapped(rank_out);
  auto each_point = [&](const std::function<void(int64_t)>& f) {
    std::fill(point.begin(), point.end(), 0);
    for (int64_t p = 0; p < volume; ++p) {
      for (size_t k = 0; k < rank_out; ++k) mapped[k] = ev.Eval(k, point);
      f(p);
      for (size_t i = shape.size(); i-- > 0;) {
        if (++point[i] < shape[i]) break;
        point[i] = 0;
      }
    }
  };
  each_point([&](int64_t) {
    for (size_t k = 0; k < rank_out; ++k) out_shape[k] = std::max(out_shape[k], mapped[k] + 1);
  });
  int64_t out_volume = 1;
  for (int64_t d : out_shape) out_volume *= d;
  TIRGEN_ICHECK(out_volume == volume) << "index map " << map.ToPython() << " is not a bijection of the tensor";
  const size_t width = data->dtype.bytes();
  std::vector<uint8_t> bytes(static_cast<size_t>(volume) * width);
  const uint8_t* src = data.data();
  each_point([&](int64_t p) {
    int64_t flat = 0;
    for (size_t k = 0; k < rank_out; ++k) flat = flat * out_shape[k] + mapped[k];
    std::memcpy(bytes.data() + flat * width, src + p * width, width);
  });
  return NDArray(out_shape, data->dtype, std::move(bytes));
}

ScheduledModule ScheduleForTarget(const IRModule& mod, const target::Target& target) {
  ScheduledModule out;
  std::map<std::string, std::set<int>> layout_free;
  auto main_it = mod->functions.find("main");
  const relay::FunctionNode* main = main_it == mod->functions.end() ? nullptr : main_it->second.as<relay::FunctionNode>();
  if (main) layout_free = LayoutFreeParams(main_it->second.cast<relay::Function>());
  std::map<std::string, ObjectRef> functions = mod->functions;
  std::map<std::string, std::vector<tir::ParamLayoutRewrite>> rewrites;
  for (auto& kv : functions) {
    if (!kv.second.as<tir::PrimFuncNode>()) continue;
    auto lf = layout_free.find(kv.first);
    tir::CpuScheduleResult r =
        tir::ScheduleForCpu(kv.second.cast<tir::PrimFunc>(), target, lf == layout_free.end() ? std::set<int>{} : lf->second);
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

// LowerTE (spec §6): every primitive function called from the module's Relay functions is
// lowered once per structural equivalence class (LowerPrimitive, the path lower_to_primfunc
// takes too) and its call sites become call_lowered(@<module>_<fused name>, (args...)).
// Global names are assigned after all functions are known, in an order that depends only on
// the functions themselves (fused name, then structural hash), so permuting a module's
// independent calls never renames anything.
#include <algorithm>
#include <cstdio>
#include <unordered_map>

#include "lower_internal.h"
#include "tirgen/relay/expr_functor.h"
#include "tirgen/relay/op.h"
#include "tirgen/relay/structural.h"
#include "tirgen/support/name_supply.h"
#include "tirgen/tir/analysis/verify_well_formed.h"
#include "tirgen/tir/transform.h"

namespace tirgen {
namespace lower {
namespace {

bool IsLowerable(const relay::FunctionNode* f) { return f->IsPrimitive() && !f->GetAttr("Compiler"); }

std::string Hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

// The distinct primitive functions of a module, lowered once each.
class Cache {
 public:
  explicit Cache(std::string target) : target_(std::move(target)) {}

  /// The entry of `f` (a new one when no structurally equal function was seen).
  size_t Get(const relay::Function& f) {
    uint64_t h = relay::StructuralHash(f);
    auto& bucket = by_hash_[h];
    for (size_t i : bucket)
      if (relay::StructuralEqual(entries_[i].source, f)) return i;
    Entry e;
    e.source = f;
    e.hash = h;
    entries_.push_back(std::move(e));
    bucket.push_back(entries_.size() - 1);
    return entries_.size() - 1;
  }

  /// Lowers every entry (after collection, so progress knows the total).
  void LowerAll(const LowerTEOptions::Progress& progress) {
    for (size_t i = 0; i < entries_.size(); ++i) {
      entries_[i].lowered = LowerPrimitive(entries_[i].source, target_);
      if (progress) progress(i + 1, entries_.size(), entries_[i].lowered.fused_name);
    }
  }

  /// Global names `<prefix>_<fused name>[_N]`, assigned in (fused name, hash) order.
  void AssignNames(NameSupply* names) {
    std::vector<size_t> order(entries_.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
      const Entry& x = entries_[a];
      const Entry& y = entries_[b];
      if (x.lowered.fused_name != y.lowered.fused_name) return x.lowered.fused_name < y.lowered.fused_name;
      return x.hash < y.hash;
    });
    for (size_t i : order) entries_[i].global = names->FreshName(entries_[i].lowered.fused_name);
  }

  struct Entry {
    relay::Function source;
    uint64_t hash = 0;
    LoweredFunc lowered;
    std::string global;
  };
  std::vector<Entry> entries_;

 private:
  std::string target_;
  std::unordered_map<uint64_t, std::vector<size_t>> by_hash_;  // lookups only
};

// Rewrites calls of primitive functions (inline, let-bound, or top-level globals) to
// call_lowered(@gv, (args...)). Two passes: Collect fills the cache, Rewrite uses the names.
class Rewriter : public relay::ExprMutator {
 public:
  Rewriter(Cache* cache, const std::map<std::string, size_t>* global_prims, bool collect)
      : cache_(cache), global_prims_(global_prims), collect_(collect) {}

  relay::Expr VisitExpr_(const relay::CallNode* op) override {
    std::optional<size_t> entry;
    if (const auto* fn = op->op.as<relay::FunctionNode>()) {
      if (IsLowerable(fn)) entry = cache_->Get(GetRef<relay::Function>(fn));
    } else if (const auto* gv = op->op.as<relay::GlobalVarNode>()) {
      auto it = global_prims_->find(gv->name_hint);
      if (it != global_prims_->end()) entry = it->second;
    } else if (const auto* var = op->op.as<relay::VarNode>()) {
      auto it = let_prims_.find(var);
      if (it != let_prims_.end()) entry = it->second;
    }
    if (!entry) return ExprMutator::VisitExpr_(op);
    std::vector<relay::Expr> args;
    for (const relay::Expr& a : op->args) args.push_back(VisitExpr(a));
    if (collect_) return GetRef<relay::Expr>(op);
    relay::Tuple tuple(args);
    relay::Expr call = relay::Call(CallLoweredOp(), {relay::GlobalVar(cache_->entries_[*entry].global), tuple});
    return relay::WithCheckedType(call, op->checked_type);
  }

  // A let-bound primitive function: its binding disappears, its calls are rewritten.
  static const relay::FunctionNode* LetBoundPrimitive(const relay::LetNode* op) {
    const auto* fn = op->value.as<relay::FunctionNode>();
    return fn && IsLowerable(fn) ? fn : nullptr;
  }
  void PreVisitLet_(const relay::LetNode* op) override {
    if (const auto* fn = LetBoundPrimitive(op)) let_prims_[op->var.get()] = cache_->Get(GetRef<relay::Function>(fn));
    else ExprMutator::PreVisitLet_(op);
  }
  relay::Expr PostVisitLet_(const relay::LetNode* op) override {
    if (LetBoundPrimitive(op)) return VisitExpr(op->body);
    return ExprMutator::PostVisitLet_(op);
  }

  relay::Expr VisitExpr_(const relay::FunctionNode* op) override {
    if (IsLowerable(op)) {  // a primitive function not in call position: lower it all the same
      cache_->Get(GetRef<relay::Function>(op));
      return GetRef<relay::Expr>(op);
    }
    return ExprMutator::VisitExpr_(op);
  }

 private:
  static relay::Op CallLoweredOp() {
    static const relay::Op op = relay::RegisterOp("call_lowered");
    return op;
  }

  Cache* cache_;
  const std::map<std::string, size_t>* global_prims_;
  bool collect_;
  std::unordered_map<const Object*, size_t> let_prims_;  // lookups only
};

// The PrimFunc placed in the module: block form, plus what TVM's MetaSchedule path attaches
// and what TVM dropped (#10475, #13034): the Relay function's hash and attributes.
tir::PrimFunc WithModuleAttrs(const Cache::Entry& e, const std::string& target) {
  auto node = CopyNode(*e.lowered.func.get());
  for (const auto& [key, value] : e.source->attrs) node->attrs[key] = value;
  node->attrs["global_symbol"] = String(e.global);
  node->attrs["tir.noalias"] = tir::IntImm(DataType::Bool(), 1);
  node->attrs["target"] = String(target);
  node->attrs["hash"] = String(Hex(e.hash));
  return tir::PrimFunc(node);
}

}  // namespace

IRModule LowerTE(const IRModule& mod, const LowerTEOptions& options) {
  return LowerTE(mod, options, nullptr);
}

IRModule LowerTE(const IRModule& mod, const LowerTEOptions& options,
                 std::vector<LoweredPrimitive>* lowered) {
  std::string target = CanonicalTarget(options.target);
  Cache cache(target);
  NameSupply names(options.module_name);
  // Top-level primitive functions are lowered too; calls of them become call_lowered.
  std::map<std::string, size_t> global_prims;
  for (const auto& [name, fn] : mod->functions) {
    names.ReserveName(name);
    if (const auto* f = fn.as<relay::FunctionNode>())
      if (IsLowerable(f)) global_prims[name] = cache.Get(fn.cast<relay::Function>());
  }
  for (const auto& [name, fn] : mod->functions)
    if (fn.as<relay::FunctionNode>())
      if (!global_prims.count(name)) Rewriter(&cache, &global_prims, true).VisitExpr(fn.cast<relay::Expr>());
  cache.LowerAll(options.progress);
  cache.AssignNames(&names);

  std::map<std::string, ObjectRef> functions;
  for (const auto& [name, fn] : mod->functions) {
    if (global_prims.count(name)) continue;  // replaced by its PrimFunc
    if (fn.as<relay::FunctionNode>())
      functions[name] = Rewriter(&cache, &global_prims, false).VisitExpr(fn.cast<relay::Expr>());
    else
      functions[name] = fn;
  }
  for (const Cache::Entry& e : cache.entries_) {
    TIRGEN_CHECK(!functions.count(e.global)) << "LowerTE: global name " << e.global << " is taken";
    functions[e.global] = WithModuleAttrs(e, target);
  }
  if (lowered) {
    size_t prefix = options.module_name.empty() ? 0 : options.module_name.size() + 1;
    lowered->clear();
    for (const Cache::Entry& e : cache.entries_)
      lowered->push_back({e.global, e.global.substr(prefix), e.lowered.fused_name, e.source, e.lowered.func});
    std::sort(lowered->begin(), lowered->end(),
              [](const LoweredPrimitive& a, const LoweredPrimitive& b) { return a.global < b.global; });
  }
  IRModule out(functions, mod->attrs);
  if (tir::transform::VerifyEachPass()) tir::VerifyWellFormed(out, "after LowerTE");
  return out;
}

const relay::GlobalVarNode* LoweredCallee(const relay::CallNode* call, std::vector<relay::Expr>* args) {
  const relay::GlobalVarNode* gv = call->op.as<relay::GlobalVarNode>();
  *args = call->args;
  if (!gv && call->op_name() == "call_lowered" && !args->empty()) {
    gv = (*args)[0].as<relay::GlobalVarNode>();
    const auto* tuple = args->size() > 1 ? (*args)[1].as<relay::TupleNode>() : nullptr;
    *args = tuple ? tuple->fields : std::vector<relay::Expr>(args->begin() + 1, args->end());
  }
  return gv;
}

}  // namespace lower
}  // namespace tirgen

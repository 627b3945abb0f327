// split: one loop -> nested loops whose extents are the factors (one may be inferred).
#include "../utils.h"

namespace tirgen {
namespace tir {

namespace {
// Appends `pred` to the predicate of every block realize directly under a statement.
class PredicateAppender : public StmtExprMutator {
 public:
  explicit PredicateAppender(PrimExpr pred) : pred_(std::move(pred)) {}
  Stmt VisitStmt_(const BlockRealizeNode* op) override {
    return BlockRealize(op->iter_values, logical_and(op->predicate, pred_), op->block);
  }
  PrimExpr VisitExpr(const PrimExpr& e) override { return e; }

 private:
  PrimExpr pred_;
};
}  // namespace

std::vector<LoopRV> Schedule::Split(const LoopRV& loop_rv,
                                    const std::vector<std::optional<int64_t>>& factors,
                                    bool preserve_unit_iters) {
  std::vector<SplitFactor> fs;
  for (const auto& f : factors) fs.push_back(f ? SplitFactor::Const(*f) : SplitFactor::Inferred());
  return Split(loop_rv, fs, preserve_unit_iters);
}

std::vector<LoopRV> Schedule::Split(const LoopRV& loop_rv, const std::vector<ExprRV>& factors,
                                    bool preserve_unit_iters) {
  std::vector<SplitFactor> fs;
  for (const ExprRV& f : factors) fs.push_back(SplitFactor::Sampled(f));
  return Split(loop_rv, fs, preserve_unit_iters);
}

std::vector<LoopRV> Schedule::Split(const LoopRV& loop_rv, const std::vector<SplitFactor>& factor_args,
                                    bool preserve_unit_iters) {
  // Sampled factors split by their values and are recorded as their variables.
  std::vector<std::optional<int64_t>> factors;
  std::vector<TraceValue> fvals;
  for (const SplitFactor& f : factor_args) {
    factors.push_back(f.rv ? std::optional<int64_t>(Get(*f.rv)) : f.value);
    fvals.push_back(f.rv ? Value(*f.rv) : f.value ? TraceValue::Int(*f.value) : TraceValue::None());
  }
  std::string func = state_->FuncOf(loop_rv.id);
  const ForNode* loop = state_->GetLoop(loop_rv);
  if (!loop->annotations.empty() || loop->thread_binding)
    throw ScheduleError("cannot split " + Describe(loop) + ": it has annotations or a thread binding");
  CheckLoopStartsWithZero(loop);
  if (factors.size() < 2) throw ScheduleError("split of " + Describe(loop) + " needs at least 2 factors");
  int inferred = -1;
  int64_t known = 1;
  for (size_t i = 0; i < factors.size(); ++i) {
    if (!factors[i] || *factors[i] == -1) {
      if (inferred >= 0) throw ScheduleError("split of " + Describe(loop) + ": only one factor can be None or -1");
      inferred = static_cast<int>(i);
    } else if (*factors[i] <= 0) {
      throw ScheduleError("split of " + Describe(loop) + ": factor " + std::to_string(*factors[i]) + " is not positive");
    } else {
      known *= *factors[i];
    }
  }
  const int64_t* extent = as_const_int(loop->extent);
  if (!extent) throw ScheduleError("cannot split " + Describe(loop) + ": its extent is not a constant");
  std::vector<int64_t> f;
  for (const auto& x : factors) f.push_back(x && *x != -1 ? *x : (*extent + known - 1) / known);
  int64_t product = inferred >= 0 ? known * f[inferred] : known;
  if (product < *extent)
    throw ScheduleError("split of " + Describe(loop) + ": the product of factors (" + std::to_string(product) +
                        ") is less than the loop extent (" + std::to_string(*extent) + ")");
  DataType t = loop->loop_var.dtype();
  std::vector<Var> vars;
  PrimExpr value = make_const(t, 0);
  for (size_t i = 0; i < f.size(); ++i) {
    vars.push_back(CopyVar(loop->loop_var, "_" + std::to_string(i), t));
    value = add(mul(value, make_const(t, f[i])), vars.back());
  }
  Stmt body = Substitute(loop->body, {{loop->loop_var, value}});
  if (product != *extent) body = PredicateAppender(lt(value, loop->extent)).VisitStmt(body);
  for (size_t i = f.size(); i-- > 0;) body = For(vars[i], make_const(t, 0), make_const(t, f[i]), ForKind::kSerial, body);
  StmtTree tree(state_->Func(func));
  body = SimplifyBindings(body, LoopDomain(tree, loop), preserve_unit_iters);
  state_->Replace(func, loop, body);

  std::vector<LoopRV> out;
  std::vector<TraceValue> outs;
  for (const Var& v : vars) {
    out.push_back(NewLoopRV(v, func));
    outs.push_back(Value(out.back()));
  }
  trace_.Append(Instruction{"split",
                            {{"loop", Value(loop_rv)},
                             {"factors", TraceValue::List(fvals)},
                             {"preserve_unit_iters", TraceValue::Bool(preserve_unit_iters)}},
                            outs,
                            true});
  return out;
}

}  // namespace tir
}  // namespace tirgen

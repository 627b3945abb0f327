// fuse: a chain of directly nested loops -> one loop over the product of their extents.
#include <unordered_set>

#include "../utils.h"

namespace tirgen {
namespace tir {

LoopRV Schedule::Fuse(const std::vector<LoopRV>& loop_rvs, bool preserve_unit_iters) {
  if (loop_rvs.empty()) throw ScheduleError("fuse needs at least one loop");
  std::string func = state_->FuncOf(loop_rvs[0].id);
  StmtTree tree(state_->Func(func));
  std::vector<const ForNode*> loops;
  std::unordered_set<const VarNode*> outer_vars;
  for (const LoopRV& rv : loop_rvs) {
    const ForNode* loop = state_->GetLoop(rv);
    if (!loop->annotations.empty() || loop->thread_binding)
      throw ScheduleError("cannot fuse " + Describe(loop) + ": it has annotations or a thread binding");
    if (!loops.empty()) {
      if (tree.Parent(loop) != loops.back())
        throw ScheduleError("cannot fuse: the outer " + Describe(loops.back()) + " is not the parent of the inner " + Describe(loop));
      if (loops.back()->body.get() != loop)
        throw ScheduleError("cannot fuse: the inner " + Describe(loop) + " is not the only child of the outer " + Describe(loops.back()));
    }
    CheckLoopStartsWithZero(loop);
    if (const VarNode* v = FindVar(loop->extent, [&](const VarNode* x) { return outer_vars.count(x) > 0; }))
      throw ScheduleError("cannot fuse: the extent of " + Describe(loop) + " depends on the outer loop \"" +
                          v->name_hint + "\"");
    outer_vars.insert(loop->loop_var.get());
    loops.push_back(loop);
  }
  std::string suffix;
  int bits = loops[0]->loop_var.dtype().bits();
  for (size_t i = 1; i < loops.size(); ++i) {
    suffix += "_" + loops[i]->loop_var->name_hint;
    bits = std::max(bits, loops[i]->loop_var.dtype().bits());
  }
  DataType t = DataType::Int(bits);
  Var fused = CopyVar(loops[0]->loop_var, suffix + "_fused", t);
  std::vector<std::pair<Var, PrimExpr>> vmap;
  PrimExpr lower = make_const(t, 1);
  for (size_t i = loops.size(); i-- > 0;) {
    const ForNode* l = loops[i];
    PrimExpr ext = cast(t, l->extent);
    PrimExpr v;
    if (is_one(l->extent)) v = make_const(t, 0);
    else if (i == 0) v = floordiv(fused, lower);
    else v = floordiv(floormod(fused, mul(lower, ext)), lower);
    vmap.emplace_back(l->loop_var, cast(l->loop_var.dtype(), v));
    lower = mul(lower, ext);
  }
  Stmt body = Substitute(loops.back()->body, vmap);
  PrimExpr extent = make_const(t, 1);
  for (const ForNode* l : loops) extent = mul(extent, cast(t, l->extent));
  Stmt fused_loop = For(fused, make_const(t, 0), extent, ForKind::kSerial, body);
  fused_loop = SimplifyBindings(fused_loop, LoopDomain(tree, loops[0]), preserve_unit_iters);
  state_->Replace(func, loops[0], fused_loop);

  LoopRV out = NewLoopRV(fused, func);
  std::vector<std::pair<std::string, TraceValue>> args;
  for (const LoopRV& rv : loop_rvs) args.emplace_back("", Value(rv));
  args.emplace_back("preserve_unit_iters", TraceValue::Bool(preserve_unit_iters));
  trace_.Append(Instruction{"fuse", args, {Value(out)}, false});
  return out;
}

}  // namespace tir
}  // namespace tirgen

// transform_block_layout (TVM v0.14 layout_transformation.cc TransformBlockLayout): a block
// with trivial bindings under a chain of loops gets new iter vars `v<i>` = index_map(old iters)
// over serial loops `ax<i>`; the body reads the old iters back through the map's inverse, so
// only bijective affine maps are accepted. Each new iter's type is that of the old iters it uses
// (mixing spatial and reduction iters is refused).
#include <set>

#include "../utils.h"
#include "tirgen/arith/analyzer.h"
#include "tirgen/script/printer.h"

namespace tirgen {
namespace tir {

namespace {

// TVM's BlockBufferAccessSimplifier: buffer indices and region bounds simplified (no bounds on
// the new iters).
class AccessSimplifier : public StmtExprMutator {
 public:
  Stmt VisitStmt_(const BlockNode* op) override {
    Stmt s = StmtExprMutator::VisitStmt_(op);
    auto n = CopyNode(*s.as<BlockNode>());
    n->reads = Regions(n->reads);
    n->writes = Regions(n->writes);
    return Block(std::shared_ptr<const Object>(n));
  }
  PrimExpr VisitExpr_(const BufferLoadNode* op) override {
    PrimExpr e = StmtExprMutator::VisitExpr_(op);
    const auto* l = e.as<BufferLoadNode>();
    return BufferLoad(l->buffer, Simplify(l->indices));
  }
  Stmt VisitStmt_(const BufferStoreNode* op) override {
    Stmt s = StmtExprMutator::VisitStmt_(op);
    const auto* st = s.as<BufferStoreNode>();
    return BufferStore(st->buffer, st->value, Simplify(st->indices));
  }

 private:
  std::vector<PrimExpr> Simplify(std::vector<PrimExpr> v) const {
    for (PrimExpr& e : v) e = ana_.Simplify(e);
    return v;
  }
  std::vector<BufferRegion> Regions(std::vector<BufferRegion> rs) const {
    for (BufferRegion& r : rs) {
      std::vector<Range> region;
      for (const Range& d : r->region) region.emplace_back(ana_.Simplify(d->min), ana_.Simplify(d->extent));
      r = BufferRegion(r->buffer, region);
    }
    return rs;
  }
  arith::Analyzer ana_;
};

// The iter type of the old iters an expression uses: all of one type, else kOpaque.
IterVarType NewIterType(const PrimExpr& e, const std::vector<IterVar>& iters) {
  std::set<IterVarType> types;
  for (const IterVar& iv : iters)
    if (FindVar(e, [&](const VarNode* v) { return v == iv->var.get(); })) types.insert(iv->iter_type);
  if (types.empty()) return IterVarType::kDataPar;  // TVM's default for an expression of no iter
  return types.size() == 1 ? *types.begin() : IterVarType::kOpaque;
}

}  // namespace

void Schedule::TransformBlockLayout(const BlockRV& rv, const IndexMap& index_map) {
  State& st = *state_;
  const BlockNode* block = st.GetBlock(rv);
  std::string func = st.FuncOf(rv.id);
  StmtTree tree(st.Func(func));
  const std::string what = "cannot transform_block_layout of " + Describe(block) + ": ";
  if (!tree.Parent(block)) throw ScheduleError(what + "it is the root block");
  const BlockRealizeNode* realize = tree.nodes.at(block).realize;
  std::vector<const ForNode*> loops = tree.LoopsAbove(block);
  if (loops.empty()) throw ScheduleError(what + "it has no loops above it in its scope");
  for (const ForNode* loop : loops) {
    if (!is_zero(loop->min)) throw ScheduleError(what + "the " + Describe(loop) + " does not start with 0");
  }
  // The loops must be a chain holding only this block, bound one to one to the iters.
  for (size_t i = 0; i < loops.size(); ++i) {
    const StmtNode* inner = i + 1 < loops.size() ? static_cast<const StmtNode*>(loops[i + 1]) : realize;
    if (loops[i]->body.get() != inner)
      throw ScheduleError(what + "the " + Describe(loops[i]) + " holds more than the next loop or the block (the loops must form a chain)");
  }
  bool trivial = realize->iter_values.size() == loops.size();
  for (size_t i = 0; trivial && i < loops.size(); ++i) trivial = realize->iter_values[i].same_as(loops[i]->loop_var);
  if (!trivial)
    throw ScheduleError(what + "its bindings are not trivial (each iter must be bound to its own loop, in order)");
  std::vector<PrimExpr> old_vars;
  std::vector<Range> ranges;
  for (const IterVar& iv : block->iter_vars) {
    if (!is_zero(iv->dom->min)) throw ScheduleError(what + "iter " + iv->var->name_hint + " does not start at 0");
    old_vars.push_back(iv->var);
    ranges.push_back(iv->dom);
  }
  if (index_map.initial_indices.size() != block->iter_vars.size())
    throw ScheduleError(what + "the index map " + index_map.ToPython() + " takes " +
                        std::to_string(index_map.initial_indices.size()) + " parameters but the block has " +
                        std::to_string(block->iter_vars.size()) + " iters");
  IndexMap map = index_map.WithDType(block->iter_vars.empty() ? DataType::Int(32) : block->iter_vars[0]->var.dtype());

  arith::Analyzer ana;
  std::vector<PrimExpr> transformed;
  for (const PrimExpr& e : map.MapIndices(old_vars)) transformed.push_back(ana.Simplify(e));
  std::vector<Var> new_vars;
  std::vector<IterVarType> types;
  for (size_t i = 0; i < transformed.size(); ++i) {
    new_vars.push_back(Var("v" + std::to_string(i), transformed[i].dtype()));
    types.push_back(NewIterType(transformed[i], block->iter_vars));
    if (types.back() == IterVarType::kOpaque)
      throw ScheduleError(what + "new iter " + script::PrintExpr(transformed[i]) +
                          " mixes iters of different types (spatial and reduction)");
  }
  IndexMap inverse;
  std::vector<int64_t> extents;
  try {
    extents = map.OutputExtents(ranges);
    inverse = map.Inverse(ranges);
  } catch (const Error& e) {
    throw ScheduleError(what + "the index map " + index_map.ToPython() + " is not bijective affine (" + e.what() + ")");
  }
  std::vector<PrimExpr> new_var_exprs(new_vars.begin(), new_vars.end());
  std::vector<std::pair<Var, PrimExpr>> vmap;
  std::vector<PrimExpr> old_in_new = inverse.MapIndices(new_var_exprs);
  for (size_t i = 0; i < old_vars.size(); ++i) vmap.emplace_back(block->iter_vars[i]->var, ana.Simplify(old_in_new[i]));

  Stmt substituted = Substitute(GetRef<Stmt>(block), vmap);
  auto nb = CopyNode(*substituted.as<BlockNode>());
  nb->iter_vars.clear();
  for (size_t i = 0; i < new_vars.size(); ++i) {
    DataType t = new_vars[i].dtype();
    nb->iter_vars.push_back(IterVar(Range(make_const(t, 0), make_const(t, extents[i])), new_vars[i], types[i]));
  }
  Block new_block = AccessSimplifier().VisitStmt(Block(std::shared_ptr<const Object>(nb))).cast<Block>();

  std::vector<Var> loop_vars;
  for (size_t i = 0; i < new_vars.size(); ++i) loop_vars.push_back(Var("ax" + std::to_string(i), new_vars[i].dtype()));
  Stmt body = BlockRealize(std::vector<PrimExpr>(loop_vars.begin(), loop_vars.end()), realize->predicate, new_block);
  for (size_t i = loop_vars.size(); i-- > 0;) {
    DataType t = loop_vars[i].dtype();
    body = For(loop_vars[i], make_const(t, 0), make_const(t, extents[i]), ForKind::kSerial, body);
  }
  st.Replace(func, loops.front(), body, {{block, new_block}});
  trace_.Append(Instruction{"transform_block_layout",
                            {{"block", Value(rv)}, {"index_map", TraceValue::Lambda(index_map.ToPython())}},
                            {},
                            false});
}

}  // namespace tir
}  // namespace tirgen

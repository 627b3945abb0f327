#include "rule_util.h"

#include "tirgen/tir/functor.h"
#include "tirgen/tir/op.h"
#include "../utils.h"

namespace tirgen {
namespace tir {
namespace rules {
namespace {

// The blocks directly under the root block, in program order.
class TopBlocks : public StmtExprVisitor {
 public:
  using StmtExprVisitor::VisitStmt_;
  std::vector<Block> blocks;
  void VisitStmt_(const BlockRealizeNode* op) override {
    if (depth_ == 1) blocks.push_back(op->block);
    ++depth_;
    if (depth_ <= 1) StmtExprVisitor::VisitStmt_(op);  // below a top block nothing matters
    --depth_;
  }

 private:
  int depth_ = 0;  // the root block is depth 0 once entered
};

// Data-dependent choices (if_then_else, Select) and nested blocks in a block's body.
class BodyFeatures : public StmtExprVisitor {
 public:
  using StmtExprVisitor::VisitExpr_;
  using StmtExprVisitor::VisitStmt_;
  bool conditional = false;
  bool blocks = false;
  void VisitExpr_(const SelectNode* op) override {
    conditional = true;
    StmtExprVisitor::VisitExpr_(op);
  }
  void VisitExpr_(const CallNode* op) override {
    conditional = conditional || op->op == "tir.if_then_else";
    StmtExprVisitor::VisitExpr_(op);
  }
  void VisitStmt_(const BlockRealizeNode* op) override {
    blocks = true;
    StmtExprVisitor::VisitStmt_(op);
  }
};

}  // namespace

int64_t SaturatingMul(int64_t a, int64_t b) {
  int64_t r;
  return __builtin_mul_overflow(a, b, &r) ? INT64_MAX : r;
}

int64_t CanonicalBlock::Work() const {
  int64_t w = 1;
  for (int64_t e : extents) w = SaturatingMul(w, e);
  return w;
}

bool GetCanonical(Schedule& sch, const BlockRV& block, CanonicalBlock* out) {
  CanonicalBlock c;
  c.rv = block;
  c.block = sch.Get(c.rv);
  c.loops = sch.GetLoops(c.rv);
  if (c.loops.empty() || c.loops.size() != c.block->iter_vars.size()) return false;
  std::vector<For> fors;
  for (const LoopRV& l : c.loops) fors.push_back(sch.Get(l));
  for (size_t i = 0; i < fors.size(); ++i) {
    const ForNode* f = fors[i].get();
    const int64_t* min = as_const_int(f->min);
    const int64_t* extent = as_const_int(f->extent);
    if (f->kind != ForKind::kSerial || !f->annotations.empty() || !min || *min != 0 || !extent) return false;
    if (i + 1 < fors.size() && f->body.get() != fors[i + 1].get()) return false;
    c.extents.push_back(*extent);
  }
  const auto* realize = fors.back()->body.as<BlockRealizeNode>();
  if (!realize || realize->block.get() != c.block.get() || !is_one(realize->predicate)) return false;
  for (size_t i = 0; i < fors.size(); ++i) {
    if (realize->iter_values[i].get() != fors[i]->loop_var.get()) return false;
    IterVarType t = c.block->iter_vars[i]->iter_type;
    if (t == IterVarType::kDataPar) {
      if (c.num_spatial != i) return false;  // a spatial loop after a reduction one
      ++c.num_spatial;
    } else if (t != IterVarType::kCommReduce) {
      return false;
    }
  }
  BodyFeatures body;
  body.VisitStmt(c.block->body);
  if (body.blocks) return false;
  *out = std::move(c);
  return true;
}

Block FindTopBlock(const PrimFunc& func, const std::string& name) {
  TopBlocks top;
  top.VisitStmt(func->body);
  for (const Block& b : top.blocks)
    if (b->name_hint == name) return b;
  return Block();
}

std::vector<std::string> TopBlockNames(const PrimFunc& func) {
  TopBlocks top;
  top.VisitStmt(func->body);
  std::vector<std::string> names;
  for (const Block& b : top.blocks) names.push_back(b->name_hint);
  return names;
}

bool IsReduction(const Block& block) {
  for (const IterVar& iv : block->iter_vars)
    if (iv->iter_type != IterVarType::kDataPar) return true;
  return false;
}

bool Uses(const PrimExpr& e, const Var& v) {
  return FindVar(e, [&](const VarNode* x) { return x == v.get(); }) != nullptr;
}

bool HasConditional(const Block& block) {
  BodyFeatures f;
  f.VisitStmt(block->body);
  if (block->init) f.VisitStmt(*block->init);
  return f.conditional;
}

int ParamIndexOf(const PrimFunc& func, const Buffer& buffer) {
  for (size_t i = 0; i < func->params.size(); ++i) {
    const Buffer* b = func->BufferOf(func->params[i]);
    if (b && (*b)->data.get() == buffer->data.get()) return static_cast<int>(i);
  }
  return -1;
}

IndexMap SplitDimToInnermost(const Buffer& buffer, size_t dim, int64_t tile) {
  DataType dt = buffer->shape.empty() ? DataType::Int(64) : buffer->shape[0].dtype();
  IndexMap m;
  for (size_t i = 0; i < buffer->shape.size(); ++i)
    m.initial_indices.push_back(Var("v" + std::to_string(i), dt));
  for (size_t i = 0; i < buffer->shape.size(); ++i) {
    const Var& v = m.initial_indices[i];
    m.final_indices.push_back(i == dim ? floordiv(v, make_const(dt, tile)) : PrimExpr(v));
  }
  m.final_indices.push_back(floormod(m.initial_indices[dim], make_const(dt, tile)));
  return m;
}

bool ContiguousAlong(const BufferRegion& r, const Var& v) {
  for (size_t d = 0; d < r->region.size(); ++d) {
    bool uses = Uses(r->region[d]->min, v) || Uses(r->region[d]->extent, v);
    if (!uses) continue;
    if (d + 1 != r->region.size() || !is_one(r->region[d]->extent)) return false;
    if (!IsVarPlusOffset(r->region[d]->min, v)) return false;
  }
  return true;
}

bool IsVarPlusOffset(const PrimExpr& e, const Var& v) {
  if (e.get() == v.get()) return true;
  const auto* b = e.as<BinaryNode>();
  if (e.kind() == Kind::kSub) return b->a.get() == v.get() && !Uses(b->b, v);  // padding: v - 1
  if (e.kind() != Kind::kAdd) return false;
  return (b->a.get() == v.get() && !Uses(b->b, v)) || (b->b.get() == v.get() && !Uses(b->a, v));
}

int64_t VarScale(const PrimExpr& e, const Var& v) {
  if (IsVarPlusOffset(e, v)) return 1;
  auto scaled = [&](const PrimExpr& x) -> int64_t {
    if (x.kind() != Kind::kMul) return 0;
    const auto* m = x.as<BinaryNode>();
    const int64_t* c = as_const_int(m->b.get() == v.get() ? m->a : m->b);
    return (m->a.get() == v.get() || m->b.get() == v.get()) && c ? *c : 0;
  };
  if (int64_t c = scaled(e)) return c;
  if (e.kind() != Kind::kAdd) return 0;
  const auto* b = e.as<BinaryNode>();
  if (int64_t c = scaled(b->a); c && !Uses(b->b, v)) return c;
  if (int64_t c = scaled(b->b); c && !Uses(b->a, v)) return c;
  return 0;
}

std::pair<int64_t, double> GuardedLanes(int64_t extent, int64_t full, int64_t min_vectors) {
  std::pair<int64_t, double> best{0, 0.0};
  for (int64_t lanes : {full, full / 2}) {  // ties: the narrower (fewer wasted lanes)
    if (lanes < 4) continue;
    int64_t vectors = (extent + lanes - 1) / lanes;
    double useful = static_cast<double>(extent) / static_cast<double>(vectors);
    if (vectors >= min_vectors && useful >= 4 && useful >= best.second) best = {lanes, useful};
  }
  return best;
}

std::optional<LoopRV> VectorizeInnermost(Schedule& sch, const BlockRV& rv, int64_t max_lanes,
                                         std::vector<LoopRV> loops) {
  if (loops.empty()) loops = sch.GetLoops(rv);
  if (loops.empty()) return std::nullopt;
  For inner = sch.Get(loops.back());
  const int64_t* extent = as_const_int(inner->extent);
  const int64_t* min = as_const_int(inner->min);
  const auto* realize = inner->body.as<BlockRealizeNode>();
  Block b = sch.Get(rv);
  if (!extent || !min || *min != 0 || inner->kind != ForKind::kSerial || !realize ||
      realize->block.get() != b.get())
    return std::nullopt;
  int driven = -1;
  for (size_t i = 0; i < realize->iter_values.size(); ++i) {
    if (!Uses(realize->iter_values[i], inner->loop_var)) continue;
    if (driven >= 0 || !IsVarPlusOffset(realize->iter_values[i], inner->loop_var)) return std::nullopt;
    driven = static_cast<int>(i);
  }
  if (driven < 0 || b->iter_vars[driven]->iter_type != IterVarType::kDataPar) return std::nullopt;
  const Var& v = b->iter_vars[driven]->var;
  if (b->writes.size() != 1 || !ContiguousAlong(b->writes[0], v) || !Uses(b->writes[0]->region.back()->min, v))
    return std::nullopt;
  for (const BufferRegion& r : b->reads)
    if (!ContiguousAlong(r, v)) return std::nullopt;
  // A select or if_then_else (padding) costs a blend and tested loads per vector: worth it
  // for full-width vectors over long rows only (measured slower than scalars on 4-lane
  // vectors of 28-wide rows and on two vectors of 15-wide ones).
  const bool conditional = HasConditional(b);
  const int64_t min_lanes = conditional ? std::min<int64_t>(8, max_lanes) : 4;
  if (conditional && *extent < 4 * min_lanes) return std::nullopt;
  int64_t lanes = max_lanes;
  while (lanes >= min_lanes && *extent % lanes != 0) lanes /= 2;
  if (lanes < min_lanes) lanes = 0;
  // A predicated last vector, when rows are long enough for the guarded one not to dominate
  // (a 15-wide padding row measured slower as two guarded vectors than as scalars).
  if (lanes == 0) lanes = GuardedLanes(*extent, max_lanes, 4).first;
  if (lanes < min_lanes) return std::nullopt;
  std::vector<LoopRV> parts = sch.Split(loops.back(), {std::nullopt, lanes});
  sch.Vectorize(parts[1]);
  return parts[0];
}

IndexMap MoveDimToInnermost(const Buffer& buffer, size_t dim) {
  DataType dt = buffer->shape.empty() ? DataType::Int(64) : buffer->shape[0].dtype();
  IndexMap m;
  for (size_t i = 0; i < buffer->shape.size(); ++i)
    m.initial_indices.push_back(Var("v" + std::to_string(i), dt));
  for (size_t i = 0; i < buffer->shape.size(); ++i)
    if (i != dim) m.final_indices.push_back(m.initial_indices[i]);
  m.final_indices.push_back(m.initial_indices[dim]);
  return m;
}

}  // namespace rules
}  // namespace tir
}  // namespace tirgen

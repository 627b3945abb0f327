// DefaultCpuSchedule: reorder + decompose_reduction + parallel on lowering's canonical loop
// nests, through the Schedule primitives (so each step is checked like a user's would be).
#include "tirgen/tir/schedule/default_cpu_schedule.h"

#include <map>
#include <string>
#include <vector>

#include "tirgen/tir/functor.h"
#include "tirgen/tir/schedule/schedule.h"

namespace tirgen {
namespace tir {
namespace {

// Below this many innermost iterations a loop is not worth moving under the reduction.
constexpr int64_t kMinInnermostExtent = 4;
// Below this many block instances a parallel region costs more than it saves.
constexpr int64_t kMinParallelWork = int64_t{1} << 20;

// Names of the blocks directly under the root block, in program order.
class TopBlocks : public StmtExprVisitor {
 public:
  using StmtExprVisitor::VisitStmt_;
  std::vector<std::string> names;
  void VisitStmt_(const BlockRealizeNode* op) override {
    if (depth_ == 1) names.push_back(op->block->name_hint);
    ++depth_;
    if (depth_ <= 2) StmtExprVisitor::VisitStmt_(op);  // nothing below a top block matters
    --depth_;
  }

 private:
  int depth_ = 0;  // the root block is depth 0 once entered
};

class HasBlock : public StmtExprVisitor {
 public:
  using StmtExprVisitor::VisitStmt_;
  bool found = false;
  void VisitStmt_(const BlockRealizeNode*) override { found = true; }
};

// The loops of a block in lowering's canonical form, else empty.
std::vector<const ForNode*> CanonicalNest(Schedule& sch, const BlockRV& block, const std::vector<LoopRV>& loops) {
  std::vector<const ForNode*> fors;
  for (const LoopRV& l : loops) fors.push_back(sch.Get(l).get());
  if (fors.empty()) return {};
  for (size_t i = 0; i < fors.size(); ++i) {
    const ForNode* f = fors[i];
    const int64_t* min = as_const_int(f->min);
    const int64_t* extent = as_const_int(f->extent);
    if (f->kind != ForKind::kSerial || !f->annotations.empty() || !min || *min != 0 || !extent) return {};
    if (i + 1 < fors.size() && f->body.get() != fors[i + 1]) return {};
  }
  const auto* realize = fors.back()->body.as<BlockRealizeNode>();
  if (!realize || realize->block.get() != sch.Get(block).get() || !is_one(realize->predicate)) return {};
  if (realize->iter_values.size() != fors.size()) return {};
  for (size_t i = 0; i < fors.size(); ++i)
    if (realize->iter_values[i].get() != fors[i]->loop_var.get()) return {};
  HasBlock nested;
  nested.VisitStmt(realize->block->body);
  if (nested.found) return {};
  return fors;
}

void ScheduleBlock(Schedule& sch, const std::string& name) {
  BlockRV block = sch.GetBlock(name);
  std::vector<LoopRV> loops = sch.GetLoops(block);
  std::vector<const ForNode*> fors = CanonicalNest(sch, block, loops);
  if (fors.empty()) return;
  const Block& b = sch.Get(block);
  std::vector<LoopRV> spatial, reduce;
  int64_t work = 1;
  for (size_t i = 0; i < fors.size(); ++i) {
    IterVarType t = b->iter_vars[i]->iter_type;
    if (t == IterVarType::kCommReduce) reduce.push_back(loops[i]);
    else if (t == IterVarType::kDataPar && reduce.empty()) spatial.push_back(loops[i]);
    else return;  // data-parallel after reduction, or another kind: not lowering's form
    work *= *as_const_int(fors[i]->extent);
  }
  if (!reduce.empty() && b->init && !spatial.empty() &&
      *as_const_int(sch.Get(spatial.back())->extent) >= kMinInnermostExtent) {
    LoopRV inner = spatial.back();
    spatial.pop_back();
    std::vector<LoopRV> order = reduce;
    order.push_back(inner);
    sch.Reorder(order);
    sch.DecomposeReduction(block, reduce.front());
  }
  if (work < kMinParallelWork) return;
  for (const LoopRV& l : spatial) {
    if (*as_const_int(sch.Get(l)->extent) < 2) continue;
    sch.Parallel(l);
    return;
  }
}

}  // namespace

PrimFunc DefaultCpuSchedule(const PrimFunc& func) {
  TopBlocks top;
  top.VisitStmt(func->body);
  if (top.names.empty()) return func;  // loop form already, or no blocks
  Schedule sch(func);
  for (const std::string& name : top.names) {
    try {
      ScheduleBlock(sch, name);
    } catch (const ScheduleError&) {
      // A heuristic step that does not apply here; primitives are atomic, so the function
      // stays as it was before the step.
    }
  }
  return sch.mod()->functions.at("main").cast<PrimFunc>();
}

IRModule DefaultCpuSchedule(const IRModule& mod) {
  std::map<std::string, ObjectRef> functions = mod->functions;
  bool changed = false;
  for (auto& kv : functions) {
    if (!kv.second.as<PrimFuncNode>()) continue;
    PrimFunc f = kv.second.cast<PrimFunc>();
    PrimFunc g = DefaultCpuSchedule(f);
    changed = changed || !g.same_as(f);
    kv.second = g;
  }
  return changed ? IRModule(functions, mod->attrs) : mod;
}

}  // namespace tir
}  // namespace tirgen

// EstimateTIRFlops and FindAnchorBlock with TVM's rules (see the header). Counts are kept per
// dtype because TVM's select/if take the larger branch per dtype, not per total.
#include "tirgen/tir/analysis/estimate_flops.h"

#include <map>

namespace tirgen {
namespace tir {
namespace {

using Counts = std::map<std::string, double>;  // dtype -> operations

Counts& Add(Counts& a, const Counts& b) {
  for (const auto& [k, v] : b) a[k] += v;
  return a;
}
Counts Max(Counts a, const Counts& b) {
  for (const auto& [k, v] : b) a[k] = std::max(a[k], v);
  return a;
}

Counts Expr(const PrimExpr& e) {
  Counts c;
  if (!e.defined()) return c;
  switch (e.kind()) {
    case Kind::kAdd: case Kind::kSub: case Kind::kMul: case Kind::kDiv: case Kind::kMod:
    case Kind::kFloorDiv: case Kind::kFloorMod: case Kind::kMin: case Kind::kMax: {
      const auto* b = e.as<BinaryNode>();
      Add(Add(c, Expr(b->a)), Expr(b->b));
      c[e.dtype().str()] += 1;
      return c;
    }
    case Kind::kAnd: case Kind::kOr: {
      const auto* b = e.as<BinaryNode>();
      return Add(Add(c, Expr(b->a)), Expr(b->b));
    }
    case Kind::kNot: return Expr(e.as<NotNode>()->a);
    case Kind::kCast: return Expr(e.as<CastNode>()->value);
    case Kind::kSelect: {
      const auto* s = e.as<SelectNode>();
      c = Expr(s->condition);
      return Add(c, Max(Expr(s->true_value), Expr(s->false_value)));
    }
    case Kind::kCall:
      for (const PrimExpr& a : e.as<CallNode>()->args) Add(c, Expr(a));
      return c;
    default:  // comparisons, loads, vars, immediates
      return c;
  }
}

Counts Stmt_(const Stmt& s) {
  Counts c;
  if (!s.defined()) return c;
  switch (s.kind()) {
    case Kind::kBufferStore: return Expr(s.as<BufferStoreNode>()->value);
    case Kind::kBlockRealize: return Stmt_(s.as<BlockRealizeNode>()->block->body);  // TVM skips init here
    case Kind::kBlock: {
      const auto* b = s.as<BlockNode>();
      if (b->init) c = Stmt_(*b->init);
      return Add(c, Stmt_(b->body));
    }
    case Kind::kFor: {
      const auto* f = s.as<ForNode>();
      const auto* extent = f->extent.as<IntImmNode>();
      c = Stmt_(f->body);
      for (auto& [k, v] : c) v *= extent ? static_cast<double>(extent->value) : 1.0;
      return c;
    }
    case Kind::kIfThenElse: {
      const auto* i = s.as<IfThenElseNode>();
      c = Expr(i->condition);
      return Add(c, i->else_case.defined() ? Max(Stmt_(i->then_case), Stmt_(i->else_case)) : Stmt_(i->then_case));
    }
    case Kind::kLetStmt: {
      const auto* l = s.as<LetStmtNode>();
      c = Expr(l->value);
      return Add(c, Stmt_(l->body));
    }
    case Kind::kAllocateConst: return Stmt_(s.as<AllocateConstNode>()->body);
    case Kind::kDeclBuffer: return Stmt_(s.as<DeclBufferNode>()->body);
    case Kind::kSeqStmt:
      for (const Stmt& x : s.as<SeqStmtNode>()->seq) Add(c, Stmt_(x));
      return c;
    default:
      return c;
  }
}

// Reduction blocks in visiting order (a block's body after the block itself).
void CollectReductionBlocks(const Stmt& s, std::vector<const BlockNode*>* out) {
  if (!s.defined()) return;
  switch (s.kind()) {
    case Kind::kBlockRealize: return CollectReductionBlocks(s.as<BlockRealizeNode>()->block, out);
    case Kind::kBlock: {
      const auto* b = s.as<BlockNode>();
      if (b->init) out->push_back(b);
      return CollectReductionBlocks(b->body, out);
    }
    case Kind::kFor: return CollectReductionBlocks(s.as<ForNode>()->body, out);
    case Kind::kSeqStmt:
      for (const Stmt& x : s.as<SeqStmtNode>()->seq) CollectReductionBlocks(x, out);
      return;
    case Kind::kIfThenElse:
      CollectReductionBlocks(s.as<IfThenElseNode>()->then_case, out);
      return CollectReductionBlocks(s.as<IfThenElseNode>()->else_case, out);
    case Kind::kLetStmt: return CollectReductionBlocks(s.as<LetStmtNode>()->body, out);
    case Kind::kAttrStmt: return CollectReductionBlocks(s.as<AttrStmtNode>()->body, out);
    case Kind::kAllocateConst: return CollectReductionBlocks(s.as<AllocateConstNode>()->body, out);
    case Kind::kDeclBuffer: return CollectReductionBlocks(s.as<DeclBufferNode>()->body, out);
    default: return;
  }
}

// The first SeqStmt met walking down from the body (TVM's GetRootSeqStmt).
const SeqStmtNode* RootSeq(const Stmt& s) {
  if (!s.defined()) return nullptr;
  switch (s.kind()) {
    case Kind::kSeqStmt: return s.as<SeqStmtNode>();
    case Kind::kBlockRealize: return RootSeq(s.as<BlockRealizeNode>()->block);
    case Kind::kBlock: {
      const auto* b = s.as<BlockNode>();
      if (b->init)
        if (const SeqStmtNode* r = RootSeq(*b->init)) return r;
      return RootSeq(b->body);
    }
    case Kind::kFor: return RootSeq(s.as<ForNode>()->body);
    case Kind::kAllocateConst: return RootSeq(s.as<AllocateConstNode>()->body);
    case Kind::kDeclBuffer: return RootSeq(s.as<DeclBufferNode>()->body);
    case Kind::kLetStmt: return RootSeq(s.as<LetStmtNode>()->body);
    case Kind::kAttrStmt: return RootSeq(s.as<AttrStmtNode>()->body);
    default: return nullptr;
  }
}

bool Contains(const Stmt& s, const BlockNode* target) {
  bool found = false;
  struct Walk {
    const BlockNode* target;
    bool* found;
    void operator()(const Stmt& s) const {
      if (!s.defined() || *found) return;
      switch (s.kind()) {
        case Kind::kBlockRealize: return (*this)(s.as<BlockRealizeNode>()->block);
        case Kind::kBlock:
          if (s.get() == target) *found = true;
          return (*this)(s.as<BlockNode>()->body);
        case Kind::kFor: return (*this)(s.as<ForNode>()->body);
        case Kind::kSeqStmt:
          for (const Stmt& x : s.as<SeqStmtNode>()->seq) (*this)(x);
          return;
        case Kind::kIfThenElse:
          (*this)(s.as<IfThenElseNode>()->then_case);
          return (*this)(s.as<IfThenElseNode>()->else_case);
        case Kind::kLetStmt: return (*this)(s.as<LetStmtNode>()->body);
        case Kind::kAllocateConst: return (*this)(s.as<AllocateConstNode>()->body);
        case Kind::kDeclBuffer: return (*this)(s.as<DeclBufferNode>()->body);
        default: return;
      }
    }
  };
  Walk{target, &found}(s);
  return found;
}

}  // namespace

double EstimateTIRFlops(const Stmt& stmt) {
  double total = 0;
  for (const auto& [k, v] : Stmt_(stmt)) total += v;
  return total;
}

const BlockNode* FindAnchorBlock(const IRModule& mod) {
  const PrimFuncNode* func = nullptr;
  auto main = mod->functions.find("main");
  if (main != mod->functions.end()) func = main->second.as<PrimFuncNode>();
  if (!func && mod->functions.size() == 1) func = mod->functions.begin()->second.as<PrimFuncNode>();
  if (!func) return nullptr;
  std::vector<const BlockNode*> candidates;
  CollectReductionBlocks(func->body, &candidates);
  if (candidates.empty()) return nullptr;
  if (candidates.size() == 1) return candidates[0];
  const SeqStmtNode* seq = RootSeq(func->body);
  TIRGEN_CHECK(seq) << "FindAnchorBlock: several reduction blocks but no top-level sequence";
  double best = -1;
  const BlockNode* anchor = candidates[0];
  for (const BlockNode* b : candidates) {
    for (const Stmt& nest : seq->seq) {
      if (nest.kind() != Kind::kFor || !Contains(nest, b)) continue;
      double flops = EstimateTIRFlops(nest);
      if (flops > best) {
        best = flops;
        anchor = b;
      }
      break;
    }
  }
  return anchor;
}

}  // namespace tir
}  // namespace tirgen

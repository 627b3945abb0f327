// Analyses for CommonSubexprElimTIR (see common_subexpr_elim_tools.h).
#include "common_subexpr_elim_tools.h"

#include <set>
#include <sstream>

#include "tirgen/arith/simplify.h"
#include "tirgen/tir/structural_equal.h"

namespace tirgen {
namespace tir {
namespace transform {
namespace cse {
namespace {

bool IsLeaf(const PrimExpr& e) {
  switch (e.kind()) {
    case Kind::kIntImm:
    case Kind::kFloatImm:
    case Kind::kStringImm:
    case Kind::kVar:
    case Kind::kSizeVar: return true;
    default: return false;
  }
}

// Calls and loads: their value may differ between two evaluations, or they have effects.
bool IsForbidden(const PrimExpr& e) { return e.kind() == Kind::kCall || e.kind() == Kind::kBufferLoad; }

class ContainsForbidden : public StmtExprVisitor {
 public:
  bool found = false;
  void VisitExpr(const PrimExpr& e) override {
    if (found) return;
    if (IsForbidden(e)) {
      found = true;
      return;
    }
    StmtExprVisitor::VisitExpr(e);
  }
};

class NodeCounter : public StmtExprVisitor {
 public:
  size_t count = 0;
  void VisitExpr(const PrimExpr& e) override {
    ++count;
    StmtExprVisitor::VisitExpr(e);
  }
};

const char* InfixOp(Kind k) {
  switch (k) {
    case Kind::kAdd: return " + ";
    case Kind::kSub: return " - ";
    case Kind::kMul: return "*";
    case Kind::kDiv: return "/";
    case Kind::kMod: return " % ";
    case Kind::kEQ: return " == ";
    case Kind::kNE: return " != ";
    case Kind::kLT: return " < ";
    case Kind::kLE: return " <= ";
    case Kind::kGT: return " > ";
    case Kind::kGE: return " >= ";
    case Kind::kAnd: return " && ";
    case Kind::kOr: return " || ";
    default: return nullptr;
  }
}

const char* PrefixOp(Kind k) {
  switch (k) {
    case Kind::kFloorDiv: return "floordiv(";
    case Kind::kFloorMod: return "floormod(";
    case Kind::kMin: return "min(";
    case Kind::kMax: return "max(";
    default: TIRGEN_UNREACHABLE() << "internal error: no legacy repr for " << KindName(k);
  }
}

void PrintList(std::ostream& os, const std::vector<PrimExpr>& xs);

void Repr(std::ostream& os, const PrimExpr& e) {
  switch (e.kind()) {
    case Kind::kIntImm: {
      auto* op = e.as<IntImmNode>();
      if (op->dtype == DataType::Int(32)) {
        os << op->value;
      } else {
        os << "(" << op->dtype.str() << ")" << op->value;
      }
      return;
    }
    case Kind::kFloatImm: {
      auto* op = e.as<FloatImmNode>();
      os << op->value << (op->dtype.bits() == 32 ? "f" : op->dtype.bits() == 16 ? "h" : "");
      return;
    }
    case Kind::kStringImm: os << '"' << e.as<StringImmNode>()->value << '"'; return;
    case Kind::kVar: os << e.as<VarNode>()->name_hint; return;
    case Kind::kSizeVar: {
      const std::string& n = e.as<VarNode>()->name_hint;
      os << "{" << n << "|" << n << ">=0}";
      return;
    }
    case Kind::kCast: {
      auto* op = e.as<CastNode>();
      os << op->dtype.str() << '(';
      Repr(os, op->value);
      os << ')';
      return;
    }
    case Kind::kNot: os << '!'; Repr(os, e.as<NotNode>()->a); return;
    case Kind::kSelect: {
      auto* op = e.as<SelectNode>();
      PrintList(os << "select(", {op->condition, op->true_value, op->false_value});
      os << ")";
      return;
    }
    case Kind::kRamp: {
      auto* op = e.as<RampNode>();
      PrintList(os << "ramp(", {op->base, op->stride});
      os << ", " << op->lanes << ")";
      return;
    }
    case Kind::kBroadcast: {
      auto* op = e.as<BroadcastNode>();
      os << "x" << op->lanes << "(";
      Repr(os, op->value);
      os << ")";
      return;
    }
    case Kind::kLet: {
      auto* op = e.as<LetNode>();
      os << "(let " << op->var->name_hint << " = ";
      Repr(os, op->value);
      os << " in ";
      Repr(os, op->body);
      os << ")";
      return;
    }
    case Kind::kCall: {
      auto* op = e.as<CallNode>();
      PrintList(os << op->op << "(", op->args);
      os << ")";
      return;
    }
    case Kind::kBufferLoad: {
      auto* op = e.as<BufferLoadNode>();
      PrintList(os << op->buffer->name << "[", op->indices);
      os << "]";
      return;
    }
    default: break;
  }
  if (IsBinaryKind(e.kind())) {
    auto* op = e.as<BinaryNode>();
    if (const char* infix = InfixOp(e.kind())) {
      os << '(';
      Repr(os, op->a);
      os << infix;
      Repr(os, op->b);
      os << ')';
    } else {
      PrintList(os << PrefixOp(e.kind()), {op->a, op->b});
      os << ")";
    }
    return;
  }
  TIRGEN_UNREACHABLE() << "internal error: no legacy repr for " << KindName(e.kind());
}

void PrintList(std::ostream& os, const std::vector<PrimExpr>& xs) {
  for (size_t i = 0; i < xs.size(); ++i) {
    if (i) os << ", ";
    Repr(os, xs[i]);
  }
}

// Reports the closest eligible expressions under the root (see DirectSubexprs).
class DirectSubexprCollector : public StmtExprVisitor {
 public:
  std::vector<PrimExpr> found;
  bool entered = false;
  void VisitExpr(const PrimExpr& e) override {
    if (entered && IsEligible(e)) {
      found.push_back(e);
      return;
    }
    entered = true;
    StmtExprVisitor::VisitExpr(e);
  }
};

// Variables read but not bound inside the expression (Let binds its var in its body).
class FreeVarCollector : public StmtExprVisitor {
 public:
  std::vector<const VarNode*> free;
  void VisitExpr_(const VarNode* op) override {
    if (!bound_.count(op)) free.push_back(op);
  }
  void VisitExpr_(const LetNode* op) override {
    VisitExpr(op->value);
    bound_.insert(op->var.get());
    VisitExpr(op->body);
  }

 private:
  std::set<const VarNode*> bound_;
};

class VarNameFinder : public StmtExprVisitor {
 public:
  explicit VarNameFinder(const std::string& name) : name_(name) {}
  bool found = false;
  void VisitExpr_(const VarNode* op) override { found = found || op->name_hint == name_; }
  void VisitStmt(const Stmt& s) override {
    if (!found) StmtExprVisitor::VisitStmt(s);
  }

 private:
  const std::string& name_;
};

// Entries of `a` also in `b`, counted in both.
ComputationTable Intersect(const ComputationTable& a, const ComputationTable& b) {
  ComputationTable out;
  for (const auto& e : a.entries())
    if (const ComputationTable::Entry* f = b.Find(e)) out.Add(e.expr, e.count + f->count);
  return out;
}

// A node with three children of which one may not run (For: min, extent, body; IfThenElse:
// condition, then, else): what at least two of them compute, counted over all three.
ComputationTable InTwoOfThree(const ComputationTable& t1, const ComputationTable& t2,
                              const ComputationTable& t3) {
  ComputationTable keys = Intersect(t2, t3);
  keys.Union(Intersect(t1, t2));
  keys.Union(Intersect(t1, t3));
  ComputationTable out;
  for (const auto& e : keys.entries()) {
    size_t n = 0;
    for (const ComputationTable* t : {&t1, &t2, &t3})
      if (const ComputationTable::Entry* f = t->Find(e)) n += f->count;
    out.Add(e.expr, n);
  }
  return out;
}

// Sums the tables of the children one node visits (expressions and statements alike).
class ChildrenSum : public StmtExprVisitor {
 public:
  explicit ChildrenSum(ComputationsDoneBy* owner) : owner_(owner) {}
  ComputationTable sum;
  void VisitExpr(const PrimExpr& e) override { sum.Union(owner_->Of(e)); }
  void VisitStmt(const Stmt& s) override { sum.Union(owner_->Of(s)); }
  void OfChildren(const PrimExpr& e) { ExprFunctor<void>::VisitExpr(e); }
  void OfChildren(const Stmt& s) { StmtFunctor<void>::VisitStmt(s); }

 private:
  ComputationsDoneBy* owner_;
};

}  // namespace

bool IsEligible(const PrimExpr& e) {
  if (IsLeaf(e) || IsForbidden(e) || e.kind() == Kind::kRamp || e.kind() == Kind::kBroadcast) return false;
  ContainsForbidden c;
  c.VisitExpr(e);
  return !c.found;
}

size_t Complexity(const PrimExpr& e) {
  NodeCounter c;
  c.VisitExpr(e);
  return c.count;
}

std::string LegacyRepr(const PrimExpr& e) {
  std::ostringstream os;
  Repr(os, e);
  return os.str();
}

bool SameTerm(const PrimExpr& a, const PrimExpr& b, bool normalize) {
  if (normalize) return StructuralEqual(arith::Simplify(a), arith::Simplify(b));
  return a.same_as(b) || StructuralEqual(a, b);
}

std::vector<PrimExpr> DirectSubexprs(const PrimExpr& e) {
  DirectSubexprCollector c;
  c.VisitExpr(e);
  return c.found;
}

bool AllVarsKnown(const PrimExpr& e, const std::vector<Var>& known) {
  FreeVarCollector c;
  c.VisitExpr(e);
  for (const VarNode* v : c.free) {
    bool ok = false;
    for (const Var& k : known) ok = ok || k.get() == v;
    if (!ok) return false;
  }
  return true;
}

bool UsesVarName(const Stmt& s, const std::string& name) {
  VarNameFinder f(name);
  f.VisitStmt(s);
  return f.found;
}

uint64_t ComputationTable::Hash(const PrimExpr& e) { return StructuralHash(e); }

const ComputationTable::Entry* ComputationTable::Find(const PrimExpr& e, uint64_t hash) const {
  auto range = index_.equal_range(hash);
  for (auto it = range.first; it != range.second; ++it)
    if (SameTerm(entries_[it->second].expr, e, false)) return &entries_[it->second];
  return nullptr;
}

void ComputationTable::Add(const PrimExpr& e, uint64_t hash, size_t n) {
  if (const Entry* f = Find(e, hash)) {
    entries_[f - entries_.data()].count += n;
    return;
  }
  index_.emplace(hash, entries_.size());
  entries_.push_back({e, hash, n});
}

void ComputationTable::Union(const ComputationTable& other) {
  for (const auto& e : other.entries_) Add(e.expr, e.hash, e.count);
}

const ComputationTable& ComputationsDoneBy::Remember(const ObjectRef& node, ComputationTable table) {
  auto& slot = memo_[node.get()];
  slot = {node, std::move(table)};
  return slot.second;
}

const ComputationTable& ComputationsDoneBy::Of(const PrimExpr& e) {
  static const ComputationTable kEmpty;
  if (IsLeaf(e)) return kEmpty;
  auto it = memo_.find(e.get());
  if (it != memo_.end()) return it->second.second;
  ComputationTable t;
  if (IsEligible(e)) {
    t.Add(e, 1);
  } else {
    ChildrenSum c(this);
    c.OfChildren(e);
    t = std::move(c.sum);
  }
  return Remember(e, std::move(t));
}

const ComputationTable& ComputationsDoneBy::Of(const Stmt& s) {
  auto it = memo_.find(s.get());
  if (it != memo_.end()) return it->second.second;
  ComputationTable t;
  if (auto* op = s.as<ForNode>()) {
    ComputationTable mn = Of(op->min), ex = Of(op->extent);
    t = InTwoOfThree(mn, ex, Of(op->body));
  } else if (auto* op = s.as<IfThenElseNode>()) {
    ComputationTable cond = Of(op->condition), then_t = Of(op->then_case);
    t = InTwoOfThree(cond, then_t, op->else_case.defined() ? Of(op->else_case) : ComputationTable());
  } else if (auto* op = s.as<WhileNode>()) {
    ComputationTable cond = Of(op->condition);
    t = Intersect(cond, Of(op->body));
  } else {
    ChildrenSum c(this);
    c.OfChildren(s);
    t = std::move(c.sum);
  }
  return Remember(s, std::move(t));
}

}  // namespace cse
}  // namespace transform
}  // namespace tir
}  // namespace tirgen

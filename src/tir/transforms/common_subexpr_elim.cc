// CommonSubexprElimTIR (TVM v0.14): a computation done at least twice where a statement
// certainly runs (see ComputationsDoneBy) is bound once, `cse_var_N: T.int32 = a * 64` in front
// of that statement, and its occurrences read the variable. Candidates go largest first (ties:
// TVM's legacy text order), so `cse_var_1` is the biggest shared computation and smaller ones
// nest outside it. A candidate seen once, or reading a variable not in scope there, gives way to
// its direct subexpressions. A computation already held by a variable in scope (a let, or an
// earlier cse_var) is replaced by it. Statements are processed from the root down: after new
// lets the statement is examined again, then each child in its own scope (a loop body sees its
// loop var, so lets using it land inside the loop). Inside one expression the same is done with
// Let expressions.
#include <algorithm>
#include <optional>

#include "common_subexpr_elim_tools.h"
#include "tirgen/tir/transforms/passes.h"
#include "tirgen/tir/transforms/transform_utils.h"

namespace tirgen {
namespace tir {
namespace transform {
namespace {

using cse::ComputationTable;

// A computation with how often it is seen; size and text cached for ordering.
struct Candidate {
  PrimExpr expr;
  size_t count;
  size_t complexity;
  std::string repr;
};

Candidate MakeCandidate(const PrimExpr& e, size_t count) {
  return {e, count, cse::Complexity(e), cse::LegacyRepr(e)};
}

// Largest first; the same size in legacy text order (deterministic whatever the table order).
bool Before(const Candidate& a, const Candidate& b) {
  if (a.complexity != b.complexity) return a.complexity > b.complexity;
  return a.repr < b.repr;
}

// Replaces every eligible occurrence of `target` by `var` (not inside a replaced occurrence).
class Replacer : public StmtExprMutator {
 public:
  Replacer(const PrimExpr& target, const Var& var, bool normalize)
      : target_(target), var_(var), normalize_(normalize) {}
  PrimExpr VisitExpr(const PrimExpr& e) override {
    if (cse::SameTerm(e, target_, normalize_) && cse::IsEligible(e)) return var_;
    return StmtExprMutator::VisitExpr(e);
  }

 private:
  PrimExpr target_;
  Var var_;
  bool normalize_;
};

class Eliminator : public StmtExprMutator {
 public:
  using StmtExprMutator::VisitExpr_;
  using StmtExprMutator::VisitStmt_;
  using Context = std::vector<std::pair<Var, std::optional<PrimExpr>>>;

  Eliminator(const Stmt& initial_body, Context context, bool normalize)
      : initial_body_(initial_body), context_(std::move(context)), normalize_(normalize) {}

  Stmt VisitStmt(const Stmt& s) override {
    bool created = false;
    Stmt result = Eliminate(s, done_.Of(s), &created, [](const Var& v, const PrimExpr& value, const Stmt& body) {
      return Stmt(LetStmt(v, value, body));
    });
    // New lets may expose more sharing (between a let's value and the rest): look again.
    if (created) return VisitStmt(result);
    return StmtExprMutator::VisitStmt(result);
  }

  // TVM does not re-examine an expression after introducing Let expressions (only statements).
  PrimExpr VisitExpr(const PrimExpr& e) override {
    bool created = false;
    PrimExpr result = Eliminate(e, done_.Of(e), &created, [](const Var& v, const PrimExpr& value, const PrimExpr& body) {
      return PrimExpr(Let(v, value, body));
    });
    return StmtExprMutator::VisitExpr(result);
  }

  PrimExpr VisitExpr_(const LetNode* op) override {
    PrimExpr value = VisitExpr(op->value);
    PrimExpr body = InScope(op->var, op->value, [&] { return VisitExpr(op->body); });
    if (value.same_as(op->value) && body.same_as(op->body)) return GetRef<PrimExpr>(op);
    return Let(op->var, value, body);
  }

  Stmt VisitStmt_(const LetStmtNode* op) override {
    PrimExpr value = VisitExpr(op->value);
    Stmt body = InScope(op->var, op->value, [&] { return VisitStmt(op->body); });
    if (value.same_as(op->value) && body.same_as(op->body)) return GetRef<Stmt>(op);
    auto n = CopyNode(*op);
    n->value = value;
    n->body = body;
    return Stmt(std::move(n));
  }

  // min and extent are outside the loop; the body sees the loop var.
  Stmt VisitStmt_(const ForNode* op) override {
    PrimExpr mn = VisitExpr(op->min);
    PrimExpr ex = VisitExpr(op->extent);
    Stmt body = InScope(op->loop_var, std::nullopt, [&] { return VisitStmt(op->body); });
    if (mn.same_as(op->min) && ex.same_as(op->extent) && body.same_as(op->body)) return GetRef<Stmt>(op);
    auto n = CopyNode(*op);
    n->min = mn;
    n->extent = ex;
    n->body = body;
    return Stmt(std::move(n));
  }

 private:
  // Visits a body with `var` (holding `value`, when known) in scope.
  template <class F>
  auto InScope(const Var& var, std::optional<PrimExpr> value, F visit_body) -> decltype(visit_body()) {
    context_.push_back({var, std::move(value)});
    auto body = visit_body();
    context_.pop_back();
    return body;
  }

  // One round over the computations of `node` (a statement or an expression): reuse a variable
  // in scope, bind a new one wrapping `node` (`wrap`), or fall back to the direct subexpressions.
  template <class T, class Wrap>
  T Eliminate(T result, const ComputationTable& table, bool* created, Wrap wrap) {
    std::vector<Candidate> todo = Candidates(table);
    for (size_t i = 0; i < todo.size(); ++i) {
      PrimExpr comp = todo[i].expr;
      size_t count = todo[i].count;
      std::optional<Var> held;
      for (const auto& [var, value] : context_) {
        if (value && cse::SameTerm(*value, comp, normalize_)) {
          held = var;
          break;
        }
      }
      if (held) {
        result = Replace(result, comp, *held);
      } else if (count >= 2 && cse::AllVarsKnown(comp, KnownVars())) {
        Var v = NewVar(comp.dtype());
        *created = true;
        result = wrap(v, comp, Replace(result, comp, v));
      } else {
        for (const PrimExpr& sub : cse::DirectSubexprs(comp)) AddCandidate(&todo, sub);
      }
    }
    return result;
  }

  // The table as candidates, equivalent ones merged when normalizing, sorted by Before.
  std::vector<Candidate> Candidates(const ComputationTable& table) const {
    std::vector<Candidate> out;
    for (const auto& e : table.entries()) out.push_back(MakeCandidate(e.expr, e.count));
    if (normalize_) {
      // The representative of a class is its first member in text order.
      std::stable_sort(out.begin(), out.end(), [](const Candidate& a, const Candidate& b) { return a.repr < b.repr; });
      std::vector<Candidate> merged;
      for (const Candidate& c : out) {
        auto it = std::find_if(merged.begin(), merged.end(),
                               [&](const Candidate& m) { return cse::SameTerm(m.expr, c.expr, true); });
        if (it == merged.end()) {
          merged.push_back(c);
        } else {
          it->count += c.count;
        }
      }
      out = std::move(merged);
    }
    std::stable_sort(out.begin(), out.end(), Before);
    return out;
  }

  // A subexpression seen once more: counted if known, else placed after all as large or larger.
  void AddCandidate(std::vector<Candidate>* todo, const PrimExpr& e) const {
    for (Candidate& c : *todo) {
      if (cse::SameTerm(c.expr, e, normalize_)) {
        c.count += 1;
        return;
      }
    }
    Candidate c = MakeCandidate(e, 1);
    auto pos = std::find_if(todo->begin(), todo->end(), [&](const Candidate& x) { return x.complexity < c.complexity; });
    todo->insert(pos, std::move(c));
  }

  PrimExpr Replace(const PrimExpr& e, const PrimExpr& target, const Var& v) const {
    return Replacer(target, v, normalize_).VisitExpr(e);
  }
  Stmt Replace(const Stmt& s, const PrimExpr& target, const Var& v) const {
    return Replacer(target, v, normalize_).VisitStmt(s);
  }

  std::vector<Var> KnownVars() const {
    std::vector<Var> vars;
    for (const auto& c : context_) vars.push_back(c.first);
    return vars;
  }

  // cse_var_<N>, N counting per function and skipping names the function already reads.
  Var NewVar(DataType dtype) {
    std::string name;
    do {
      name = "cse_var_" + std::to_string(++last_number_);
    } while (cse::UsesVarName(initial_body_, name));
    return Var(name, dtype);
  }

  Stmt initial_body_;
  Context context_;
  bool normalize_;
  int last_number_ = 0;
  cse::ComputationsDoneBy done_;
};

}  // namespace

Pass CommonSubexprElimTIR(bool enable_cse_tir, bool identify_equiv_terms) {
  return CreatePrimFuncPass("CommonSubexprElimTIR", [=](const PrimFunc& f) {
    if (!enable_cse_tir) return f;
    // Scalar and handle parameters are in scope everywhere (buffer shape vars are not, as in TVM).
    Eliminator::Context context;
    for (const Var& p : f->params) context.push_back({p, std::nullopt});
    return WithBody(f, Eliminator(f->body, std::move(context), identify_equiv_terms).VisitStmt(f->body));
  });
}

// CommonSubexprElimTIR(), or with enable_cse_tir and identify_equiv_terms as 0/1.
// (enable_cse_tir, identify_equiv_terms)
TIRGEN_REGISTER_PASS_WITH_ARGS(
    CommonSubexprElimTIR,
    [](const std::vector<int64_t>& args) {
      return CommonSubexprElimTIR(args[0] != 0, args[1] != 0);
    },
    {"enable_cse_tir", 1}, {"identify_equiv_terms", 0});

}  // namespace transform
}  // namespace tir
}  // namespace tirgen

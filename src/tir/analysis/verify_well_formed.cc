// The well-formedness checker: one walk of each PrimFunc that keeps the variables and buffers in
// scope (scoped like TVMScript: a binding site covers its body only) and records every problem
// with the enclosing blocks/loops, so a broken pass is found by the first check after it.
#include "tirgen/tir/analysis/verify_well_formed.h"

#include <algorithm>
#include <set>
#include <sstream>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "tirgen/support/error.h"
#include "tirgen/tir/functor.h"

namespace tirgen {
namespace tir {

std::string WellFormedProblem::str() const {
  return function + ": " + (where.empty() ? "" : where + ": ") + message;
}

namespace {

const char* BinarySymbol(Kind k) {
  switch (k) {
    case Kind::kAdd: return " + ";
    case Kind::kSub: return " - ";
    case Kind::kMul: return " * ";
    case Kind::kDiv: return " / ";
    case Kind::kFloorDiv: return " // ";
    case Kind::kFloorMod: return " % ";
    case Kind::kEQ: return " == ";
    case Kind::kNE: return " != ";
    case Kind::kLT: return " < ";
    case Kind::kLE: return " <= ";
    case Kind::kGT: return " > ";
    case Kind::kGE: return " >= ";
    case Kind::kAnd: return " and ";
    case Kind::kOr: return " or ";
    default: return nullptr;  // min, max: printed as calls
  }
}

// A short rendering for messages: enough to find the node, cut off below a few levels.
std::string Brief(const PrimExpr& e, int depth = 0);

std::string BriefList(const std::vector<PrimExpr>& es, int depth) {
  std::string s;
  for (size_t i = 0; i < es.size(); ++i) s += (i ? ", " : "") + Brief(es[i], depth + 1);
  return s;
}

std::string Brief(const PrimExpr& e, int depth) {
  if (!e.defined()) return "<undefined>";
  if (depth > 3) return "...";
  if (const auto* n = e.as<IntImmNode>()) return std::to_string(n->value);
  if (const auto* n = e.as<FloatImmNode>()) {
    std::ostringstream os;
    os << n->value;
    return os.str();
  }
  if (const auto* n = e.as<StringImmNode>()) return "\"" + n->value + "\"";
  if (const auto* n = e.as<VarNode>()) return n->name_hint;
  if (const auto* n = e.as<BinaryNode>()) {
    if (const char* sym = BinarySymbol(n->kind()))
      return "(" + Brief(n->a, depth + 1) + sym + Brief(n->b, depth + 1) + ")";
    return std::string(KindName(n->kind())) + "(" + Brief(n->a, depth + 1) + ", " +
           Brief(n->b, depth + 1) + ")";
  }
  if (const auto* n = e.as<CastNode>())
    return "T.Cast(\"" + n->dtype.str() + "\", " + Brief(n->value, depth + 1) + ")";
  if (const auto* n = e.as<BufferLoadNode>())
    return n->buffer->name + "[" + BriefList(n->indices, depth) + "]";
  if (const auto* n = e.as<CallNode>()) return n->op + "(" + BriefList(n->args, depth) + ")";
  return std::string(KindName(e.kind())) + "(...)";
}

std::string BriefStmt(const Stmt& s) {
  if (const auto* n = s.as<BufferStoreNode>())
    return n->buffer->name + "[" + BriefList(n->indices, 0) + "] = " + Brief(n->value, 1);
  if (const auto* n = s.as<ForNode>())
    return "for " + n->loop_var->name_hint + " in range(" + Brief(n->min) + ", " +
           Brief(n->extent) + ")";
  if (const auto* n = s.as<BlockRealizeNode>()) return "block \"" + n->block->name_hint + "\"";
  if (const auto* n = s.as<BlockNode>()) return "block \"" + n->name_hint + "\"";
  if (const auto* n = s.as<LetStmtNode>()) return n->var->name_hint + " = " + Brief(n->value);
  if (const auto* n = s.as<AllocateNode>()) return "allocate " + n->buffer_var->name_hint;
  if (const auto* n = s.as<AllocateConstNode>()) return "allocate_const " + n->buffer_var->name_hint;
  if (const auto* n = s.as<DeclBufferNode>()) return "decl_buffer " + n->buffer->name;
  if (const auto* n = s.as<IfThenElseNode>()) return "if " + Brief(n->condition);
  if (const auto* n = s.as<EvaluateNode>()) return "T.evaluate(" + Brief(n->value) + ")";
  if (const auto* n = s.as<AttrStmtNode>()) return "T.attr(\"" + n->attr_key + "\")";
  if (const auto* n = s.as<AssertStmtNode>()) return "assert " + Brief(n->condition);
  if (const auto* n = s.as<WhileNode>()) return "while " + Brief(n->condition);
  return KindName(s.kind());
}

// Same element type (code and bits), lanes aside.
bool SameElement(DataType a, DataType b) { return a.element_of() == b.element_of(); }

class Verifier : public StmtExprVisitor {
 public:
  using StmtExprVisitor::VisitExpr;
  using StmtExprVisitor::VisitStmt;

  Verifier(std::string func_name, std::vector<WellFormedProblem>* out)
      : func_name_(std::move(func_name)), out_(out) {}

  void Run(const PrimFunc& f) {
    Frame& top = Push("");
    (void)top;
    for (const Var& p : f->params) Bind(p, "parameter");
    std::unordered_set<const VarNode*> params;
    for (const Var& p : f->params) params.insert(p.get());
    for (const auto& kv : f->buffer_map) {
      if (!params.count(kv.first.get()))
        Report("buffer_map", "buffer_map key " + kv.first->name_hint + " is not a parameter");
      MatchBuffer(kv.second, "buffer_map entry of " + kv.second->name, /*free_symbols=*/true);
    }
    cur_stmt_ = "";
    VisitStmt(f->body);
    Pop();
  }

  // ---- statements -------------------------------------------------------------------------

  void VisitStmt(const Stmt& s) {
    if (!s.defined()) {
      Report(BriefStmtSafe(), "undefined statement");
      return;
    }
    std::string saved = cur_stmt_;
    cur_stmt_ = BriefStmt(s);
    StmtFunctor<void>::VisitStmt(s);
    cur_stmt_ = saved;
  }

  void VisitStmt_(const LetStmtNode* op) override {
    VisitExpr(op->value);
    if (op->var->dtype != op->value.dtype())
      Problem("let var " + op->var->name_hint + " is " + op->var->dtype.str() +
              " but its value is " + op->value.dtype().str());
    Push("let " + op->var->name_hint);
    Bind(op->var, "let");
    VisitStmt(op->body);
    Pop();
  }

  void VisitStmt_(const AttrStmtNode* op) override {
    if (op->value.defined()) VisitExpr(op->value);
    if (const auto* iv = op->node.as<IterVarNode>()) {
      if (iv->dom.defined()) VisitRange(iv->dom);
      Push("attr " + iv->var->name_hint);
      Bind(iv->var, "thread binding");
      VisitStmt(op->body);
      Pop();
      return;
    }
    VisitStmt(op->body);
  }

  void VisitStmt_(const BufferStoreNode* op) override {
    CheckBufferUse(op->buffer);
    CheckIndices(op->buffer, op->indices, op->value.dtype(), "stored value");
    VisitExpr(op->value);
    for (const PrimExpr& i : op->indices) VisitExpr(i);
  }

  void VisitStmt_(const AllocateNode* op) override {
    for (const PrimExpr& e : op->extents) VisitExpr(e);
    if (op->condition.defined()) VisitExpr(op->condition);
    Push("allocate " + op->buffer_var->name_hint);
    Bind(op->buffer_var, "allocate");
    VisitStmt(op->body);
    Pop();
  }

  void VisitStmt_(const AllocateConstNode* op) override {
    for (const PrimExpr& e : op->extents) VisitExpr(e);
    if (op->data.defined()) {
      int64_t n = 1;
      bool known = true;
      for (const PrimExpr& e : op->extents) {
        if (const int64_t* v = as_const_int(e)) n *= *v;
        else known = false;
      }
      if (op->data->dtype != op->dtype)
        Problem("data is " + op->data->dtype.str() + " but the allocation is " + op->dtype.str());
      if (known && op->data->NumElements() != n)
        Problem("data holds " + std::to_string(op->data->NumElements()) +
                " elements but the extents make " + std::to_string(n));
    } else if (!op->irmod_storage_idx) {
      Problem("neither data nor an index into the module's constants");
    }
    Push("allocate_const " + op->buffer_var->name_hint);
    Bind(op->buffer_var, "allocate_const");
    VisitStmt(op->body);
    Pop();
  }

  void VisitStmt_(const DeclBufferNode* op) override {
    const Buffer& b = op->buffer;
    if (!InScope(b->data.get()))
      Problem("decl_buffer " + b->name + ": its data var " + b->data->name_hint +
              " is not defined here (allocate it first)");
    VisitBufferFields(b);
    Push("decl_buffer " + b->name);
    Declare(b);
    VisitStmt(op->body);
    Pop();
  }

  void VisitStmt_(const IfThenElseNode* op) override {
    CheckCondition(op->condition, "if condition");
    StmtExprVisitor::VisitStmt_(op);
  }
  void VisitStmt_(const WhileNode* op) override {
    CheckCondition(op->condition, "while condition");
    StmtExprVisitor::VisitStmt_(op);
  }
  void VisitStmt_(const AssertStmtNode* op) override {
    CheckCondition(op->condition, "assert condition");
    StmtExprVisitor::VisitStmt_(op);
  }

  void VisitStmt_(const ForNode* op) override {
    VisitExpr(op->min);
    VisitExpr(op->extent);
    DataType t = op->loop_var->dtype;
    if (op->min.dtype() != t || op->extent.dtype() != t)
      Problem("loop var " + op->loop_var->name_hint + " is " + t.str() + " but min is " +
              op->min.dtype().str() + " and extent " + op->extent.dtype().str());
    Push("for " + op->loop_var->name_hint);
    Bind(op->loop_var, "loop");
    loop_vars_.push_back(op->loop_var.get());
    VisitStmt(op->body);
    loop_vars_.pop_back();
    Pop();
  }

  void VisitStmt_(const BlockRealizeNode* op) override {
    const Block& b = op->block;
    if (op->iter_values.size() != b->iter_vars.size()) {
      Problem(std::to_string(op->iter_values.size()) + " iter_values bind " +
              std::to_string(b->iter_vars.size()) + " block iter vars");
    } else {
      for (size_t i = 0; i < op->iter_values.size(); ++i) {
        DataType want = b->iter_vars[i]->var->dtype, got = op->iter_values[i].dtype();
        if (want != got)
          Problem("block iter var " + b->iter_vars[i]->var->name_hint + " is " + want.str() +
                  " but is bound to " + Brief(op->iter_values[i]) + " of " + got.str());
      }
    }
    for (const PrimExpr& v : op->iter_values) VisitExpr(v);
    CheckCondition(op->predicate, "block predicate");
    VisitExpr(op->predicate);
    VisitStmt(b);
  }

  void VisitStmt_(const BlockNode* op) override {
    for (const IterVar& iv : op->iter_vars) {
      VisitRange(iv->dom);
      if (iv->dom.defined() &&
          (iv->dom->min.dtype() != iv->var->dtype || iv->dom->extent.dtype() != iv->var->dtype))
        Problem("block iter var " + iv->var->name_hint + " is " + iv->var->dtype.str() +
                " but its domain is " + iv->dom->min.dtype().str() + "/" +
                iv->dom->extent.dtype().str());
    }
    Push("block \"" + op->name_hint + "\"");
    cur_stmt_.clear();  // the frame names the block
    // Loop vars bound outside a block with iter vars are reached only through its bindings.
    std::unordered_set<const VarNode*> saved_hidden = hidden_;
    std::string saved_hider = hider_;
    if (!op->iter_vars.empty()) {
      hidden_.insert(loop_vars_.begin(), loop_vars_.end());
      hider_ = op->name_hint;
    }
    for (const IterVar& iv : op->iter_vars) Bind(iv->var, "block iter var");
    for (const BufferRegion& r : op->reads) CheckRegion(r, "read region");
    for (const BufferRegion& r : op->writes) CheckRegion(r, "write region");
    for (const Buffer& b : op->alloc_buffers) {
      VisitBufferFields(b);
      Bind(b->data, "alloc_buffer " + b->name);
      Declare(b);
    }
    for (const MatchBufferRegion& m : op->match_buffers) {
      CheckRegion(m->source, "match_buffer source");
      MatchBuffer(m->buffer, "match_buffer " + m->buffer->name, /*free_symbols=*/false);
    }
    if (op->init) {
      Push("init");
      VisitStmt(*op->init);
      Pop();
    }
    VisitStmt(op->body);
    hidden_ = std::move(saved_hidden);
    hider_ = std::move(saved_hider);
    Pop();
  }

  // ---- expressions ------------------------------------------------------------------------

  void VisitExpr_(const VarNode* op) override {
    if (!InScope(op)) {
      Problem("var " + op->name_hint + " is used where it is not defined", op);
    } else if (hidden_.count(op)) {
      Problem("loop var " + op->name_hint + " is used inside block \"" + hider_ +
                  "\" (blocks reach outer loop vars only through their iter_values)",
              op);
    }
  }

  void VisitExpr_(const BinaryNode* op) override {
    DataType a = op->a.dtype(), b = op->b.dtype();
    if (a != b) {
      Problem("operands of " + Brief(GetRef<PrimExpr>(op)) + " are " + a.str() + " and " + b.str());
    } else {
      bool logical = IsCompareKind(op->kind()) || op->kind() == Kind::kAnd || op->kind() == Kind::kOr;
      DataType want = logical ? DataType::Bool(a.lanes()) : a;
      if (op->dtype != want)
        Problem(Brief(GetRef<PrimExpr>(op)) + " is " + op->dtype.str() + ", expected " + want.str());
    }
    StmtExprVisitor::VisitExpr_(op);
  }

  void VisitExpr_(const NotNode* op) override {
    if (!op->a.dtype().is_bool()) Problem("operand of a not is " + op->a.dtype().str());
    StmtExprVisitor::VisitExpr_(op);
  }

  void VisitExpr_(const SelectNode* op) override {
    if (!op->condition.dtype().is_bool()) Problem("select condition is " + op->condition.dtype().str());
    if (op->true_value.dtype() != op->false_value.dtype() || op->dtype != op->true_value.dtype())
      Problem("select of " + op->true_value.dtype().str() + " and " +
              op->false_value.dtype().str() + " is " + op->dtype.str());
    StmtExprVisitor::VisitExpr_(op);
  }

  void VisitExpr_(const BufferLoadNode* op) override {
    CheckBufferUse(op->buffer);
    CheckIndices(op->buffer, op->indices, op->dtype, "load " + Brief(GetRef<PrimExpr>(op)));
    StmtExprVisitor::VisitExpr_(op);
  }

  void VisitExpr_(const ProducerLoadNode* op) override {
    Problem("a ProducerLoad (TE only) is left in a PrimFunc");
    StmtExprVisitor::VisitExpr_(op);
  }

  void VisitExpr_(const RampNode* op) override {
    if (op->base.dtype() != op->stride.dtype() ||
        op->dtype != op->base.dtype().with_lanes(op->lanes))
      Problem("ramp of base " + op->base.dtype().str() + ", stride " + op->stride.dtype().str() +
              " and " + std::to_string(op->lanes) + " lanes is " + op->dtype.str());
    StmtExprVisitor::VisitExpr_(op);
  }

  void VisitExpr_(const BroadcastNode* op) override {
    if (op->dtype != op->value.dtype().with_lanes(op->value.dtype().lanes() * op->lanes))
      Problem("broadcast of " + op->value.dtype().str() + " to " + std::to_string(op->lanes) +
              " lanes is " + op->dtype.str());
    StmtExprVisitor::VisitExpr_(op);
  }

  void VisitExpr_(const LetNode* op) override {
    VisitExpr(op->value);
    if (op->var->dtype != op->value.dtype())
      Problem("let var " + op->var->name_hint + " is " + op->var->dtype.str() +
              " but its value is " + op->value.dtype().str());
    if (op->dtype != op->body.dtype())
      Problem("let of body " + op->body.dtype().str() + " is " + op->dtype.str());
    Push("let " + op->var->name_hint);
    Bind(op->var, "let");
    VisitExpr(op->body);
    Pop();
  }

  void VisitExpr_(const ReduceNode* op) override {
    Push("reduce");
    for (const IterVar& iv : op->axis) {
      VisitRange(iv->dom);
      Bind(iv->var, "reduce axis");
    }
    for (const PrimExpr& s : op->source) VisitExpr(s);
    for (const PrimExpr& s : op->init) VisitExpr(s);
    if (op->condition.defined()) VisitExpr(op->condition);
    Pop();
  }

 private:
  struct Frame {
    std::string label;
    std::vector<const VarNode*> vars;
    std::vector<const BufferNode*> buffers;
  };

  Frame& Push(std::string label) {
    frames_.push_back(Frame{std::move(label), {}, {}});
    return frames_.back();
  }
  void Pop() {
    for (const VarNode* v : frames_.back().vars) scope_.erase(v);
    for (const BufferNode* b : frames_.back().buffers) declared_.erase(b);
    frames_.pop_back();
  }

  bool InScope(const VarNode* v) const { return scope_.count(v) > 0; }

  // A binding site: the var must not be in scope already (a shadowing binding makes its uses
  // ambiguous). Binding it again in a disjoint scope is allowed: TVM's UnrollLoop copies loop
  // bodies, inner loops and all, without renaming, and tvm.lower's output keeps that form
  // (ConvertSSA runs only in tvm.build); renaming would change the printed names.
  void Bind(const Var& var, const std::string& site) {
    const VarNode* v = var.get();
    if (InScope(v)) Problem(site + " binds " + v->name_hint + " again inside its own scope", v);
    Define(v);
  }
  void Define(const VarNode* v) {
    if (scope_.insert(v).second) frames_.back().vars.push_back(v);
  }
  void Declare(const Buffer& b) {
    if (declared_.insert(b.get()).second) frames_.back().buffers.push_back(b.get());
  }

  // buffer_map / match_buffer: the buffer's data var is bound, and variables standing alone as
  // a shape, stride or offset are defined by the match (TVM's symbolic shapes). In the function's
  // buffer_map (`free_symbols`), a variable inside a larger expression (`n` of `(n * 32,)`) is a
  // free symbol of the function: TVM v0.14's VerifyWellFormed accepts it (only building asks for
  // a definition), so it is taken as defined here too. In a block's match_buffer it must be
  // defined already, as in TVM.
  void MatchBuffer(const Buffer& b, const std::string& site, bool free_symbols) {
    Bind(b->data, site);
    auto define_or_visit = [&](const PrimExpr& e) {
      if (const auto* v = e.as<VarNode>()) {
        if (!InScope(v)) Define(v);
      } else if (e.defined()) {
        if (!free_symbols) return VisitExpr(e);
        struct FreeVars : StmtExprVisitor {
          using StmtExprVisitor::VisitExpr_;
          std::vector<const VarNode*> vars;
          void VisitExpr_(const VarNode* op) override { vars.push_back(op); }
        } free;
        free.VisitExpr(e);
        for (const VarNode* v : free.vars)
          if (!InScope(v)) Define(v);
        VisitExpr(e);
      }
    };
    for (const PrimExpr& e : b->shape) define_or_visit(e);
    for (const PrimExpr& e : b->strides) define_or_visit(e);
    define_or_visit(b->elem_offset);
    Declare(b);
  }

  void VisitBufferFields(const Buffer& b) {
    for (const PrimExpr& e : b->shape) VisitExpr(e);
    for (const PrimExpr& e : b->strides) VisitExpr(e);
    if (b->elem_offset.defined()) VisitExpr(b->elem_offset);
  }

  // A buffer is usable where it is declared, or (flattened code) where its data var is defined:
  // then it is a view of that pointer, whose shape must use variables defined here.
  void CheckBufferUse(const Buffer& b) {
    if (declared_.count(b.get())) return;
    if (InScope(b->data.get())) {
      if (checked_views_.insert(b.get()).second) VisitBufferFields(b);
      return;
    }
    Problem("buffer " + b->name + " is used out of scope (not a parameter's buffer, allocated, "
            "matched or declared here, and its data var " + b->data->name_hint +
            " is not defined here)", b.get());
  }

  void CheckRegion(const BufferRegion& r, const std::string& what) {
    CheckBufferUse(r->buffer);
    if (r->region.size() != r->buffer->shape.size())
      Problem(what + " of " + r->buffer->name + " has " + std::to_string(r->region.size()) +
              " ranges but the buffer has " + std::to_string(r->buffer->shape.size()) +
              " dimensions");
    for (const Range& rg : r->region) VisitRange(rg);
  }

  void CheckIndices(const Buffer& b, const std::vector<PrimExpr>& indices, DataType value,
                    const std::string& what) {
    if (indices.size() != b->shape.size())
      Problem(what + ": " + std::to_string(indices.size()) + " indices into " + b->name +
              " of " + std::to_string(b->shape.size()) + " dimensions");
    int lanes = 1;
    for (const PrimExpr& i : indices) {
      if (!i.dtype().is_integer())
        Problem(what + ": index " + Brief(i) + " of " + b->name + " is " + i.dtype().str());
      lanes = std::max(lanes, i.dtype().lanes());
    }
    DataType want = b->dtype.with_lanes(b->dtype.lanes() * lanes);
    if (!SameElement(value, b->dtype) || value.lanes() != want.lanes())
      Problem(what + " is " + value.str() + " but " + b->name + " holds " + b->dtype.str() +
              (lanes > 1 ? " (" + std::to_string(lanes) + "-lane index)" : ""));
  }

  void CheckCondition(const PrimExpr& c, const std::string& what) {
    if (c.defined() && !c.dtype().is_bool()) Problem(what + " " + Brief(c) + " is " + c.dtype().str());
  }

  std::string Where() const {
    std::string w;
    for (const Frame& f : frames_) {
      if (f.label.empty()) continue;
      w += (w.empty() ? "" : " > ") + f.label;
    }
    return w;
  }
  std::string BriefStmtSafe() const { return Where(); }

  // Reports once per (node, message): a broken var is named once, not at each of its uses.
  void Problem(const std::string& message, const void* node = nullptr) {
    if (node && !reported_.emplace(node, message).second) return;
    std::string where = Where();
    if (!cur_stmt_.empty()) where += (where.empty() ? "" : ": ") + cur_stmt_;
    out_->push_back(WellFormedProblem{func_name_, where, message});
  }
  void Report(const std::string& where, const std::string& message) {
    out_->push_back(WellFormedProblem{func_name_, where, message});
  }

  std::string func_name_;
  std::vector<WellFormedProblem>* out_;
  std::vector<Frame> frames_;
  std::unordered_set<const VarNode*> scope_;
  std::unordered_set<const BufferNode*> declared_;
  std::unordered_set<const BufferNode*> checked_views_;
  std::vector<const VarNode*> loop_vars_;
  std::unordered_set<const VarNode*> hidden_;
  std::string hider_;
  std::string cur_stmt_;
  std::set<std::pair<const void*, std::string>> reported_;
};

}  // namespace

std::vector<WellFormedProblem> WellFormedProblems(const PrimFunc& func, const std::string& name) {
  std::vector<WellFormedProblem> out;
  Verifier(name, &out).Run(func);
  return out;
}

std::vector<WellFormedProblem> WellFormedProblems(const IRModule& mod) {
  std::vector<WellFormedProblem> out;
  for (const auto& kv : mod->functions) {
    if (const auto* f = kv.second.as<PrimFuncNode>()) {
      std::vector<WellFormedProblem> p = WellFormedProblems(GetRef<PrimFunc>(f), kv.first);
      out.insert(out.end(), p.begin(), p.end());
    }
  }
  return out;
}

std::string FormatWellFormedProblems(const std::vector<WellFormedProblem>& problems, size_t limit) {
  std::string s;
  for (size_t i = 0; i < problems.size() && i < limit; ++i) s += "  " + problems[i].str() + "\n";
  if (problems.size() > limit)
    s += "  ... and " + std::to_string(problems.size() - limit) + " more\n";
  return s;
}

void VerifyWellFormed(const IRModule& mod, const std::string& after) {
  std::vector<WellFormedProblem> problems = WellFormedProblems(mod);
  if (problems.empty()) return;
  throw InternalError("ill-formed TIR" + (after.empty() ? "" : " " + after) + " (" +
                      std::to_string(problems.size()) + " problem" +
                      (problems.size() == 1 ? "" : "s") + "):\n" +
                      FormatWellFormedProblems(problems));
}

}  // namespace tir
}  // namespace tirgen

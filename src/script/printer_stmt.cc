// Statements -> docs: lets, asserts, allocations, conditionals, loops and blocks.
#include "constant_data.h"
#include "printer_internal.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace script {
namespace printer {

using namespace tir;  // NOLINT

namespace {

// A scoped statement prints flat (`x = T.allocate(...)` followed by its body at the same
// indentation) when it is the last statement of its enclosing scope; otherwise as `with`.
std::vector<StmtP> ConciseScoping(ExprP lhs, ExprP rhs, std::vector<StmtP>* stmts, bool concise) {
  if (concise) {
    stmts->insert(stmts->begin(), lhs ? AssignDoc(lhs, rhs) : ExprStmtDoc(rhs));
    return *stmts;
  }
  return {ScopeDoc(lhs, rhs, *stmts)};
}

std::string DTypeStr(DataType t) { return t.is_void() ? "void" : t.str(); }

// Every element of a constant, in TVM's literal format (no truncation: see golden README).
// Rendered only when the doc is written, straight into the output: a weight can hold millions
// of elements, and neither a doc node per element nor a string per weight is kept.
ExprP NDArrayDoc(const AllocateConstNode* op) {
  if (!op->data.defined()) return ListDoc({});
  NDArray data = op->data;
  DataType dtype = op->dtype;
  return DeferredDoc([data, dtype](TextOut& out) {
    AppendConstantList(data, dtype, [&out](std::string_view piece) { out.Put(piece); });
  });
}

bool IsAllocateDeclBufferPattern(const AllocateNode* op) {
  const DeclBufferNode* decl = op->body.as<DeclBufferNode>();
  if (!decl) return false;
  const Buffer& buf = decl->buffer;
  if (!op->buffer_var.same_as(buf->data) || op->dtype != buf->dtype || !is_one(op->condition) ||
      !op->annotations.empty() || op->extents.size() != buf->shape.size()) {
    return false;
  }
  for (size_t i = 0; i < op->extents.size(); ++i) {
    if (!ExprDeepEqual(op->extents[i], buf->shape[i])) return false;
  }
  return true;
}

class StmtPrinter {
 public:
  explicit StmtPrinter(Docsifier* d) : d_(d) {}

  std::vector<StmtP> Print(const Stmt& s) {
    switch (s.kind()) {
      case Kind::kLetStmt: return Let(s.as<LetStmtNode>());
      case Kind::kAttrStmt: return Attr(s.as<AttrStmtNode>());
      case Kind::kAssertStmt: return Assert(s.as<AssertStmtNode>());
      case Kind::kBufferStore: return {Store(s.as<BufferStoreNode>())};
      case Kind::kAllocate: return Allocate(s.as<AllocateNode>());
      case Kind::kAllocateConst: return AllocConst(s.as<AllocateConstNode>());
      case Kind::kDeclBuffer: return Decl(s.as<DeclBufferNode>(), BufferVarDef::kNone);
      case Kind::kSeqStmt: {
        FrameScope f(d_, s.get());
        d_->AsDocBody(s, f.get());
        return f->stmts;
      }
      case Kind::kIfThenElse: return {If(s.as<IfThenElseNode>())};
      case Kind::kEvaluate: {
        const EvaluateNode* op = s.as<EvaluateNode>();
        ExprP v = d_->Expr(op->value);
        if (op->value.as<CallNode>()) return {ExprStmtDoc(v)};
        return {ExprStmtDoc(d_->T("evaluate")->Call({v}))};
      }
      case Kind::kFor: return PrintFor(d_, s.as<ForNode>());
      case Kind::kWhile: {
        const WhileNode* op = s.as<WhileNode>();
        ExprP cond = d_->Expr(op->condition);
        FrameScope f(d_, op);
        d_->AsDocBody(op->body, f.get());
        return {WhileDoc(cond, f->stmts)};
      }
      case Kind::kBlock: return PrintBlockNoRealize(d_, s.as<BlockNode>());
      case Kind::kBlockRealize: return PrintBlockRealize(d_, s.as<BlockRealizeNode>());
      default: TIRGEN_UNREACHABLE() << "cannot print " << KindName(s.kind());
    }
  }

 private:
  std::vector<StmtP> Let(const LetStmtNode* op) {
    bool concise = d_->AllowConcise();
    ExprP type_doc = d_->TypeAnnotation(op->var);
    ExprP rhs = d_->Expr(op->value);
    FrameScope f(d_, op);
    bool var_defined = d_->IsDefined(op->var.get());
    if (!var_defined) d_->DefineVar(op->var, f.get());
    ExprP lhs = d_->Expr(op->var);
    d_->AsDocBody(op->body, f.get());
    std::vector<StmtP>& stmts = f->stmts;
    if (var_defined) return {ScopeDoc(nullptr, d_->T("LetStmt")->Call({rhs}, {"var"}, {lhs}), stmts)};
    if (concise) {
      stmts.insert(stmts.begin(), AssignDoc(lhs, rhs, type_doc));
      return stmts;
    }
    if (op->var->has_pointer_type()) {
      return {ScopeDoc(lhs, d_->T("LetStmt")->Call({rhs, type_doc}), stmts)};
    }
    return {ScopeDoc(lhs, d_->T("LetStmt")->Call({rhs}), stmts)};
  }

  std::vector<StmtP> Assert(const AssertStmtNode* op) {
    bool concise = d_->AllowConcise();
    ExprP cond = d_->Expr(op->condition);
    ExprP msg = d_->Expr(op->message);
    FrameScope f(d_, op);
    d_->AsDocBody(op->body, f.get());
    if (concise) {
      f->stmts.insert(f->stmts.begin(), AssertDoc(cond, msg));
      return f->stmts;
    }
    return {ScopeDoc(nullptr, d_->T("Assert")->Call({cond, msg}), f->stmts)};
  }

  StmtP Store(const BufferStoreNode* op) {
    ExprP buf = d_->BufferRef(op->buffer);
    ExprP lhs = buf->Index(d_->BufferIndices(op->indices));
    ExprP rhs = d_->Expr(op->value);
    return AssignDoc(lhs, rhs);
  }

  std::vector<StmtP> Decl(const DeclBufferNode* op, BufferVarDef defs) {
    bool concise = d_->AllowConcise();
    ExprP rhs = d_->BufferDecl(op->buffer, "decl_buffer", {}, d_->Top(), defs);
    FrameScope f(d_, op);
    ExprP lhs = d_->DefineBuffer(op->buffer, f.get());
    d_->AsDocBody(op->body, f.get());
    return ConciseScoping(lhs, rhs, &f->stmts, concise);
  }

  std::vector<StmtP> Allocate(const AllocateNode* op) {
    bool concise = d_->AllowConcise();
    if (IsAllocateDeclBufferPattern(op)) {
      return Decl(op->body.as<DeclBufferNode>(), BufferVarDef::kDataPointer);
    }
    std::vector<ExprP> args;
    args.push_back(ListDoc(d_->Exprs(op->extents)));
    args.push_back(StrDoc(DTypeStr(op->dtype)));
    args.push_back(StrDoc(op->buffer_var->storage_scope));
    if (!is_one(op->condition)) args.push_back(d_->Expr(op->condition));
    std::vector<std::string> keys;
    std::vector<ExprP> values;
    if (!op->annotations.empty()) {
      keys.push_back("annotations");
      values.push_back(AttrDict(op->annotations));
    }
    ExprP lhs = d_->DefineVar(op->buffer_var, d_->Top());
    FrameScope f(d_, op);
    ExprP rhs = d_->T("allocate")->Call(args, keys, values);
    d_->AsDocBody(op->body, f.get());
    return ConciseScoping(lhs, rhs, &f->stmts, concise);
  }

  std::vector<StmtP> AllocConst(const AllocateConstNode* op) {
    bool concise = d_->AllowConcise();
    std::vector<ExprP> args;
    args.push_back(NDArrayDoc(op));
    args.push_back(StrDoc(DTypeStr(op->dtype)));
    args.push_back(ListDoc(d_->Exprs(op->extents)));
    ExprP rhs = d_->T("allocate_const")->Call(args);
    FrameScope f(d_, op);
    ExprP lhs = d_->DefineVar(op->buffer_var, f.get());
    d_->AsDocBody(op->body, f.get());
    return ConciseScoping(lhs, rhs, &f->stmts, concise);
  }

  StmtP If(const IfThenElseNode* op) {
    ExprP cond = d_->Expr(op->condition);
    std::vector<StmtP> then_branch, else_branch;
    if (op->then_case.defined()) {
      FrameScope f(d_, op->then_case.get());
      d_->AsDocBody(op->then_case, f.get());
      then_branch = f->stmts;
    }
    if (op->else_case.defined()) {
      FrameScope f(d_, op->else_case.get());
      d_->AsDocBody(op->else_case, f.get());
      else_branch = f->stmts;
    }
    return IfDoc(cond, then_branch, else_branch);
  }

  std::vector<StmtP> Attr(const AttrStmtNode* op) {
    bool concise = d_->AllowConcise();
    ExprP lhs, rhs;
    const Object* define_var = nullptr;
    Var define_var_ref;
    if ((op->attr_key == "thread_extent" || op->attr_key == "virtual_thread") &&
        op->node.as<IterVarNode>()) {
      const IterVarNode* iv = op->node.as<IterVarNode>();
      ExprP var_doc;
      if (d_->IsDefined(iv->var.get())) {
        var_doc = d_->Expr(iv->var);
      } else if (d_->IsAncestorOfAllUses(op, iv->var.get())) {
        var_doc = StrDoc(iv->thread_tag);
        define_var = iv->var.get();
        define_var_ref = iv->var;
      } else {
        // Define the thread var with T.env_thread at its lowest common frame.
        Frame* f = d_->FindLowestVarDef(iv->var.get());
        if (!f) f = d_->Top();
        ExprP v = d_->DefineVar(iv->var, f);
        f->stmts.push_back(AssignDoc(v, d_->T("env_thread")->Call({StrDoc(iv->thread_tag)})));
        var_doc = d_->Expr(iv->var);
      }
      rhs = d_->T("launch_thread")->Call({var_doc, d_->Expr(op->value)});
    }
    if (!rhs) {
      ExprP node = d_->Any(op->node);
      rhs = d_->T("attr")->Call({node, StrDoc(op->attr_key), d_->Expr(op->value)});
    }
    FrameScope f(d_, op);
    if (define_var) lhs = d_->DefineVar(define_var_ref, f.get());
    d_->AsDocBody(op->body, f.get());
    return ConciseScoping(lhs, rhs, &f->stmts, concise);
  }

  ExprP AttrDict(const AttrMap& m) {
    std::vector<ExprP> keys, values;
    for (const auto& kv : m) {
      keys.push_back(StrDoc(kv.first));
      values.push_back(d_->Any(kv.second));
    }
    return DictDoc(keys, values);
  }

  Docsifier* d_;
};

}  // namespace

std::vector<StmtP> Docsifier::Stmt(const tir::Stmt& s) { return StmtPrinter(this).Print(s); }

void Docsifier::AsDocBody(const tir::Stmt& body, Frame* frame) {
  auto append = [frame](std::vector<StmtP> docs) {
    frame->stmts.insert(frame->stmts.end(), docs.begin(), docs.end());
  };
  if (const SeqStmtNode* seq = body.as<SeqStmtNode>()) {
    for (size_t i = 0; i < seq->seq.size(); ++i) {
      frame->allow_concise = (i + 1 == seq->seq.size());
      append(Stmt(seq->seq[i]));
    }
  } else {
    frame->allow_concise = true;
    append(Stmt(body));
  }
}

// ---------------------------------------------------------------------------------------
// Loops

std::vector<StmtP> PrintFor(Docsifier* d, const ForNode* loop) {
  // T.grid: a chain of plain serial loops from 0 whose extents do not use the chain's vars.
  std::vector<const ForNode*> grid;
  std::unordered_set<const Object*> grid_vars;
  for (const ForNode* l = loop; l != nullptr; l = l->body.as<ForNode>()) {
    if (l->kind != ForKind::kSerial || !is_zero(l->min) || !l->annotations.empty() ||
        UsesAnyVar(l->extent, grid_vars)) {
      break;
    }
    grid.push_back(l);
    grid_vars.insert(l->loop_var.get());
  }
  FrameScope f(d, loop);
  if (grid.size() > 1) {
    std::vector<ExprP> lhs, rhs;
    for (const ForNode* l : grid) {
      lhs.push_back(d->DefineVar(l->loop_var, f.get()));
      rhs.push_back(d->Expr(l->extent));
    }
    d->AsDocBody(grid.back()->body, f.get());
    return {ForDoc(TupleDoc(lhs), d->T("grid")->Call(rhs), f->stmts)};
  }
  ExprP lhs = d->DefineVar(loop->loop_var, f.get());
  ExprP mn, mx, annotations, thread;
  if (is_zero(loop->min)) {
    mx = d->Expr(loop->extent);
  } else {
    mn = d->Expr(loop->min);
    mx = d->Expr(tir::add(loop->min, loop->extent));
  }
  if (!loop->annotations.empty()) {
    std::vector<ExprP> keys, values;
    for (const auto& kv : loop->annotations) {
      keys.push_back(StrDoc(kv.first));
      values.push_back(d->Any(kv.second));
    }
    annotations = DictDoc(keys, values);
  }
  ExprP prefix;
  switch (loop->kind) {
    case ForKind::kSerial: prefix = loop->annotations.empty() ? IdDoc("range") : d->T("serial"); break;
    case ForKind::kParallel: prefix = d->T("parallel"); break;
    case ForKind::kUnrolled: prefix = d->T("unroll"); break;
    case ForKind::kVectorized: prefix = d->T("vectorized"); break;
    case ForKind::kThreadBinding:
      prefix = d->T("thread_binding");
      thread = StrDoc(loop->thread_binding ? (*loop->thread_binding)->thread_tag : "");
      break;
  }
  std::vector<ExprP> args;
  if (mn) args.push_back(mn);
  if (mx) args.push_back(mx);
  std::vector<std::string> keys;
  std::vector<ExprP> values;
  if (thread) {
    keys.push_back("thread");
    values.push_back(thread);
  }
  if (annotations) {
    keys.push_back("annotations");
    values.push_back(annotations);
  }
  ExprP rhs = prefix->Call(args, keys, values);
  d->AsDocBody(loop->body, f.get());
  return {ForDoc(lhs, rhs, f->stmts)};
}

// ---------------------------------------------------------------------------------------
// Blocks

namespace {

std::vector<StmtP> PrintBlock(Docsifier* d, const BlockNode* block, const BlockRealizeNode* realize) {
  FrameScope frame(d, block);
  // Loop vars of the enclosing loops (each loop frame plus the loops nested right inside it),
  // for recognising `T.axis.remap` bindings.
  std::unordered_map<const Object*, const ForNode*> loop_vars;
  for (Frame* f : d->frames) {
    if (!f->tir || f->tir->kind() != Kind::kFor) continue;
    for (const ForNode* l = static_cast<const ForNode*>(f->tir); l; l = l->body.as<ForNode>()) {
      loop_vars.emplace(l->loop_var.get(), l);
    }
  }
  std::vector<size_t> remap;
  auto try_remap = [&](size_t i) {
    if (!realize) return false;
    const IterVar& iv = block->iter_vars[i];
    const PrimExpr& value = realize->iter_values[i];
    if (iv->iter_type != IterVarType::kDataPar && iv->iter_type != IterVarType::kCommReduce) {
      return false;
    }
    const VarNode* v = value.as<VarNode>();
    if (!v) return false;
    auto it = loop_vars.find(v);
    if (it == loop_vars.end()) return false;
    if (!ExprDeepEqual(it->second->min, iv->dom->min) ||
        !ExprDeepEqual(it->second->extent, iv->dom->extent)) {
      return false;
    }
    remap.push_back(i);
    return true;
  };
  auto print_single = [&](size_t i) {
    const IterVar& iv = block->iter_vars[i];
    const char* axis = nullptr;
    switch (iv->iter_type) {
      case IterVarType::kDataPar: axis = "spatial"; break;
      case IterVarType::kCommReduce: axis = "reduce"; break;
      case IterVarType::kOrdered: axis = "scan"; break;
      case IterVarType::kOpaque: axis = "opaque"; break;
      default: TIRGEN_ICHECK(false) << "unknown block iter var type";
    }
    ExprP rhs = d->T("axis")->Attr(axis);
    ExprP dom;
    if (is_zero(iv->dom->min)) {
      dom = d->Expr(iv->dom->extent);
    } else {
      ExprP mn = d->Expr(iv->dom->min);
      ExprP mx = d->Expr(tir::add(iv->dom->min, iv->dom->extent));
      dom = TupleDoc({mn, mx});
    }
    if (realize) {
      ExprP binding = d->Expr(realize->iter_values[i]);
      rhs = rhs->Call({dom, binding});
    } else {
      rhs = rhs->Call({dom});
    }
    frame->stmts.push_back(AssignDoc(d->DefineVar(iv->var, frame.get()), rhs));
  };
  auto flush_remap = [&]() {
    if (remap.empty()) return;
    if (remap.size() == 1) {
      print_single(remap[0]);
      remap.clear();
      return;
    }
    std::vector<ExprP> lhs, loop_docs;
    std::string kinds;
    for (size_t i : remap) {
      const IterVar& iv = block->iter_vars[i];
      lhs.push_back(d->DefineVar(iv->var, frame.get()));
      loop_docs.push_back(d->Expr(realize->iter_values[i]));
      kinds += iv->iter_type == IterVarType::kDataPar ? "S" : "R";
    }
    ExprP rhs = d->T("axis")->Attr("remap")->Call({StrDoc(kinds), ListDoc(loop_docs)});
    frame->stmts.push_back(AssignDoc(TupleDoc(lhs), rhs));
    remap.clear();
  };
  for (size_t i = 0; i < block->iter_vars.size(); ++i) {
    if (!try_remap(i)) {
      flush_remap();
      print_single(i);
    }
  }
  flush_remap();
  if (realize && !is_one(realize->predicate)) {
    frame->stmts.push_back(ExprStmtDoc(d->T("where")->Call({d->Expr(realize->predicate)})));
  }
  {
    std::vector<ExprP> reads, writes;
    for (const BufferRegion& r : block->reads) reads.push_back(d->BufferRegionDoc(r));
    frame->stmts.push_back(ExprStmtDoc(d->T("reads")->Call(reads)));
    for (const BufferRegion& r : block->writes) writes.push_back(d->BufferRegionDoc(r));
    frame->stmts.push_back(ExprStmtDoc(d->T("writes")->Call(writes)));
  }
  if (!block->annotations.empty()) {
    std::vector<ExprP> keys, values;
    for (const auto& kv : block->annotations) {
      keys.push_back(StrDoc(kv.first));
      values.push_back(d->Any(kv.second));
    }
    frame->stmts.push_back(ExprStmtDoc(d->T("block_attr")->Call({DictDoc(keys, values)})));
  }
  for (const Buffer& buf : block->alloc_buffers) {
    ExprP lhs = d->DefineBuffer(buf, frame.get());
    ExprP rhs = d->BufferDecl(buf, "alloc_buffer", {}, frame.get(), BufferVarDef::kDataPointer);
    frame->stmts.push_back(AssignDoc(lhs, rhs));
  }
  for (const MatchBufferRegion& m : block->match_buffers) {
    ExprP lhs = d->DefineBuffer(m->buffer, d->Top());
    ExprP src = d->BufferRegionDoc(m->source);
    ExprP rhs = d->BufferDecl(m->buffer, "match_buffer", {src}, d->Top(), BufferVarDef::kMatchBuffer);
    frame->stmts.push_back(AssignDoc(lhs, rhs));
  }
  if (block->init) {
    FrameScope init_frame(d, block->init->get());
    d->AsDocBody(*block->init, init_frame.get());
    frame->stmts.push_back(ScopeDoc(nullptr, d->T("init")->Call({}), init_frame->stmts));
  }
  d->AsDocBody(block->body, frame.get());
  std::vector<std::string> keys;
  std::vector<ExprP> values;
  if (!realize) {
    keys.push_back("no_realize");
    values.push_back(BoolDoc(true));
  }
  return {ScopeDoc(nullptr, d->T("block")->Call({StrDoc(block->name_hint)}, keys, values),
                   frame->stmts)};
}

}  // namespace

std::vector<StmtP> PrintBlockRealize(Docsifier* d, const BlockRealizeNode* realize) {
  return PrintBlock(d, realize->block.get(), realize);
}

std::vector<StmtP> PrintBlockNoRealize(Docsifier* d, const BlockNode* block) {
  return PrintBlock(d, block, nullptr);
}

}  // namespace printer
}  // namespace script
}  // namespace tirgen

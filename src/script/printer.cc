// TVMScript printer entry points, names/frames bookkeeping, functions and modules.
#include "tirgen/script/printer.h"

#include <algorithm>
#include <cctype>

#include "printer_internal.h"
#include "tirgen/tir/functor.h"

namespace tirgen {
namespace script {
namespace printer {

using namespace tir;  // NOLINT

// ---------------------------------------------------------------------------------------
// Frames and names

FrameScope::FrameScope(Docsifier* d, const Object* tir, bool is_tir)
    : d_(d), frame_(std::make_unique<Frame>()) {
  frame_->tir = tir;
  frame_->is_tir = is_tir;
  d_->frames.push_back(frame_.get());
}

FrameScope::~FrameScope() {
  for (const Object* obj : frame_->defined) d_->Remove(obj);
  d_->frames.pop_back();
}

ExprP Docsifier::Define(const Object* obj, Frame* frame, const std::string& hint) {
  // Malformed IR can bind one object twice (TVM's printer aborts); keep the first name so
  // the printout still helps to debug it.
  if (ExprP existing = GetDoc(obj)) return existing;
  std::string base = hint;
  for (char& c : base) {
    if (c != '_' && !std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  std::string name = base;
  for (int i = 1; defined_names_.count(name); ++i) name = base + "_" + std::to_string(i);
  defined_names_.insert(name);
  info_[obj] = Info{[name]() { return IdDoc(name); }, name, true};
  frame->defined.push_back(obj);
  return IdDoc(name);
}

void Docsifier::DefineWithCreator(const Object* obj, Frame* frame, std::function<ExprP()> creator) {
  if (info_.count(obj)) return;  // bound twice (malformed IR): keep the first definition
  info_[obj] = Info{std::move(creator), "", false};
  frame->defined.push_back(obj);
}

ExprP Docsifier::GetDoc(const Object* obj) const {
  auto it = info_.find(obj);
  return it == info_.end() ? nullptr : it->second.creator();
}

void Docsifier::Remove(const Object* obj) {
  auto it = info_.find(obj);
  if (it == info_.end()) return;
  if (it->second.named) defined_names_.erase(it->second.name);
  info_.erase(it);
}

ExprP Docsifier::DefineVar(const Var& var, Frame* frame) {
  if (ExprP doc = GetDoc(var.get())) return doc;
  return Define(var.get(), frame, var->name_hint.empty() ? "v" : var->name_hint);
}

ExprP Docsifier::DefineBuffer(const Buffer& buffer, Frame* frame) {
  return Define(buffer.get(), frame, buffer->name.empty() ? "buffer" : buffer->name);
}

Frame* Docsifier::FindLowestVarDef(const Object* obj) {
  auto it = common_prefix_.find(obj);
  if (it == common_prefix_.end()) return nullptr;
  // Outer frames win when two frames share a statement (a then-branch that is a loop).
  std::unordered_map<const void*, Frame*> tir_to_frame;
  Frame* fallback = nullptr;
  for (int i = static_cast<int>(frames.size()) - 1; i >= 0; --i) {
    Frame* f = frames[i];
    if (!f->is_tir) continue;
    if (f->tir) {
      tir_to_frame[f->tir] = f;
    } else if (!fallback) {
      fallback = f;
    }
  }
  const std::vector<const void*>& path = it->second;
  for (auto p = path.rbegin(); p != path.rend(); ++p) {
    auto found = tir_to_frame.find(*p);
    if (found != tir_to_frame.end()) return found->second;
  }
  return fallback;
}

bool Docsifier::IsAncestorOfAllUses(const Object* stmt, const Object* obj) const {
  auto it = common_prefix_.find(obj);
  if (it == common_prefix_.end()) return false;
  return std::find(it->second.begin(), it->second.end(), stmt) != it->second.end();
}

// ---------------------------------------------------------------------------------------
// Common prefix of use paths (TVM's reflection order of fields, each node entered once)

namespace {

class PrefixVisitor {
 public:
  std::unordered_map<const Object*, std::vector<const void*>> prefix;

  void Visit(const ObjectRef& ref) { Visit(ref.get()); }

  void Visit(const Object* obj) {
    if (!obj) return;
    bool var_like = obj->kind() == Kind::kVar || obj->kind() == Kind::kSizeVar ||
                    obj->kind() == Kind::kBuffer;
    if (visited_.count(obj)) {
      if (var_like) Handle(obj);
      return;
    }
    visited_.insert(obj);
    stack_.push_back(obj);
    Children(obj);
    if (var_like) Handle(obj);
    stack_.pop_back();
  }

 private:
  // A field holding an array (or map) is an object of its own in TVM, hence a path element.
  template <class T>
  void Array(const void* field, const std::vector<T>& items) {
    stack_.push_back(field);
    for (const T& x : items) Visit(x);
    stack_.pop_back();
  }
  void Attrs(const AttrMap* m) {
    stack_.push_back(m);
    for (const auto& kv : *m) Visit(kv.second);
    stack_.pop_back();
  }

  void Handle(const Object* obj) {
    auto it = prefix.find(obj);
    if (it == prefix.end()) {
      prefix[obj] = stack_;
      return;
    }
    // Truncate at the first difference (as TVM does, a shorter path that agrees so far
    // leaves the recorded prefix as it was). Every node and field enters the stack at most
    // once, so an entry equal to the recorded one at the same depth means nothing below it
    // was popped since: agreement is a prefix property, found by binary search (a linear scan
    // made a 100k-term sum quadratic).
    std::vector<const void*>& a = it->second;
    size_t lo = 0, hi = std::min(a.size(), stack_.size());
    if (hi == 0 || a[hi - 1] == stack_[hi - 1]) return;
    while (lo + 1 < hi) {  // positions < lo agree, position hi - 1 differs
      size_t mid = lo + (hi - lo) / 2;
      if (a[mid - 1] == stack_[mid - 1]) lo = mid;
      else hi = mid;
    }
    a.resize(lo);
  }

  void Children(const Object* obj) {
    switch (obj->kind()) {
      case Kind::kArray: {
        for (const ObjectRef& x : static_cast<const ArrayNode*>(obj)->elements) Visit(x);
        break;
      }
      case Kind::kMap: {
        for (const auto& kv : static_cast<const MapNode*>(obj)->items) Visit(kv.second);
        break;
      }
      case Kind::kCast: Visit(static_cast<const CastNode*>(obj)->value); break;
      case Kind::kNot: Visit(static_cast<const NotNode*>(obj)->a); break;
      case Kind::kSelect: {
        auto* op = static_cast<const SelectNode*>(obj);
        Visit(op->condition);
        Visit(op->true_value);
        Visit(op->false_value);
        break;
      }
      case Kind::kBufferLoad: {
        auto* op = static_cast<const BufferLoadNode*>(obj);
        Visit(op->buffer);
        Array(&op->indices, op->indices);
        break;
      }
      case Kind::kProducerLoad: {
        auto* op = static_cast<const ProducerLoadNode*>(obj);
        Array(&op->indices, op->indices);
        break;
      }
      case Kind::kRamp: {
        auto* op = static_cast<const RampNode*>(obj);
        Visit(op->base);
        Visit(op->stride);
        break;
      }
      case Kind::kBroadcast: Visit(static_cast<const BroadcastNode*>(obj)->value); break;
      case Kind::kShuffle: {
        auto* op = static_cast<const ShuffleNode*>(obj);
        Array(&op->vectors, op->vectors);
        Array(&op->indices, op->indices);
        break;
      }
      case Kind::kLet: {
        auto* op = static_cast<const LetNode*>(obj);
        Visit(op->var);
        Visit(op->value);
        Visit(op->body);
        break;
      }
      case Kind::kCall: {
        auto* op = static_cast<const CallNode*>(obj);
        Array(&op->args, op->args);
        break;
      }
      case Kind::kReduce: {
        auto* op = static_cast<const ReduceNode*>(obj);
        Visit(op->combiner);
        Array(&op->source, op->source);
        Array(&op->init, op->init);
        Array(&op->axis, op->axis);
        Visit(op->condition);
        break;
      }
      case Kind::kCommReducer: {
        auto* op = static_cast<const CommReducerNode*>(obj);
        Array(&op->lhs, op->lhs);
        Array(&op->rhs, op->rhs);
        Array(&op->result, op->result);
        Array(&op->identity_element, op->identity_element);
        break;
      }
      case Kind::kLetStmt: {
        auto* op = static_cast<const LetStmtNode*>(obj);
        Visit(op->var);
        Visit(op->value);
        Visit(op->body);
        break;
      }
      case Kind::kAttrStmt: {
        auto* op = static_cast<const AttrStmtNode*>(obj);
        Visit(op->node);
        Visit(op->value);
        Visit(op->body);
        break;
      }
      case Kind::kAssertStmt: {
        auto* op = static_cast<const AssertStmtNode*>(obj);
        Visit(op->condition);
        Visit(op->message);
        Visit(op->body);
        break;
      }
      case Kind::kBufferStore: {
        auto* op = static_cast<const BufferStoreNode*>(obj);
        Visit(op->buffer);
        Visit(op->value);
        Array(&op->indices, op->indices);
        break;
      }
      case Kind::kAllocate: {
        auto* op = static_cast<const AllocateNode*>(obj);
        Visit(op->buffer_var);
        Array(&op->extents, op->extents);
        Visit(op->condition);
        Visit(op->body);
        Attrs(&op->annotations);
        break;
      }
      case Kind::kAllocateConst: {
        auto* op = static_cast<const AllocateConstNode*>(obj);
        Visit(op->buffer_var);
        Array(&op->extents, op->extents);
        Visit(op->body);
        Attrs(&op->annotations);
        break;
      }
      case Kind::kDeclBuffer: {
        auto* op = static_cast<const DeclBufferNode*>(obj);
        Visit(op->buffer);
        Visit(op->body);
        break;
      }
      case Kind::kSeqStmt: {
        auto* op = static_cast<const SeqStmtNode*>(obj);
        Array(&op->seq, op->seq);
        break;
      }
      case Kind::kIfThenElse: {
        auto* op = static_cast<const IfThenElseNode*>(obj);
        Visit(op->condition);
        Visit(op->then_case);
        Visit(op->else_case);
        break;
      }
      case Kind::kEvaluate: Visit(static_cast<const EvaluateNode*>(obj)->value); break;
      case Kind::kFor: {
        auto* op = static_cast<const ForNode*>(obj);
        Visit(op->loop_var);
        Visit(op->min);
        Visit(op->extent);
        Visit(op->body);
        if (op->thread_binding) Visit(*op->thread_binding);
        Attrs(&op->annotations);
        break;
      }
      case Kind::kWhile: {
        auto* op = static_cast<const WhileNode*>(obj);
        Visit(op->condition);
        Visit(op->body);
        break;
      }
      case Kind::kBlock: {
        auto* op = static_cast<const BlockNode*>(obj);
        Array(&op->iter_vars, op->iter_vars);
        Array(&op->reads, op->reads);
        Array(&op->writes, op->writes);
        Visit(op->body);
        if (op->init) Visit(*op->init);
        Array(&op->alloc_buffers, op->alloc_buffers);
        Array(&op->match_buffers, op->match_buffers);
        Attrs(&op->annotations);
        break;
      }
      case Kind::kBlockRealize: {
        auto* op = static_cast<const BlockRealizeNode*>(obj);
        Array(&op->iter_values, op->iter_values);
        Visit(op->predicate);
        Visit(op->block);
        break;
      }
      case Kind::kBufferRealize: {
        auto* op = static_cast<const BufferRealizeNode*>(obj);
        Visit(op->buffer);
        Array(&op->bounds, op->bounds);
        Visit(op->condition);
        Visit(op->body);
        break;
      }
      case Kind::kRange: {
        auto* op = static_cast<const RangeNode*>(obj);
        Visit(op->min);
        Visit(op->extent);
        break;
      }
      case Kind::kIterVar: {
        auto* op = static_cast<const IterVarNode*>(obj);
        Visit(op->dom);
        Visit(op->var);
        break;
      }
      case Kind::kBuffer: {
        auto* op = static_cast<const BufferNode*>(obj);
        Visit(op->data);
        Array(&op->shape, op->shape);
        Array(&op->strides, op->strides);
        Array(&op->axis_separators, op->axis_separators);
        Visit(op->elem_offset);
        break;
      }
      case Kind::kBufferRegion: {
        auto* op = static_cast<const BufferRegionNode*>(obj);
        Visit(op->buffer);
        Array(&op->region, op->region);
        break;
      }
      case Kind::kMatchBufferRegion: {
        auto* op = static_cast<const MatchBufferRegionNode*>(obj);
        Visit(op->buffer);
        Visit(op->source);
        break;
      }
      case Kind::kPrimFunc: {
        auto* op = static_cast<const PrimFuncNode*>(obj);
        Array(&op->params, op->params);
        Visit(op->body);
        stack_.push_back(&op->buffer_map);
        for (const auto& kv : op->buffer_map) {
          Visit(kv.first);
          Visit(kv.second);
        }
        stack_.pop_back();
        stack_.push_back(&op->ret_type);  // DictAttrs wraps the attribute map: two levels
        Attrs(&op->attrs);
        stack_.pop_back();
        break;
      }
      default:
        if (IsBinaryKind(obj->kind())) {
          auto* op = static_cast<const BinaryNode*>(obj);
          Visit(op->a);
          Visit(op->b);
        }
        break;
    }
  }

  std::vector<const void*> stack_;
  std::unordered_set<const Object*> visited_;
};

}  // namespace

void Docsifier::SetCommonPrefix(const ObjectRef& root) {
  PrefixVisitor v;
  v.Visit(root);
  common_prefix_ = std::move(v.prefix);
}

// ---------------------------------------------------------------------------------------
// Functions

namespace {

// Counts occurrences of one var the way TVM's printer does (expression uses, plus the fields
// of buffers that are loaded, stored or declared).
class OccurrenceCounter : public StmtExprVisitor {
 public:
  explicit OccurrenceCounter(const VarNode* v) : v_(v) {}
  int count = 0;
  void VisitExpr_(const VarNode* op) override {
    if (op == v_) ++count;
  }
  void VisitStmt_(const BufferStoreNode* op) override {
    VisitFields(op->buffer);
    StmtExprVisitor::VisitStmt_(op);
  }
  void VisitExpr_(const BufferLoadNode* op) override {
    VisitFields(op->buffer);
    StmtExprVisitor::VisitExpr_(op);
  }
  void VisitStmt_(const DeclBufferNode* op) override {
    VisitFields(op->buffer);
    StmtExprVisitor::VisitStmt_(op);
  }
  void VisitFields(const Buffer& b) {
    VisitExpr(b->data);
    for (const PrimExpr& e : b->shape) VisitExpr(e);
    for (const PrimExpr& e : b->strides) VisitExpr(e);
    if (b->elem_offset.defined()) VisitExpr(b->elem_offset);
  }

 private:
  const VarNode* v_;
};

int CountVarOccurrence(const PrimFuncNode* f, const Var& v) {
  OccurrenceCounter c(v.get());
  c.VisitStmt(f->body);
  for (const Var& p : f->params) c.VisitExpr(p);
  for (const auto& kv : f->buffer_map) {
    c.VisitExpr(kv.first);
    c.VisitFields(kv.second);
  }
  return c.count;
}

bool IsSimpleBuffer(const Buffer& buf) {
  if (!buf->strides.empty()) return false;
  for (const PrimExpr& e : buf->shape) {
    if (HasVar(e)) return false;
  }
  if (buf->elem_offset.defined()) {
    if (HasVar(buf->elem_offset)) return false;
    if (const IntImmNode* imm = buf->elem_offset.as<IntImmNode>()) {
      if (imm->value != 0) return false;
    }
  }
  return buf->scope() == "global" && buf->data_alignment == 64 && buf->offset_factor == 1 &&
         buf->buffer_type == BufferType::kDefault && buf->axis_separators.empty();
}

bool ContainsBlockRealize(const tir::Stmt& s) {
  class Finder : public StmtExprVisitor {
   public:
    bool found = false;
    void VisitStmt_(const BlockRealizeNode* op) override { found = true; }
  } finder;
  finder.VisitStmt(s);
  return finder.found;
}

// The root block printed as a comment: no bindings, annotations, regions or init, and it
// allocates buffers or holds other blocks.
const BlockNode* ImplicitRootBlock(const PrimFuncNode* f) {
  const BlockRealizeNode* realize = f->body.as<BlockRealizeNode>();
  if (!realize || !realize->iter_values.empty() || !is_one(realize->predicate)) return nullptr;
  const BlockNode* root = realize->block.get();
  if (!root->annotations.empty() || !root->match_buffers.empty() || !root->reads.empty() ||
      !root->writes.empty() || root->init) {
    return nullptr;
  }
  const BlockRealizeNode* inner = root->body.as<BlockRealizeNode>();
  if (!root->alloc_buffers.empty() || (inner && !inner->block->iter_vars.empty()) ||
      (!inner && ContainsBlockRealize(root->body))) {
    return root;
  }
  return nullptr;
}

}  // namespace

StmtP Docsifier::PrimFunc(const tir::PrimFunc& func, const std::string& binding_name) {
  const PrimFuncNode* fn = func.get();
  FrameScope f(this, fn);
  std::string func_name = binding_name;
  auto gs = fn->attrs.find("global_symbol");
  if (func_name.empty() && gs != fn->attrs.end() && gs->second.as<StringObj>()) {
    func_name = gs->second.as<StringObj>()->value;
  }
  if (func_name.empty()) func_name = "main";
  SetCommonPrefix(func);

  std::unordered_map<const Object*, int> data_counter;
  for (const auto& kv : fn->buffer_map) ++data_counter[kv.second->data.get()];
  // Step 1: parameters; a buffer param is inlined as `p: T.Buffer(...)` when nothing else
  // refers to its handle and the buffer is plain.
  std::vector<StmtP> args;
  std::vector<ExprP> param_docs;
  std::unordered_set<const Object*> inlined;
  for (const Var& var : fn->params) {
    const Buffer* buf = fn->BufferOf(var);
    if (buf && CountVarOccurrence(fn, var) == 2 && IsSimpleBuffer(*buf) &&
        data_counter[(*buf)->data.get()] == 1) {
      ExprP lhs = DefineBuffer(*buf, f.get());
      ExprP annotation = BufferAnnotation(*buf, f.get());
      args.push_back(AssignDoc(lhs, nullptr, annotation));
      param_docs.push_back(lhs);
      inlined.insert(buf->get());
      continue;
    }
    ExprP annotation = TypeAnnotation(var);
    ExprP lhs = DefineVar(var, f.get());
    args.push_back(AssignDoc(lhs, nullptr, annotation));
    param_docs.push_back(lhs);
  }
  // Step 2: attributes (global_symbol is implied when it equals the printed name).
  if (!fn->attrs.empty()) {
    std::vector<ExprP> keys, values;
    bool hide_symbol = gs != fn->attrs.end() && gs->second.as<StringObj>() &&
                       gs->second.as<StringObj>()->value == func_name;
    for (const auto& kv : fn->attrs) {
      if (hide_symbol && kv.first == "global_symbol") continue;
      keys.push_back(StrDoc(kv.first));
      values.push_back(Any(kv.second));
    }
    if (!keys.empty()) {
      f->stmts.push_back(ExprStmtDoc(T("func_attr")->Call({DictDoc(keys, values)})));
    }
  }
  // Step 3: buffers of the remaining buffer params.
  for (size_t i = 0; i < fn->params.size(); ++i) {
    const Buffer* buf = fn->BufferOf(fn->params[i]);
    if (!buf || inlined.count(buf->get())) continue;
    ExprP lhs = DefineBuffer(*buf, f.get());
    ExprP rhs = BufferDecl(*buf, "match_buffer", {param_docs[i]}, f.get(), BufferVarDef::kMatchBuffer);
    f->stmts.push_back(AssignDoc(lhs, rhs));
  }
  // Step 4: body, with the root block implicit when possible.
  if (const BlockNode* root = ImplicitRootBlock(fn)) {
    f->stmts.push_back(CommentDoc("with T.block(\"root\"):"));
    for (const Buffer& buf : root->alloc_buffers) {
      ExprP lhs = DefineBuffer(buf, f.get());
      ExprP rhs = BufferDecl(buf, "alloc_buffer", {}, f.get(), BufferVarDef::kDataPointer);
      f->stmts.push_back(AssignDoc(lhs, rhs));
    }
    AsDocBody(root->body, f.get());
  } else {
    AsDocBody(fn->body, f.get());
  }
  auto doc = std::make_shared<StmtDoc>(StmtDoc::kFunction);
  doc->name = func_name;
  doc->args = std::move(args);
  if (!fn->ret_type.is_void()) doc->return_type = T(fn->ret_type.str());
  ExprP decorator = T("prim_func");
  if (gs == fn->attrs.end()) decorator = decorator->Call({}, {"private"}, {BoolDoc(true)});
  doc->decorators = {decorator};
  doc->body = f->stmts;
  return doc;
}

std::vector<StmtP> Docsifier::Module(const IRModule& mod) {
  // TVM's order: other functions by name, then "main" last.
  std::vector<std::pair<std::string, ObjectRef>> funcs(mod->functions.begin(), mod->functions.end());
  std::stable_sort(funcs.begin(), funcs.end(), [](const auto& a, const auto& b) {
    bool am = a.first == "main", bm = b.first == "main";
    if (am != bm) return bm;
    return a.first < b.first;
  });
  FrameScope f(this, nullptr, /*is_tir=*/false);
  ExprP module_doc = Define(mod.get(), f.get(), "Module");
  if (!mod->attrs.empty()) {
    std::vector<ExprP> keys, values;
    for (const auto& kv : mod->attrs) {
      keys.push_back(StrDoc(kv.first));
      values.push_back(Any(kv.second));
    }
    f->stmts.push_back(ExprStmtDoc(I("module_attrs")->Call({DictDoc(keys, values)})));
  }
  for (const auto& kv : funcs) {
    TIRGEN_ICHECK(kv.second.as<PrimFuncNode>())
        << "cannot print function " << kv.first << " of kind " << KindName(kv.second.kind());
    f->stmts.push_back(PrimFunc(kv.second.cast<tir::PrimFunc>(), kv.first));
  }
  auto cls = std::make_shared<StmtDoc>(StmtDoc::kClass);
  cls->name = module_doc->text;
  cls->decorators = {I("ir_module")};
  cls->body = f->stmts;
  return {cls};
}

namespace {

// The import comments TVM puts above a printed function or module.
std::vector<StmtP> WithHeader(const Docsifier& d, std::vector<StmtP> body) {
  std::vector<StmtP> out;
  if (d.ir_usage.count("ir")) out.push_back(CommentDoc("from tvm.script import ir as I"));
  if (d.ir_usage.count("tir")) out.push_back(CommentDoc("from tvm.script import tir as T"));
  if (!out.empty()) out.push_back(CommentDoc(""));
  out.insert(out.end(), body.begin(), body.end());
  return out;
}

}  // namespace

}  // namespace printer

namespace {

// Renders `obj` into `out` (the caller finishes it); false for a Stmt or PrimExpr, which
// print through PrintStmt / PrintExpr instead.
bool RenderTo(const ObjectRef& obj, printer::TextOut* out) {
  using printer::Docsifier;
  TIRGEN_ICHECK(obj.defined()) << "cannot print an undefined object";
  Docsifier d;
  std::vector<printer::StmtP> docs;
  if (obj.as<tir::PrimFuncNode>()) {
    // Like TVM's repr printer: an outer fallback frame for anything without a better home.
    printer::FrameScope fallback(&d, nullptr);
    std::vector<printer::StmtP> body{d.PrimFunc(obj.cast<tir::PrimFunc>(), "")};
    docs = fallback->stmts;
    std::vector<printer::StmtP> wrapped = printer::WithHeader(d, body);
    docs.insert(docs.end(), wrapped.begin(), wrapped.end());
  } else if (obj.as<IRModuleNode>()) {
    std::vector<printer::StmtP> body = d.Module(obj.cast<IRModule>());
    docs = printer::WithHeader(d, body);
  } else if (obj.as<tir::StmtNode>() || obj.as<tir::PrimExprNode>()) {
    return false;
  } else {
    TIRGEN_ICHECK(false) << "Print expects a PrimFunc or IRModule, got " << KindName(obj.kind());
  }
  printer::RenderPython(docs, out);
  return true;
}

}  // namespace

std::string Print(const ObjectRef& obj) {
  printer::TextOut out;
  if (!RenderTo(obj, &out)) {
    if (obj.as<tir::StmtNode>()) return PrintStmt(obj.cast<tir::Stmt>());
    return PrintExpr(obj.cast<tir::PrimExpr>()) + "\n";
  }
  std::string text = out.Finish();
  text += '\n';
  return text;
}

void Print(const ObjectRef& obj, const std::function<void(std::string_view)>& write) {
  printer::TextOut out(write);
  if (!RenderTo(obj, &out)) {
    write(Print(obj));
    return;
  }
  out.Finish();
  write("\n");
}

std::string PrintExpr(const tir::PrimExpr& expr) {
  printer::Docsifier d;
  printer::FrameScope fallback(&d, nullptr);
  d.SetCommonPrefix(expr);
  return printer::RenderPython(d.Expr(expr));
}

std::string PrintStmt(const tir::Stmt& stmt) {
  printer::Docsifier d;
  printer::FrameScope fallback(&d, nullptr);
  d.SetCommonPrefix(stmt);
  std::vector<printer::StmtP> docs = d.Stmt(stmt);
  std::vector<printer::StmtP> all = fallback->stmts;
  all.insert(all.end(), docs.begin(), docs.end());
  return printer::RenderPython(all) + "\n";
}

}  // namespace script
}  // namespace tirgen

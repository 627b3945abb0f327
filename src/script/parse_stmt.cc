// Statements, frames, blocks, functions and modules (see parser_impl.h).
#include "parser_impl.h"
#include "tir_ops.h"
#include "tirgen/ir/module.h"
#include "tirgen/script/parser.h"
#include "tirgen/tir/analysis/block_access_region.h"
#include "tirgen/tir/analysis/block_read_write_region.h"
#include "tirgen/tir/functor.h"

namespace tirgen {
namespace script {

using namespace tir;  // NOLINT

// Names are given to nodes when they are bound (TVM's IRBuilder Namer mutates them too). The
// nodes were created by this parse and are not shared yet, so renaming is safe.
void RenameVar(const Var& v, const std::string& name) {
  const_cast<VarNode*>(v.get())->name_hint = name;
}
void RenameBuffer(const Buffer& b, const std::string& name, bool rename_data) {
  BufferNode* n = const_cast<BufferNode*>(b.get());
  n->name = name;
  if (rename_data) RenameVar(n->data, name);
  for (size_t i = 0; i < n->strides.size(); ++i) {
    if (const VarNode* v = n->strides[i].as<VarNode>()) {
      if (v->name_hint.empty()) const_cast<VarNode*>(v)->name_hint = name + "_s" + std::to_string(i);
    }
  }
}

Parser::Parser(std::string_view text, const std::string& filename) {
  sources_.push_back(std::make_unique<Source>(text, filename));
  src_ = sources_.back().get();
  toks_ = Tokenize(*src_);
}

// A stamped value's items are stamped too (they are stamped together, and values are not
// changed once made), so a stamped value is returned as it is.
Value Parser::Stamped(Value v) const {
  if (v.src) return v;
  v.src = src_;
  if (v.items) {
    auto items = std::make_shared<std::vector<Value>>();
    items->reserve(v.items->size());
    for (const Value& e : *v.items) items->push_back(Stamped(e));
    v.items = std::move(items);
  }
  return v;
}

void Parser::Define(const std::string& name, Value v) { scopes_.back()[name] = Stamped(std::move(v)); }

BlockState* Parser::FindBlock(int line, int col, const char* fname) {
  for (auto it = ctx_.rbegin(); it != ctx_.rend(); ++it)
    if (it->k == Ctx::K::kBlock) return it->block;
  Fail(line, col, std::string(fname) + "() must be called inside a T.block");
}
BlockState* Parser::LastBlock() const {
  return !ctx_.empty() && ctx_.back().k == Ctx::K::kBlock ? ctx_.back().block : nullptr;
}
FuncState* Parser::TopFunc(int line, int col, const char* fname) {
  if (!ctx_.empty() && ctx_.back().k == Ctx::K::kFunc) return ctx_.back().func;
  Fail(line, col, std::string(fname) + "() must be called at the top level of the function body");
}
FuncState* Parser::AnyFunc() const {
  for (auto it = ctx_.rbegin(); it != ctx_.rend(); ++it)
    if (it->k == Ctx::K::kFunc) return it->func;
  return nullptr;
}

void Parser::EndLine() {
  const Token& t = Peek();
  if (t.kind == Tok::kNewline) {
    Next();
    return;
  }
  if (t.kind == Tok::kDedent || t.kind == Tok::kEnd) return;
  Fail(t, "expected end of line, found " + Describe(t));
}

std::vector<Stmt> Parser::ParseSuite(const char* what) {
  ExpectOp(":", what);
  std::vector<Stmt> out;
  if (Peek().kind != Tok::kNewline) {  // `if c: stmt` on one line
    ParseStatement(&out);
    return out;
  }
  Next();
  if (Peek().kind != Tok::kIndent) Fail(Peek(), "expected an indented block, found " + Describe(Peek()));
  Next();
  ParseStatements(&out);
  if (Peek().kind == Tok::kDedent) Next();
  return out;
}

void Parser::ParseStatements(std::vector<Stmt>* out) {
  while (Peek().kind != Tok::kDedent && Peek().kind != Tok::kEnd) ParseStatement(out);
}

void Parser::ParseStatement(std::vector<Stmt>* out) {
  const Token& t = Peek();
  DepthGuard g(this, t);
  if (t.kind == Tok::kIndent) Fail(t, "unexpected indent");
  if (t.kind == Tok::kNewline) {
    Next();
    return;
  }
  if (t.kind == Tok::kName) {
    if (t.text == "for") return ParseFor(out);
    if (t.text == "with") return ParseWith(out);
    if (t.text == "if") return ParseIf(out, t);
    if (t.text == "while") {
      Next();
      PrimExpr cond = ToExpr(ParseExpr(), "a loop condition");
      if (!cond.dtype().is_bool()) Fail(t, "while condition must be boolean, got " + cond.dtype().str());
      PushScope();
      ctx_.push_back({Ctx::K::kOther});
      std::vector<Stmt> body = ParseSuite("after the while condition");
      ctx_.pop_back();
      PopScope();
      out->push_back(While(cond, SeqStmt::Flatten(body)));
      return;
    }
    if (t.text == "assert") {
      Next();
      Value c = ParseExpr();
      auto f = std::make_shared<FrameSpec>();
      f->k = FrameSpec::K::kAssert;
      f->condition = ToExpr(c, "an assertion condition");
      std::string msg;
      if (AcceptOp(",")) msg = ToStr(ParseExpr(), "an assertion message");
      f->value = StringImm(msg);
      EndLine();
      ParseRestInto(out, {f});
      return;
    }
    if (t.text == "pass") {
      Next();
      EndLine();
      return;
    }
    if (t.text == "return") Fail(t, "return statements are not allowed in a TIR function");
    if (t.text == "def" || t.text == "class") Fail(t, "nested definitions are not supported");
    if (t.text == "elif" || t.text == "else") Fail(t, "'" + std::string(t.text) + "' without a matching 'if'");
    if (t.text == "break" || t.text == "continue" || t.text == "del" || t.text == "import" ||
        t.text == "from" || t.text == "global" || t.text == "try" || t.text == "raise")
      Fail(t, "'" + std::string(t.text) + "' statements are not supported in TVMScript");
  }
  if (t.IsOp("@")) Fail(t, "decorators are only allowed on top-level functions and classes");
  ParseSimple(out);
}

// ---------------------------------------------------------------------------------------------
// Assignments and expression statements

void Parser::ParseSimple(std::vector<Stmt>* out) {
  const Token& first = Peek();
  // Find a top-level '=', ':' (annotation) or augmented assignment on this line.
  size_t eq = 0, colon = 0, aug = 0;
  int depth = 0;
  for (size_t i = pos_; i < toks_.size() && toks_[i].kind != Tok::kNewline && toks_[i].kind != Tok::kEnd; ++i) {
    const Token& t = toks_[i];
    if (t.kind != Tok::kOp) continue;
    if (t.text == "(" || t.text == "[" || t.text == "{") ++depth;
    else if (t.text == ")" || t.text == "]" || t.text == "}") --depth;
    else if (depth == 0) {
      if (t.text == "=" && !eq) eq = i;
      else if (t.text == ":" && !colon && !eq) colon = i;
      else if (!aug && !eq && t.text.size() >= 2 && t.text.back() == '=' && t.text != "==" &&
               t.text != "!=" && t.text != "<=" && t.text != ">=")
        aug = i;
    }
  }
  if (colon && (!eq || colon < eq)) {
    // v: T.int32 = value  (LetStmt with an annotated variable)
    const Token& name = ExpectName("a variable name before ':'");
    ExpectOp(":", "after the variable name");
    Value ann = ParseExpr();
    if (ann.k == Value::K::kFunc) {
      CallArgs ca;
      ca.fname = ann.s;
      ca.line = ann.line;
      ca.col = ann.col;
      ann = CallBuiltin(ca);
    }
    if (ann.k != Value::K::kExpr || !ann.obj.as<VarNode>() || !ann.obj.as<VarNode>()->name_hint.empty())
      Fail(ann, "a variable annotation must be a type such as T.int32 or T.handle(\"float32\")");
    ExpectOp("=", "after the annotation (a bare annotation declares nothing)");
    Value val = ParseExpr();
    EndLine();
    Var var = ann.obj.cast<Var>();
    PrimExpr value = val.IsNumber() ? ToExprLike(val, var.dtype()) : ToExpr(val, "a value");
    if (value.dtype() != var.dtype())
      Fail(val, "value of type " + value.dtype().str() + " assigned to '" + std::string(name.text) +
                    "' declared as " + var.dtype().str());
    RenameVar(var, std::string(name.text));
    Define(std::string(name.text), MakeExpr(var, name.line, name.col));
    auto f = std::make_shared<FrameSpec>();
    f->k = FrameSpec::K::kLet;
    f->var = var;
    f->value = value;
    ParseRestInto(out, {f});
    return;
  }
  size_t target_end = eq ? eq : aug;
  if (target_end) {
    // Targets: names (possibly a tuple), or one buffer element `A[i, j]`.
    std::vector<const Token*> names;
    bool all_names = true;
    for (size_t i = pos_; i < target_end; ++i) {
      const Token& t = toks_[i];
      if (t.kind == Tok::kName) names.push_back(&t);
      else if (!(t.IsOp(",") || t.IsOp("(") || t.IsOp(")") || t.IsOp("[") || t.IsOp("]"))) all_names = false;
    }
    if (all_names && !names.empty() && !(toks_[pos_].kind == Tok::kName && toks_[pos_ + 1].IsOp("["))) {
      pos_ = target_end;
      const Token& op = Next();
      if (aug) {
        if (names.size() != 1) Fail(op, "augmented assignment needs a single target");
        Value cur = LookupName(*names[0]);
        Value rhs = ParseExpr();
        EndLine();
        std::string bop(op.text.substr(0, op.text.size() - 1));
        BindNames(names, BinaryOp(bop, cur, rhs, op), op, out);
        return;
      }
      Value rhs = ParseExprList();
      EndLine();
      BindNames(names, rhs, op, out);
      return;
    }
    // Buffer element store.
    Value base = ParseAtom();
    std::vector<Value> indices;
    bool store = false;
    while (pos_ < target_end) {
      const Token& t = Peek();
      if (t.IsOp(".")) {
        Next();
        base = Attribute(base, ExpectName("an attribute name"));
      } else if (t.IsOp("(")) {
        base = ParseCall(base);
      } else if (t.IsOp("[")) {
        size_t save = pos_;
        Value v = ParseSubscript(base, false, nullptr);
        if (pos_ == target_end) {
          pos_ = save;
          ParseSubscript(base, true, &indices);
          store = true;
        } else {
          base = v;
        }
      } else {
        break;
      }
    }
    if (!store || pos_ != target_end) Fail(first, "cannot assign to this expression");
    const Token& op = Next();
    Value rhs = ParseExpr();
    EndLine();
    if (aug) {
      std::string bop(op.text.substr(0, op.text.size() - 1));
      // Re-read the element as the left operand.
      Buffer buf = base.obj.cast<Buffer>();
      std::vector<PrimExpr> idx;
      for (const Value& v : indices) idx.push_back(ToExpr(v, "an index"));
      Value cur = MakeExpr(BufferLoad(buf, idx), first.line, first.col);
      rhs = BinaryOp(bop, cur, rhs, op);
    }
    BufferStore(base, indices, rhs, op, out);
    return;
  }
  // Expression statement.
  std::vector<Stmt>* saved = emit_;
  emit_ = out;
  Value v = ParseExprList();
  emit_ = saved;
  EndLine();
  switch (v.k) {
    case Value::K::kNone:
    case Value::K::kStr:  // docstrings
      return;
    case Value::K::kFrame: {
      auto k = v.frame->k;
      if (k == FrameSpec::K::kFor) Fail(v, "a loop frame must be used in a `for ... in ...:` statement");
      if (k == FrameSpec::K::kBlock || k == FrameSpec::K::kInit)
        Fail(v, "T.block / T.init must be used in a `with ...:` statement");
      ParseRestInto(out, {v.frame});
      return;
    }
    case Value::K::kExpr:
    case Value::K::kRegion:
      out->push_back(Evaluate(ToExpr(v)));
      return;
    case Value::K::kInt:
      out->push_back(Evaluate(IntImm(DataType::Int(32), v.i)));
      return;
    case Value::K::kBool:
      out->push_back(Evaluate(IntImm(DataType::Bool(), v.i)));
      return;
    default:
      Fail(v, "this expression is not a statement");
  }
}

void Parser::BindOne(const Token& name_tok, const Value& v,
                     std::vector<std::shared_ptr<FrameSpec>>* frames) {
  std::string name(name_tok.text);
  if (name == "T" || name == "I") Fail(name_tok, "cannot rebind '" + name + "'");
  switch (v.k) {
    case Value::K::kFrame: {
      FrameSpec& f = *v.frame;
      switch (f.k) {
        case FrameSpec::K::kAllocate:
        case FrameSpec::K::kAllocateConst:
          RenameVar(f.var, name);
          Define(name, MakeExpr(f.var, name_tok.line, name_tok.col));
          break;
        case FrameSpec::K::kLet:
        case FrameSpec::K::kAttr:  // T.launch_thread binds its thread var
          if (!f.var.defined()) Fail(v, "this call cannot be assigned to a name");
          if (f.var->name_hint.empty()) RenameVar(f.var, name);
          Define(name, MakeExpr(f.var, name_tok.line, name_tok.col));
          break;
        case FrameSpec::K::kDeclBuffer: {
          RenameBuffer(f.buffer, name, !f.allocated);
          Value b;
          b.k = Value::K::kBuffer;
          b.obj = f.buffer;
          Define(name, b);
          break;
        }
        default:
          Fail(v, "this call cannot be assigned to a name");
      }
      frames->push_back(v.frame);
      return;
    }
    case Value::K::kBuffer: {
      Buffer b = v.obj.cast<Buffer>();
      if (b->name.empty()) RenameBuffer(b, name, b->data->name_hint.empty());
      Define(name, v);
      return;
    }
    case Value::K::kExpr:
      if (const VarNode* var = v.obj.as<VarNode>()) {
        if (var->name_hint.empty()) {  // a fresh block var / typed var
          RenameVar(v.obj.cast<Var>(), name);
          Define(name, v);
          return;
        }
      }
      [[fallthrough]];
    case Value::K::kInt:
    case Value::K::kFloat:
    case Value::K::kBool:
    case Value::K::kRegion: {
      PrimExpr e = ToExpr(v, "a value");
      auto f = std::make_shared<FrameSpec>();
      f->k = FrameSpec::K::kLet;
      f->var = Var(name, e.dtype());
      f->value = e;
      Define(name, MakeExpr(f->var, name_tok.line, name_tok.col));
      frames->push_back(f);
      return;
    }
    case Value::K::kList:
    case Value::K::kTuple: {
      // Fresh values inside get suffixed names (x_0, x_1, ...), as TVM does.
      for (size_t i = 0; i < v.items->size(); ++i) {
        const Value& e = (*v.items)[i];
        if (e.k == Value::K::kExpr && e.obj.as<VarNode>() && e.obj.as<VarNode>()->name_hint.empty())
          RenameVar(e.obj.cast<Var>(), name + "_" + std::to_string(i));
      }
      Define(name, v);
      return;
    }
    default:
      Define(name, v);  // Python-level values (strings, dicts, functions) are plain aliases
      return;
  }
}

void Parser::BindNames(const std::vector<const Token*>& names, const Value& v, const Token& at,
                       std::vector<Stmt>* out) {
  std::vector<std::shared_ptr<FrameSpec>> frames;
  if (names.size() == 1) {
    BindOne(*names[0], v, &frames);
  } else {
    if (!v.IsSeq()) Fail(at, "cannot unpack a single value into " + std::to_string(names.size()) + " names");
    std::vector<Value> items = ToList(v, "values");
    if (items.size() != names.size())
      Fail(at, "cannot unpack " + std::to_string(items.size()) + " values into " +
                   std::to_string(names.size()) + " names");
    for (size_t i = 0; i < names.size(); ++i) BindOne(*names[i], items[i], &frames);
  }
  if (!frames.empty()) ParseRestInto(out, frames);
}

void Parser::ParseRestInto(std::vector<Stmt>* out, const std::vector<std::shared_ptr<FrameSpec>>& frames) {
  std::vector<Stmt> rest;
  ctx_.push_back({Ctx::K::kOther});
  ParseStatements(&rest);
  ctx_.pop_back();
  Stmt body = SeqStmt::Flatten(rest);
  for (auto it = frames.rbegin(); it != frames.rend(); ++it) body = WrapFrame(**it, body);
  out->push_back(body);
}

Stmt Parser::WrapFrame(const FrameSpec& f, Stmt body) {
  switch (f.k) {
    case FrameSpec::K::kAllocate:
      return Allocate(f.var, f.dtype, f.extents, f.condition, body, f.annotations);
    case FrameSpec::K::kAllocateConst:
      return AllocateConst(f.var, f.dtype, f.extents, f.data, body, f.annotations);
    case FrameSpec::K::kDeclBuffer:
      if (f.allocated) return DeclBuffer(f.buffer, body);
      return Allocate(f.buffer->data, f.buffer->dtype, f.buffer->shape,
                      IntImm(DataType::Bool(), 1), DeclBuffer(f.buffer, body));
    case FrameSpec::K::kLet:
      if (f.var.dtype() != f.value.dtype())
        throw Error("let value of type " + f.value.dtype().str() + " bound to a " + f.var.dtype().str() + " variable");
      return LetStmt(f.var, f.value, body);
    case FrameSpec::K::kAttr:
      return AttrStmt(f.node, f.attr_key, f.value, body);
    case FrameSpec::K::kAssert:
      return AssertStmt(f.condition, f.value, body);
    case FrameSpec::K::kRealize:
      // TVM's RealizeFrame: the realize inside a realize_scope attribute on the buffer.
      return AttrStmt(f.buffer, "realize_scope", StringImm(f.attr_key),
                      BufferRealize(f.buffer, f.bounds, f.condition, body));
    default:
      TIRGEN_UNREACHABLE() << "frame kind cannot wrap a body";
  }
}

void Parser::BufferStore(const Value& buffer, const std::vector<Value>& indices, Value value,
                         const Token& at, std::vector<Stmt>* out) {
  Buffer buf = buffer.obj.cast<Buffer>();
  std::vector<PrimExpr> idx;
  for (const Value& v : indices) {
    if (v.k == Value::K::kSlice) {
      const auto& s = *v.items;
      if (s[0].k == Value::K::kNone || s[1].k == Value::K::kNone)
        Fail(v, "a slice in a store needs both a start and a stop");
      PrimExpr lo = ToExpr(s[0], "a slice start"), hi = ToExpr(s[1], "a slice stop");
      PrimExpr step = s[2].k == Value::K::kNone ? PrimExpr(IntImm(lo.dtype(), 1))
                      : s[2].k == Value::K::kInt ? ToExprLike(s[2], lo.dtype())
                                                 : ToExpr(s[2], "a slice step");
      PrimExpr lanes;
      try {
        lanes = Arith(Kind::kFloorDiv, Arith(Kind::kAdd, SimplifyExtent(hi, lo), Arith(Kind::kSub, step, IntImm(step.dtype(), 1))), step);
      } catch (const Error& e) {
        if (e.span().defined()) throw;
        Fail(v, e.message());
      }
      const int64_t* n = as_const_int(lanes);
      if (!n) Fail(v, "a slice in a store needs a constant length");
      if (*n == 1) {
        idx.push_back(lo);
      } else {
        if (*n < 2 || *n > 65535) Fail(v, "invalid vector length " + std::to_string(*n));
        if (step.dtype() != lo.dtype()) step = CastTo(lo.dtype(), step);
        idx.push_back(Ramp(lo, step, static_cast<int>(*n)));
      }
    } else {
      PrimExpr e = ToExpr(v, "an index");
      if (!e.dtype().is_int() && !e.dtype().is_uint())
        Fail(v, "buffer indices must be integers, got " + e.dtype().str());
      idx.push_back(e);
    }
  }
  PrimExpr val = value.k == Value::K::kBool && buf->dtype.is_bool() ? PrimExpr(IntImm(DataType::Bool(), value.i))
                                                                     : ToExpr(value, "a value to store");
  int lanes = idx.empty() ? 1 : idx.back().dtype().lanes();
  DataType lhs = buf->dtype.with_lanes(buf->dtype.lanes() * lanes);
  if (val.dtype() != lhs) {
    if (val.dtype().lanes() != lhs.lanes())
      Fail(value, "cannot store a " + val.dtype().str() + " value into " + lhs.str() + " elements of '" + buf->name + "'");
    try {
      val = CastTo(lhs, val);
    } catch (const Error& e) {
      if (e.span().defined()) throw;
      Fail(value, e.message());
    }
  }
  (void)at;
  out->push_back(tir::BufferStore(buf, val, std::move(idx)));
}

// ---------------------------------------------------------------------------------------------
// Compound statements

void Parser::ParseFor(std::vector<Stmt>* out) {
  const Token& kw = Next();
  std::vector<const Token*> names;
  bool paren = AcceptOp("(");
  do {
    if (Peek().IsName("in") || (paren && Peek().IsOp(")"))) break;  // a trailing comma
    names.push_back(&ExpectName("a loop variable name"));
  } while (AcceptOp(","));
  if (paren) ExpectOp(")", "after the loop variables");
  if (!Peek().IsName("in")) Fail(Peek(), "expected 'in' after the loop variables, found " + Describe(Peek()));
  Next();
  Value it = ParseExpr();
  if (it.k != Value::K::kFrame || it.frame->k != FrameSpec::K::kFor)
    Fail(it, "expected the loop to be one of: range, T.serial, T.grid, T.parallel, T.vectorized, T.unroll, T.thread_binding");
  const FrameSpec& f = *it.frame;
  size_t n = f.extents.size();
  std::vector<std::string> var_names;
  if (names.size() == n) {
    for (const Token* t : names) var_names.emplace_back(t->text);
  } else if (names.size() == 1) {
    for (size_t i = 0; i < n; ++i) var_names.push_back(std::string(names[0]->text) + "_" + std::to_string(i));
  } else {
    Fail(*names[0], "the loop has " + std::to_string(n) + (n == 1 ? " extent" : " extents") + " but " +
                        std::to_string(names.size()) + " loop variables");
  }
  std::vector<Var> vars;
  std::vector<Range> doms;
  PushScope();
  for (size_t i = 0; i < n; ++i) {
    vars.emplace_back(var_names[i], f.var_types[i]);
    doms.emplace_back(f.mins[i], f.extents[i]);
  }
  if (names.size() == n) {
    for (size_t i = 0; i < n; ++i) Define(var_names[i], MakeExpr(vars[i], names[i]->line, names[i]->col));
  } else {
    Value list;
    list.k = Value::K::kList;
    list.items = std::make_shared<std::vector<Value>>();
    for (const Var& v : vars) list.items->push_back(MakeExpr(v, kw.line, kw.col));
    Define(std::string(names[0]->text), list);
  }
  Ctx c{Ctx::K::kFor};
  c.loop_vars = vars;
  c.loop_doms = doms;
  ctx_.push_back(c);
  std::vector<Stmt> body_stmts = ParseSuite("after the for header");
  ctx_.pop_back();
  PopScope();
  Stmt body = SeqStmt::Flatten(body_stmts);
  for (size_t i = n; i-- > 0;) {
    std::optional<IterVar> tb;
    if (f.for_kind == ForKind::kThreadBinding)
      tb = IterVar(Range(), Var("iter", DataType::Int(32)), IterVarType::kThreadIndex, f.thread);
    body = For(vars[i], f.mins[i], f.extents[i], f.for_kind, body, tb, f.annotations);
  }
  out->push_back(body);
}

void Parser::ParseWith(std::vector<Stmt>* out) {
  Next();  // with
  Value v = ParseExpr();
  const Token* as_name = nullptr;
  if (AcceptName("as")) as_name = &ExpectName("a name after 'as'");
  if (Peek().IsOp(",")) Fail(Peek(), "only one context per `with` statement is supported");
  if (v.k != Value::K::kFrame) Fail(v, "invalid context expression in the with-statement");
  std::shared_ptr<FrameSpec> f = v.frame;
  switch (f->k) {
    case FrameSpec::K::kFor:
      Fail(v, "loops are written `for i in ...:`, not with `with`");
    case FrameSpec::K::kBlock: {
      if (as_name) Fail(*as_name, "a block cannot be bound to a name");
      BlockState bs;
      bs.name = f->name;
      bs.no_realize = f->no_realize;
      bs.line = v.line;
      bs.col = v.col;
      PushScope();
      Ctx c{Ctx::K::kBlock};
      c.block = &bs;
      ctx_.push_back(c);
      std::vector<Stmt> stmts = ParseSuite("after T.block(...)");
      ctx_.pop_back();
      PopScope();
      int missing = (bs.reads ? 0 : 1) | (bs.writes ? 0 : 2);
      Block block(bs.iter_vars, bs.reads.value_or(std::vector<BufferRegion>{}),
                  bs.writes.value_or(std::vector<BufferRegion>{}), bs.name, SeqStmt::Flatten(stmts),
                  bs.init, bs.alloc_buffers, bs.match_buffers, bs.annotations.value_or(AttrMap{}));
      if (missing) {
        if (FuncState* fs = AnyFunc()) fs->missing_access.push_back({block.get(), missing, bs.line, bs.col});
      }
      if (bs.no_realize) {
        if (!bs.iter_values.empty() || bs.predicate.defined())
          Fail(v, "a block with no_realize=True cannot have bindings or T.where");
        out->push_back(block);
      } else {
        out->push_back(BlockRealize(bs.iter_values, bs.predicate.defined() ? bs.predicate : PrimExpr(IntImm(DataType::Bool(), 1)), block));
      }
      return;
    }
    case FrameSpec::K::kInit: {
      BlockState* b = FindBlock(v.line, v.col, "T.init");
      if (b->init) Fail(v, "duplicate T.init() in block \"" + b->name + "\"");
      PushScope();
      ctx_.push_back({Ctx::K::kInit});
      std::vector<Stmt> stmts = ParseSuite("after T.init()");
      ctx_.pop_back();
      PopScope();
      b->init = SeqStmt::Flatten(stmts);
      return;
    }
    default:
      break;
  }
  PushScope();
  if (as_name) {
    std::vector<std::shared_ptr<FrameSpec>> frames;
    BindOne(*as_name, v, &frames);
  }
  ctx_.push_back({Ctx::K::kOther});
  std::vector<Stmt> stmts = ParseSuite("after the with-statement");
  ctx_.pop_back();
  PopScope();
  out->push_back(WrapFrame(*f, SeqStmt::Flatten(stmts)));
}

void Parser::ParseIf(std::vector<Stmt>* out, const Token& kw) {
  Next();  // if / elif
  Value cv = ParseExpr();
  PrimExpr cond = ToExpr(cv, "an if condition");
  // TVM's IfThenElse takes an integer condition as it is (`if i:`); floats are errors.
  if (!cond.dtype().is_bool() && !(cond.dtype().is_integer() && cond.dtype().is_scalar()))
    Fail(cv, "if condition must be boolean or an integer, got " + cond.dtype().str());
  PushScope();
  ctx_.push_back({Ctx::K::kOther});
  std::vector<Stmt> then_stmts = ParseSuite("after the if condition");
  ctx_.pop_back();
  PopScope();
  Stmt else_case;
  if (Peek().IsName("elif")) {
    std::vector<Stmt> tmp;
    ParseIf(&tmp, Peek());
    else_case = tmp[0];
  } else if (Peek().IsName("else")) {
    Next();
    PushScope();
    ctx_.push_back({Ctx::K::kOther});
    else_case = SeqStmt::Flatten(ParseSuite("after 'else'"));
    ctx_.pop_back();
    PopScope();
  }
  (void)kw;
  out->push_back(IfThenElse(cond, SeqStmt::Flatten(then_stmts), else_case));
}

// ---------------------------------------------------------------------------------------------
// Macros

// TVM's ScriptMacro: the body's statements are parsed at the call into the statement list the
// call stands in (frames the body opens wrap the rest of the body). A hygienic macro resolves
// names in a fresh variable table of its parameters and its own enclosing scope; a
// non-hygienic one sees the call site's variables, its parameters over them.
void Parser::ExpandMacro(const HostMacro& m, const CallArgs& at) {
  if (!emit_) Fail(at.line, at.col, "a T.macro call must be a statement of its own (TIR macros give no value)");
  std::vector<Stmt>* out = emit_;
  emit_ = nullptr;  // the body's own expression statements set it
  // The values are made before the body's text is entered: they are located at the call, in
  // the caller's text.
  std::unordered_map<std::string, Value> names, params;
  for (const auto& kv : m.names) names[kv.first] = Stamped(FromHost(kv.second, at));
  for (const auto& kv : m.params) params[kv.first] = Stamped(FromHost(kv.second, at));
  macro_texts_.push_back(std::make_unique<std::string>(m.body));
  const Source* saved_src = src_;
  std::vector<Token> saved_toks = std::move(toks_);
  size_t saved_pos = pos_;
  std::vector<std::unordered_map<std::string, Value>> saved_scopes;
  sources_.push_back(std::make_unique<Source>(*macro_texts_.back(), m.filename));
  src_ = sources_.back().get();
  toks_ = Tokenize(*src_);
  pos_ = 0;
  const bool saved_hidden = host_names_hidden_;
  if (m.hygienic) {
    saved_scopes.swap(scopes_);
    scopes_.push_back(std::move(names));
    host_names_hidden_ = true;
  } else {
    scopes_.insert(scopes_.begin(), std::move(names));
  }
  scopes_.push_back(std::move(params));
  if (Peek().kind != Tok::kIndent) Fail(Peek(), "expected the indented body of a T.macro");
  Next();
  std::vector<Stmt> body;
  ParseStatements(&body);
  if (Peek().kind == Tok::kDedent) Next();
  if (Peek().kind != Tok::kEnd) Fail(Peek(), "unexpected " + Describe(Peek()) + " after the T.macro body");
  if (m.hygienic) {
    scopes_.swap(saved_scopes);
  } else {
    scopes_.pop_back();
    scopes_.erase(scopes_.begin());
  }
  host_names_hidden_ = saved_hidden;
  src_ = saved_src;
  toks_ = std::move(saved_toks);
  pos_ = saved_pos;
  emit_ = out;
  for (Stmt& st : body) out->push_back(std::move(st));
}

// ---------------------------------------------------------------------------------------------
// Functions and modules

void Parser::SkipImports() {
  while (Peek().IsName("from") || Peek().IsName("import")) {
    while (Peek().kind != Tok::kNewline && Peek().kind != Tok::kEnd) Next();
    if (Peek().kind == Tok::kNewline) Next();
  }
}

void Parser::ParseDecorators(std::vector<std::string>* names, bool* is_private) {
  *is_private = false;
  while (Peek().IsOp("@")) {
    Next();
    std::string name(ExpectName("a decorator name").text);
    while (AcceptOp(".")) name += "." + std::string(ExpectName("a decorator name").text);
    if (name != "T.prim_func" && name != "I.ir_module" && name != "tvm.script.ir_module" &&
        name != "tvm.script.tir.prim_func")
      Fail(toks_[pos_ - 1], "unknown decorator '@" + name + "' (expected @T.prim_func or @I.ir_module)");
    if (AcceptOp("(")) {
      // @T.prim_func(private=True): the function gets no global_symbol.
      while (!Peek().IsOp(")")) {
        const Token& k = ExpectName("a decorator argument");
        if (k.text != "private" && k.text != "check_well_formed")
          Fail(k, "unknown decorator argument '" + std::string(k.text) + "'");
        ExpectOp("=", "after the decorator argument name");
        bool flag = ToBool(ParseExpr(), "a decorator flag");
        if (k.text == "private") *is_private = flag;
        if (!AcceptOp(",")) break;
      }
      ExpectOp(")", "to close the decorator arguments");
    }
    if (Peek().kind != Tok::kNewline) Fail(Peek(), "expected end of line after the decorator, found " + Describe(Peek()));
    Next();
    names->push_back(name.find("ir_module") != std::string::npos ? "I.ir_module" : "T.prim_func");
  }
}

PrimFunc Parser::ParseFunction(std::string* name_out, bool is_private) {
  if (!Peek().IsName("def")) Fail(Peek(), "expected 'def' after @T.prim_func, found " + Describe(Peek()));
  Next();
  const Token& name = ExpectName("a function name");
  *name_out = std::string(name.text);
  ExpectOp("(", "after the function name");
  FuncState fs;
  fs.name = *name_out;
  fs.is_private = is_private;
  PushScope();
  Ctx c{Ctx::K::kFunc};
  c.func = &fs;
  ctx_.push_back(c);
  while (!Peek().IsOp(")")) {
    const Token& pname = ExpectName("a parameter name");
    std::string pn(pname.text);
    if (scopes_.back().count(pn)) Fail(pname, "duplicate parameter '" + pn + "'");
    if (!Peek().IsOp(":"))
      Fail(Peek(), "expected ':' and a type annotation after parameter '" + pn +
                       "' (e.g. T.handle, T.int32 or T.Buffer((4,), \"float32\"))");
    Next();
    Value ann = ParseExpr();
    if (ann.k == Value::K::kFunc) {
      CallArgs ca;
      ca.fname = ann.s;
      ca.line = ann.line;
      ca.col = ann.col;
      ann = CallBuiltin(ca);
    }
    if (ann.k == Value::K::kExpr && ann.obj.as<VarNode>() && ann.obj.as<VarNode>()->name_hint.empty()) {
      Var v = ann.obj.cast<Var>();
      RenameVar(v, pn);
      fs.params.push_back(v);
      Define(pn, MakeExpr(v, pname.line, pname.col));
    } else if (ann.k == Value::K::kBuffer && ann.obj.cast<Buffer>()->name.empty()) {
      Buffer b = ann.obj.cast<Buffer>();
      RenameBuffer(b, pn, b->data->name_hint.empty());
      Var handle(pn + "_handle", DataType::Handle());
      fs.params.push_back(handle);
      fs.buffer_map.emplace_back(handle, b);
      Define(pn, ann);
    } else {
      Fail(ann, "a parameter annotation must be T.handle, a scalar type such as T.int32, or T.Buffer(shape, dtype)");
    }
    if (Peek().IsOp(")")) break;
    ExpectOp(",", "or ')' in the parameter list");
  }
  Next();
  if (AcceptOp("->")) {
    Value rt = ParseExpr();
    // `-> None` is how TVM's tests spell a function without a return value.
    if (rt.k != Value::K::kNone) {
      if (rt.k != Value::K::kFunc) Fail(rt, "expected a return type such as T.int32 or None");
      fs.ret_type = ToDType(rt);
    }
  }
  std::vector<Stmt> stmts = ParseSuite("after the function signature");
  ctx_.pop_back();
  PopScope();
  return FinishFunction(fs, std::move(stmts));
}

namespace {
bool ContainsBlockRealize(const Stmt& s) {
  if (!s.defined()) return false;
  switch (s.kind()) {
    case Kind::kBlockRealize: return true;
    case Kind::kSeqStmt:
      for (const Stmt& x : s.as<SeqStmtNode>()->seq)
        if (ContainsBlockRealize(x)) return true;
      return false;
    case Kind::kFor: return ContainsBlockRealize(s.as<ForNode>()->body);
    case Kind::kWhile: return ContainsBlockRealize(s.as<WhileNode>()->body);
    case Kind::kLetStmt: return ContainsBlockRealize(s.as<LetStmtNode>()->body);
    case Kind::kAttrStmt: return ContainsBlockRealize(s.as<AttrStmtNode>()->body);
    case Kind::kAssertStmt: return ContainsBlockRealize(s.as<AssertStmtNode>()->body);
    case Kind::kAllocate: return ContainsBlockRealize(s.as<AllocateNode>()->body);
    case Kind::kAllocateConst: return ContainsBlockRealize(s.as<AllocateConstNode>()->body);
    case Kind::kDeclBuffer: return ContainsBlockRealize(s.as<DeclBufferNode>()->body);
    case Kind::kIfThenElse: {
      const auto* n = s.as<IfThenElseNode>();
      return ContainsBlockRealize(n->then_case) || ContainsBlockRealize(n->else_case);
    }
    case Kind::kBlock: return ContainsBlockRealize(s.as<BlockNode>()->body);
    case Kind::kBufferRealize: return ContainsBlockRealize(s.as<BufferRealizeNode>()->body);
    default: return false;
  }
}

// TVM's ScriptCompleter: a block written without T.reads and/or T.writes gets the missing
// ones from GetBlockAccessRegion; the root block keeps empty regions. Visible buffers are the
// parameters' buffers, the root allocations and the allocations / match_buffer targets of
// the enclosing blocks (the block's own included).
class AccessCompleter : public StmtExprMutator {
 public:
  AccessCompleter(const FuncState* fs, const Object* root, std::vector<Buffer> visible)
      : fs_(fs), root_(root), visible_(std::move(visible)) {}

  Stmt VisitStmt_(const BlockNode* op) override {
    size_t n_visible = visible_.size();
    for (const Buffer& b : op->alloc_buffers) visible_.push_back(b);
    for (const MatchBufferRegion& m : op->match_buffers) visible_.push_back(m->buffer);
    Stmt s = StmtExprMutator::VisitStmt_(op);
    const FuncState::MissingAccess* m = nullptr;
    for (const auto& x : fs_->missing_access)
      if (x.block == op) m = &x;
    if (m && op != root_) {
      Block block = s.cast<Block>();
      BlockAccessRegion r;
      if (op->match_buffers.empty() && Simple(op->body) && (!op->init || Simple(*op->init))) {
        r = GetBlockAccessRegion(block, [this](const Buffer& b) {
          for (const Buffer& v : visible_)
            if (v.same_as(b)) return true;
          return false;
        });
      } else {
        // Loops relaxed, nested blocks summarised by their regions, match_buffers mapped back
        // to their sources (TVM's BlockReadWriteDetector). The block's own allocations and
        // match_buffer targets are not visible from outside.
        BufferVarMap vis;
        for (size_t i = 0; i < n_visible; ++i) vis.emplace(visible_[i]->data.get(), visible_[i]);
        r = GetBlockReadWriteRegion(block, vis);
      }
      auto n = CopyNode(*block.get());
      if (m->mask & 1) n->reads = std::move(r.reads);
      if (m->mask & 2) n->writes = std::move(r.writes);
      s = Stmt(std::shared_ptr<const Object>(std::move(n)));
    }
    visible_.resize(n_visible);
    return s;
  }

 private:
  static bool Simple(const Stmt& s) {
    struct Check : StmtExprVisitor {
      bool ok = true;
      void VisitStmt_(const ForNode*) override { ok = false; }
      void VisitStmt_(const WhileNode*) override { ok = false; }
      void VisitStmt_(const BlockRealizeNode*) override { ok = false; }
      void VisitStmt_(const LetStmtNode*) override { ok = false; }
      void VisitExpr_(const LetNode*) override { ok = false; }
    } c;
    c.VisitStmt(s);
    return c.ok;
  }
  const FuncState* fs_;
  const Object* root_;
  std::vector<Buffer> visible_;
};
}  // namespace

// TVM's ScriptComplete: the implicit root block (printed as the comment `# with
// T.block("root"):`) is rebuilt when there are root alloc_buffers or the body holds blocks.
PrimFunc Parser::FinishFunction(FuncState& fs, std::vector<Stmt> stmts) {
  Stmt body = SeqStmt::Flatten(stmts);
  bool insert_root = !fs.root_alloc_buffers.empty();
  if (!insert_root) {
    if (const auto* br = body.as<BlockRealizeNode>()) insert_root = !br->block->iter_vars.empty();
    else insert_root = ContainsBlockRealize(body);
  }
  const Object* root_ok = nullptr;
  if (insert_root) {
    body = BlockRealize({}, IntImm(DataType::Bool(), 1),
                        Block({}, {}, {}, "root", body, std::nullopt, fs.root_alloc_buffers));
  } else if (const auto* br = body.as<BlockRealizeNode>()) {
    root_ok = br->block.get();
  }
  if (!fs.missing_access.empty()) {
    std::vector<Buffer> visible = fs.root_alloc_buffers;
    for (const auto& pb : fs.buffer_map) visible.push_back(pb.second);
    AccessCompleter completer(&fs, root_ok, std::move(visible));
    body = completer.VisitStmt(body);
  }
  // As in TVM v0.14, a function not marked private gets its name as "global_symbol" (the
  // printer leaves it out again when it equals the function name).
  AttrMap attrs = fs.attrs.value_or(AttrMap{});
  if (!fs.is_private && !attrs.count("global_symbol")) attrs["global_symbol"] = String(fs.name);
  return PrimFunc(fs.params, body, fs.buffer_map, std::move(attrs), fs.ret_type);
}

ObjectRef Parser::ParseProgram() {
  scopes_.emplace_back();  // globals
  SkipImports();
  if (Peek().kind == Tok::kEnd)
    Fail(Peek(), "empty input: expected a @T.prim_func function or an @I.ir_module class");
  std::vector<std::string> decos;
  bool priv = false;
  ParseDecorators(&decos, &priv);
  ObjectRef result;
  if (decos.empty()) {
    Fail(Peek(), "expected @T.prim_func or @I.ir_module, found " + Describe(Peek()));
  } else if (decos.back() == "I.ir_module") {
    if (!Peek().IsName("class")) Fail(Peek(), "expected 'class' after @I.ir_module, found " + Describe(Peek()));
    Next();
    const Token& cls_name = ExpectName("a module class name");
    if (AcceptOp("(")) ExpectOp(")", "(module classes take no bases)");
    ExpectOp(":", "after the class name");
    if (Peek().kind != Tok::kNewline) Fail(Peek(), "expected end of line after the class header");
    Next();
    if (Peek().kind != Tok::kIndent) Fail(Peek(), "expected an indented class body, found " + Describe(Peek()));
    Next();
    // As TVM's parser, every function of the module is declared before any is parsed, so one
    // can call another (`Module.f(...)` or `cls.f(...)`, as TVM prints it) in any order.
    for (size_t i = pos_, depth = 0; i + 1 < toks_.size() && toks_[i].kind != Tok::kEnd; ++i) {
      if (toks_[i].kind == Tok::kIndent) ++depth;
      if (toks_[i].kind == Tok::kDedent && depth-- == 0) break;
      if (depth != 0 || !toks_[i].IsName("def") || toks_[i + 1].kind != Tok::kName) continue;
      // The declared return type (`-> T.int32`) types calls to the function, as TVM's
      // declared GlobalVar does; void without one.
      DataType ret = DataType::Void();
      size_t j = i + 2;
      for (int paren = 0; j < toks_.size() && toks_[j].kind != Tok::kEnd; ++j) {
        if (toks_[j].IsOp("(")) ++paren;
        if (toks_[j].IsOp(")") && --paren == 0) break;
      }
      if (j + 4 < toks_.size() && toks_[j + 1].IsOp("->") && toks_[j + 2].IsName("T") &&
          toks_[j + 3].IsOp(".") && toks_[j + 4].kind == Tok::kName) {
        DataType t;
        if (DataType::Parse(std::string(toks_[j + 4].text), &t)) ret = t;
      }
      module_functions_[std::string(toks_[i + 1].text)] = ret;
    }
    Value module_ref;
    module_ref.k = Value::K::kFunc;
    module_ref.s = kModuleRef;
    Define(std::string(cls_name.text), module_ref);
    Define("cls", module_ref);
    std::map<std::string, ObjectRef> functions;
    AttrMap module_attrs;
    while (Peek().kind != Tok::kDedent && Peek().kind != Tok::kEnd) {
      const Token& start = Peek();
      // A docstring or `pass` in the class body says nothing.
      if ((start.kind == Tok::kString || start.IsName("pass")) && Peek(1).kind == Tok::kNewline) {
        Next();
        Next();
        continue;
      }
      // An assignment in the class body (`__tvm_meta__ = None` in older printed modules) is
      // skipped unevaluated, as TVM's ir_module parser does.
      if (start.kind == Tok::kName && Peek(1).IsOp("=")) {
        while (Peek().kind != Tok::kNewline && Peek().kind != Tok::kEnd) Next();
        if (Peek().kind == Tok::kNewline) Next();
        continue;
      }
      if (start.IsName("I") && Peek(1).IsOp(".") && Peek(2).IsName("module_attrs")) {
        Next();
        Next();
        Next();
        ExpectOp("(", "after I.module_attrs");
        if (!module_attrs.empty()) Fail(start, "duplicate I.module_attrs(...)");
        module_attrs = ToAttrMap(ParseExpr(), "module attributes");
        ExpectOp(")", "to close I.module_attrs(...)");
        if (Peek().kind != Tok::kNewline) Fail(Peek(), "expected end of line after I.module_attrs(...)");
        Next();
        continue;
      }
      std::vector<std::string> fd;
      bool priv = false;
      ParseDecorators(&fd, &priv);
      if (fd.empty() || fd.back() != "T.prim_func")
        Fail(start, "expected a @T.prim_func function in the module, found " + Describe(start));
      std::string name;
      const Token& def = Peek();
      PrimFunc f = ParseFunction(&name, priv);
      if (functions.count(name)) Fail(def, "duplicate function '" + name + "' in the module");
      functions[name] = f;
    }
    if (Peek().kind == Tok::kDedent) Next();
    // An empty module is valid (TVM prints it as a class whose body is `pass`); commands that
    // need a function say so themselves.
    result = IRModule(std::move(functions), std::move(module_attrs));
  } else {
    std::string name;
    result = ParseFunction(&name, priv);
  }
  if (Peek().kind != Tok::kEnd)
    Fail(Peek(), "unexpected " + Describe(Peek()) + " after the end of the " +
                     (result.as<IRModuleNode>() ? "module" : "function"));
  return result;
}

ObjectRef Parse(std::string_view text, const std::string& filename) {
  return Parse(text, filename, HostScope());
}

ObjectRef Parse(std::string_view text, const std::string& filename, const HostScope& host) {
  Parser p(text, filename);
  if (host.call || !host.values.empty()) p.SetHost(&host);
  try {
    return p.ParseProgram();
  } catch (const InternalError& e) {
    // An IR invariant tripped on odd input: still report it as the user's error, located.
    const Token& t = p.Peek();
    p.Fail(t, std::string("invalid program: ") + e.what());
  } catch (const Error& e) {
    if (e.span().defined()) throw;
    const Token& t = p.Peek();
    p.Fail(t, e.message());
  }
}

}  // namespace script
}  // namespace tirgen

// InferType: a rewrite that rebuilds every expression with its checked_type. Static shapes
// only, so no unification is needed: each node's type follows from its children's (operator
// calls through the registered type relations), and a parsed `/* ty= */` type is checked
// against the inferred one.
#include <map>
#include <set>
#include <unordered_map>

#include "tirgen/relay/expr_functor.h"
#include "tirgen/relay/op.h"
#include "tirgen/relay/text.h"
#include "tirgen/relay/transforms.h"

namespace tirgen {
namespace relay {
namespace {

// A relation can compute a negative extent from attributes (resize2d to size -3, a pad of -5):
// the call is the error, not the executor that would allocate it later.
void CheckNoNegativeDim(const TypeCall& c, const Type& t) {
  if (const auto* tt = t.as<TensorTypeNode>()) {
    for (const tir::PrimExpr& d : tt->shape)
      if (const int64_t* v = tir::as_const_int(d))
        if (*v < 0) c.Fail("the result would have the negative dimension " + std::to_string(*v) + " (" + TypeToString(t) + ")");
  } else if (const auto* tup = t.as<TupleTypeNode>()) {
    for (const Type& f : tup->fields) CheckNoNegativeDim(c, f);
  }
}

[[noreturn]] void FailAt(const Expr& e, const std::string& message) {
  if (e.defined() && e->location.defined()) throw Error(e->location, message);
  throw Error(message);
}

std::string Describe(const Expr& e) {
  if (const auto* v = e.as<VarNode>()) return "%" + v->name_hint;
  if (const auto* g = e.as<GlobalVarNode>()) return "@" + g->name_hint;
  if (const auto* c = e.as<CallNode>()) {
    if (const auto* o = c->op.as<OpNode>()) return "the call of " + o->name;
    return "the call";
  }
  return std::string("the ") + KindName(e.kind());
}

class TypeInferencer : public ExprMutator {
 public:
  explicit TypeInferencer(const IRModule& mod, std::map<std::string, Type>* globals,
                          std::map<std::string, ObjectRef>* out_functions,
                          std::set<std::string>* in_progress)
      : mod_(mod), globals_(globals), out_functions_(out_functions), in_progress_(in_progress) {}

  /// Infers the function `name` of the module (memoized across the module).
  static Type InferGlobal(const IRModule& mod, const std::string& name,
                          std::map<std::string, Type>* globals,
                          std::map<std::string, ObjectRef>* out, std::set<std::string>* in_progress,
                          const Expr& use) {
    auto it = globals->find(name);
    if (it != globals->end()) return it->second;
    auto fit = mod->functions.find(name);
    if (fit == mod->functions.end() || !fit->second.as<FunctionNode>())
      FailAt(use, "@" + name + " is not a relay function of the module");
    const auto* fn = fit->second.as<FunctionNode>();
    if (in_progress->count(name)) {
      // Recursion: the declared signature must be complete.
      std::vector<Type> args;
      for (const auto& p : fn->params) {
        if (!p->type_annotation.defined())
          FailAt(use, "recursive call of @" + name + " needs type annotations on its parameters");
        args.push_back(p->type_annotation);
      }
      if (!fn->ret_type.defined())
        FailAt(use, "recursive call of @" + name + " needs a declared return type");
      return FuncType(args, fn->ret_type);
    }
    in_progress->insert(name);
    TypeInferencer inner(mod, globals, out, in_progress);
    Expr typed = inner.VisitExpr(fit->second.cast<Expr>());
    in_progress->erase(name);
    (*out)[name] = typed;
    (*globals)[name] = typed->checked_type;
    return typed->checked_type;
  }

 protected:
  // The type of a child used as a value. An operator on its own has none (only its calls do):
  // `(%x, mean)` is a located error, not an untyped field found later.
  const Type& ValueType(const Expr& e) {
    if (pending_exprs_.count(e.get())) {
      const Recursion& r = pending_vars_.at(pending_exprs_.at(e.get()));
      FailAt(e, "the result of the recursive call of %" + r.name +
                    " is used before its type is known: declare the function's return type (fn (...) -> "
                    "type), or use the call only as a result of the function");
    }
    if (const auto* o = e.as<OpNode>())
      FailAt(e, "operator " + o->name + " is used as a value; only a call of it has a type (write " + o->name +
                    "(...))");
    return e->checked_type;
  }

  // The inferred type of `orig`, checked against the type it already had (parsed comment).
  Expr Typed(const Expr& orig, const Expr& rebuilt, Type type) {
    if (orig->checked_type.defined() && !TypeEqual(orig->checked_type, type)) {
      FailAt(orig, "type mismatch for " + Describe(orig) + ": annotated " +
                       TypeToString(orig->checked_type) + ", inferred " + TypeToString(type));
    }
    // Keep an equal existing type object: shared dims show in the #[metadata] node graph.
    if (orig->checked_type.defined()) type = orig->checked_type;
    if (rebuilt.same_as(orig) && orig->checked_type.same_as(type)) return orig;
    return WithCheckedType(rebuilt, std::move(type));
  }

  // A binder (parameter or let variable) typed `type`; uses of the old var map to the new one.
  Var Bind(const Var& v, const Type& type) {
    if (v->type_annotation.defined() && !TypeEqual(v->type_annotation, type))
      FailAt(v, "%" + v->name_hint + " is declared " + TypeToString(v->type_annotation) +
                    " but bound to a value of type " + TypeToString(type));
    auto n = CopyNode(*v.get());
    if (!n->type_annotation.defined()) n->type_annotation = type;  // as TVM fills it in
    Var out = Typed(v, Var(std::move(n)), type).cast<Var>();
    SetResult(v, out);
    return out;
  }

  Expr VisitExpr_(const VarNode* op) override {
    // A free variable (binders are pre-seeded by Bind).
    Var v = GetRef<Var>(op);
    Type t = op->type_annotation.defined() ? op->type_annotation : op->checked_type;
    if (!t.defined()) FailAt(v, "cannot infer the type of free variable %" + op->name_hint);
    return Bind(v, t);
  }

  Expr VisitExpr_(const GlobalVarNode* op) override {
    Expr g = GetRef<Expr>(op);
    if (!mod_.defined()) FailAt(g, "@" + op->name_hint + " is used outside a module");
    Type t = InferGlobal(mod_, op->name_hint, globals_, out_functions_, in_progress_, g);
    return WithCheckedType(g, t);
  }

  Expr VisitExpr_(const ConstantNode* op) override {
    Expr c = GetRef<Expr>(op);
    if (!op->data.defined()) return c;  // a placeholder: its comment is its type
    return Typed(c, c, ConstantType(op));
  }

  Expr VisitExpr_(const OpNode* op) override { return GetRef<Expr>(op); }

  Expr VisitExpr_(const TupleNode* op) override {
    Expr rebuilt = ExprMutator::VisitExpr_(op);
    std::vector<Type> fields;
    for (const auto& f : rebuilt.as<TupleNode>()->fields) fields.push_back(ValueType(f));
    return Typed(GetRef<Expr>(op), rebuilt, TupleType(std::move(fields)));
  }

  Expr VisitExpr_(const TupleGetItemNode* op) override {
    Expr rebuilt = ExprMutator::VisitExpr_(op);
    const Type& tt = ValueType(rebuilt.as<TupleGetItemNode>()->tuple);
    const auto* tuple = tt.as<TupleTypeNode>();
    Expr orig = GetRef<Expr>(op);
    if (!tuple) FailAt(orig, "cannot take field " + std::to_string(op->index) + " of a " + TypeToString(tt));
    if (op->index < 0 || op->index >= static_cast<int>(tuple->fields.size()))
      FailAt(orig, "tuple index " + std::to_string(op->index) + " is out of range for " + TypeToString(tt));
    return Typed(orig, rebuilt, tuple->fields[op->index]);
  }

  Expr VisitExpr_(const CallNode* op) override {
    Expr rebuilt = ExprMutator::VisitExpr_(op);
    const auto* call = rebuilt.as<CallNode>();
    Expr orig = GetRef<Expr>(op);
    std::vector<Type> arg_types;
    for (const auto& a : call->args) arg_types.push_back(ValueType(a));
    if (const auto* o = call->op.as<OpNode>()) return Typed(orig, rebuilt, OpCallType(orig, call, o, arg_types));
    auto pending = pending_vars_.find(call->op.get());
    if (pending != pending_vars_.end()) {  // a recursive call whose result type is not known yet
      CheckArgs(orig, pending->second.arg_types, arg_types);
      pending_exprs_[rebuilt.get()] = call->op.get();
      return rebuilt;
    }
    const auto* ft = call->op->checked_type.as<FuncTypeNode>();
    if (!ft) FailAt(orig, "cannot call a value of type " + TypeToString(call->op->checked_type));
    CheckArgs(orig, ft->arg_types, arg_types);
    return Typed(orig, rebuilt, ft->ret_type);
  }

  static void CheckArgs(const Expr& orig, const std::vector<Type>& params, const std::vector<Type>& args) {
    if (params.size() != args.size())
      FailAt(orig, "the function expects " + std::to_string(params.size()) + " arguments, got " +
                       std::to_string(args.size()));
    for (size_t i = 0; i < args.size(); ++i)
      if (!TypeEqual(params[i], args[i]))
        FailAt(orig, "argument " + std::to_string(i) + " has type " + TypeToString(args[i]) +
                         " but the function expects " + TypeToString(params[i]));
  }

  Type OpCallType(const Expr& orig, const CallNode* call, const OpNode* o,
                  const std::vector<Type>& arg_types) {
    const OpInfo* info = GetOpInfo(o->name);
    if (!info || !info->relation)
      FailAt(orig, "operator " + o->name + " has no type relation: tirgen cannot type-check it yet");
    if (info->num_inputs >= 0 && static_cast<int>(arg_types.size()) != info->num_inputs)
      FailAt(orig, o->name + " expects " + std::to_string(info->num_inputs) + " argument" +
                       (info->num_inputs == 1 ? "" : "s") + ", got " + std::to_string(arg_types.size()));
    if (call->attrs.defined()) {
      for (const auto& kv : call->attrs->fields) {
        const AttrSpec* spec = info->FindAttr(kv.first);
        if (!spec) FailAt(orig, o->name + " has no attribute '" + kv.first + "'");
        std::string want = CheckAttrValue(*spec, kv.second);
        if (!want.empty()) FailAt(orig, "attribute '" + kv.first + "' of " + o->name + " must be " + want);
      }
    }
    for (size_t i = 0; i < arg_types.size(); ++i)
      if (!arg_types[i].defined()) FailAt(orig, "argument " + std::to_string(i) + " of " + o->name + " is untyped");
    try {
      TypeCall c(call, arg_types, *info);
      Type result = info->relation(c);
      CheckNoNegativeDim(c, result);
      return result;
    } catch (const Error& e) {
      if (e.span().defined() || !orig->location.defined()) throw;
      throw Error(orig->location, e.message());  // attribute access errors: locate them
    }
  }

  void PreVisitLet_(const LetNode* op) override {
    const auto* fn = op->value.as<FunctionNode>();
    if (fn && Mentions(fn->body, op->var)) return BindRecursive(op, fn);
    Bind(op->var, ValueType(VisitExpr(op->value)));
  }
  Expr PostVisitLet_(const LetNode* op) override {
    Expr value = VisitExpr(op->value), var = VisitExpr(op->var), body = VisitExpr(op->body);
    Expr rebuilt = Let(var.cast<Var>(), value, body);
    if (const Object* rec = PendingOf(body)) {
      pending_exprs_[rebuilt.get()] = rec;
      return rebuilt;
    }
    return Typed(GetRef<Expr>(op), rebuilt, ValueType(body));
  }

  static bool Mentions(const Expr& e, const Var& v) {
    bool found = false;
    PostOrderVisit(e, [&](const Expr& x) { found = found || x.same_as(v); });
    return found;
  }

  // Whether some path of `e` ends in a value rather than in a call of the function (`self`
  // holds its variable and the let-bound aliases of it).
  static bool ReturnsOnSomePath(const Expr& e, std::set<const Object*> self) {
    if (const auto* l = e.as<LetNode>()) {
      if (self.count(l->value.get())) self.insert(l->var.get());
      return ReturnsOnSomePath(l->body.same_as(l->var) ? l->value : l->body, self);
    }
    if (const auto* i = e.as<IfNode>())
      return ReturnsOnSomePath(i->true_branch, self) || ReturnsOnSomePath(i->false_branch, self);
    const auto* call = e.as<CallNode>();
    return !call || !self.count(call->op.get());
  }

  // `let %f = fn (...) { ... %f(...) ... }`: a recursive local function (relay.loops.while_loop).
  // Its parameters must be annotated. With a declared return type (on the function or in %f's
  // annotation) the recursive calls are typed by it; without one, a recursive call's type is
  // pending: it may only be a result (a branch of an if, a let's body), and the function's type
  // comes from the branches that return a value, as TVM's unifier infers it.
  void BindRecursive(const LetNode* op, const FunctionNode* fn) {
    // Declared return type or not: with no path that returns, a call never ends.
    if (!ReturnsOnSomePath(fn->body, {op->var.get()}))
      FailAt(op->value, "every path of the function calls %" + op->var->name_hint +
                            " again, so it never returns a value: give it a branch that returns one");
    std::vector<Type> args;
    for (const Var& p : fn->params) {
      Type t = p->type_annotation.defined() ? p->type_annotation : p->checked_type;
      if (!t.defined())
        FailAt(p, "parameter %" + p->name_hint + " of the recursive function %" + op->var->name_hint +
                      " needs a type annotation");
      args.push_back(t);
    }
    Type ret = fn->ret_type;
    const auto* declared = op->var->type_annotation.as<FuncTypeNode>();
    if (!ret.defined() && declared) ret = declared->ret_type;
    if (ret.defined()) {
      Var typed = Bind(op->var, FuncType(args, ret));
      Expr value = VisitExpr(op->value);
      if (!TypeEqual(value->checked_type, typed->checked_type))
        FailAt(op->value, "the function bound to %" + op->var->name_hint + " has type " +
                              TypeToString(value->checked_type) + " but %" + op->var->name_hint +
                              " is declared " + TypeToString(typed->checked_type));
      return;
    }
    auto n = CopyNode(*op->var.get());
    n->checked_type = Type();
    Var placeholder(std::move(n));
    pending_vars_[placeholder.get()] = Recursion{op->var->name_hint, args};
    SetResult(op->var, placeholder);
    Expr value = VisitExpr(op->value);
    const auto* ft = value->checked_type.as<FuncTypeNode>();
    TIRGEN_ICHECK(ft) << "InferType: a function without a function type";
    Var typed = Bind(op->var, value->checked_type);
    SetResult(op->value, FillPending(value, placeholder, typed, ft->ret_type));
  }

  // `value` with the placeholder replaced by the typed variable and every pending node typed.
  Expr FillPending(const Expr& value, const Var& placeholder, const Var& typed, const Type& ret) {
    class Filler : public ExprMutator {
     public:
      Filler(TypeInferencer* self, const Var& from, const Var& to, const Type& ret)
          : self_(self), from_(from), to_(to), ret_(ret) {}

     protected:
      Expr VisitExpr_(const VarNode* op) override { return op == from_.get() ? to_ : GetRef<Expr>(op); }
      Expr VisitExpr_(const CallNode* op) override { return Fill(op, ExprMutator::VisitExpr_(op)); }
      Expr VisitExpr_(const IfNode* op) override { return Fill(op, ExprMutator::VisitExpr_(op)); }
      Expr PostVisitLet_(const LetNode* op) override { return Fill(op, ExprMutator::PostVisitLet_(op)); }

     private:
      Expr Fill(const ExprNode* orig, const Expr& rebuilt) {
        auto it = self_->pending_exprs_.find(orig);
        if (it == self_->pending_exprs_.end() || it->second != from_.get()) return rebuilt;
        return WithCheckedType(rebuilt, ret_);
      }
      TypeInferencer* self_;
      Var from_, to_;
      Type ret_;
    };
    return Filler(this, placeholder, typed, ret).VisitExpr(value);
  }

  // The recursive function whose pending call `e` stands for, or nullptr.
  const Object* PendingOf(const Expr& e) const {
    auto it = pending_exprs_.find(e.get());
    return it == pending_exprs_.end() ? nullptr : it->second;
  }

  Expr VisitExpr_(const IfNode* op) override {
    Expr rebuilt = ExprMutator::VisitExpr_(op);
    const auto* i = rebuilt.as<IfNode>();
    const auto* ct = ValueType(i->cond).as<TensorTypeNode>();
    if (!ct || !ct->shape.empty() || !ct->dtype.is_bool())
      FailAt(GetRef<Expr>(op), "the condition of 'if' must be a bool scalar, not " + TypeToString(i->cond->checked_type));
    // A branch that calls a recursive function of pending type has the other branch's type.
    const Object* rec_true = PendingOf(i->true_branch);
    const Object* rec_false = PendingOf(i->false_branch);
    if (rec_true && rec_false) {
      pending_exprs_[rebuilt.get()] = rec_true;
      return rebuilt;
    }
    if (rec_true || rec_false)
      return Typed(GetRef<Expr>(op), rebuilt, ValueType(rec_true ? i->false_branch : i->true_branch));
    if (!TypeEqual(ValueType(i->true_branch), ValueType(i->false_branch)))
      FailAt(GetRef<Expr>(op), "the branches of 'if' have different types: " +
                                   TypeToString(i->true_branch->checked_type) + " and " +
                                   TypeToString(i->false_branch->checked_type));
    return Typed(GetRef<Expr>(op), rebuilt, i->true_branch->checked_type);
  }

  Expr VisitExpr_(const FunctionNode* op) override {
    std::vector<Var> params;
    std::vector<Type> arg_types;
    for (const auto& p : op->params) {
      Type t = p->type_annotation.defined() ? p->type_annotation : p->checked_type;
      if (!t.defined()) FailAt(p, "parameter %" + p->name_hint + " has no type annotation");
      params.push_back(Bind(p, t));
      arg_types.push_back(t);
    }
    Expr body = VisitExpr(op->body);
    if (const Object* rec = PendingOf(body))
      FailAt(GetRef<Expr>(op), "every path of the function calls %" + pending_vars_.at(rec).name +
                                   " again, so its return type cannot be inferred: declare it (fn (...) -> type)");
    Type ret = ValueType(body);
    Expr orig = GetRef<Expr>(op);
    if (op->ret_type.defined() && !TypeEqual(op->ret_type, ret))
      FailAt(orig, "the function is declared to return " + TypeToString(op->ret_type) +
                       " but its body has type " + TypeToString(ret));
    auto n = CopyNode(*op);
    n->params = std::move(params);
    n->body = body;
    if (!n->ret_type.defined()) n->ret_type = ret;
    return Typed(orig, Expr(std::move(n)), FuncType(std::move(arg_types), ret));
  }

 private:
  struct Recursion {
    std::string name;             ///< the let variable's name
    std::vector<Type> arg_types;  ///< the function's annotated parameter types
  };
  std::unordered_map<const Object*, Recursion> pending_vars_;      ///< placeholder var -> its function
  std::unordered_map<const Object*, const Object*> pending_exprs_;  ///< untyped result -> placeholder
  IRModule mod_;
  std::map<std::string, Type>* globals_;
  std::map<std::string, ObjectRef>* out_functions_;
  std::set<std::string>* in_progress_;
};

class TypeResetter : public ExprMutator {
 public:
  explicit TypeResetter(bool clear_ret) : clear_ret_(clear_ret) {}

 protected:
  Expr Clear(const Expr& e) { return e->checked_type.defined() ? WithCheckedType(e, Type()) : e; }
  Expr VisitExpr_(const VarNode* op) override { return Clear(GetRef<Expr>(op)); }
  Expr VisitExpr_(const GlobalVarNode* op) override { return Clear(GetRef<Expr>(op)); }
  // A constant's type is a property of its data: kept (its dims may be shared with other
  // constants in the #[metadata] graph).
  Expr VisitExpr_(const ConstantNode* op) override { return GetRef<Expr>(op); }
  Expr VisitExpr_(const CallNode* op) override { return Clear(ExprMutator::VisitExpr_(op)); }
  Expr VisitExpr_(const TupleNode* op) override { return Clear(ExprMutator::VisitExpr_(op)); }
  Expr VisitExpr_(const TupleGetItemNode* op) override { return Clear(ExprMutator::VisitExpr_(op)); }
  Expr PostVisitLet_(const LetNode* op) override { return Clear(ExprMutator::PostVisitLet_(op)); }
  Expr VisitExpr_(const IfNode* op) override { return Clear(ExprMutator::VisitExpr_(op)); }
  Expr VisitExpr_(const FunctionNode* op) override {
    Expr e = ExprMutator::VisitExpr_(op);
    auto n = CopyNode(*e.as<FunctionNode>());
    n->checked_type = Type();
    if (clear_ret_) n->ret_type = Type();
    return Expr(std::move(n));
  }

 private:
  bool clear_ret_;
};

}  // namespace

IRModule InferType(const IRModule& mod) {
  std::map<std::string, Type> globals;
  std::map<std::string, ObjectRef> out;
  std::set<std::string> in_progress;
  for (const auto& kv : mod->functions) {
    if (!kv.second.as<FunctionNode>()) {
      out[kv.first] = kv.second;  // PrimFuncs pass through
      continue;
    }
    TypeInferencer::InferGlobal(mod, kv.first, &globals, &out, &in_progress, Expr());
  }
  return IRModule(std::move(out), mod->attrs);
}

Expr InferType(const Expr& expr, const IRModule& mod) {
  std::map<std::string, Type> globals;
  std::map<std::string, ObjectRef> out;
  std::set<std::string> in_progress;
  return TypeInferencer(mod, &globals, &out, &in_progress).VisitExpr(expr);
}

Expr ResetTypes(const Expr& expr, bool clear_ret_types) {
  return TypeResetter(clear_ret_types).VisitExpr(expr);
}

IRModule ResetTypes(const IRModule& mod, bool clear_ret_types) {
  std::map<std::string, ObjectRef> out;
  for (const auto& kv : mod->functions) {
    if (const auto* f = kv.second.as<FunctionNode>()) out[kv.first] = ResetTypes(GetRef<Expr>(f), clear_ret_types);
    else out[kv.first] = kv.second;
  }
  return IRModule(std::move(out), mod->attrs);
}

}  // namespace relay
}  // namespace tirgen

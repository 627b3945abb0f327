// Relay structural equality/hashing (see structural.h). Both reduce an expression to one
// canonical form: a stream of integers (node kinds, binding indices, names of ops and
// attribute keys, dims) plus, in the same order, the leaf values compared by their own
// equality (attribute values with tir structural equality, constants by content). Equal
// expressions give equal forms; the hash is the hash of the form.
#include "tirgen/relay/structural.h"

#include <unordered_map>

#include "tirgen/support/stack_guard.h"
#include "tirgen/tir/structural_equal.h"

namespace tirgen {
namespace relay {
namespace {

struct Form {
  std::vector<uint64_t> tokens;
  std::vector<ObjectRef> values;     // attribute values, compared structurally
  std::vector<NDArray> constants;    // constant data, compared by content
};

class Encoder {
 public:
  Form Run(const Expr& e) {
    Visit(e);
    return std::move(form_);
  }

 private:
  void Tok(uint64_t v) { form_.tokens.push_back(v); }
  void Str(const std::string& s) {
    Tok(s.size());
    Tok(HashBytes(s.data(), s.size()));
  }

  void VisitType(const Type& t) {
    if (!t.defined()) return Tok(0);
    Tok(static_cast<uint64_t>(t->kind()) + 1);
    if (const auto* tt = t.as<TensorTypeNode>()) {
      Str(tt->dtype.str());
      Tok(tt->shape.size());
      for (const tir::PrimExpr& d : tt->shape) {
        Str(d.dtype().str());
        const int64_t* v = tir::as_const_int(d);
        Tok(v ? static_cast<uint64_t>(*v) : StructuralHash(d));
      }
    } else if (const auto* tup = t.as<TupleTypeNode>()) {
      Tok(tup->fields.size());
      for (const Type& f : tup->fields) VisitType(f);
    } else if (const auto* ft = t.as<FuncTypeNode>()) {
      Tok(ft->arg_types.size());
      for (const Type& a : ft->arg_types) VisitType(a);
      VisitType(ft->ret_type);
    }
  }

  void VisitAttrs(const AttrFields& fields) {
    Tok(fields.size());
    for (const auto& [key, value] : fields) {
      Str(key);
      Tok(value.defined() ? tirgen::StructuralHash(value) : 0);
      form_.values.push_back(value);
    }
  }

  void DefineVar(const Var& v) {
    index_[v.get()] = next_++;
    Tok(0xdef);
    VisitType(v->type_annotation.defined() ? v->type_annotation : v->checked_type);
  }

  void Visit(const Expr& e) {
    if (!e.defined()) return Tok(0);
    support::CheckStack("relay structural hash");
    auto it = index_.find(e.get());
    if (it != index_.end()) {  // a bound variable or an already recorded shared node
      Tok(0x5e5);
      Tok(it->second);
      return;
    }
    Tok(static_cast<uint64_t>(e->kind()) + 0x100);
    if (const auto* v = e.as<VarNode>()) {
      // A free variable: by name and type (a fused function has none).
      Str(v->name_hint);
      VisitType(v->type_annotation);
    } else if (const auto* g = e.as<GlobalVarNode>()) {
      Str(g->name_hint);
    } else if (const auto* op = e.as<OpNode>()) {
      Str(op->name);
    } else if (const auto* c = e.as<ConstantNode>()) {
      if (c->data.defined()) {
        Str(c->data->dtype.str());
        Tok(c->data->shape.size());
        for (int64_t d : c->data->shape) Tok(static_cast<uint64_t>(d));
        Tok(c->data->ContentHash());
        form_.constants.push_back(c->data);
      } else {
        Str(c->unresolved_ref);
      }
    } else if (const auto* call = e.as<CallNode>()) {
      Visit(call->op);
      Tok(call->args.size());
      for (const Expr& a : call->args) Visit(a);
      VisitAttrs(call->attrs.defined() ? call->attrs->fields : AttrFields());
      Str(call->attrs.defined() ? call->attrs->type_key : "");
      Tok(call->type_args.size());
      for (const Type& t : call->type_args) VisitType(t);
    } else if (const auto* tup = e.as<TupleNode>()) {
      Tok(tup->fields.size());
      for (const Expr& f : tup->fields) Visit(f);
    } else if (const auto* get = e.as<TupleGetItemNode>()) {
      Visit(get->tuple);
      Tok(static_cast<uint64_t>(get->index));
    } else if (const auto* let = e.as<LetNode>()) {
      // A function value may call its own variable (a recursive local function): the variable
      // is bound first there, so that use compares by position too.
      bool recursive_scope = let->value.as<FunctionNode>() != nullptr;
      if (recursive_scope) DefineVar(let->var);
      Visit(let->value);
      if (!recursive_scope) DefineVar(let->var);
      Visit(let->body);
    } else if (const auto* iff = e.as<IfNode>()) {
      Visit(iff->cond);
      Visit(iff->true_branch);
      Visit(iff->false_branch);
    } else if (const auto* fn = e.as<FunctionNode>()) {
      Tok(fn->params.size());
      for (const Var& p : fn->params) DefineVar(p);
      VisitType(fn->ret_type);
      VisitAttrs(fn->attrs);
      Visit(fn->body);
    }
    // Vars are bound by their binding site only; other nodes become shareable references.
    if (!e.as<VarNode>()) index_[e.get()] = next_++;
  }

  Form form_;
  std::unordered_map<const Object*, uint64_t> index_;  // lookups only
  uint64_t next_ = 0;
};

}  // namespace

bool StructuralEqual(const Expr& a, const Expr& b) {
  if (a.same_as(b)) return true;
  Form x = Encoder().Run(a), y = Encoder().Run(b);
  if (x.tokens != y.tokens || x.values.size() != y.values.size() ||
      x.constants.size() != y.constants.size())
    return false;
  for (size_t i = 0; i < x.values.size(); ++i) {
    if (x.values[i].defined() != y.values[i].defined()) return false;
    if (x.values[i].defined() && !tirgen::StructuralEqual(x.values[i], y.values[i])) return false;
  }
  for (size_t i = 0; i < x.constants.size(); ++i)
    if (!x.constants[i].ContentEqual(y.constants[i])) return false;
  return true;
}

uint64_t StructuralHash(const Expr& e) {
  Form f = Encoder().Run(e);
  return HashBytes(f.tokens.data(), f.tokens.size() * sizeof(uint64_t));
}

}  // namespace relay
}  // namespace tirgen

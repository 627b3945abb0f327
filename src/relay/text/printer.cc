// The relay text printer. It reproduces TVM's printer byte for byte, so the order in which it
// visits and names things matters as much as the syntax:
//  - Vars, constants, ops and global vars are always printed inline. Any other expression gets
//    a temporary `%N = ...;` line, except the last expression of a scope (and a let's value)
//    when it has at most one user.
//  - Dataflow (calls, tuples, projections) is walked post-order without recursion, a call's
//    callee before its arguments: a fused `fn` is printed (and numbers its own temporaries)
//    before the arguments of the call that uses it. N counts across the whole print.
//  - Variable names are made unique by appending 1, 2, ... (`%p0`, `%p01`, `%p02`).
//  - Each expression gets its `/* ty=... span=... */` comment once, where it is first printed.
#include <cmath>
#include <cstring>
#include <deque>
#include <map>
#include <set>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

#include "doc.h"
#include "metadata.h"
#include "tirgen/relay/expr_functor.h"
#include "tirgen/relay/text.h"

namespace tirgen {
namespace relay {
namespace {

using text::Doc;

float HalfToFloat(uint16_t h) {
  uint32_t sign = (h >> 15) & 1, exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
  float v;
  if (exp == 0) v = std::ldexp(static_cast<float>(mant), -24);
  else if (exp == 31) v = mant ? NAN : INFINITY;
  else v = std::ldexp(static_cast<float>(mant | 0x400), static_cast<int>(exp) - 25);
  return sign ? -v : v;
}

template <class T>
std::string Str(const T& v) {
  // Integer constants without a stream: the same text at a fraction of the cost (a stream per
  // constant was 5% of printing a small module).
  if constexpr (std::is_integral_v<T>) return std::to_string(v);
  std::ostringstream os;
  os << v;
  return os.str();
}

std::string Quote(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default: out += c;
    }
  }
  return out + "\"";
}

bool IsSimpleScalarType(DataType t) {
  return t == DataType::Int(16) || t == DataType::Int(32) || t == DataType::Int(64) ||
         t == DataType::Float(16) || t == DataType::Float(32) || t == DataType::Float(64) ||
         t == DataType::Bool();
}

// `1f`, `3`, `3i64`, `True`: how TVM prints a scalar constant inline.
std::string ScalarToString(const NDArray& a) {
  DataType t = a->dtype;
  const uint8_t* p = a.data();
  auto load = [p](auto v) {
    std::memcpy(&v, p, sizeof(v));
    return v;
  };
  if (t == DataType::Int(16)) return Str(load(int16_t())) + "i16";
  if (t == DataType::Int(32)) return Str(load(int32_t()));
  if (t == DataType::Int(64)) return Str(load(int64_t())) + "i64";
  if (t == DataType::Float(16)) return Str(HalfToFloat(load(uint16_t()))) + "f16";
  if (t == DataType::Float(32)) return Str(load(float())) + "f";
  if (t == DataType::Float(64)) return Str(load(double())) + "f64";
  return p[0] ? "True" : "False";
}

std::string IntImmToString(const tir::IntImmNode* imm) {
  DataType t = imm->dtype;
  if (t == DataType::Int(16)) return Str(imm->value) + "i16";
  if (t == DataType::Int(32)) return Str(imm->value);
  if (t == DataType::Int(64)) return Str(imm->value) + "i64";
  if (t == DataType::Bool()) return imm->value ? "True" : "False";
  return std::to_string(imm->value);
}

std::string FloatImmToString(const tir::FloatImmNode* imm) {
  DataType t = imm->dtype;
  if (t == DataType::Float(16)) return Str(imm->value) + "f16";
  if (t == DataType::Float(32)) return Str(imm->value) + "f";
  if (t == DataType::Float(64)) return Str(imm->value) + "f64";
  return std::to_string(imm->value);
}

class Printer {
 public:
  explicit Printer(bool show_meta) : show_meta_(show_meta) {}

  std::string Module(const IRModule& mod) {
    Doc doc;
    int counter = 0;
    for (const auto& kv : mod->functions) {  // std::map: sorted by name, as TVM sorts
      const auto* fn = kv.second.as<FunctionNode>();
      if (!fn) continue;  // PrimFuncs print through the TVMScript printer
      BuildDependencyGraph(kv.second.cast<Expr>());
      if (counter++ != 0) doc << Doc::NewLine();
      doc << PrintFunc(Doc("def @" + kv.first), fn);
      doc << Doc::NewLine();
    }
    return Finish(doc);
  }

  std::string TypeText(const Type& type) { return PrintType(type).str(); }

  std::string Expression(const Expr& expr) {
    BuildDependencyGraph(expr);
    return Finish(PrintScope(expr));
  }

 private:
  std::string Finish(Doc body) {
    Doc doc;
    doc << "#[version = \"0.0.5\"]" << Doc::NewLine() << body;
    if (!meta_.empty()) {
      doc << Doc::NewLine();
      if (show_meta_) {
        std::vector<std::pair<std::string, std::vector<ObjectRef>>> table(meta_.begin(), meta_.end());
        doc << "#[metadata]" << Doc::NewLine() << text::SaveMetadata(table);
      } else {
        doc << "/* For debugging purposes the metadata section has been omitted." << Doc::NewLine()
            << " * If you would like to see the full metadata section you can set the "
            << Doc::NewLine() << " * option to `True` when invoking `astext`. " << Doc::NewLine()
            << " */";
      }
    }
    std::string out = doc.str();
    if (out.empty() || out.back() != '\n') out += '\n';
    return out;
  }

  // ---- who uses what: an expression with two or more users is never inlined ----
  void BuildDependencyGraph(const Expr& root) { users_ = CountUsers(root, true); }
  bool IsUnique(const Expr& e) const {
    auto it = users_.find(e.get());
    return it == users_.end() || it->second < 2;
  }
  static bool AlwaysInline(const Expr& e) {
    Kind k = e.kind();
    return k == Kind::kGlobalVar || k == Kind::kConstant || k == Kind::kOp || k == Kind::kRelayVar;
  }

  // ---- scopes ----
  Doc PrintBody(const Expr& body) {
    Doc doc, inner;
    doc << "{";
    doc << Doc::Indent(2, inner << Doc::NewLine() << PrintScope(body)) << Doc::NewLine();
    doc << "}";
    return doc;
  }
  Doc PrintScope(const Expr& e) {
    stack_.emplace_back();
    Doc d = Print(e, false, true);
    Doc out = stack_.back() << d;
    stack_.pop_back();
    return out;
  }

  // ---- expressions ----
  Doc Print(const Expr& e, bool meta = false, bool try_inline = false, bool optional_info = true) {
    bool inline_expr = AlwaysInline(e) || (try_inline && IsUnique(e));
    Doc printed;
    if (meta) {
      printed = MetaRef(e);
    } else if (!inline_expr && e.as<LetNode>()) {
      Doc inner;
      printed << "(" << Doc::Indent(2, inner << Doc::NewLine() << Visit(e)) << Doc::NewLine() << ")";
    } else {
      printed = Visit(e);
    }
    if (optional_info) printed << OptionalInfo(e);
    const Object* key = e.get();
    if (e.kind() == Kind::kRelayVar) {
      // First sight of a var that no binder introduced: it is free.
      if (emitted_.insert(key).second && free_var_doc_.count(key))
        stack_.back() << "free_var " << free_var_doc_[key] << ";" << Doc::NewLine();
      return memo_[key];
    }
    if (inline_expr) {
      memo_[key] = printed;
      return printed;
    }
    if (!emitted_.insert(key).second) return memo_[key];
    Doc temp("%" + std::to_string(temp_counter_++));
    memo_[key] = temp;
    stack_.back() << temp << " = " << printed << ";" << Doc::NewLine();
    return temp;
  }

  // Post-order over dataflow nodes (callee first, then arguments left to right); other nodes
  // (functions, lets, ifs, leaves) are visited as units.
  Doc Visit(const Expr& root) {
    if (memo_.count(root.get())) return memo_[root.get()];
    struct Item {
      Expr e;
      bool expanded;
    };
    std::deque<Item> stack;
    stack.push_front({root, false});
    while (!stack.empty()) {
      Item& front = stack.front();
      if (memo_.count(front.e.get())) {
        stack.pop_front();
      } else if (front.expanded) {
        Expr e = front.e;
        VisitLeaf(e);
        stack.pop_front();
      } else {
        front.expanded = true;
        Expr e = front.e;
        std::vector<Expr> kids;
        if (const auto* c = e.as<CallNode>()) {
          for (auto it = c->args.rbegin(); it != c->args.rend(); ++it) kids.push_back(*it);
          kids.push_back(c->op);
        } else if (const auto* t = e.as<TupleNode>()) {
          for (auto it = t->fields.rbegin(); it != t->fields.rend(); ++it) kids.push_back(*it);
        } else if (const auto* g = e.as<TupleGetItemNode>()) {
          kids.push_back(g->tuple);
        }
        for (const Expr& k : kids)
          if (!memo_.count(k.get())) stack.push_front({k, false});
      }
    }
    return memo_[root.get()];
  }

  void VisitLeaf(const Expr& e) {
    if (memo_.count(e.get())) return;
    Doc result = Dispatch(e);
    if (!memo_.count(e.get())) memo_[e.get()] = result;
    else free_var_doc_[e.get()] = result;
  }

  Doc Dispatch(const Expr& e) {
    switch (e.kind()) {
      case Kind::kRelayVar: return AllocVar(e.cast<Var>());
      case Kind::kGlobalVar: return Doc("@" + e.as<GlobalVarNode>()->name_hint);
      case Kind::kOp: return Doc(e.as<OpNode>()->name);
      case Kind::kConstant: {
        const auto* c = e.as<ConstantNode>();
        if (c->is_scalar() && IsSimpleScalarType(c->data->dtype)) return Doc(ScalarToString(c->data));
        return Print(e, /*meta=*/true, /*try_inline=*/false, /*optional_info=*/false);
      }
      case Kind::kTuple: {
        const auto* t = e.as<TupleNode>();
        std::vector<Doc> fields;
        for (const auto& f : t->fields) fields.push_back(Print(f));
        Doc d;
        d << "(" << Doc::Concat(fields);
        if (t->fields.size() == 1) d << ",";
        return d << ")";
      }
      case Kind::kTupleGetItem: {
        const auto* g = e.as<TupleGetItemNode>();
        Doc d;
        // A literal before the dot would read back as a number: 3 .0 printed 3.0, a float.
        if (g->tuple.as<ConstantNode>()) return d << "(" << Print(g->tuple) << ")." << std::to_string(g->index);
        return d << Print(g->tuple) << "." << std::to_string(g->index);
      }
      case Kind::kIf: {
        const auto* i = e.as<IfNode>();
        Doc d;
        d << "if (" << Print(i->cond) << ") ";
        HoistSharedValues(i);
        d << PrintBody(i->true_branch);
        d << " else ";
        d << PrintBody(i->false_branch);
        return d;
      }
      case Kind::kRelayLet: return PrintLet(e);
      case Kind::kFunction: {
        const auto* fn = e.as<FunctionNode>();
        if (!fn->IsPrimitive()) HoistOuterValues(fn);
        return PrintFunc(Doc("fn "), fn);
      }
      case Kind::kRelayCall: return PrintCall(e.as<CallNode>());
      default: TIRGEN_UNREACHABLE() << KindName(e.kind());
    }
  }

  // A value a branch uses that is also used outside the If, or by both branches, is printed
  // before the If: printed inside a branch, its name would be undefined where the branch ends.
  void HoistSharedValues(const IfNode* i) {
    std::unordered_map<const Object*, int> uses[2];
    std::vector<Expr> order[2];  // each branch's nodes, first seen first
    const Expr branches[2] = {i->true_branch, i->false_branch};
    for (int b = 0; b < 2; ++b) {
      std::unordered_set<const Object*> seen;
      std::vector<Expr> stack{branches[b]};
      uses[b][branches[b].get()]++;
      seen.insert(branches[b].get());
      auto use = [&](const Expr& child) {
        if (!child.defined() || emitted_.count(child.get())) return;  // printed already: in scope
        uses[b][child.get()]++;
        if (seen.insert(child.get()).second) stack.push_back(child);
      };
      while (!stack.empty()) {
        Expr e = stack.back();
        stack.pop_back();
        order[b].push_back(e);
        ForEachChild(e, false, use);  // a function's body is its own scope
      }
    }
    for (int b = 0; b < 2; ++b)
      for (const Expr& e : order[b]) {
        if (AlwaysInline(e) || e.as<LetNode>()) continue;
        auto other = uses[1 - b].find(e.get());
        int inside = uses[b][e.get()] + (other == uses[1 - b].end() ? 0 : other->second);
        auto all = users_.find(e.get());
        bool outside = all != users_.end() && all->second > inside;
        if (outside || (b == 0 && other != uses[1].end())) Print(e);
      }
  }

  // A value a local function's body reads that is also used outside the function is printed
  // before it: printed inside, its name would be undefined after the function (a loop's body
  // reading a value main uses again after the loop).
  void HoistOuterValues(const FunctionNode* fn) {
    std::unordered_map<const Object*, int> inside;
    std::unordered_set<const Object*> seen{fn->body.get()};
    std::vector<Expr> order, stack{fn->body};
    inside[fn->body.get()]++;
    auto use = [&](const Expr& child) {
      if (!child.defined() || emitted_.count(child.get())) return;  // printed already: in scope
      inside[child.get()]++;
      if (seen.insert(child.get()).second) stack.push_back(child);
    };
    while (!stack.empty()) {
      Expr e = stack.back();
      stack.pop_back();
      order.push_back(e);
      ForEachChild(e, true, use);
    }
    for (const Expr& e : order) {
      if (AlwaysInline(e) || e.as<LetNode>() || e.as<FunctionNode>()) continue;
      auto all = users_.find(e.get());
      if (all != users_.end() && all->second > inside[e.get()]) Print(e);
    }
  }

  Doc PrintCall(const CallNode* c) {
    std::vector<Doc> args;
    for (const auto& a : c->args) args.push_back(Print(a));
    if (c->attrs.defined()) {
      for (const auto& kv : c->attrs->fields) args.push_back(Doc(kv.first + "=") << AttrValue(kv.second));
    }
    Doc d;
    d << Print(c->op);
    return d << "(" << Doc::Concat(args) << ")";
  }

  Doc PrintLet(const Expr& e) {
    size_t base = stack_.size();
    int n = 0;
    Expr cur = e;
    while (const auto* l = cur.as<LetNode>()) {
      Doc d;
      d << "let " << AllocVar(l->var) << " = " << Print(l->value, false, true) << ";" << Doc::NewLine();
      stack_.push_back(d);
      cur = l->body;
      ++n;
    }
    Doc body = PrintScope(cur);
    Doc out;
    for (int i = 0; i < n; ++i) out << stack_[base + i];
    out << body;
    for (int i = 0; i < n; ++i) stack_.pop_back();
    return out;
  }

  Doc PrintFunc(Doc prefix, const FunctionNode* fn) {
    Doc doc = prefix;
    std::vector<Doc> params;
    for (const auto& p : fn->params) params.push_back(AllocVar(p));
    for (const auto& kv : fn->attrs) params.push_back(Doc(kv.first + "=") << AttrValue(kv.second));
    doc << "(" << Doc::Concat(params) << ") ";
    if (fn->ret_type.defined()) doc << "-> " << PrintType(fn->ret_type) << " ";
    doc << PrintBody(fn->body);
    return doc;
  }

  Doc AllocVar(const Var& var) {
    const Object* key = var.get();
    if (memo_.count(key)) return Doc(memo_[key]) << "-malformed-ir";
    std::string name = var->name_hint;
    if (name.empty() || !std::isalpha(static_cast<unsigned char>(name[0]))) name = "v" + name;
    Doc val(UniqueName("%" + name));
    memo_[key] = val;
    if (var->type_annotation.defined()) val << ": " << PrintType(var->type_annotation);
    val << OptionalInfo(var);
    return val;
  }

  std::string UniqueName(const std::string& prefix) {
    std::string name = prefix;
    auto it = names_.find(prefix);
    if (it != names_.end()) {
      while (true) {
        std::string candidate = prefix + std::to_string(++it->second);
        if (!names_.count(candidate)) {
          name = candidate;
          break;
        }
      }
    }
    names_[name] = 0;
    return name;
  }

  Doc OptionalInfo(const Expr& e) {
    Doc doc;
    if (!info_done_.insert(e.get()).second) return doc;
    Kind k = e.kind();
    bool annotated = k == Kind::kConstant || k == Kind::kRelayCall || k == Kind::kRelayVar ||
                     k == Kind::kFunction || k == Kind::kTuple || k == Kind::kTupleGetItem;
    if (!annotated || (!e->checked_type.defined() && !e->has_span())) return doc;
    doc << " /*";
    if (e->checked_type.defined()) doc << " ty=" << PrintType(e->checked_type);
    if (e->has_span())
      doc << " span=" << e->span.file << ":" << std::to_string(e->span.line) << ":" << std::to_string(e->span.column);
    doc << " */";
    return doc;
  }

  Doc MetaRef(const ObjectRef& node) {
    auto it = meta_repr_.find(node.get());
    if (it != meta_repr_.end()) return it->second;
    std::string key = node.as<ConstantNode>() ? "relay.Constant" : KindName(node.kind());
    auto& list = meta_[key];
    Doc d("meta[" + key + "][" + std::to_string(list.size()) + "]");
    list.push_back(node);
    meta_repr_[node.get()] = d;
    return d;
  }

  // ---- types and attribute values ----
  Doc PrintType(const Type& t) {
    if (const auto* tt = t.as<TensorTypeNode>()) {
      if (tt->shape.empty()) return Doc(tt->dtype.str());
      std::vector<Doc> dims;
      for (const auto& d : tt->shape) dims.push_back(AttrValue(d));
      Doc doc;
      return doc << "Tensor[(" << Doc::Concat(dims) << "), " << tt->dtype.str() << "]";
    }
    if (const auto* tu = t.as<TupleTypeNode>()) {
      std::vector<Doc> fields;
      for (const auto& f : tu->fields) fields.push_back(PrintType(f));
      Doc doc;
      doc << "(" << Doc::Concat(fields);
      if (tu->fields.size() == 1) doc << ",";
      return doc << ")";
    }
    if (const auto* ft = t.as<FuncTypeNode>()) {
      std::vector<Doc> args;
      for (const auto& a : ft->arg_types) args.push_back(PrintType(a));
      Doc doc;
      return doc << "fn (" << Doc::Concat(args) << ") -> " << PrintType(ft->ret_type);
    }
    TIRGEN_UNREACHABLE() << "not a relay type";
  }

  Doc AttrValue(const ObjectRef& v) {
    if (!v.defined()) return Doc("None");
    if (const auto* s = v.as<StringObj>()) return Doc(Quote(s->value));
    if (const auto* a = v.as<ArrayNode>()) {
      std::vector<Doc> items;
      for (const auto& e : a->elements) items.push_back(AttrValue(e));
      Doc d;
      return d << "[" << Doc::Concat(items) << "]";
    }
    if (const auto* i = v.as<tir::IntImmNode>()) return Doc(IntImmToString(i));
    if (const auto* f = v.as<tir::FloatImmNode>()) return Doc(FloatImmToString(f));
    if (const auto* m = v.as<MapNode>()) {
      std::vector<Doc> items;
      for (const auto& kv : m->items) items.push_back(Doc(Quote(kv.first) + "=") << AttrValue(kv.second));
      Doc d;
      return d << "{" << Doc::Concat(items) << "}";
    }
    if (const auto* at = v.as<AttrsNode>()) {
      std::vector<Doc> items;
      for (const auto& kv : at->fields) items.push_back(Doc(kv.first + "=") << AttrValue(kv.second));
      Doc d;
      return d << "{" << Doc::Concat(items) << "}";
    }
    if (const auto* g = v.as<GlobalVarNode>()) return Doc("'" + g->name_hint + "'");
    throw Error(std::string("cannot print an attribute value of kind ") + KindName(v.kind()));
  }

  bool show_meta_;
  std::unordered_map<const Object*, int> users_;
  std::unordered_map<const Object*, Doc> memo_;
  std::unordered_map<const Object*, Doc> free_var_doc_;  // a var's declaration text, when free
  std::unordered_set<const Object*> emitted_;  // temporaries allocated / free vars declared
  std::unordered_set<const Object*> info_done_;
  std::map<std::string, int> names_;
  int temp_counter_ = 0;
  std::vector<Doc> stack_;  // pending `%N = ...;` lines of each open scope
  std::map<std::string, std::vector<ObjectRef>> meta_;
  std::unordered_map<const Object*, Doc> meta_repr_;
};

}  // namespace

std::string PrintModule(const IRModule& mod, bool show_meta_data) {
  return Printer(show_meta_data).Module(mod);
}

std::string PrintExpr(const Expr& expr, bool show_meta_data) {
  return Printer(show_meta_data).Expression(expr);
}

std::string Print(const ObjectRef& node, bool show_meta_data) {
  if (const auto* m = node.as<IRModuleNode>()) return PrintModule(GetRef<IRModule>(m), show_meta_data);
  if (node.as<ExprNode>()) return PrintExpr(node.cast<Expr>(), show_meta_data);
  throw Error(std::string("cannot print a ") + (node.defined() ? KindName(node.kind()) : "null") + " node as relay text");
}

std::string TypeToString(const Type& type) {
  if (!type.defined()) return "<untyped>";
  return Printer(false).TypeText(type);
}

}  // namespace relay
}  // namespace tirgen

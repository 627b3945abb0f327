// GraphDot: main of a fused module as Graphviz DOT. One walk of main's dataflow graph: a call
// of a primitive function opens a cluster and walks the function's body with its parameters
// bound to the caller's argument nodes (without clusters, for --unfused: TVM's DefuseOps
// picture), so an edge always joins the node that computes a tensor to the op that reads it.
// A run-time If is a diamond whose branches' values meet in an "if result" node. A loop (a call
// of a let-bound recursive function, relay.loops.while_loop) is a "loop" node holding the
// loop-carried state: initial values flow in ("init"), the body is drawn once reading the state,
// each tail call feeds the next state back ("next"), and the other results meet in "loop result".
// Cluster labels are LowerTE's own global names (LowerTE runs once and reports what it
// lowered), never a re-derivation of its naming.
#include <set>
#include <sstream>
#include <unordered_map>
#include <vector>

#include "tirgen/lower/constant_evaluator.h"
#include "tirgen/lower/lower.h"
#include "tirgen/relay/structural.h"
#include "tirgen/relay/text.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/support/bytes.h"
#include "tirgen/support/error.h"
#include "tirgen/viz/graph.h"

namespace tirgen {
namespace viz {
namespace {

std::string Quote(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string Dims(const std::vector<int64_t>& shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + (shape.size() == 1 ? ",)" : ")");
}

// "(1, 64, 56, 56) float32"; tuples as their fields' types, one per line.
std::string TypeText(const relay::Type& type) {
  if (const auto* t = type.as<relay::TensorTypeNode>()) {
    std::vector<int64_t> shape;
    for (const tir::PrimExpr& d : t->shape) {
      const auto* imm = d.as<tir::IntImmNode>();
      if (!imm) return relay::TypeToString(type);  // a symbolic dim: the text form says it
      shape.push_back(imm->value);
    }
    return Dims(shape) + " " + t->dtype.str();
  }
  if (const auto* t = type.as<relay::TupleTypeNode>()) {
    std::string s;
    for (const relay::Type& f : t->fields) s += (s.empty() ? "" : "\n") + TypeText(f);
    return s;
  }
  return type.defined() ? relay::TypeToString(type) : "?";
}

// A constant as one short label: a scalar's value (as Relay text writes it), else its type and
// size.
std::string ConstantLabel(const relay::ConstantNode* c) {
  if (!c->data.defined()) return "constant\n" + c->unresolved_ref;
  if (c->is_scalar()) {
    std::string text = relay::PrintExpr(relay::Constant(c->data));  // version header, value
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
    return "constant " + text.substr(text.rfind('\n') + 1);
  }
  return "constant " + Dims(c->data->shape) + " " + c->data->dtype.str() + "\n" +
         FormatBytes(c->data->NumElements() * c->data->dtype.bytes());
}

// What an expression evaluates to: a node's output, or a tuple of such values.
struct Value {
  std::string node;           ///< the node computing it (empty for a Tuple expression)
  relay::Type type;           ///< its type
  std::vector<Value> fields;  ///< a tuple's fields
  bool tuple = false;
  int field = -1;             ///< which output of `node` (an op with a tuple result), else -1
};

class Builder {
 public:
  Builder(const IRModule& fused, const GraphOptions& options) : options_(options) {
    if (!options.unfused) {
      lower::LowerTEOptions lower_options;
      lower_options.module_name = options.module_name;
      lower::LowerTE(fused, lower_options, &lowered_);
      for (size_t i = 0; i < lowered_.size(); ++i)
        by_hash_[relay::StructuralHash(lowered_[i].source)].push_back(i);
    }
  }

  std::string Run(const relay::Function& main) {
    Scope top;
    for (const relay::Var& p : main->params) {
      relay::Type ty = p->checked_type.defined() ? p->checked_type : p->type_annotation;
      std::string id = NewNode(-1, Quote(p->name_hint + "\n" + TypeText(ty)),
                               "shape=ellipse, style=filled, fillcolor=\"#dbe9f6\"", false);
      top.vars[p.get()] = Value{id, ty, {}, false};
    }
    Value result = Visit(main->body, &top, -1);
    std::string out = NewNode(-1, Quote("output\n" + TypeText(main->body->checked_type)),
                              "shape=ellipse, style=filled, fillcolor=\"#dbe9f6\"", false);
    ConnectAll(result, out);

    std::ostringstream os;
    os << "digraph tirgen {\n"
       << "  graph [rankdir=TB, fontname=\"Helvetica\", fontsize=11, nodesep=0.25, ranksep=0.35];\n"
       << "  node [shape=box, style=\"rounded,filled\", fillcolor=white, fontname=\"Helvetica\", "
          "fontsize=10];\n"
       << "  edge [fontname=\"Helvetica\", fontsize=9, color=\"#555555\"];\n";
    for (const std::string& line : clusters_[0]) os << "  " << line << "\n";
    for (size_t c = 1; c < clusters_.size(); ++c) {
      os << "  subgraph cluster_" << c - 1 << " {\n"
         << "    label=" << Quote(cluster_labels_[c]) << ";\n"
         << "    style=\"rounded,filled\"; fillcolor=\"#f4f4f4\"; color=\"#888888\";\n";
      for (const std::string& line : clusters_[c]) os << "    " << line << "\n";
      os << "  }\n";
    }
    for (const std::string& e : edges_) os << "  " << e << "\n";
    os << "}\n";
    return os.str();
  }

 private:
  struct Scope {
    std::unordered_map<const Object*, Value> vars;  // lookups only
    std::unordered_map<const Object*, Value> memo;  // shared subexpressions, lookups only
    std::unordered_map<const Object*, const relay::FunctionNode*> functions;  // let-bound local functions
  };

  // A node in cluster `cluster` (-1: top level); its index is its id.
  std::string NewNode(int cluster, const std::string& label, const std::string& attrs,
                      bool constant) {
    std::string id = "n" + std::to_string(node_cluster_.size());
    node_cluster_.push_back(cluster);
    node_constant_.push_back(constant);
    clusters_[cluster + 1].push_back(id + " [label=" + label + (attrs.empty() ? "" : ", " + attrs) + "];");
    return id;
  }

  // An edge into `to`; labelled with the tensor's type where it crosses a cluster boundary
  // (constants say their type in their own label), after `tag` (an If's "then" / "else").
  void Connect(const Value& from, const std::string& to, const std::string& tag = "") {
    size_t a = std::stoul(from.node.substr(1)), b = std::stoul(to.substr(1));
    std::string e = from.node + " -> " + to, label = tag;
    if (node_cluster_[a] != node_cluster_[b] && !node_constant_[a])
      label += (label.empty() ? "" : " ") + (from.field >= 0 ? "." + std::to_string(from.field) + " " : "") +
               TypeText(from.type);
    // A loop's back edges do not rank the layout: the state node stays above its body.
    std::string back = tag == "next" ? ", constraint=false" : "";
    if (!label.empty()) e += " [label=" + Quote(label) + back + "]";
    edges_.push_back(e + ";");
  }
  void ConnectAll(const Value& v, const std::string& to, const std::string& tag = "") {
    if (!v.tuple) return Connect(v, to, tag);
    for (const Value& f : v.fields) ConnectAll(f, to, tag);
  }

  Value Visit(const relay::Expr& e, Scope* scope, int cluster) {
    auto it = scope->memo.find(e.get());
    if (it != scope->memo.end()) return it->second;
    Value v = VisitNew(e, scope, cluster);
    scope->memo[e.get()] = v;
    return v;
  }

  Value VisitNew(const relay::Expr& e, Scope* scope, int cluster) {
    if (const auto* var = e.as<relay::VarNode>()) {
      auto it = scope->vars.find(var);
      TIRGEN_ICHECK(it != scope->vars.end()) << "graph: free variable %" << var->name_hint;
      return it->second;
    }
    if (const auto* c = e.as<relay::ConstantNode>()) {
      std::string id = NewNode(cluster, Quote(ConstantLabel(c)),
                               "shape=note, style=filled, fillcolor=\"#fff4d6\", fontsize=9", true);
      return Value{id, e->checked_type, {}, false};
    }
    if (const auto* t = e.as<relay::TupleNode>()) {
      Value v{"", e->checked_type, {}, true};
      for (const relay::Expr& f : t->fields) v.fields.push_back(Visit(f, scope, cluster));
      return v;
    }
    if (const auto* g = e.as<relay::TupleGetItemNode>()) {
      Value t = Visit(g->tuple, scope, cluster);
      TIRGEN_ICHECK(t.tuple && g->index >= 0 && g->index < static_cast<int>(t.fields.size()))
          << "graph: projection " << g->index << " of a non-tuple";
      return t.fields[g->index];
    }
    if (const auto* let = e.as<relay::LetNode>()) {
      BindLet(let, scope, cluster);
      return Visit(let->body, scope, cluster);
    }
    if (const auto* call = e.as<relay::CallNode>()) return VisitCall(call, e, scope, cluster);
    if (const auto* branch = e.as<relay::IfNode>()) return VisitIf(branch, e, scope, cluster);
    throw Error("error: graph: main contains " + std::string(KindName(e->kind())) +
                " expressions; only dataflow graphs (calls, tuples, lets, ifs) are drawn");
  }

  // A run-time If: a diamond reading the condition, both branches drawn, and their values meeting
  // in one "if result" node along edges tagged then / else.
  Value VisitIf(const relay::IfNode* branch, const relay::Expr& e, Scope* scope, int cluster) {
    Value cond = Visit(branch->cond, scope, cluster);
    std::string test = NewNode(cluster, Quote("if"), "shape=diamond, style=filled, fillcolor=\"#ece4f7\"", false);
    ConnectAll(cond, test);
    Value then = Visit(branch->true_branch, scope, cluster);
    Value otherwise = Visit(branch->false_branch, scope, cluster);
    std::string result = NewNode(cluster, Quote("if result\n" + TypeText(e->checked_type)),
                                 "shape=invhouse, style=filled, fillcolor=\"#ece4f7\"", false);
    edges_.push_back(test + " -> " + result + " [style=dashed];");
    ConnectAll(then, result, "then");
    ConnectAll(otherwise, result, "else");
    return Output(result, e->checked_type);
  }

  // The value node `id` computes: a tuple type gives one field per output.
  static Value Output(const std::string& id, const relay::Type& type) {
    Value v{id, type, {}, false};
    if (const auto* tt = type.as<relay::TupleTypeNode>()) {
      v.tuple = true;
      for (const relay::Type& f : tt->fields) v.fields.push_back(Value{id, f, {}, false, static_cast<int>(v.fields.size())});
    }
    return v;
  }

  // A let binds a value, or names a local function (drawn where it is called).
  void BindLet(const relay::LetNode* let, Scope* scope, int cluster) {
    const auto* fn = let->value.as<relay::FunctionNode>();
    const auto* alias = let->value.as<relay::VarNode>();  // let %g = %f names %f again
    auto aliased = alias ? scope->functions.find(alias) : scope->functions.end();
    if (fn && !fn->IsPrimitive()) scope->functions[let->var.get()] = fn;
    else if (aliased != scope->functions.end()) scope->functions[let->var.get()] = aliased->second;
    else scope->vars[let->var.get()] = Visit(let->value, scope, cluster);
  }

  // The local function `callee` evaluates to, or nullptr; `self` is its let variable.
  const relay::FunctionNode* LocalFunction(const relay::Expr& callee, Scope* scope, int cluster,
                                           const relay::VarNode** self) {
    relay::Expr e = callee;
    while (const auto* l = e.as<relay::LetNode>()) {
      BindLet(l, scope, cluster);
      e = l->body;
    }
    if (const auto* f = e.as<relay::FunctionNode>()) return f->IsPrimitive() ? nullptr : f;
    const auto* v = e.as<relay::VarNode>();
    auto it = v ? scope->functions.find(v) : scope->functions.end();
    if (it == scope->functions.end()) return nullptr;
    // A call inside the function's own body that is not its last action never ends drawing
    // (nor running: the executor refuses it in the same words).
    if (open_loops_.count(it->second))
      throw Error("error: graph: %" + v->name_hint + " calls itself other than as its last action; only a tail "
                  "call (a loop, as relay.loops.while_loop builds) can run");
    *self = v;
    return it->second;
  }

  Value VisitLoop(const relay::FunctionNode* fn, const relay::VarNode* self, const std::vector<Value>& args,
                  const relay::Expr& e, Scope* scope, int cluster) {
    std::vector<relay::Type> state_types;
    for (const relay::Var& p : fn->params)
      state_types.push_back(p->checked_type.defined() ? p->checked_type : p->type_annotation);
    relay::Type state_type = relay::TupleType(state_types);
    std::string name = self ? "loop %" + self->name_hint : "local function";
    std::string head = NewNode(cluster, Quote(name + "\n" + TypeText(state_type)),
                               "shape=house, style=filled, fillcolor=\"#e3f2e1\"", false);
    for (const Value& a : args) ConnectAll(a, head, "init");
    std::string result = NewNode(cluster, Quote(name + " result\n" + TypeText(e->checked_type)),
                                 "shape=invhouse, style=filled, fillcolor=\"#e3f2e1\"", false);
    Scope body = *scope;  // the body reads outer values; what it computes stays inside
    Value state = Output(head, state_type);
    for (size_t i = 0; i < fn->params.size(); ++i) body.vars[fn->params[i].get()] = state.fields.at(i);
    open_loops_.insert(fn);
    Tail(fn->body, self, head, result, &body, cluster);
    open_loops_.erase(fn);
    return Output(result, e->checked_type);
  }

  // A loop body's value: a tail call feeds the state back, any other value leaves the loop.
  void Tail(const relay::Expr& e, const relay::VarNode* self, const std::string& head, const std::string& result,
            Scope* scope, int cluster) {
    if (const auto* let = e.as<relay::LetNode>()) {
      if (let->body.same_as(let->var)) return Tail(let->value, self, head, result, scope, cluster);  // let %r = ...; %r
      BindLet(let, scope, cluster);
      return Tail(let->body, self, head, result, scope, cluster);
    }
    if (const auto* branch = e.as<relay::IfNode>()) {
      Value cond = Visit(branch->cond, scope, cluster);
      std::string test = NewNode(cluster, Quote("if"), "shape=diamond, style=filled, fillcolor=\"#ece4f7\"", false);
      ConnectAll(cond, test);
      // Dashed: where each branch goes, the next iteration or out of the loop.
      for (const auto& [b, tag] : {std::pair{branch->true_branch, "then"}, std::pair{branch->false_branch, "else"}}) {
        bool leaves = Returns(b, self);
        edges_.push_back(test + " -> " + (leaves ? result : head) + " [style=dashed, label=\"" + tag + "\"" +
                         (leaves ? "" : ", constraint=false") + "];");
        Scope inner = *scope;
        Tail(b, self, head, result, &inner, cluster);
      }
      return;
    }
    const auto* call = e.as<relay::CallNode>();
    const relay::VarNode* callee = call ? call->op.as<relay::VarNode>() : nullptr;
    auto called = callee ? scope->functions.find(callee) : scope->functions.end();
    if (called != scope->functions.end() && open_loops_.count(called->second)) {  // the tail call, maybe via an alias
      for (const relay::Expr& a : call->args) ConnectAll(Visit(a, scope, cluster), head, "next");
      return;
    }
    ConnectAll(Visit(e, scope, cluster), result, "exit");
  }

  // Whether a loop body's value `e` leaves the loop on some path (not only tail calls of `self`).
  static bool Returns(const relay::Expr& e, const relay::VarNode* self) {
    if (const auto* let = e.as<relay::LetNode>())
      return Returns(let->body.same_as(let->var) ? let->value : let->body, self);
    if (const auto* i = e.as<relay::IfNode>()) return Returns(i->true_branch, self) || Returns(i->false_branch, self);
    const auto* call = e.as<relay::CallNode>();
    return !(call && self && call->op.get() == self);
  }

  Value VisitCall(const relay::CallNode* call, const relay::Expr& e, Scope* scope, int cluster) {
    std::vector<Value> args;
    for (const relay::Expr& a : call->args) args.push_back(Visit(a, scope, cluster));
    const relay::VarNode* self = nullptr;
    if (const relay::FunctionNode* fn = LocalFunction(call->op, scope, cluster, &self))
      return VisitLoop(fn, self, args, e, scope, cluster);
    if (const auto* fn = call->op.as<relay::FunctionNode>()) {
      int inner = cluster;
      if (!options_.unfused) {
        inner = static_cast<int>(clusters_.size()) - 1;
        clusters_.emplace_back();
        cluster_labels_.push_back(ClusterLabel(fn));
      }
      Scope body;
      TIRGEN_ICHECK(fn->params.size() == args.size()) << "graph: call arity differs from its function's";
      for (size_t i = 0; i < args.size(); ++i) body.vars[fn->params[i].get()] = args[i];
      return Visit(fn->body, &body, inner);
    }
    const auto* op = call->op.as<relay::OpNode>();
    if (!op)
      throw Error("error: graph: main calls " + std::string(KindName(call->op->kind())) +
                  " values; only calls of operators and fused functions are drawn");
    std::string id = NewNode(cluster, Quote(op->name + "\n" + TypeText(e->checked_type)), "", false);
    for (const Value& a : args) ConnectAll(a, id);
    return Output(id, e->checked_type);  // a tuple: split & co.
  }

  // The global name LowerTE gave this function's PrimFunc (structurally equal functions share
  // one, as in LowerTE's cache).
  std::string ClusterLabel(const relay::FunctionNode* fn) {
    relay::Function f = GetRef<relay::Function>(fn);
    auto it = by_hash_.find(relay::StructuralHash(f));
    if (it != by_hash_.end())
      for (size_t i : it->second)
        if (relay::StructuralEqual(lowered_[i].source, f)) return lowered_[i].global;
    // Functions for an external compiler are not lowered by LowerTE.
    const ObjectRef* compiler = fn->GetAttr("Compiler");
    TIRGEN_ICHECK(compiler) << "graph: a primitive function LowerTE did not lower";
    return "external function";
  }

  GraphOptions options_;
  std::vector<lower::LoweredPrimitive> lowered_;
  std::unordered_map<uint64_t, std::vector<size_t>> by_hash_;  // lookups only
  std::vector<std::vector<std::string>> clusters_{1};  // [0]: top level, [c + 1]: cluster c
  std::vector<std::string> cluster_labels_{""};
  std::vector<int> node_cluster_;
  std::vector<bool> node_constant_;
  std::vector<std::string> edges_;
  std::set<const relay::FunctionNode*> open_loops_;  // local functions being drawn (their bodies)
};

bool HasPrimitive(const relay::Expr& e) {
  if (const auto* f = e.as<relay::FunctionNode>()) return f->IsPrimitive() || HasPrimitive(f->body);
  if (const auto* c = e.as<relay::CallNode>()) {
    if (HasPrimitive(c->op)) return true;
    for (const relay::Expr& a : c->args)
      if (HasPrimitive(a)) return true;
    return false;
  }
  if (const auto* t = e.as<relay::TupleNode>()) {
    for (const relay::Expr& f : t->fields)
      if (HasPrimitive(f)) return true;
    return false;
  }
  if (const auto* g = e.as<relay::TupleGetItemNode>()) return HasPrimitive(g->tuple);
  if (const auto* l = e.as<relay::LetNode>()) return HasPrimitive(l->value) || HasPrimitive(l->body);
  if (const auto* i = e.as<relay::IfNode>())
    return HasPrimitive(i->cond) || HasPrimitive(i->true_branch) || HasPrimitive(i->false_branch);
  return false;
}

}  // namespace

std::string GraphDot(const IRModule& mod, const std::map<std::string, NDArray>& params,
                     const GraphOptions& options) {
  const auto* main = mod.Lookup("main").as<relay::FunctionNode>();
  if (!main) throw Error("error: graph: main is not a Relay function; only Relay models are drawn");
  IRModule fused = mod;
  if (HasPrimitive(GetRef<relay::Function>(main))) {
    if (!params.empty() || options.link_params)
      throw Error("error: graph: the module is already optimized (it has fused functions); "
                  "bind params and choose link_params when optimizing it");
  } else {
    relay::OptimizeConfig config = lower::DefaultOptimizeConfig();
    config.link_params = options.link_params;
    fused = relay::Optimize(mod, params, config);
  }
  relay::Function fused_main = fused.Lookup("main").cast<relay::Function>();
  return Builder(fused, options).Run(fused_main);
}

}  // namespace viz
}  // namespace tirgen

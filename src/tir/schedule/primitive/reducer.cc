// Commutative reducers (see reducer.h).
#include "reducer.h"

#include <functional>
#include <unordered_map>

#include "tirgen/script/printer.h"
#include "tirgen/tir/expr_deep_equal.h"

namespace tirgen {
namespace tir {

std::vector<PrimExpr> Reducer::operator()(const std::vector<PrimExpr>& a,
                                              const std::vector<PrimExpr>& b) const {
  std::vector<std::pair<Var, PrimExpr>> vmap;
  for (size_t i = 0; i < lhs.size(); ++i) {
    vmap.emplace_back(lhs[i], a[i]);
    vmap.emplace_back(rhs[i], b[i]);
  }
  std::vector<PrimExpr> out;
  for (const PrimExpr& r : result) out.push_back(Substitute(r, vmap));
  return out;
}

namespace {

using Combiner = std::function<std::vector<PrimExpr>(const std::vector<Var>&, const std::vector<Var>&)>;
using Identity = std::function<std::vector<PrimExpr>(const std::vector<DataType>&)>;
struct ReducerKind {
  size_t n;
  Combiner combine;
  Identity identity;
};

PrimExpr Bin(Kind k, const PrimExpr& a, const PrimExpr& b) { return Binary(k, a, b); }

// TVM's default registry, in its order (the first match wins).
const std::vector<ReducerKind>& Registry() {
  static const std::vector<ReducerKind> kinds = {
      {1, [](auto& x, auto& y) { return std::vector<PrimExpr>{Bin(Kind::kAdd, x[0], y[0])}; },
       [](auto& t) { return std::vector<PrimExpr>{make_const(t[0], 0)}; }},
      {1, [](auto& x, auto& y) { return std::vector<PrimExpr>{Bin(Kind::kMul, x[0], y[0])}; },
       [](auto& t) { return std::vector<PrimExpr>{make_const(t[0], 1)}; }},
      {1, [](auto& x, auto& y) { return std::vector<PrimExpr>{Bin(Kind::kMin, x[0], y[0])}; },
       [](auto& t) { return std::vector<PrimExpr>{max_value(t[0])}; }},
      {1, [](auto& x, auto& y) { return std::vector<PrimExpr>{Bin(Kind::kMax, x[0], y[0])}; },
       [](auto& t) { return std::vector<PrimExpr>{min_value(t[0])}; }},
      {2, [](auto& x, auto& y) { return std::vector<PrimExpr>{Bin(Kind::kAdd, x[0], y[0]), Bin(Kind::kAdd, x[1], y[1])}; },
       [](auto& t) { return std::vector<PrimExpr>{make_const(t[0], 0), make_const(t[1], 0)}; }},
      // argmax: ties keep the accumulator
      {2, [](auto& x, auto& y) {
         PrimExpr c = ge(x[1], y[1]);
         return std::vector<PrimExpr>{Select(c, x[0], y[0]), Select(c, x[1], y[1])};
       },
       [](auto& t) { return std::vector<PrimExpr>{make_const(t[0], -1), min_value(t[1])}; }},
      // argmax: ties take the smaller index
      {2, [](auto& x, auto& y) {
         PrimExpr idx = Select(logical_or(gt(x[1], y[1]), logical_and(eq(x[1], y[1]), lt(x[0], y[0]))),
                               x[0], y[0]);
         return std::vector<PrimExpr>{idx, Select(gt(x[1], y[1]), x[1], y[1])};
       },
       [](auto& t) { return std::vector<PrimExpr>{make_const(t[0], -1), min_value(t[1])}; }},
      // argmin: ties keep the accumulator
      {2, [](auto& x, auto& y) {
         PrimExpr c = le(x[1], y[1]);
         return std::vector<PrimExpr>{Select(c, x[0], y[0]), Select(c, x[1], y[1])};
       },
       [](auto& t) { return std::vector<PrimExpr>{make_const(t[0], -1), max_value(t[1])}; }},
      // argmin: ties take the smaller index
      {2, [](auto& x, auto& y) {
         PrimExpr idx = Select(logical_or(lt(x[1], y[1]), logical_and(eq(x[1], y[1]), lt(x[0], y[0]))),
                               x[0], y[0]);
         return std::vector<PrimExpr>{idx, Select(lt(x[1], y[1]), x[1], y[1])};
       },
       [](auto& t) { return std::vector<PrimExpr>{make_const(t[0], -1), max_value(t[1])}; }},
  };
  return kinds;
}

// Matches `pattern` (holes: its variables) against `e`, filling `holes`.
bool Match(const PrimExpr& pattern, const PrimExpr& e, std::unordered_map<const VarNode*, PrimExpr>* holes) {
  if (const auto* v = pattern.as<VarNode>()) {
    auto it = holes->find(v);
    if (it == holes->end()) {
      (*holes)[v] = e;
      return true;
    }
    return ExprDeepEqual(it->second, e);
  }
  if (pattern.kind() != e.kind()) return false;
  if (const auto* p = pattern.as<BinaryNode>()) {
    const auto* q = e.as<BinaryNode>();
    return Match(p->a, q->a, holes) && Match(p->b, q->b, holes);
  }
  if (const auto* p = pattern.as<SelectNode>()) {
    const auto* q = e.as<SelectNode>();
    return Match(p->condition, q->condition, holes) && Match(p->true_value, q->true_value, holes) &&
           Match(p->false_value, q->false_value, holes);
  }
  if (const auto* p = pattern.as<CastNode>()) {
    return p->dtype == e.dtype() && Match(p->value, e.as<CastNode>()->value, holes);
  }
  return ExprDeepEqual(pattern, e);
}

[[noreturn]] void NotApplicable(const BlockNode* block, const std::string& why) {
  throw ScheduleError("cannot rfactor " + Describe(block) + ": " + why);
}

}  // namespace

ReductionParts GetReductionParts(const BlockNode* block) {
  if (!block->init) NotApplicable(block, "it has no init, so it is not a reduction block");
  std::vector<BufferStore> inits;
  if (const auto* s = block->init->as<BufferStoreNode>()) {
    inits.push_back(GetRef<BufferStore>(s));
  } else if (const auto* seq = block->init->as<SeqStmtNode>()) {
    for (const Stmt& st : seq->seq) {
      const auto* s = st.as<BufferStoreNode>();
      if (!s) NotApplicable(block, "its init must be BufferStores only");
      for (const BufferStore& o : inits)
        if (o->buffer.same_as(s->buffer)) NotApplicable(block, "its init stores buffer \"" + s->buffer->name + "\" twice");
      inits.push_back(GetRef<BufferStore>(s));
    }
  } else {
    NotApplicable(block, "its init must be BufferStores only");
  }
  size_t n = inits.size();
  std::vector<BufferStore> updates;
  if (const auto* s = block->body.as<BufferStoreNode>()) {
    updates.push_back(GetRef<BufferStore>(s));
  } else {
    // n LetStmts binding the combined values, then a sequence of n stores of those variables.
    std::vector<const LetStmtNode*> lets;
    Stmt cur = block->body;
    while (const auto* let = cur.as<LetStmtNode>()) {
      lets.push_back(let);
      cur = let->body;
    }
    if (lets.size() != n)
      NotApplicable(block, "its body must be one BufferStore, or one LetStmt per reduced buffer around their stores");
    std::vector<Stmt> stores = cur.as<SeqStmtNode>() ? cur.as<SeqStmtNode>()->seq : std::vector<Stmt>{cur};
    if (stores.size() != n) NotApplicable(block, "its body must store each reduced buffer once");
    updates.resize(n);
    for (const Stmt& st : stores) {
      const auto* s = st.as<BufferStoreNode>();
      if (!s) NotApplicable(block, "its body must store each reduced buffer once");
      size_t k = 0;
      while (k < n && lets[k]->var.get() != s->value.get()) ++k;
      if (k == n || updates[k].defined()) NotApplicable(block, "each store must store one of the let-bound combined values");
      updates[k] = BufferStore(s->buffer, lets[k]->value, s->indices);
    }
  }
  if (updates.size() != n) NotApplicable(block, "its init and body store different numbers of buffers");
  ReductionParts parts;
  parts.updates = updates;
  parts.init_values.resize(n);
  const std::vector<PrimExpr>& indices = updates[0]->indices;
  for (size_t i = 0; i < n; ++i) {
    if (updates[i]->buffer->shape.size() != indices.size() || inits[i]->indices.size() != indices.size() ||
        updates[i]->indices.size() != indices.size())
      NotApplicable(block, "its reduced buffers must have the same shape and indices");
    for (size_t d = 0; d < indices.size(); ++d)
      if (!ExprDeepEqual(updates[i]->buffer->shape[d], updates[0]->buffer->shape[d]) ||
          !ExprDeepEqual(inits[i]->indices[d], indices[d]) || !ExprDeepEqual(updates[i]->indices[d], indices[d]))
        NotApplicable(block, "its reduced buffers must have the same shape and indices");
    size_t k = 0;
    while (k < n && !updates[k]->buffer.same_as(inits[i]->buffer)) ++k;
    if (k == n) NotApplicable(block, "its init stores buffer \"" + inits[i]->buffer->name + "\" that the body does not update");
    parts.init_values[k] = inits[i]->value;
  }
  return parts;
}

MatchedReducer MatchReducer(const BlockNode* block, const ReductionParts& parts) {
  size_t n = parts.updates.size();
  std::vector<DataType> types;
  for (const PrimExpr& v : parts.init_values) types.push_back(v.dtype());
  for (const ReducerKind& kind : Registry()) {
    if (kind.n != n) continue;
    Reducer r;
    for (size_t i = 0; i < n; ++i) {
      r.lhs.push_back(Var("x" + std::to_string(i), types[i]));
      r.rhs.push_back(Var("y" + std::to_string(i), types[i]));
    }
    r.result = kind.combine(r.lhs, r.rhs);
    r.identity = kind.identity(types);
    bool ok = true;
    for (size_t i = 0; i < n && ok; ++i) ok = ExprDeepEqual(r.identity[i], parts.init_values[i]);
    if (!ok) continue;
    std::unordered_map<const VarNode*, PrimExpr> holes;
    for (size_t i = 0; i < n && ok; ++i) ok = Match(r.result[i], parts.updates[i]->value, &holes);
    if (!ok) continue;
    MatchedReducer m{r, {}, {}};
    for (size_t i = 0; i < n && ok; ++i) {
      PrimExpr l = holes.at(r.lhs[i].get()), rh = holes.at(r.rhs[i].get());
      ok = ExprDeepEqual(l, BufferLoad(parts.updates[i]->buffer, parts.updates[i]->indices));
      m.lhs.push_back(l);
      m.rhs.push_back(rh);
    }
    if (ok) return m;
  }
  std::string combiners;
  for (const BufferStore& u : parts.updates) {
    std::string t = script::PrintExpr(BufferLoad(u->buffer, u->indices)) + " = " + script::PrintExpr(u->value);
    combiners += (combiners.empty() ? "" : "; ") + t;
  }
  NotApplicable(block, "no known commutative reducer (sum, product, min, max, argmax, argmin) matches its init and update `" +
                           combiners + "`; the update must read the accumulator as the first operand");
}

}  // namespace tir
}  // namespace tirgen

// TensorizeComparator (see tensorize_compare.h).
#include "tensorize_compare.h"

#include "tirgen/arith/analyzer.h"
#include "tirgen/script/printer.h"
#include "tirgen/tir/expr_deep_equal.h"

namespace tirgen {
namespace tir {

bool TensorizeComparator::Fail(const std::string& why) {
  if (error_.empty()) error_ = why;
  return false;
}

PrimExpr TensorizeComparator::MapRhs(const PrimExpr& e) const {
  std::vector<std::pair<Var, PrimExpr>> vmap;
  class Collect : public StmtExprVisitor {
   public:
    std::vector<const VarNode*> vars;
    void VisitExpr_(const VarNode* op) override { vars.push_back(op); }
  } c;
  c.VisitExpr(e);
  for (const VarNode* v : c.vars) {
    auto it = var_map_.find(v);
    if (it != var_map_.end()) vmap.emplace_back(GetRef<Var>(v), it->second);
  }
  return Substitute(e, vmap);
}

bool TensorizeComparator::UsesInner(const PrimExpr& e) const {
  return FindVar(e, [&](const VarNode* v) { return std::find(inner_.begin(), inner_.end(), v) != inner_.end(); });
}

const TensorizeComparator::Access* TensorizeComparator::AccessOf(const Buffer& desc_buffer) const {
  auto it = buffers_.find(desc_buffer.get());
  return it == buffers_.end() ? nullptr : &it->second;
}

bool TensorizeComparator::Match(const BlockRealize& lhs, const BlockRealize& rhs) {
  const BlockNode* lb = lhs->block.get();
  const BlockNode* rb = rhs->block.get();
  if (rb->init && !lb->init) return Fail("the description has an init, the block has none");
  return Stmt_(lb->body, rb->body);
}

bool TensorizeComparator::Stmt_(const Stmt& l, const Stmt& r) {
  if (l.kind() != r.kind())
    return Fail(std::string("a ") + KindName(l.kind()) + " where the description has a " + KindName(r.kind()));
  switch (r.kind()) {
    case Kind::kFor: {
      const auto* a = l.as<ForNode>();
      const auto* b = r.as<ForNode>();
      if (!Expr_(a->min, b->min) || !Expr_(a->extent, b->extent))
        return Fail("loop \"" + a->loop_var->name_hint + "\" has another range than the description's \"" +
                    b->loop_var->name_hint + "\"");
      var_map_[b->loop_var.get()] = a->loop_var;
      inner_.push_back(a->loop_var.get());
      return Stmt_(a->body, b->body);
    }
    case Kind::kSeqStmt: {
      const auto& a = l.as<SeqStmtNode>()->seq;
      const auto& b = r.as<SeqStmtNode>()->seq;
      if (a.size() != b.size()) return Fail("sequences of different lengths");
      for (size_t i = 0; i < a.size(); ++i)
        if (!Stmt_(a[i], b[i])) return false;
      return true;
    }
    case Kind::kBlockRealize: {
      const auto* a = l.as<BlockRealizeNode>();
      const auto* b = r.as<BlockRealizeNode>();
      const BlockNode* ab = a->block.get();
      const BlockNode* bb = b->block.get();
      if (ab->iter_vars.size() != bb->iter_vars.size())
        return Fail(Describe(ab) + " has " + std::to_string(ab->iter_vars.size()) + " iter vars, the description's " +
                    Describe(bb) + " " + std::to_string(bb->iter_vars.size()));
      for (size_t i = 0; i < ab->iter_vars.size(); ++i) {
        const IterVar& x = ab->iter_vars[i];
        const IterVar& y = bb->iter_vars[i];
        if (x->iter_type != y->iter_type || !Expr_(x->dom->extent, y->dom->extent))
          return Fail("iter var \"" + x->var->name_hint + "\" of " + Describe(ab) + " differs in kind or extent from \"" +
                      y->var->name_hint + "\"");
        if (!Expr_(a->iter_values[i], b->iter_values[i]))
          return Fail("the binding of iter var \"" + x->var->name_hint + "\" differs from the description's");
        var_map_[y->var.get()] = x->var;
        inner_.push_back(x->var.get());
      }
      if (!Expr_(a->predicate, b->predicate)) return Fail("the predicates differ");
      if (bb->init.has_value() != ab->init.has_value()) return Fail("one of the blocks has an init, the other none");
      if (bb->init && !Stmt_(*ab->init, *bb->init)) return false;
      return Stmt_(ab->body, bb->body);
    }
    case Kind::kBufferStore: {
      const auto* a = l.as<BufferStoreNode>();
      const auto* b = r.as<BufferStoreNode>();
      return Access_(a->buffer, a->indices, b->buffer, b->indices) && Expr_(a->value, b->value);
    }
    case Kind::kEvaluate: return Expr_(l.as<EvaluateNode>()->value, r.as<EvaluateNode>()->value);
    case Kind::kIfThenElse: {
      const auto* a = l.as<IfThenElseNode>();
      const auto* b = r.as<IfThenElseNode>();
      if (!Expr_(a->condition, b->condition) || !Stmt_(a->then_case, b->then_case)) return false;
      if (a->else_case.defined() != b->else_case.defined()) return Fail("else branches differ");
      return !b->else_case.defined() || Stmt_(a->else_case, b->else_case);
    }
    default:
      return Fail(std::string("tensorize cannot match a ") + KindName(r.kind()));
  }
}

bool TensorizeComparator::Expr_(const PrimExpr& l, const PrimExpr& r) {
  if (const auto* v = r.as<VarNode>()) {
    auto it = var_map_.find(v);
    if (it == var_map_.end()) return Fail("the description uses an unbound variable \"" + v->name_hint + "\"");
    if (!ExprDeepEqual(l, it->second))
      return Fail("`" + script::PrintExpr(l) + "` where the description has \"" + v->name_hint + "\"");
    return true;
  }
  if (l.kind() != r.kind())
    return Fail("`" + script::PrintExpr(l) + "` where the description has `" + script::PrintExpr(r) + "`");
  switch (r.kind()) {
    case Kind::kIntImm:
      if (l.as<IntImmNode>()->value != r.as<IntImmNode>()->value)
        return Fail("constant " + script::PrintExpr(l) + " where the description has " + script::PrintExpr(r));
      return true;
    case Kind::kFloatImm:
      if (l.dtype() != r.dtype() || l.as<FloatImmNode>()->value != r.as<FloatImmNode>()->value)
        return Fail("constant " + script::PrintExpr(l) + " where the description has " + script::PrintExpr(r));
      return true;
    case Kind::kStringImm: return l.as<StringImmNode>()->value == r.as<StringImmNode>()->value || Fail("strings differ");
    case Kind::kCast:
      if (l.dtype() != r.dtype()) return Fail("a cast to " + l.dtype().str() + " where the description casts to " + r.dtype().str());
      return Expr_(l.as<CastNode>()->value, r.as<CastNode>()->value);
    case Kind::kNot: return Expr_(l.as<NotNode>()->a, r.as<NotNode>()->a);
    case Kind::kSelect: {
      const auto* a = l.as<SelectNode>();
      const auto* b = r.as<SelectNode>();
      return Expr_(a->condition, b->condition) && Expr_(a->true_value, b->true_value) && Expr_(a->false_value, b->false_value);
    }
    case Kind::kBufferLoad: {
      const auto* a = l.as<BufferLoadNode>();
      const auto* b = r.as<BufferLoadNode>();
      return Access_(a->buffer, a->indices, b->buffer, b->indices);
    }
    case Kind::kCall: {
      const auto* a = l.as<CallNode>();
      const auto* b = r.as<CallNode>();
      if (a->op != b->op || a->args.size() != b->args.size() || a->dtype != b->dtype) return Fail("calls differ");
      for (size_t i = 0; i < a->args.size(); ++i)
        if (!Expr_(a->args[i], b->args[i])) return false;
      return true;
    }
    default:
      if (IsBinaryKind(r.kind())) {
        if (l.dtype() != r.dtype())
          return Fail("`" + script::PrintExpr(l) + "` has type " + l.dtype().str() + ", the description's " + r.dtype().str());
        return Expr_(l.as<BinaryNode>()->a, r.as<BinaryNode>()->a) && Expr_(l.as<BinaryNode>()->b, r.as<BinaryNode>()->b);
      }
      return Fail(std::string("tensorize cannot match a ") + KindName(r.kind()));
  }
}

bool TensorizeComparator::Access_(const Buffer& lb, const std::vector<PrimExpr>& li, const Buffer& rb,
                                  const std::vector<PrimExpr>& ri) {
  if (lb->dtype != rb->dtype)
    return Fail("buffer \"" + lb->name + "\" has type " + lb->dtype.str() + ", the description's \"" + rb->name +
                "\" " + rb->dtype.str());
  if (li.size() < ri.size())
    return Fail("buffer \"" + lb->name + "\" has fewer dimensions than the description's \"" + rb->name + "\"");
  arith::Analyzer ana;
  auto try_dims = [&](const std::vector<int>& dims, std::vector<PrimExpr>* base) {
    base->clear();
    for (size_t d = 0; d < li.size(); ++d) {
      auto j = std::find(dims.begin(), dims.end(), static_cast<int>(d));
      PrimExpr b = li[d];
      if (j != dims.end()) {
        PrimExpr m = MapRhs(ri[j - dims.begin()]);
        b = ana.Simplify(sub(li[d], cast(li[d].dtype(), m)));
      }
      if (UsesInner(b)) return false;
      base->push_back(b);
    }
    return true;
  };
  // TVM's alignment: description dimensions are the trailing ones.
  std::vector<int> dims;
  for (size_t j = 0; j < ri.size(); ++j) dims.push_back(static_cast<int>(li.size() - ri.size() + j));
  std::vector<PrimExpr> base;
  if (!try_dims(dims, &base)) {
    // Strided: each description dimension runs along the dimension its variables index.
    dims.clear();
    for (size_t j = 0; j < ri.size(); ++j) {
      PrimExpr m = MapRhs(ri[j]);
      int found = -1;
      for (size_t d = 0; d < li.size(); ++d) {
        bool shares = FindVar(li[d], [&](const VarNode* v) {
          return FindVar(m, [&](const VarNode* w) { return w == v; }) != nullptr &&
                 std::find(inner_.begin(), inner_.end(), v) != inner_.end();
        });
        if (shares && (dims.empty() || static_cast<int>(d) > dims.back())) {
          found = static_cast<int>(d);
          break;
        }
      }
      if (found < 0) {
        // A dimension indexed by no inner variable (e.g. a constant): the next free one.
        found = dims.empty() ? 0 : dims.back() + 1;
        if (found >= static_cast<int>(li.size())) return Fail("cannot align the dimensions of buffer \"" + lb->name + "\"");
      }
      dims.push_back(found);
    }
    if (!try_dims(dims, &base))
      return Fail("the accesses of buffer \"" + lb->name + "\" do not form a region the description's \"" + rb->name +
                  "\" can view");
  }
  auto it = buffers_.find(rb.get());
  if (it == buffers_.end()) {
    for (const auto& kv : buffers_)
      if (kv.second.lhs.same_as(lb)) return Fail("buffer \"" + lb->name + "\" matches two description buffers");
    buffers_[rb.get()] = Access{lb, base, dims};
    return true;
  }
  const Access& a = it->second;
  if (!a.lhs.same_as(lb))
    return Fail("the description's buffer \"" + rb->name + "\" matches both \"" + a.lhs->name + "\" and \"" + lb->name + "\"");
  for (size_t d = 0; d < base.size(); ++d)
    if (!ExprDeepEqual(ana.Simplify(base[d]), ana.Simplify(a.base[d])) || a.dims != dims)
      return Fail("buffer \"" + lb->name + "\" is accessed at different offsets than the description's \"" + rb->name + "\"");
  return true;
}

}  // namespace tir
}  // namespace tirgen

// VectorizeLoop: a `T.vectorized` loop of constant extent n becomes one vector statement: the
// loop var is the ramp [min, min+1, ..., min+n-1], scalars meeting vectors are broadcast, and
// ramp arithmetic stays a ramp (ramp + x -> ramp with base + x, ramp * c -> ramp with scaled
// stride), so `A[i * 64 + v]` becomes the contiguous access `A[i * 64:i * 64 + 64]`.
// A guard (`if` without else) stays around its vectorized statements, its condition a vector
// when it depends on the loop var. A body this simple vectorizer cannot handle (nested loops,
// ifs with else, lets, a non-constant extent) keeps a serial loop, which is always correct. VectorizeLoop(false) only makes them serial.
#include "tirgen/tir/functor.h"
#include "tirgen/tir/op.h"
#include "tirgen/tir/transforms/passes.h"

namespace tirgen {
namespace tir {
namespace transform {
namespace {

struct CannotVectorize {};

PrimExpr BroadcastTo(const PrimExpr& e, int lanes) {
  if (e.dtype().lanes() == lanes) return e;
  TIRGEN_ICHECK(e.dtype().is_scalar()) << "mixed vector widths";
  return Broadcast(e, lanes);
}

// Vector stores and sequences of them (the statements a lane guard can wrap).
bool OnlyStores(const Stmt& s) {
  if (const auto* st = s.as<BufferStoreNode>()) return st->value.dtype().lanes() > 1;
  const auto* seq = s.as<SeqStmtNode>();
  if (!seq) return false;
  for (const Stmt& c : seq->seq)
    if (!OnlyStores(c)) return false;
  return true;
}

class Vectorizer : public StmtExprMutator {
 public:
  Vectorizer(const Var& var, const PrimExpr& min, int lanes)
      : var_(var), ramp_(Ramp(min, make_const(min.dtype(), 1), lanes)), lanes_(lanes) {}
  using StmtExprMutator::VisitExpr_;
  using StmtExprMutator::VisitStmt_;

  PrimExpr VisitExpr_(const VarNode* op) override {
    return op == var_.get() ? ramp_ : GetRef<PrimExpr>(op);
  }

  PrimExpr VisitExpr_(const BinaryNode* op) override {
    PrimExpr a = VisitExpr(op->a), b = VisitExpr(op->b);
    if (a.same_as(op->a) && b.same_as(op->b)) return GetRef<PrimExpr>(op);
    const RampNode* ra = a.as<RampNode>();
    const RampNode* rb = b.as<RampNode>();
    Kind k = op->kind();
    // Ramps stay ramps under + and - with scalars, and * by a scalar.
    if ((k == Kind::kAdd || k == Kind::kSub) && ra && b.dtype().is_scalar())
      return Ramp(k == Kind::kAdd ? add(ra->base, b) : sub(ra->base, b), ra->stride, ra->lanes);
    if (k == Kind::kAdd && rb && a.dtype().is_scalar())
      return Ramp(add(a, rb->base), rb->stride, rb->lanes);
    if (k == Kind::kMul && ra && b.dtype().is_scalar())
      return Ramp(mul(ra->base, b), mul(ra->stride, b), ra->lanes);
    if (k == Kind::kMul && rb && a.dtype().is_scalar())
      return Ramp(mul(a, rb->base), mul(a, rb->stride), rb->lanes);
    return Binary(k, BroadcastTo(a, lanes_), BroadcastTo(b, lanes_));
  }

  PrimExpr VisitExpr_(const CastNode* op) override {
    PrimExpr v = VisitExpr(op->value);
    if (v.same_as(op->value)) return GetRef<PrimExpr>(op);
    return Cast(op->dtype.with_lanes(v.dtype().lanes()), v);
  }

  PrimExpr VisitExpr_(const SelectNode* op) override {
    PrimExpr c = VisitExpr(op->condition), t = VisitExpr(op->true_value);
    PrimExpr f = VisitExpr(op->false_value);
    if (c.same_as(op->condition) && t.same_as(op->true_value) && f.same_as(op->false_value))
      return GetRef<PrimExpr>(op);
    return Select(BroadcastTo(c, lanes_), BroadcastTo(t, lanes_), BroadcastTo(f, lanes_));
  }

  PrimExpr VisitExpr_(const CallNode* op) override {
    std::vector<PrimExpr> args = op->args;
    if (!VisitExprs(op->args, &args)) return GetRef<PrimExpr>(op);
    for (PrimExpr& a : args) a = BroadcastTo(a, lanes_);
    return Call(op->dtype.with_lanes(lanes_), op->op, std::move(args));
  }

  PrimExpr VisitExpr_(const LetNode*) override { throw CannotVectorize(); }
  PrimExpr VisitExpr_(const ReduceNode*) override { throw CannotVectorize(); }

  Stmt VisitStmt_(const BufferStoreNode* op) override {
    std::vector<PrimExpr> idx = op->indices;
    VisitExprs(op->indices, &idx);
    PrimExpr value = VisitExpr(op->value);
    int lanes = value.dtype().lanes();
    for (const PrimExpr& i : idx) lanes = std::max(lanes, i.dtype().lanes());
    if (lanes == 1) return GetRef<Stmt>(op);  // does not depend on the loop var
    // Only the last index may be a vector (a flat access, as after FlattenBuffer).
    for (size_t i = 0; i + 1 < idx.size(); ++i)
      if (idx[i].dtype().lanes() > 1) throw CannotVectorize();
    idx.back() = BroadcastTo(idx.back(), lanes);
    return BufferStore(op->buffer, BroadcastTo(value, lanes), idx);
  }
  PrimExpr VisitExpr_(const BufferLoadNode* op) override {
    std::vector<PrimExpr> idx = op->indices;
    if (!VisitExprs(op->indices, &idx)) return GetRef<PrimExpr>(op);
    for (size_t i = 0; i + 1 < idx.size(); ++i)
      if (idx[i].dtype().lanes() > 1) throw CannotVectorize();
    return BufferLoad(op->buffer, idx);
  }

  Stmt VisitStmt_(const ForNode*) override { throw CannotVectorize(); }
  // A guarded statement (a block predicate from a split that does not divide, a padding
  // test): the guard stays an `if`. When it depends on the loop var its condition becomes a
  // vector of lanes and the `if` guards each lane (the C code generator runs the whole vector
  // when every lane holds). Only guards without an else, over stores.
  Stmt VisitStmt_(const IfThenElseNode* op) override {
    if (op->else_case.defined()) throw CannotVectorize();
    PrimExpr cond = VisitExpr(op->condition);
    Stmt then = VisitStmt(op->then_case);
    if (cond.same_as(op->condition) && then.same_as(op->then_case)) return GetRef<Stmt>(op);
    if (cond.dtype().lanes() > 1 && !OnlyStores(then)) throw CannotVectorize();
    return IfThenElse(cond, then);
  }
  Stmt VisitStmt_(const LetStmtNode*) override { throw CannotVectorize(); }
  Stmt VisitStmt_(const AllocateNode*) override { throw CannotVectorize(); }
  Stmt VisitStmt_(const WhileNode*) override { throw CannotVectorize(); }
  Stmt VisitStmt_(const BlockRealizeNode*) override { throw CannotVectorize(); }

 private:
  Var var_;
  PrimExpr ramp_;
  int lanes_;
};

class LoopVectorizer : public StmtExprMutator {
 public:
  explicit LoopVectorizer(bool enable) : enable_(enable) {}
  using StmtExprMutator::VisitStmt_;

  Stmt VisitStmt_(const ForNode* op) override {
    Stmt s = StmtExprMutator::VisitStmt_(op);
    const ForNode* loop = s.as<ForNode>();
    if (!loop || loop->kind != ForKind::kVectorized) return s;
    const int64_t* n = as_const_int(loop->extent);
    if (enable_ && n && *n > 1) {
      try {
        return Vectorizer(loop->loop_var, loop->min, static_cast<int>(*n)).VisitStmt(loop->body);
      } catch (const CannotVectorize&) {
      }
    }
    auto serial = CopyNode(*loop);
    serial->kind = ForKind::kSerial;
    return Stmt(std::move(serial));
  }

 private:
  bool enable_;
};

}  // namespace

Pass VectorizeLoop(bool enable_vectorize) {
  return CreatePrimFuncPass("VectorizeLoop", [enable_vectorize](const PrimFunc& f) {
    Stmt body = LoopVectorizer(enable_vectorize).VisitStmt(f->body);
    if (body.same_as(f->body)) return f;
    auto n = CopyNode(*f.get());
    n->body = body;
    return PrimFunc(std::move(n));
  });
}

TIRGEN_REGISTER_PASS_WITH_ARGS(
    VectorizeLoop, [](const std::vector<int64_t>& args) { return VectorizeLoop(args[0] != 0); },
    {"enable_vectorize", 1});

}  // namespace transform
}  // namespace tir
}  // namespace tirgen

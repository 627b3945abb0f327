// UnrollLoop, as TVM's pass behaves with its default configuration (automatic unrolling off
// outside the pragmas, explicit unrolling on, at most 8 nested unrolled loops):
//  - a `T.unroll` loop of constant extent is unrolled;
//  - under `pragma_auto_unroll_max_step = N` (the tuner's sampled unroll depth) a serial loop
//    of constant extent with no loop left inside it is unrolled too when its extent times the
//    steps (stores and evaluations) of its body, already unrolled, is at most N: the innermost
//    loops go first, so N bounds the size of the straight-line code;
//  - `pragma_unroll_explicit = 0` marks such loops T.unroll (the C generator's `#pragma GCC
//    unroll`) instead of copying their bodies.
// Unrolling copies the body once per iteration, the loop var substituted, in sequence. Beyond
// TVM: a body that allocates is never copied (an allocation, constant or not, must appear
// once): such a loop stays a serial loop. The pragmas are consumed.
#include "tirgen/tir/functor.h"
#include "tirgen/tir/op.h"
#include "tirgen/tir/transforms/passes.h"

#include <algorithm>

namespace tirgen {
namespace tir {
namespace transform {
namespace {

bool Allocates(const Stmt& s) {
  struct V : StmtExprVisitor {
    bool found = false;
    void VisitStmt_(const AllocateNode*) override { found = true; }
    void VisitStmt_(const AllocateConstNode*) override { found = true; }
    void VisitStmt_(const BlockNode*) override { found = true; }
  } v;
  v.VisitStmt(s);
  return v.found;
}

class LoopUnroller : public StmtExprMutator {
 public:
  using StmtExprMutator::VisitStmt_;

  Stmt VisitStmt_(const AttrStmtNode* op) override {
    if (op->attr_key == "pragma_auto_unroll_max_step") return WithScoped(&max_step_, IntValue(op->value), op->body);
    if (op->attr_key == "pragma_unroll_explicit") return WithScoped(&explicit_, IntValue(op->value) != 0, op->body);
    return StmtExprMutator::VisitStmt_(op);
  }

  // The counters describe what was visited since the enclosing sequence element began: each
  // element of a sequence starts from zero, then adds its steps to its siblings' and keeps the
  // deepest loop nesting seen (so a loop around a sequence sees the whole sequence).
  Stmt VisitStmt_(const SeqStmtNode* op) override {
    bool changed = false;
    std::vector<Stmt> seq;
    for (const Stmt& s : op->seq) {
      Counters before = counters_;
      counters_ = Counters();
      seq.push_back(VisitStmt(s));
      changed = changed || !seq.back().same_as(s);
      counters_.steps += before.steps;
      counters_.plain_depth = std::max(counters_.plain_depth, before.plain_depth);
      counters_.unrolled_depth = std::max(counters_.unrolled_depth, before.unrolled_depth);
    }
    if (!changed) return GetRef<Stmt>(op);
    return SeqStmt::Flatten(seq);
  }

  Stmt VisitStmt_(const BufferStoreNode* op) override {
    ++counters_.steps;
    return StmtExprMutator::VisitStmt_(op);
  }
  Stmt VisitStmt_(const EvaluateNode* op) override {
    ++counters_.steps;
    return StmtExprMutator::VisitStmt_(op);
  }

  Stmt VisitStmt_(const ForNode* op) override {
    Stmt s = StmtExprMutator::VisitStmt_(op);
    const ForNode* loop = s.as<ForNode>();
    if (!loop) return s;
    const int64_t* extent = as_const_int(loop->extent);
    const int64_t n = extent && *extent >= 0 ? *extent : -1;
    bool unroll = n >= 0 && (loop->kind == ForKind::kUnrolled ||
                             (loop->kind == ForKind::kSerial && counters_.plain_depth == 0 &&
                              counters_.unrolled_depth <= kMaxUnrolledDepth && n * counters_.steps <= max_step_));
    // A body that allocates stays inside a loop (see the file comment).
    if (unroll && Allocates(loop->body)) unroll = false;
    if (!unroll) {
      ++counters_.plain_depth;
      if (loop->kind != ForKind::kUnrolled) return s;
      auto serial = CopyNode(*loop);
      serial->kind = ForKind::kSerial;
      return Stmt(std::move(serial));
    }
    counters_.steps *= n;
    ++counters_.unrolled_depth;
    if (explicit_) return Copies(loop, n);
    if (loop->kind == ForKind::kUnrolled) return s;
    auto marked = CopyNode(*loop);
    marked->kind = ForKind::kUnrolled;
    return Stmt(std::move(marked));
  }

 private:
  struct Counters {
    int64_t steps = 0;           // stores and evaluations, unrolled ones counted per copy
    int64_t plain_depth = 0;     // loops kept as loops
    int64_t unrolled_depth = 0;  // nested unrolled loops
  };
  static constexpr int64_t kMaxUnrolledDepth = 8;  // TVM's default

  static int64_t IntValue(const PrimExpr& e) {
    const int64_t* v = as_const_int(e);
    TIRGEN_CHECK(v) << "UnrollLoop: an unroll pragma's value must be a constant integer";
    return *v;
  }

  template <typename T>
  Stmt WithScoped(T* field, T value, const Stmt& body) {
    std::swap(*field, value);
    Stmt out = VisitStmt(body);
    std::swap(*field, value);
    return out;
  }

  static Stmt Copies(const ForNode* loop, int64_t n) {
    if (n == 0) return Evaluate(IntImm(DataType::Int(32), 0));
    std::vector<Stmt> copies;
    for (int64_t i = 0; i < n; ++i) {
      PrimExpr value = add(loop->min, make_const(loop->loop_var.dtype(), i));
      copies.push_back(Substitute(loop->body, {{loop->loop_var, value}}));
    }
    return SeqStmt::Flatten(copies);
  }

  int64_t max_step_ = 0;  // no automatic unrolling outside the pragma
  bool explicit_ = true;
  Counters counters_;
};

}  // namespace

Pass UnrollLoop() {
  return CreatePrimFuncPass("UnrollLoop", [](const PrimFunc& f) {
    Stmt body = LoopUnroller().VisitStmt(f->body);
    if (body.same_as(f->body)) return f;
    auto n = CopyNode(*f.get());
    n->body = body;
    return PrimFunc(std::move(n));
  });
}

TIRGEN_REGISTER_PASS(UnrollLoop, [](const std::vector<int64_t>&) { return UnrollLoop(); });

}  // namespace transform
}  // namespace tir
}  // namespace tirgen

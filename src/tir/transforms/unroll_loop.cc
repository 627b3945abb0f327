// UnrollLoop (the explicit part of TVM's pass): a `T.unroll` loop of constant extent is
// replaced by copies of its body, one per iteration, with the loop var substituted; the
// copies are then sequenced. Loops without a constant extent, or whose body allocates (an
// allocation, constant or not, must never be duplicated), become serial loops.
#include "tirgen/tir/functor.h"
#include "tirgen/tir/op.h"
#include "tirgen/tir/transforms/passes.h"

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

  // The unroll pragmas are consumed here, as in TVM (the automatic unrolling of small loops
  // they request is not implemented: such loops stay loops).
  Stmt VisitStmt_(const AttrStmtNode* op) override {
    if (op->attr_key == "pragma_auto_unroll_max_step" || op->attr_key == "pragma_unroll_explicit")
      return VisitStmt(op->body);
    return StmtExprMutator::VisitStmt_(op);
  }

  Stmt VisitStmt_(const ForNode* op) override {
    Stmt s = StmtExprMutator::VisitStmt_(op);
    const ForNode* loop = s.as<ForNode>();
    if (!loop || loop->kind != ForKind::kUnrolled) return s;
    const int64_t* n = as_const_int(loop->extent);
    if (!n || Allocates(loop->body)) {
      auto serial = CopyNode(*loop);
      serial->kind = ForKind::kSerial;
      return Stmt(std::move(serial));
    }
    if (*n == 0) return Evaluate(IntImm(DataType::Int(32), 0));
    std::vector<Stmt> copies;
    for (int64_t i = 0; i < *n; ++i) {
      PrimExpr value = add(loop->min, make_const(loop->loop_var.dtype(), i));
      copies.push_back(Substitute(loop->body, {{loop->loop_var, value}}));
    }
    return SeqStmt::Flatten(copies);
  }
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

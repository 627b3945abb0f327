// RemoveNoOp removes a store only when it provably writes the value already there: the loaded
// buffer must name the stored element, and a loop's range holds only inside that loop.
#include <gtest/gtest.h>

#include <string>

#include "tir_pass_test_util.h"
#include "tirgen/tir/functor.h"

namespace tirgen {
namespace tir {
namespace {

using testing::ParseModule;

int CountStores(const IRModule& mod) {
  struct Counter : StmtExprVisitor {
    using StmtExprVisitor::VisitStmt_;
    int n = 0;
    void VisitStmt_(const BufferStoreNode* op) override {
      ++n;
      StmtExprVisitor::VisitStmt_(op);
    }
  } counter;
  counter.VisitStmt(mod->functions.at("main").cast<PrimFunc>()->body);
  return counter.n;
}

int StoresLeft(const std::string& text) { return CountStores(transform::RemoveNoOp()(ParseModule(text))); }

TEST(RemoveNoOp, CopiesBetweenViewsOfOneAllocation) {
  // B views A's data 4 elements further on, or transposed: B[i] = A[i] moves data.
  const char* header = R"(
@T.prim_func
def f(A: T.Buffer((4, 4), "float32")):
)";
  EXPECT_EQ(StoresLeft(std::string(header) + R"(
    B = T.decl_buffer((4, 4), data=A.data, elem_offset=4)
    for i, j in T.grid(3, 4):
        B[i, j] = A[i, j]
)"), 1);
  EXPECT_EQ(StoresLeft(std::string(header) + R"(
    B = T.decl_buffer((4, 4), data=A.data, strides=(1, 4))
    for i, j in T.grid(4, 4):
        B[i, j] = A[i, j]
)"), 1);
  // The same view (offset, strides, shape and type equal) or the buffer itself: nothing moves.
  EXPECT_EQ(StoresLeft(std::string(header) + R"(
    B = T.decl_buffer((4, 4), data=A.data)
    for i, j in T.grid(4, 4):
        B[i, j] = A[i, j]
        A[i, j] = A[i, j]
)"), 0);
}

// Sibling loops sharing one Var (passes build such programs): the first loop's unit range
// (i stands for 0) must not leak into the second, where A[i] = A[0] writes.
TEST(RemoveNoOp, ALoopRangeEndsWithItsLoop) {
  IRModule mod = ParseModule(R"(
@T.prim_func
def f(A: T.Buffer((16,), "int32"), B: T.Buffer((16,), "int32")):
    for i in range(1):
        B[i] = 1
    for j in range(16):
        A[j] = A[0]
)");
  struct Reuse : StmtExprMutator {
    using StmtExprMutator::VisitStmt_;
    std::optional<Var> first;
    Stmt VisitStmt_(const ForNode* op) override {
      if (!first) {
        first = op->loop_var;
        return GetRef<Stmt>(op);
      }
      Stmt body = Substitute(op->body, {{op->loop_var, *first}});
      return For(*first, op->min, op->extent, op->kind, body);
    }
  } reuse;
  PrimFunc f = mod->functions.at("main").cast<PrimFunc>();
  PrimFunc g(f->params, reuse.VisitStmt(f->body), f->buffer_map, f->attrs);
  IRModule shared(std::map<std::string, ObjectRef>{{"main", g}});
  ASSERT_EQ(CountStores(shared), 2);
  EXPECT_EQ(CountStores(transform::RemoveNoOp()(shared)), 2);
}

}  // namespace
}  // namespace tir
}  // namespace tirgen

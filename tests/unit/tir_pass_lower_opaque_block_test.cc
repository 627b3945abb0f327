// LowerOpaqueBlock: before/after TVMScript.
#include "tir_pass_test_util.h"

namespace tirgen {
namespace tir {
namespace {

using testing::ExpectPass;

// alloc_buffers become allocations (first buffer outermost), a predicate an if, a unit loop
// disappears, loop annotations stay.
TEST(LowerOpaqueBlock, BlocksBecomeStatements) {
  ExpectPass(transform::LowerOpaqueBlock(), R"(
@T.prim_func
def main(A: T.Buffer((10,), "float32"), B: T.Buffer((10,), "float32")):
    with T.block("root"):
        T.reads(A[0:10])
        T.writes(B[0:10])
        X = T.alloc_buffer((12,))
        Y = T.alloc_buffer((12,))
        for u in range(1):
            for i in T.serial(12, annotations={"keep": 2}):
                with T.block("x"):
                    T.where(i < 10)
                    T.reads(A[i])
                    T.writes(X[i], Y[i])
                    X[i] = A[i]
                    Y[i] = A[i]
        for i in range(10):
            with T.block("b"):
                T.reads(X[i], Y[i])
                T.writes(B[i])
                B[i] = X[i] + Y[i]
)", R"(
@T.prim_func
def main(A: T.Buffer((10,), "float32"), B: T.Buffer((10,), "float32")):
    X = T.decl_buffer((12,))
    Y = T.decl_buffer((12,))
    for i in T.serial(12, annotations={"keep": 2}):
        if i < 10:
            X[i] = A[i]
            Y[i] = A[i]
    for i in range(10):
        B[i] = X[i] + Y[i]
)");
}

// A loop's `pragma_*` annotation becomes an AttrStmt on the loop var around the loop (as in TVM,
// whose printer cannot show that form round-trippably, so the IR is inspected directly).
TEST(LowerOpaqueBlock, PragmaAnnotationBecomesAttr) {
  IRModule mod = testing::ParseModule(R"(
@T.prim_func
def main(A: T.Buffer((4,), "float32")):
    for i in T.serial(4, annotations={"pragma_auto_unroll_max_step": 16, "keep": 1}):
        with T.block("a"):
            T.reads()
            T.writes(A[i])
            A[i] = T.float32(0)
)");
  IRModule out = transform::LowerOpaqueBlock()(mod);
  const PrimFuncNode* f = out->functions.at("main").as<PrimFuncNode>();
  const AttrStmtNode* attr = f->body.as<AttrStmtNode>();
  ASSERT_NE(attr, nullptr);
  EXPECT_EQ(attr->attr_key, "pragma_auto_unroll_max_step");
  EXPECT_TRUE(is_const_int(attr->value, 16));
  const ForNode* loop = attr->body.as<ForNode>();
  ASSERT_NE(loop, nullptr);
  EXPECT_TRUE(attr->node.same_as(loop->loop_var));
  EXPECT_EQ(loop->annotations.size(), 1u);
  EXPECT_EQ(loop->annotations.count("keep"), 1u);
  EXPECT_TRUE(loop->body.as<BufferStoreNode>());
}

// A constant allocation inside is left where it is.
TEST(LowerOpaqueBlock, KeepsAllocateConst) {
  ExpectPass(transform::LowerOpaqueBlock(), R"(
@T.prim_func
def main(A: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32")):
    W = T.allocate_const([1, 2, 3, 4], "int32", [4])
    for i in range(4):
        with T.block("C"):
            W_1 = T.Buffer((4,), "int32", data=W)
            T.reads(A[i], W_1[i])
            T.writes(C[i])
            C[i] = A[i] * W_1[i]
)", R"(
@T.prim_func
def main(A: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32")):
    W = T.allocate_const([1, 2, 3, 4], "int32", [4])
    for i in range(4):
        W_1 = T.Buffer((4,), "int32", data=W)
        C[i] = A[i] * W_1[i]
)");
}

}  // namespace
}  // namespace tir
}  // namespace tirgen

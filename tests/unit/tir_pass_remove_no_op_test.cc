// RemoveNoOp: before/after TVMScript.
#include "tir_pass_test_util.h"

namespace tirgen {
namespace tir {
namespace {

using testing::ExpectPass;

// Loops and branches that do nothing vanish, sequences keep only effective statements.
TEST(RemoveNoOp, RemovesEmptyStatements) {
  ExpectPass(transform::RemoveNoOp(), R"(
@T.prim_func
def main(A: T.Buffer((4,), "float32")):
    for i in range(4):
        T.evaluate(0)
    for i in range(4):
        A[i] = A[i]
        if i < 2:
            T.evaluate(0)
        A[i] = T.float32(1)
)", R"(
@T.prim_func
def main(A: T.Buffer((4,), "float32")):
    for i in range(4):
        A[i] = T.float32(1)
)");
}

// A constant allocation whose body does something stays, once.
TEST(RemoveNoOp, KeepsUsedAllocateConst) {
  ExpectPass(transform::RemoveNoOp(), R"(
@T.prim_func
def main(C: T.Buffer((4,), "int32")):
    W = T.allocate_const([1, 2, 3, 4], "int32", [4])
    W_1 = T.Buffer((4,), "int32", data=W)
    for i in range(4):
        T.evaluate(0)
        C[i] = W_1[i]
)", R"(
@T.prim_func
def main(C: T.Buffer((4,), "int32")):
    W = T.allocate_const([1, 2, 3, 4], "int32", [4])
    W_1 = T.Buffer((4,), "int32", data=W)
    for i in range(4):
        C[i] = W_1[i]
)");
}

}  // namespace
}  // namespace tir
}  // namespace tirgen

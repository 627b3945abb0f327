// HoistIfThenElse (TVM v0.14 default: `if` statements only, no let bindings, never across a
// thread/attr variable): before/after TVMScript.
#include "tir_pass_test_util.h"

namespace tirgen {
namespace tir {
namespace {

using testing::ExpectPass;

// An `if` that covers a loop's whole body and does not use its variable moves above it, as
// far out as the variables it uses allow; an else branch gets its own copy of the loops.
TEST(HoistIfThenElse, InvariantConditionMovesAboveTheLoopsItDoesNotUse) {
  ExpectPass(transform::HoistIfThenElse(), R"(
@T.prim_func
def main(A: T.Buffer((32,), "float32"), B: T.Buffer((32,), "float32")):
    for i in range(4):
        for j in range(8):
            if i < 2:
                B[i * 8 + j] = A[i * 8 + j]
    for i in range(4):
        for j in range(8):
            if i == 1:
                B[i * 8 + j] = T.float32(1)
            else:
                B[i * 8 + j] = T.float32(2)
)", R"(
@T.prim_func
def main(A: T.Buffer((32,), "float32"), B: T.Buffer((32,), "float32")):
    for i in range(4):
        if i < 2:
            for j in range(8):
                B[i * 8 + j] = A[i * 8 + j]
    for i in range(4):
        if i == 1:
            for j in range(8):
                B[i * 8 + j] = T.float32(1)
        else:
            for j in range(8):
                B[i * 8 + j] = T.float32(2)
)");
}

// A condition on a parameter leaves every loop.
TEST(HoistIfThenElse, ConditionOnAParameterLeavesAllLoops) {
  ExpectPass(transform::HoistIfThenElse(), R"(
@T.prim_func
def main(A: T.Buffer((32,), "float32"), n: T.int32):
    for i, j in T.grid(4, 8):
        if 3 < n:
            A[i * 8 + j] = T.float32(0)
)", R"(
@T.prim_func
def main(A: T.Buffer((32,), "float32"), n: T.int32):
    if 3 < n:
        for i, j in T.grid(4, 8):
            A[i * 8 + j] = T.float32(0)
)");
}

// Stays: an `if` beside another statement (it does not cover the loop body), one whose
// condition reads memory, one using the innermost loop's variable.
TEST(HoistIfThenElse, SequentialBodiesLoadsAndInnermostVariablesStay) {
  const char* program = R"(
@T.prim_func
def main(A: T.Buffer((32,), "float32"), B: T.Buffer((32,), "float32")):
    for i, j in T.grid(4, 8):
        if i == 0:
            B[i * 8 + j] = T.float32(0)
        B[i * 8 + j] = B[i * 8 + j] + A[i * 8 + j]
    for i, j in T.grid(4, 8):
        if T.float32(0) < A[i]:
            B[i * 8 + j] = T.float32(1)
    for i, j in T.grid(4, 8):
        if j < 3:
            B[i * 8 + j] = T.float32(2)
)";
  ExpectPass(transform::HoistIfThenElse(), program, program);
}

}  // namespace
}  // namespace tir
}  // namespace tirgen

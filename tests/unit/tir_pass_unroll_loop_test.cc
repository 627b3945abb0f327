// UnrollLoop: before/after TVMScript.
#include "tir_pass_test_util.h"

namespace tirgen {
namespace tir {
namespace {

using testing::ExpectPass;

// One copy of the body per iteration, the loop var replaced by its value (`i * 3 + 0` is left
// to the Simplify that follows in the pipeline, as in TVM).
TEST(UnrollLoop, CopiesTheBody) {
  ExpectPass(transform::Sequential({transform::UnrollLoop(), transform::Simplify()}), R"(
@T.prim_func
def main(A: T.Buffer((8,), "float32")):
    for i in range(2):
        for j in T.unroll(3):
            A[i * 3 + j] = T.float32(1)
)", R"(
@T.prim_func
def main(A: T.Buffer((8,), "float32")):
    for i in range(2):
        A[i * 3] = T.float32(1)
        A[i * 3 + 1] = T.float32(1)
        A[i * 3 + 2] = T.float32(1)
)");
}

// A body that allocates is never copied (the loop becomes serial); constants stay once.
TEST(UnrollLoop, NeverDuplicatesAllocations) {
  ExpectPass(transform::UnrollLoop(), R"(
@T.prim_func
def main(C: T.Buffer((2,), "int32")):
    for i in T.unroll(2):
        W = T.allocate_const([1, 2], "int32", [2])
        W_1 = T.Buffer((2,), "int32", data=W)
        C[i] = W_1[i]
)", R"(
@T.prim_func
def main(C: T.Buffer((2,), "int32")):
    for i in range(2):
        W = T.allocate_const([1, 2], "int32", [2])
        W_1 = T.Buffer((2,), "int32", data=W)
        C[i] = W_1[i]
)");
}

// Under pragma_auto_unroll_max_step = N, loops are unrolled from the innermost out while the
// copies make at most N stores: here k (3 stores) and j (6), not i (24); the pragmas go.
TEST(UnrollLoop, AutoUnrollsInnermostLoopsUpToTheStepBound) {
  ExpectPass(transform::Sequential({transform::UnrollLoop(), transform::Simplify()}), R"(
@T.prim_func
def main(A: T.Buffer((24,), "float32")):
    T.attr(A.data, "pragma_auto_unroll_max_step", 8)
    for i in range(4):
        for j in range(2):
            for k in range(3):
                A[i * 6 + j * 3 + k] = T.float32(1)
)", R"(
@T.prim_func
def main(A: T.Buffer((24,), "float32")):
    for i in range(4):
        A[i * 6] = T.float32(1)
        A[i * 6 + 1] = T.float32(1)
        A[i * 6 + 2] = T.float32(1)
        A[i * 6 + 3] = T.float32(1)
        A[i * 6 + 4] = T.float32(1)
        A[i * 6 + 5] = T.float32(1)
)");
}

// A loop kept (j: 6 stores > 4) keeps every loop around it, however small.
TEST(UnrollLoop, AutoUnrollStopsAtAKeptLoop) {
  ExpectPass(transform::Sequential({transform::UnrollLoop(), transform::Simplify()}), R"(
@T.prim_func
def main(A: T.Buffer((6,), "float32")):
    T.attr(A.data, "pragma_auto_unroll_max_step", 4)
    for i in range(1):
        for j in range(2):
            for k in range(3):
                A[j * 3 + k] = T.float32(1)
)", R"(
@T.prim_func
def main(A: T.Buffer((6,), "float32")):
    for i in range(1):
        for j in range(2):
            A[j * 3 + 0] = T.float32(1)
            A[j * 3 + 1] = T.float32(1)
            A[j * 3 + 2] = T.float32(1)
)");
}

// pragma_unroll_explicit = 0: the loops that would be unrolled are marked T.unroll instead.
TEST(UnrollLoop, NonExplicitAutoUnrollMarksTheLoops) {
  ExpectPass(transform::UnrollLoop(), R"(
@T.prim_func
def main(A: T.Buffer((6,), "float32")):
    T.attr(A.data, "pragma_auto_unroll_max_step", 16)
    T.attr(A.data, "pragma_unroll_explicit", 0)
    for j in range(2):
        for k in range(3):
            A[j * 3 + k] = T.float32(1)
)", R"(
@T.prim_func
def main(A: T.Buffer((6,), "float32")):
    for j in T.unroll(2):
        for k in T.unroll(3):
            A[j * 3 + k] = T.float32(1)
)");
}

}  // namespace
}  // namespace tir
}  // namespace tirgen

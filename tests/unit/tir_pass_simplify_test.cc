// Simplify: before/after TVMScript.
#include "tir_pass_test_util.h"

namespace tirgen {
namespace tir {
namespace {

using testing::ExpectPass;

// Loop ranges are known: a unit loop's var is its min, min/max/mod decided by bounds, a
// provably true condition disappears, a store of an element into itself is removed.
TEST(Simplify, UsesLoopRanges) {
  ExpectPass(transform::Simplify(), R"(
@T.prim_func
def main(A: T.Buffer((1, 16), "float32"), B: T.Buffer((1, 16), "float32")):
    for i, j in T.grid(1, 16):
        if j < 16:
            B[i, T.min(j, 15)] = A[i, j % 16] + A[i, j + 1 - 1]
        A[i, j] = A[i, j]
)", R"(
@T.prim_func
def main(A: T.Buffer((1, 16), "float32"), B: T.Buffer((1, 16), "float32")):
    for i, j in T.grid(1, 16):
        B[0, j] = A[0, j] + A[0, j]
        T.evaluate(0)
)");
}

// A provably false branch takes the else case; an unprovable condition stays.
TEST(Simplify, ResolvesBranches) {
  ExpectPass(transform::Simplify(), R"(
@T.prim_func
def main(A: T.Buffer((8,), "int32")):
    for i in range(8):
        if i >= 8:
            A[i] = 1
        else:
            A[i] = 2
        if i > 3:
            A[i] = (i * 4 + 2) // 4
)", R"(
@T.prim_func
def main(A: T.Buffer((8,), "int32")):
    for i in range(8):
        A[i] = 2
        if 3 < i:
            A[i] = i
)");
}

// Integer lets of pure values are inlined; the constant allocation stays exactly once.
TEST(Simplify, KeepsAllocateConst) {
  ExpectPass(transform::Simplify(), R"(
@T.prim_func
def main(A: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32")):
    W = T.allocate_const([1, 2, 3, 4], "int32", [4])
    W_1 = T.Buffer((4,), "int32", data=W)
    for i in range(4):
        k: T.int32 = i + 0
        C[k] = A[k] * W_1[T.min(k, 3)]
)", R"(
@T.prim_func
def main(A: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32")):
    W = T.allocate_const([1, 2, 3, 4], "int32", [4])
    W_1 = T.Buffer((4,), "int32", data=W)
    for i in range(4):
        C[i] = A[i] * W_1[i]
)");
}

}  // namespace
}  // namespace tir
}  // namespace tirgen

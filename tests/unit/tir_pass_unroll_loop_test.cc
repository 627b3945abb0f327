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

}  // namespace
}  // namespace tir
}  // namespace tirgen

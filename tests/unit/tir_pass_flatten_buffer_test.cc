// FlattenBuffer: before/after TVMScript.
#include "tir_pass_test_util.h"

namespace tirgen {
namespace tir {
namespace {

using testing::ExpectPass;

// Accesses become flat; an allocation takes the product of its extents; an index that can be
// negative under the loop ranges (padding) is kept whole.
TEST(FlattenBuffer, FlattensAccessesAndAllocations) {
  ExpectPass(transform::FlattenBuffer(), R"(
@T.prim_func
def main(A: T.Buffer((4, 8), "float32"), B: T.Buffer((4, 10), "float32")):
    P = T.decl_buffer((4, 10))
    for i, j in T.grid(4, 10):
        P[i, j] = T.if_then_else(1 <= j and j < 9, A[i, j - 1], T.float32(0))
    for i, j in T.grid(4, 10):
        B[i, j] = P[i, j]
)", R"(
@T.prim_func
def main(A: T.Buffer((4, 8), "float32"), B: T.Buffer((4, 10), "float32")):
    P = T.allocate([40], "float32", "global")
    P_1 = T.Buffer((40,), data=P)
    for i, j in T.grid(4, 10):
        A_1 = T.Buffer((32,), data=A.data)
        P_1[i * 10 + j] = T.if_then_else(1 <= j and j < 9, A_1[i * 8 + (j - 1)], T.float32(0))
    for i, j in T.grid(4, 10):
        B_1 = T.Buffer((40,), data=B.data)
        B_1[i * 10 + j] = P_1[i * 10 + j]
)");
}

// A constant buffer is read through a flat view; the AllocateConst itself is unchanged.
TEST(FlattenBuffer, FlattensConstantViews) {
  ExpectPass(transform::FlattenBuffer(), R"(
@T.prim_func
def main(A: T.Buffer((2, 2), "int32"), C: T.Buffer((2, 2), "int32")):
    W = T.allocate_const([1, 2, 3, 4], "int32", [2, 2])
    W_1 = T.Buffer((2, 2), "int32", data=W)
    for i, j in T.grid(2, 2):
        C[i, j] = A[i, j] * W_1[j, i]
)", R"(
@T.prim_func
def main(A: T.Buffer((2, 2), "int32"), C: T.Buffer((2, 2), "int32")):
    W = T.allocate_const([1, 2, 3, 4], "int32", [2, 2])
    for i, j in T.grid(2, 2):
        C_1 = T.Buffer((4,), "int32", data=C.data)
        A_1 = T.Buffer((4,), "int32", data=A.data)
        W_1 = T.Buffer((4,), "int32", data=W)
        C_1[i * 2 + j] = A_1[i * 2 + j] * W_1[j * 2 + i]
)");
}

}  // namespace
}  // namespace tir
}  // namespace tirgen

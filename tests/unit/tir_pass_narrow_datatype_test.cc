// NarrowDataType(32): before/after TVMScript.
#include "tir_pass_test_util.h"

namespace tirgen {
namespace tir {
namespace {

using testing::ExpectPass;

// Loops, extents and indices that fit in 32 bits become int32; buffer shapes keep their type.
TEST(NarrowDataType, NarrowsIndexArithmetic) {
  ExpectPass(transform::NarrowDataType(32), R"(
@T.prim_func
def main(A: T.Buffer((T.int64(64),), "float32")):
    X = T.allocate([T.int64(64)], "float32", "global")
    X_1 = T.Buffer((T.int64(64),), data=X)
    for i, j in T.grid(T.int64(8), T.int64(8)):
        if j == T.int64(0):
            X_1[i * T.int64(8) + j] = T.float32(0)
        A_1 = T.Buffer((T.int64(64),), data=A.data)
        A_1[i * T.int64(8) + j] = X_1[i * T.int64(8) + j]
)", R"(
@T.prim_func
def main(A: T.Buffer((T.int64(64),), "float32")):
    X = T.allocate([64], "float32", "global")
    X_1 = T.Buffer((T.int64(64),), data=X)
    for i, j in T.grid(8, 8):
        if j == 0:
            X_1[i * 8 + j] = T.float32(0)
        A_1 = T.Buffer((T.int64(64),), data=A.data)
        A_1[i * 8 + j] = X_1[i * 8 + j]
)");
}

// Values that do not fit stay 64-bit; the constant allocation is untouched.
TEST(NarrowDataType, KeepsWideValuesAndAllocateConst) {
  ExpectPass(transform::NarrowDataType(32), R"(
@T.prim_func
def main(A: T.Buffer((T.int64(4),), "int64")):
    W = T.allocate_const([1, 2, 3, 4], "int32", [4])
    W_1 = T.Buffer((4,), "int32", data=W)
    for i in range(T.int64(4)):
        A_1 = T.Buffer((T.int64(4),), "int64", data=A.data)
        A_1[i] = i * T.int64(4294967296) + T.Cast("int64", W_1[i])
)", R"(
@T.prim_func
def main(A: T.Buffer((T.int64(4),), "int64")):
    W = T.allocate_const([1, 2, 3, 4], "int32", [4])
    W_1 = T.Buffer((4,), "int32", data=W)
    for i in range(T.int64(4)):
        A_1 = T.Buffer((T.int64(4),), "int64", data=A.data)
        A_1[i] = i * T.int64(4294967296) + T.Cast("int64", W_1[i])
)");
}

}  // namespace
}  // namespace tir
}  // namespace tirgen

// VectorizeLoop: before/after TVMScript.
#include "tir_pass_test_util.h"

namespace tirgen {
namespace tir {
namespace {

using testing::ExpectPass;

// A contiguous elementwise body becomes ramp accesses; scalars are broadcast.
TEST(VectorizeLoop, ElementwiseBecomesRamps) {
  ExpectPass(transform::VectorizeLoop(), R"(
@T.prim_func
def main(A: T.Buffer((64,), "float32"), B: T.Buffer((64,), "float32")):
    for i in range(16):
        for j in T.vectorized(4):
            B[i * 4 + j] = T.max(A[i * 4 + j], T.float32(0))
)", R"(
@T.prim_func
def main(A: T.Buffer((64,), "float32"), B: T.Buffer((64,), "float32")):
    for i in range(16):
        B[i * 4:i * 4 + 4] = T.max(A[i * 4:i * 4 + 4], T.Broadcast(T.float32(0), 4))
)");
}

// A body it cannot vectorize keeps a serial loop; a constant read by index is a ramp load of
// the constant's view, and the AllocateConst stays once.
TEST(VectorizeLoop, FallsBackToSerialAndKeepsAllocateConst) {
  ExpectPass(transform::VectorizeLoop(), R"(
@T.prim_func
def main(A: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32")):
    W = T.allocate_const([1, 2, 3, 4], "int32", [4])
    W_1 = T.Buffer((4,), "int32", data=W)
    for i in T.vectorized(4):
        C[i] = A[i] * W_1[i]
    for i in T.vectorized(4):
        if A[i] < 0:
            C[i] = 0
        else:
            C[i] = 1
)", R"(
@T.prim_func
def main(A: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32")):
    W = T.allocate_const([1, 2, 3, 4], "int32", [4])
    W_1 = T.Buffer((4,), "int32", data=W)
    C[0:4] = A[0:4] * W_1[0:4]
    for i in range(4):
        if A[i] < 0:
            C[i] = 0
        else:
            C[i] = 1
)");
}

// A guard without else (a predicate of a split that does not divide) stays an `if` over the
// vectorized stores: a scalar test when it does not depend on the loop var, else a vector of
// lanes (the C code generator stores only the lanes that hold).
TEST(VectorizeLoop, GuardsStayOverVectorStores) {
  ExpectPass(transform::VectorizeLoop(), R"(
@T.prim_func
def main(A: T.Buffer((54,), "float32"), B: T.Buffer((54,), "float32"), n: T.int32):
    for io in range(4):
        for ii in T.vectorized(16):
            if io * 16 + ii < 54:
                B[io * 16 + ii] = A[io * 16 + ii] * T.float32(2)
    for ii in T.vectorized(16):
        if n < 3:
            B[ii] = A[ii]
)", R"(
@T.prim_func
def main(A: T.Buffer((54,), "float32"), B: T.Buffer((54,), "float32"), n: T.int32):
    for io in range(4):
        if T.Ramp(io * 16, 1, 16) < T.Broadcast(54, 16):
            B[io * 16:io * 16 + 16] = A[io * 16:io * 16 + 16] * T.Broadcast(T.float32(2), 16)
    if n < 3:
        B[0:16] = A[0:16]
)");
}

}  // namespace
}  // namespace tir
}  // namespace tirgen

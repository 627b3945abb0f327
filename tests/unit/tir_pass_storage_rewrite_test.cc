// StorageRewrite: before/after TVMScript, and reused storage still computes the same values.
#include "schedule_test_util.h"
#include "tirgen/tir/transforms/pipeline.h"

namespace tirgen {
namespace tir {
namespace {

using testing::ExpectPass;

// A is dead after the second loop, so C (same size, same scope) takes A's storage; B cannot,
// A is still read while B is first written (and not elementwise, so not in place).
TEST(StorageRewrite, ReusesStorageOnlyWhenLifetimesDoNotOverlap) {
  ExpectPass(transform::StorageRewrite(), R"(
@T.prim_func
def main(X: T.Buffer((64,), "float32"), Y: T.Buffer((64,), "float32")):
    A = T.allocate([64], "float32", "global")
    B = T.allocate([64], "float32", "global")
    C = T.allocate([64], "float32", "global")
    A_1 = T.Buffer((64,), data=A)
    for i in range(64):
        A_1[i] = X[i]
    B_1 = T.Buffer((64,), data=B)
    for i in range(64):
        B_1[i] = A_1[63 - i]
    C_1 = T.Buffer((64,), data=C)
    for i in range(64):
        C_1[i] = B_1[63 - i] + T.float32(1)
    for i in range(64):
        Y[i] = C_1[i]
)", R"(
@T.prim_func
def main(X: T.Buffer((64,), "float32"), Y: T.Buffer((64,), "float32")):
    A = T.allocate([64], "float32", "global")
    B = T.allocate([64], "float32", "global")
    A_1 = T.Buffer((64,), data=A)
    for i in range(64):
        A_1[i] = X[i]
    B_1 = T.Buffer((64,), data=B)
    for i in range(64):
        B_1[i] = A_1[63 - i]
    A_2 = T.Buffer((64,), data=A)
    for i in range(64):
        A_2[i] = B_1[63 - i] + T.float32(1)
    for i in range(64):
        Y[i] = A_2[i]
)");
}

// dst[i] = f(src[i]) over the same indices: dst is computed in place of src.
TEST(StorageRewrite, ElementwiseConsumerWritesInPlace) {
  ExpectPass(transform::StorageRewrite(), R"(
@T.prim_func
def main(X: T.Buffer((64,), "float32"), Y: T.Buffer((64,), "float32")):
    A = T.allocate([64], "float32", "global")
    B = T.allocate([64], "float32", "global")
    A_1 = T.Buffer((64,), data=A)
    for i in range(64):
        A_1[i] = X[i]
    B_1 = T.Buffer((64,), data=B)
    for i in range(64):
        B_1[i] = A_1[i] * T.float32(2)
    for i in range(64):
        Y[i] = B_1[i]
)", R"(
@T.prim_func
def main(X: T.Buffer((64,), "float32"), Y: T.Buffer((64,), "float32")):
    A = T.allocate([64], "float32", "global")
    A_1 = T.Buffer((64,), data=A)
    for i in range(64):
        A_1[i] = X[i]
    A_2 = T.Buffer((64,), data=A)
    for i in range(64):
        A_2[i] = A_1[i] * T.float32(2)
    for i in range(64):
        Y[i] = A_2[i]
)");
}

// Constant buffers are not allocations to plan; one-element (<= 32 bit) arrays are never
// shared; a smaller buffer of another element type is not reused; allocations inside a
// loop move to the top in order of first use.
TEST(StorageRewrite, NeverSharesConstantsSmallArraysOrSmallerOtherTypes) {
  ExpectPass(transform::StorageRewrite(), R"(
@T.prim_func
def main(X: T.Buffer((64,), "float32"), Y: T.Buffer((64,), "int32")):
    W = T.allocate_const([1, 2, 3, 4], "int32", [4])
    W_1 = T.Buffer((4,), "int32", data=W)
    for j in range(2):
        S = T.allocate([1], "float32", "global")
        S_1 = T.Buffer((1,), data=S)
        S_1[0] = X[j]
        A = T.allocate([16], "float32", "global")
        A_1 = T.Buffer((16,), data=A)
        for i in range(16):
            A_1[i] = X[i] + S_1[0]
        Tm = T.allocate([1], "float32", "global")
        Tm_1 = T.Buffer((1,), data=Tm)
        Tm_1[0] = A_1[j]
        B = T.allocate([64], "int32", "global")
        B_1 = T.Buffer((64,), "int32", data=B)
        for i in range(64):
            B_1[i] = W_1[i % 4] + T.Cast("int32", Tm_1[0])
        for i in range(64):
            Y[i] = B_1[i]
)", R"(
@T.prim_func
def main(X: T.Buffer((64,), "float32"), Y: T.Buffer((64,), "int32")):
    S = T.allocate([1], "float32", "global")
    A = T.allocate([16], "float32", "global")
    Tm = T.allocate([1], "float32", "global")
    B = T.allocate([64], "int32", "global")
    W = T.allocate_const([1, 2, 3, 4], "int32", [4])
    W_1 = T.Buffer((4,), "int32", data=W)
    for j in range(2):
        S_1 = T.Buffer((1,), data=S)
        S_1[0] = X[j]
        A_1 = T.Buffer((16,), data=A)
        for i in range(16):
            A_1[i] = X[i] + S_1[0]
        Tm_1 = T.Buffer((1,), data=Tm)
        Tm_1[0] = A_1[j]
        B_1 = T.Buffer((64,), "int32", data=B)
        for i in range(64):
            B_1[i] = W_1[i % 4] + T.Cast("int32", Tm_1[0])
        for i in range(64):
            Y[i] = B_1[i]
)");
}

// Allocations under a parallel loop stay in its body (one copy per thread) and are shared
// only among themselves.
TEST(StorageRewrite, ParallelLoopIsAnAttachScope) {
  ExpectPass(transform::StorageRewrite(), R"(
@T.prim_func
def main(X: T.Buffer((256,), "float32"), Y: T.Buffer((256,), "float32")):
    for p in T.parallel(4):
        A = T.allocate([64], "float32", "global")
        A_1 = T.Buffer((64,), data=A)
        for i in range(64):
            A_1[i] = X[p * 64 + i]
        B = T.allocate([64], "float32", "global")
        B_1 = T.Buffer((64,), data=B)
        for i in range(64):
            B_1[i] = A_1[63 - i]
        C = T.allocate([64], "float32", "global")
        C_1 = T.Buffer((64,), data=C)
        for i in range(64):
            C_1[i] = B_1[63 - i]
        for i in range(64):
            Y[p * 64 + i] = C_1[i]
)", R"(
@T.prim_func
def main(X: T.Buffer((256,), "float32"), Y: T.Buffer((256,), "float32")):
    for p in T.parallel(4):
        A = T.allocate([64], "float32", "global")
        B = T.allocate([64], "float32", "global")
        A_1 = T.Buffer((64,), data=A)
        for i in range(64):
            A_1[i] = X[p * 64 + i]
        B_1 = T.Buffer((64,), data=B)
        for i in range(64):
            B_1[i] = A_1[63 - i]
        A_2 = T.Buffer((64,), data=A)
        for i in range(64):
            A_2[i] = B_1[63 - i]
        for i in range(64):
            Y[p * 64 + i] = A_2[i]
)");
}

// A bigger free buffer of another element type is reused (TVM's rule): the allocation keeps
// the first buffer's type and the largest size in bits, and the built program computes the
// same values as before the rewrite.
TEST(StorageRewrite, ReuseAcrossDtypesKeepsTheLargestSizeAndRunsTheSame) {
  const char* before = R"(
@T.prim_func
def main(X: T.Buffer((64,), "float32"), Y: T.Buffer((48,), "int32")):
    A = T.allocate([64], "float32", "global")
    A_1 = T.Buffer((64,), data=A)
    for i in range(64):
        A_1[i] = X[i] * T.float32(3)
    B = T.allocate([64], "float32", "global")
    B_1 = T.Buffer((64,), data=B)
    for i in range(64):
        B_1[i] = A_1[63 - i]
    D = T.allocate([48], "int32", "global")
    D_1 = T.Buffer((48,), "int32", data=D)
    for i in range(48):
        D_1[i] = T.Cast("int32", B_1[47 - i])
    for i in range(48):
        Y[i] = D_1[i] + T.Cast("int32", B_1[i])
)";
  ExpectPass(transform::StorageRewrite(), before, R"(
@T.prim_func
def main(X: T.Buffer((64,), "float32"), Y: T.Buffer((48,), "int32")):
    A = T.allocate([64], "float32", "global")
    B = T.allocate([64], "float32", "global")
    A_1 = T.Buffer((64,), data=A)
    for i in range(64):
        A_1[i] = X[i] * T.float32(3)
    B_1 = T.Buffer((64,), data=B)
    for i in range(64):
        B_1[i] = A_1[63 - i]
    A_2 = T.Buffer((48,), "int32", data=A)
    for i in range(48):
        A_2[i] = T.Cast("int32", B_1[47 - i])
    for i in range(48):
        Y[i] = A_2[i] + T.Cast("int32", B_1[i])
)");
  PrimFunc f = testing::ParseModule(before)->functions.begin()->second.cast<PrimFunc>();
  PrimFunc g = transform::StorageRewrite()(IRModule(std::map<std::string, ObjectRef>{{"main", f}}))
                   ->functions.at("main").cast<PrimFunc>();
  std::vector<NDArray> in = testing::RandomInputs(f, 1);
  std::vector<NDArray> a = runtime::Module::Build(f).Run("main", in), b = runtime::Module::Build(g).Run("main", in);
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) EXPECT_TRUE(a[i].ContentEqual(b[i])) << "output " << i;
}

}  // namespace
}  // namespace tir
}  // namespace tirgen

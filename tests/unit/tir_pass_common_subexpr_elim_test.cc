// CommonSubexprElimTIR: before/after TVMScript (expected outputs follow TVM v0.14's rules).
#include "tir_pass_test_util.h"

namespace tirgen {
namespace tir {
namespace {

using testing::ExpectPass;

// The largest shared computation is bound first (cse_var_1); a part of it also used elsewhere
// is bound next, outside it, and the first let's value reads the second variable.
TEST(CommonSubexprElimTIR, NestsLetsLargestInnermost) {
  ExpectPass(transform::CommonSubexprElimTIR(), R"(
@T.prim_func
def main(A: T.Buffer((16,), "int32"), x: T.int32, y: T.int32, z: T.int32):
    A[0] = (x + y) * z
    A[1] = (x + y) * z
    A[2] = x + y
)", R"(
@T.prim_func
def main(A: T.Buffer((16,), "int32"), x: T.int32, y: T.int32, z: T.int32):
    cse_var_2: T.int32 = x + y
    cse_var_1: T.int32 = cse_var_2 * z
    A[0] = cse_var_1
    A[1] = cse_var_1
    A[2] = cse_var_2
)");
}

// What a loop body computes is bound inside the loop (even when it does not use the loop var);
// an index inside a load is shared, the load itself is not.
TEST(CommonSubexprElimTIR, BindsInsideTheLoop) {
  ExpectPass(transform::CommonSubexprElimTIR(), R"(
@T.prim_func
def main(A: T.Buffer((64,), "int32"), B: T.Buffer((64,), "int32"), n: T.int32):
    for i in range(8):
        A[i * 8 + n] = B[i * 8 + n] + 1
    for j in range(8):
        A[j] = n * 2 + j
        B[j] = n * 2
)", R"(
@T.prim_func
def main(A: T.Buffer((64,), "int32"), B: T.Buffer((64,), "int32"), n: T.int32):
    for i in range(8):
        cse_var_1: T.int32 = i * 8 + n
        A[cse_var_1] = B[cse_var_1] + 1
    for j in range(8):
        cse_var_2: T.int32 = n * 2
        A[j] = cse_var_2 + j
        B[j] = cse_var_2
)");
}

// Used twice in one branch only: bound at the top of that branch. Used in both branches:
// bound in front of the statement holding the if (it runs whichever branch is taken).
TEST(CommonSubexprElimTIR, IfThenElseBranches) {
  ExpectPass(transform::CommonSubexprElimTIR(), R"(
@T.prim_func
def main(A: T.Buffer((8,), "int32"), b: T.int32, y: T.int32, z: T.int32):
    if b > 0:
        A[0] = y + z
        A[1] = y + z
    else:
        A[2] = y
    if b > 1:
        A[3] = y * z
    else:
        A[4] = y * z
)", R"(
@T.prim_func
def main(A: T.Buffer((8,), "int32"), b: T.int32, y: T.int32, z: T.int32):
    cse_var_1: T.int32 = y * z
    if b > 0:
        cse_var_2: T.int32 = y + z
        A[0] = cse_var_2
        A[1] = cse_var_2
    else:
        A[2] = y
    if b > 1:
        A[3] = cse_var_1
    else:
        A[4] = cse_var_1
)");
}

// Loads and calls are never shared (nor anything containing one); their indices and
// arguments are.
TEST(CommonSubexprElimTIR, NeverSharesLoadsOrCalls) {
  ExpectPass(transform::CommonSubexprElimTIR(), R"(
@T.prim_func
def main(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    for i in range(4):
        B[i] = A[i + 1] * A[i + 1] + A[i + 1]
    for i in range(4):
        B[i] = T.exp(A[i]) + T.exp(A[i])
)", R"(
@T.prim_func
def main(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    for i in range(4):
        cse_var_1: T.int32 = i + 1
        B[i] = A[cse_var_1] * A[cse_var_1] + A[cse_var_1]
    for i in range(4):
        B[i] = T.exp(A[i]) + T.exp(A[i])
)");
}

// A constant allocation stays as it is; the indices using it are shared like any other.
TEST(CommonSubexprElimTIR, LeavesAllocateConstUntouched) {
  ExpectPass(transform::CommonSubexprElimTIR(), R"(
@T.prim_func
def main(A: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32")):
    W = T.allocate_const([1, 2, 3, 4], "int32", [4])
    W_1 = T.Buffer((4,), "int32", data=W)
    for i in range(2):
        C[i * 2] = A[i * 2] * W_1[i * 2]
        C[i * 2 + 1] = A[i * 2 + 1]
)", R"(
@T.prim_func
def main(A: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32")):
    W = T.allocate_const([1, 2, 3, 4], "int32", [4])
    W_1 = T.Buffer((4,), "int32", data=W)
    for i in range(2):
        cse_var_2: T.int32 = i * 2
        cse_var_1: T.int32 = cse_var_2 + 1
        C[cse_var_2] = A[cse_var_2] * W_1[cse_var_2]
        C[cse_var_1] = A[cse_var_1]
)");
}

// A computation that a variable in scope already holds (here a let outside the loop) is read
// from it, no new let; new names skip ones the function already uses.
TEST(CommonSubexprElimTIR, ReusesVariablesInScopeAndSkipsTakenNames) {
  ExpectPass(transform::CommonSubexprElimTIR(), R"(
@T.prim_func
def main(A: T.Buffer((8,), "int32"), x: T.int32, cse_var_1: T.int32):
    z: T.int32 = x + cse_var_1
    for i in range(4):
        A[i] = (x + cse_var_1) * i
        A[i + 4] = x * i + x * i
)", R"(
@T.prim_func
def main(A: T.Buffer((8,), "int32"), x: T.int32, cse_var_1: T.int32):
    z: T.int32 = x + cse_var_1
    for i in range(4):
        cse_var_2: T.int32 = x * i
        A[i] = z * i
        A[i + 4] = cse_var_2 + cse_var_2
)");
}

// Disabled (enable_cse_tir = false): the function is returned as it is.
TEST(CommonSubexprElimTIR, DisabledIsIdentity) {
  const char* prog = R"(
@T.prim_func
def main(A: T.Buffer((8,), "int32"), x: T.int32, y: T.int32):
    A[0] = x + y
    A[1] = x + y
)";
  ExpectPass(transform::CommonSubexprElimTIR(false), prog, prog);
}

}  // namespace
}  // namespace tir
}  // namespace tirgen

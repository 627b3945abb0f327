// LowerMatchBuffer: before/after TVMScript.
#include "tir_pass_test_util.h"

namespace tirgen {
namespace tir {
namespace {

using testing::ExpectPass;
using testing::ParseModule;

// A 2-d view at an offset: accesses become source accesses shifted by the region's min,
// reads/writes are converted, match_buffers vanish.
TEST(LowerMatchBuffer, ViewWithOffsets) {
  ExpectPass(transform::LowerMatchBuffer(), R"(
@T.prim_func
def main(A: T.Buffer((16, 16), "float32")):
    for i, j in T.grid(4, 4):
        with T.block(""):
            T.reads()
            T.writes(A[i * 4:i * 4 + 4, j * 4 + 1:j * 4 + 3])
            S = T.match_buffer(A[i * 4:i * 4 + 4, j * 4 + 1:j * 4 + 3], (4, 2), offset_factor=1)
            for k in range(4):
                S[k, 1] = T.float32(0)
)", R"(
@T.prim_func
def main(A: T.Buffer((16, 16), "float32")):
    for i, j in T.grid(4, 4):
        with T.block(""):
            T.reads()
            T.writes(A[i * 4:i * 4 + 4, j * 4 + 1:j * 4 + 3])
            for k in range(4):
                A[i * 4 + k, j * 4 + 1 + 1] = T.float32(0)
)");
}

// Views of a constant (and a 0-d view of one element of a 4-d output: dropped dims have
// extent 1): the constant is read directly, the AllocateConst is kept once.
TEST(LowerMatchBuffer, ViewOfAllocateConst) {
  ExpectPass(transform::LowerMatchBuffer(), R"(
@T.prim_func
def main(A: T.Buffer((4, 4), "int32"), C: T.Buffer((1, 4), "int32")):
    W = T.allocate_const([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16], "int32", [4, 4])
    for i in range(4):
        with T.block("dot_o"):
            W_1 = T.Buffer((4, 4), "int32", data=W)
            T.reads(A[i, 0:2], W_1[i, 0:2])
            T.writes(C[0, i])
            X = T.match_buffer(A[i, 0:2], (2,), "int32", offset_factor=1)
            Y = T.match_buffer(W_1[i, 0:2], (2,), "int32", offset_factor=1)
            Z = T.match_buffer(C[0, i], (), "int32", offset_factor=1)
            Z[()] = X[0] * Y[0] + X[1] * Y[1]
)", R"(
@T.prim_func
def main(A: T.Buffer((4, 4), "int32"), C: T.Buffer((1, 4), "int32")):
    W = T.allocate_const([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16], "int32", [4, 4])
    for i in range(4):
        with T.block("dot_o"):
            W_1 = T.Buffer((4, 4), "int32", data=W)
            T.reads(A[i, 0:2], W_1[i, 0:2])
            T.writes(C[0, i])
            C[0, i] = A[i, 0] * W_1[i, 0] + A[i, 1] * W_1[i, 1]
)");
}

// Error cases: a view whose dtype differs from its source, and a view that drops a
// dimension of extent > 1. No match_buffer at all leaves the module untouched.
TEST(LowerMatchBuffer, EdgeCases) {
  IRModule bad_dtype = ParseModule(R"(
@T.prim_func
def main(A: T.Buffer((4,), "float32")):
    with T.block(""):
        T.reads()
        T.writes(A[0:4])
        S = T.match_buffer(A[0:4], (4,), "int32")
        S[0] = 0
)");
  EXPECT_THROW(transform::LowerMatchBuffer()(bad_dtype), Error);

  IRModule bad_shape = ParseModule(R"(
@T.prim_func
def main(A: T.Buffer((4, 4), "float32")):
    with T.block(""):
        T.reads()
        T.writes(A[0:2, 0:4])
        S = T.match_buffer(A[0:2, 0:4], (4,))
        S[0] = T.float32(0)
)");
  EXPECT_THROW(transform::LowerMatchBuffer()(bad_shape), Error);

  IRModule plain = ParseModule(R"(
@T.prim_func
def main(A: T.Buffer((4,), "float32")):
    for i in range(4):
        with T.block(""):
            T.reads()
            T.writes(A[i])
            A[i] = T.float32(0)
)");
  EXPECT_TRUE(transform::LowerMatchBuffer()(plain).same_as(plain));
}

// Opaque uses of a view's fields (TVM's opaque_access case): data, elem_offset, strides and
// shape are replaced by what the source provides; symbolic strides get the source's row-major
// strides, constant ones are checked.
TEST(LowerMatchBuffer, BindsSymbolicFields) {
  ExpectPass(transform::LowerMatchBuffer(), R"(
@T.prim_func
def main(A: T.Buffer((32, 64, 128), "float32"), B: T.Buffer((64, 64, 64), "float32")):
    for i, j, k in T.grid(2, 64, 8):
        with T.block(""):
            T.reads()
            T.writes(A[i * 16:i * 16 + 16, j, k * 16:k * 16 + 16])
            sub_A = T.match_buffer(A[i * 16:i * 16 + 16, j, k * 16:k * 16 + 16], (16, 1, 16), strides=(8192, 128, 1), offset_factor=1)
            T.evaluate(T.call_extern("int32", "f", sub_A.data, sub_A.elem_offset, sub_A.strides[0], sub_A.strides[1], sub_A.shape[0], sub_A.shape[1]))
    for i, j, k in T.grid(64, 2, 8):
        with T.block(""):
            Bs_0 = T.int32()
            Bs_1 = T.int32()
            T.reads()
            T.writes(B[i, j * 32:j * 32 + 32, k * 8:k * 8 + 8])
            sub_B = T.match_buffer(B[i, j * 32:j * 32 + 32, k * 8:k * 8 + 8], (32, 8), strides=(Bs_0, Bs_1), offset_factor=1)
            T.evaluate(T.call_extern("int32", "f", sub_B.data, sub_B.elem_offset, sub_B.strides[0], sub_B.strides[1], sub_B.shape[0], sub_B.shape[1]))
)", R"(
@T.prim_func
def main(A: T.Buffer((32, 64, 128), "float32"), B: T.Buffer((64, 64, 64), "float32")):
    for i, j, k in T.grid(2, 64, 8):
        with T.block(""):
            T.reads()
            T.writes(A[i * 16:i * 16 + 16, j, k * 16:k * 16 + 16])
            T.evaluate(T.call_extern("int32", "f", A.data, i * 131072 + j * 128 + k * 16, 8192, 128, 16, 1))
    for i, j, k in T.grid(64, 2, 8):
        with T.block(""):
            T.reads()
            T.writes(B[i, j * 32:j * 32 + 32, k * 8:k * 8 + 8])
            T.evaluate(T.call_extern("int32", "f", B.data, i * 4096 + j * 2048 + k * 8, 64, 1, 32, 8))
)");
}

}  // namespace
}  // namespace tir
}  // namespace tirgen

// CompactBufferAllocation: before/after TVMScript (inputs are opaque blocks, as after
// ConvertBlocksToOpaque).
#include "tir_pass_test_util.h"

namespace tirgen {
namespace tir {
namespace {

using testing::ExpectPass;
using testing::ParseModule;

// Allocated under loop i, the buffer only needs row i: shape (1, 8), indices rebased by i
// (left as `i - i` for Simplify, as TVM does).
TEST(CompactBufferAllocation, ShrinksToTheAccessedRegion) {
  ExpectPass(transform::CompactBufferAllocation(), R"(
@T.prim_func
def main(A: T.Buffer((4, 8), "float32"), C: T.Buffer((4, 8), "float32")):
    for i in range(4):
        with T.block(""):
            T.reads(A[i, 0:8])
            T.writes(C[i, 0:8])
            B = T.alloc_buffer((4, 8))
            for j in range(8):
                with T.block("B"):
                    T.reads(A[i, j])
                    T.writes(B[i, j])
                    B[i, j] = A[i, j] * T.float32(2)
            for j in range(8):
                with T.block("C"):
                    T.reads(B[i, j])
                    T.writes(C[i, j])
                    C[i, j] = B[i, j] + T.float32(1)
)", R"(
@T.prim_func
def main(A: T.Buffer((4, 8), "float32"), C: T.Buffer((4, 8), "float32")):
    for i in range(4):
        with T.block(""):
            T.reads(A[i, 0:8])
            T.writes(C[i, 0:8])
            B = T.alloc_buffer((1, 8))
            for j in range(8):
                with T.block("B"):
                    T.reads(A[i, j])
                    T.writes(B[i - i, j])
                    B[i - i, j] = A[i, j] * T.float32(2)
            for j in range(8):
                with T.block("C"):
                    T.reads(B[i - i, j])
                    T.writes(C[i, j])
                    C[i, j] = B[i - i, j] + T.float32(1)
)");
}

// A window of a root buffer: only [2, 6) of the 8 elements is used; indices shift by 2. The
// constant buffer next to it is never compacted even though only part of it is read.
TEST(CompactBufferAllocation, ShiftsByTheMinAndLeavesConstantsAlone) {
  ExpectPass(transform::CompactBufferAllocation(), R"(
@T.prim_func
def main(A: T.Buffer((8,), "int32"), C: T.Buffer((4,), "int32")):
    with T.block("root"):
        T.reads()
        T.writes()
        B = T.alloc_buffer((8,), "int32")
        W = T.allocate_const([1, 2, 3, 4, 5, 6, 7, 8], "int32", [8])
        for i in range(4):
            with T.block("B"):
                W_1 = T.Buffer((8,), "int32", data=W)
                T.reads(A[i + 2], W_1[i])
                T.writes(B[i + 2])
                B[i + 2] = A[i + 2] * W_1[i]
        for i in range(4):
            with T.block("C"):
                T.reads(B[i + 2])
                T.writes(C[i])
                C[i] = B[i + 2]
)", R"(
@T.prim_func
def main(A: T.Buffer((8,), "int32"), C: T.Buffer((4,), "int32")):
    with T.block("root"):
        T.reads()
        T.writes()
        B = T.alloc_buffer((4,), "int32")
        W = T.allocate_const([1, 2, 3, 4, 5, 6, 7, 8], "int32", [8])
        for i in range(4):
            with T.block("B"):
                W_1 = T.Buffer((8,), "int32", data=W)
                T.reads(A[i + 2], W_1[i])
                T.writes(B[i + 2 - 2])
                B[i + 2 - 2] = A[i + 2] * W_1[i]
        for i in range(4):
            with T.block("C"):
                T.reads(B[i + 2 - 2])
                T.writes(C[i])
                C[i] = B[i + 2 - 2]
)");
}

// Edge cases: a fully used buffer keeps its shape (printed text unchanged); blocks with iter
// vars are rejected (ConvertBlocksToOpaque must run first).
TEST(CompactBufferAllocation, EdgeCases) {
  const char* full = R"(
@T.prim_func
def main(A: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32")):
    with T.block("root"):
        T.reads()
        T.writes()
        B = T.alloc_buffer((4,), "int32")
        for i in range(4):
            with T.block("B"):
                T.reads(A[i])
                T.writes(B[i])
                B[i] = A[i]
        for i in range(4):
            with T.block("C"):
                T.reads(B[3 - i])
                T.writes(C[i])
                C[i] = B[3 - i]
)";
  ExpectPass(transform::CompactBufferAllocation(), full, full);

  IRModule with_vars = ParseModule(R"(
@T.prim_func
def main(A: T.Buffer((4,), "float32")):
    for i in range(4):
        with T.block("set"):
            vi = T.axis.spatial(4, i)
            T.reads()
            T.writes(A[vi])
            A[vi] = T.float32(0)
)");
  EXPECT_THROW(transform::CompactBufferAllocation()(with_vars), Error);  // a user error: tirgen opt can run passes in any order
}

// Shared memory under threads (TVM's TestSharedMem, before Simplify): threadIdx and vthread
// loops are relaxed (the buffer is shared by those threads), blockIdx is not: 8 rows.
TEST(CompactBufferAllocation, SharedMemoryRelaxesThreadLoops) {
  ExpectPass(transform::CompactBufferAllocation(), R"(
@T.prim_func
def main(A: T.Buffer((16, 16), "float32"), C: T.Buffer((16, 16), "float32")):
    for i0 in T.thread_binding(2, thread="blockIdx.x"):
        for i1 in T.thread_binding(2, thread="vthread"):
            for i2 in T.thread_binding(4, thread="threadIdx.x"):
                with T.block(""):
                    T.reads(A[i0 * 8 + i1 * 4 + i2, 0:16])
                    T.writes(C[i0 * 8 + i1 * 4 + i2, 0:16])
                    B = T.alloc_buffer((16, 16), scope="shared")
                    for j in range(16):
                        with T.block(""):
                            T.reads(A[i0 * 8 + i1 * 4 + i2, j])
                            T.writes(B[i0 * 8 + i1 * 4 + i2, j])
                            B[i0 * 8 + i1 * 4 + i2, j] = A[i0 * 8 + i1 * 4 + i2, j] + T.float32(1)
                    for j in range(16):
                        with T.block(""):
                            T.reads(B[i0 * 8 + i1 * 4 + i2, j])
                            T.writes(C[i0 * 8 + i1 * 4 + i2, j])
                            C[i0 * 8 + i1 * 4 + i2, j] = B[i0 * 8 + i1 * 4 + i2, j] * T.float32(2)
)", R"(
@T.prim_func
def main(A: T.Buffer((16, 16), "float32"), C: T.Buffer((16, 16), "float32")):
    for i0 in T.thread_binding(2, thread="blockIdx.x"):
        for i1 in T.thread_binding(2, thread="vthread"):
            for i2 in T.thread_binding(4, thread="threadIdx.x"):
                with T.block(""):
                    T.reads(A[i0 * 8 + i1 * 4 + i2, 0:16])
                    T.writes(C[i0 * 8 + i1 * 4 + i2, 0:16])
                    B = T.alloc_buffer((8, 16), scope="shared")
                    for j in range(16):
                        with T.block(""):
                            T.reads(A[i0 * 8 + i1 * 4 + i2, j])
                            T.writes(B[i0 * 8 + i1 * 4 + i2 - i0 * 8, j])
                            B[i0 * 8 + i1 * 4 + i2 - i0 * 8, j] = A[i0 * 8 + i1 * 4 + i2, j] + T.float32(1)
                    for j in range(16):
                        with T.block(""):
                            T.reads(B[i0 * 8 + i1 * 4 + i2 - i0 * 8, j])
                            T.writes(C[i0 * 8 + i1 * 4 + i2, j])
                            C[i0 * 8 + i1 * 4 + i2, j] = B[i0 * 8 + i1 * 4 + i2 - i0 * 8, j] * T.float32(2)
)");
}

// buffer_dim_align pads the compacted buffer's strides (TVM's TestStorageAlign): row stride
// 16 + (16 + 15 - 16 % 16) % 16 = 31.
TEST(CompactBufferAllocation, StorageAlignSetsStrides) {
  ExpectPass(transform::CompactBufferAllocation(), R"(
@T.prim_func
def main(A: T.Buffer((16, 16), "float32"), C: T.Buffer((16, 16), "float32")):
    for i in range(16):
        with T.block(""):
            T.reads(A[i, 0:16])
            T.writes(C[i, 0:16])
            B = T.alloc_buffer((16, 16))
            for j in range(16):
                with T.block(""):
                    T.reads(A[i, j])
                    T.writes(B[i, j])
                    T.block_attr({"buffer_dim_align": [[0, 0, 16, 15]]})
                    B[i, j] = A[i, j] + T.float32(1)
            for j in range(16):
                with T.block(""):
                    T.reads(B[i, j])
                    T.writes(C[i, j])
                    C[i, j] = B[i, j] * T.float32(2)
)", R"(
@T.prim_func
def main(A: T.Buffer((16, 16), "float32"), C: T.Buffer((16, 16), "float32")):
    for i in range(16):
        with T.block(""):
            T.reads(A[i, 0:16])
            T.writes(C[i, 0:16])
            B = T.alloc_buffer((1, 16), strides=(31, 1))
            for j in range(16):
                with T.block(""):
                    T.reads(A[i, j])
                    T.writes(B[i - i, j])
                    T.block_attr({"buffer_dim_align": [[0, 0, 16, 15]]})
                    B[i - i, j] = A[i, j] + T.float32(1)
            for j in range(16):
                with T.block(""):
                    T.reads(B[i - i, j])
                    T.writes(C[i, j])
                    C[i, j] = B[i - i, j] * T.float32(2)
)");
}

// An opaque use of the data pointer (an extern call) means the whole buffer (TVM's
// TestUnschedulableFunc): nothing shrinks. Index lets stand for their values.
TEST(CompactBufferAllocation, OpaqueAccessAndLets) {
  const char* opaque = R"(
@T.prim_func
def main(A: T.Buffer((16, 16), "float32"), C: T.Buffer((16, 16), "float32")):
    for i in range(16):
        with T.block(""):
            T.reads(A[i, 0:16])
            T.writes(C[i, 0:16])
            B = T.alloc_buffer((16, 16))
            for j in range(16):
                T.evaluate(T.call_extern("int32", "dummy_extern_function", B.data))
                B[i, j] = A[i, j] + T.float32(1)
            for j in range(16):
                C[i, j] = B[i, j] * T.float32(2)
)";
  ExpectPass(transform::CompactBufferAllocation(), opaque, opaque);

  ExpectPass(transform::CompactBufferAllocation(), R"(
@T.prim_func
def main(A: T.Buffer((16,), "float32"), C: T.Buffer((16,), "float32")):
    for i in range(4):
        with T.block(""):
            T.reads(A[i * 4:i * 4 + 4])
            T.writes(C[i * 4:i * 4 + 4])
            B = T.alloc_buffer((16,))
            for j in range(4):
                k: T.int32 = i * 4 + j
                B[k] = A[k]
                C[k] = B[k]
)", R"(
@T.prim_func
def main(A: T.Buffer((16,), "float32"), C: T.Buffer((16,), "float32")):
    for i in range(4):
        with T.block(""):
            T.reads(A[i * 4:i * 4 + 4])
            T.writes(C[i * 4:i * 4 + 4])
            B = T.alloc_buffer((4,))
            for j in range(4):
                k: T.int32 = i * 4 + j
                B[k - i * 4] = A[k]
                C[k] = B[k - i * 4]
)");
}

// Branch conditions narrow the loop ranges (TVM's TestPaddingPattern and TestMemAccessInBranch):
// B is read only where 2 <= i < 18, so 16 rows suffice; B4 is written only in the else branch
// of `i < 112 or j < 112`.
TEST(CompactBufferAllocation, ConditionsNarrowTheRegion) {
  ExpectPass(transform::CompactBufferAllocation(), R"(
@T.prim_func
def main(A: T.Buffer((16, 16), "float32"), C: T.Buffer((20, 20), "float32")):
    with T.block(""):
        T.reads(A[0:16, 0:16])
        T.writes(C[0:20, 0:20])
        B = T.alloc_buffer((20, 20))
        for i, j in T.grid(16, 16):
            with T.block(""):
                T.reads(A[i, j])
                T.writes(B[i, j])
                B[i, j] = A[i, j]
        for i, j in T.grid(20, 20):
            with T.block(""):
                T.reads(B[i - 2, j - 2])
                T.writes(C[i, j])
                C[i, j] = T.if_then_else(2 <= i and i < 18 and 2 <= j and j < 18, B[i - 2, j - 2], T.float32(0))
)", R"(
@T.prim_func
def main(A: T.Buffer((16, 16), "float32"), C: T.Buffer((20, 20), "float32")):
    with T.block(""):
        T.reads(A[0:16, 0:16])
        T.writes(C[0:20, 0:20])
        B = T.alloc_buffer((16, 16))
        for i, j in T.grid(16, 16):
            with T.block(""):
                T.reads(A[i, j])
                T.writes(B[i, j])
                B[i, j] = A[i, j]
        for i, j in T.grid(20, 20):
            with T.block(""):
                T.reads(B[i - 2, j - 2])
                T.writes(C[i, j])
                C[i, j] = T.if_then_else(2 <= i and i < 18 and 2 <= j and j < 18, B[i - 2, j - 2], T.float32(0))
)");

  ExpectPass(transform::CompactBufferAllocation(), R"(
@T.prim_func
def main(A: T.Buffer((224, 224), "float32")):
    with T.block(""):
        T.reads(A[0:224, 0:224])
        T.writes()
        B3 = T.alloc_buffer((224, 224))
        B4 = T.alloc_buffer((224, 224))
        for i, j in T.grid(224, 224):
            with T.block(""):
                T.reads(A[i, j])
                T.writes(B3[i, j], B4[i, j])
                if i < 112 or j < 112:
                    B3[i, j] = A[i, j] * T.float32(2)
                else:
                    B4[i, j] = A[i, j] + T.float32(3)
)", R"(
@T.prim_func
def main(A: T.Buffer((224, 224), "float32")):
    with T.block(""):
        T.reads(A[0:224, 0:224])
        T.writes()
        B3 = T.alloc_buffer((224, 224))
        B4 = T.alloc_buffer((112, 112))
        for i, j in T.grid(224, 224):
            with T.block(""):
                T.reads(A[i, j])
                T.writes(B3[i, j], B4[i - 112, j - 112])
                if i < 112 or j < 112:
                    B3[i, j] = A[i, j] * T.float32(2)
                else:
                    B4[i - 112, j - 112] = A[i, j] + T.float32(3)
)");
}

// Strict mode (the default) clips to the original shape; non-strict keeps what is accessed,
// even past the end (TVM's is_strict=False, for padded computations).
TEST(CompactBufferAllocation, StrictClipsNonStrictDoesNot) {
  const char* text = R"(
@T.prim_func
def main(A: T.Buffer((4,), "float32"), C: T.Buffer((4,), "float32")):
    with T.block(""):
        T.reads(A[0:4])
        T.writes(C[0:4])
        B = T.alloc_buffer((4,))
        for i in range(4):
            B[i] = A[i]
        for i in range(4):
            C[i] = B[i + 1]
)";
  ExpectPass(transform::CompactBufferAllocation(), text, text);
  IRModule loose = transform::GetPassFactory("CompactBufferAllocation")({0})(ParseModule(text));
  std::string printed = testing::PrintChecked(loose);
  EXPECT_NE(printed.find("B = T.alloc_buffer((5,))"), std::string::npos) << printed;
}

}  // namespace
}  // namespace tir
}  // namespace tirgen

// Per-store features (tuner/feature.h) of hand-written scheduled programs whose numbers are
// known: operation counts times trip counts, vector/parallel/unroll loops with their extents and
// positions, buffer footprints, strides and reuse; the row layout and its names; and that the
// same program always gives the same rows.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "tirgen/script/parser.h"
#include "tirgen/tir/schedule/schedule.h"
#include "tirgen/tuner/feature.h"
#include "tuner_test_util.h"

namespace tirgen {
namespace tuner {
namespace {

tir::PrimFunc Parse(const std::string& text) { return script::Parse(text).cast<tir::PrimFunc>(); }

// C = A * 2 + B over 64 x 128, rows parallel, columns in vectors of 8.
const char* kVectorAdd = R"(@T.prim_func
def main(A: T.Buffer((64, 128), "float32"), B: T.Buffer((64, 128), "float32"), C: T.Buffer((64, 128), "float32")):
    for i in T.parallel(64):
        for j0 in range(16):
            for j1 in T.vectorized(8):
                with T.block("C"):
                    vi = T.axis.spatial(64, i)
                    vj = T.axis.spatial(128, j0 * 8 + j1)
                    T.reads(A[vi, vj], B[vi, vj])
                    T.writes(C[vi, vj])
                    C[vi, vj] = A[vi, vj] * T.float32(2) + B[vi, vj]
)";

// C[i, j] = sum_k A[i, k] * B[k, j], 16 x 32 x 64, the reduction loop unrolled.
const std::string kMatmul = testing::MatmulScript(16, 32, 64, "T.unroll");

// An exp through a local buffer (allocated inside the row loop) and a row maximum.
const char* kTwoStages = R"(@T.prim_func
def main(A: T.Buffer((8, 16), "float32"), M: T.Buffer((8,), "float32")):
    for i in range(8):
        with T.block("row"):
            vi = T.axis.spatial(8, i)
            T.reads(A[vi, 0:16])
            T.writes(M[vi])
            E = T.alloc_buffer((16,), "float32")
            for j in range(16):
                with T.block("E"):
                    vj = T.axis.spatial(16, j)
                    T.reads(A[vi, vj])
                    T.writes(E[vj])
                    E[vj] = T.exp(A[vi, vj])
            for j in range(16):
                with T.block("M"):
                    vj = T.axis.reduce(16, j)
                    T.reads(E[vj])
                    T.writes(M[vi])
                    with T.init():
                        M[vi] = T.float32(-3.4e38)
                    M[vi] = T.max(M[vi], E[vj])
)";

const BufferAccessFeature& Access(const StoreFeature& s, const std::string& buffer) {
  for (const BufferAccessFeature& a : s.accesses) {
    if (a.buffer == buffer) return a;
  }
  ADD_FAILURE() << "no access to " << buffer;
  static const BufferAccessFeature none;
  return none;
}

float Column(const FeatureMatrix& m, int row, const std::string& name) { return m.at(row, FeatureIndex(name)); }

// The exported value of a count: log2(x + 1).
float Slog(double x) { return static_cast<float>(std::log2(x + 1)); }

TEST(TunerFeature, VectorizedParallelElementwise) {
  ProgramFeatures f = ExtractStoreFeatures(Parse(kVectorAdd));
  ASSERT_EQ(f.stores.size(), 1u);
  const StoreFeature& s = f.stores[0];
  EXPECT_EQ(s.buffer, "C");
  EXPECT_EQ(s.arith.float_add_sub, 64 * 128);
  EXPECT_EQ(s.arith.float_mul, 64 * 128);
  EXPECT_EQ(s.arith.float_div_mod + s.arith.float_cmp + s.arith.float_math_func, 0);
  EXPECT_EQ(s.arith.int_mul, 2 * 64 * 128);  // j0 * 8 in the index of each of the two loads
  EXPECT_EQ(s.vectorize.num, 1);
  EXPECT_EQ(s.vectorize.len, 8);
  EXPECT_EQ(s.vectorize.prod, 8);
  EXPECT_EQ(s.vectorize.pos, LoopPosition::kInnerSpatial);
  EXPECT_EQ(s.parallel.num, 1);
  EXPECT_EQ(s.parallel.len, 64);
  EXPECT_EQ(s.parallel.pos, LoopPosition::kOuterSpatial);
  EXPECT_EQ(s.unroll.num, 0);
  EXPECT_EQ(s.unroll.pos, LoopPosition::kNone);
  EXPECT_EQ(s.outer_prod, 64 * 128);
  EXPECT_EQ(s.num_loops, 3);
  ASSERT_EQ(s.accesses.size(), 3u);
  for (const char* name : {"A", "B", "C"}) {
    const BufferAccessFeature& a = Access(s, name);
    EXPECT_EQ(a.bytes, 4.0 * 64 * 128) << name;
    EXPECT_EQ(a.unique_bytes, 4.0 * 64 * 128) << name;
    EXPECT_EQ(a.stride, 1) << name;
    EXPECT_EQ(a.reuse, ReuseType::kNoReuse) << name;
    EXPECT_EQ(a.footprint, (std::vector<int64_t>{64 * 128, 128, 8})) << name;
    EXPECT_EQ(a.unique_lines, 64.0 * 128 * 4 / 64) << name;  // contiguous rows: one line per 64 B
  }
  EXPECT_EQ(Access(s, "C").access, AccessType::kWrite);
  EXPECT_EQ(Access(s, "A").access, AccessType::kRead);
  // Parameters are allocated outside every loop.
  EXPECT_EQ(s.alloc.alloc_size, 4 * 64 * 128);
  EXPECT_EQ(s.alloc.alloc_outer_prod, 1);
  EXPECT_EQ(f.function.float_ops, 2 * 64 * 128);
  EXPECT_EQ(f.function.num_allocs, 0);

  FeatureMatrix m = ExportFeatures(f);
  ASSERT_EQ(m.num_rows, 1);
  EXPECT_EQ(Column(m, 0, "float_add_sub"), Slog(8192));
  EXPECT_EQ(Column(m, 0, "vectorize.len"), Slog(8));
  EXPECT_EQ(Column(m, 0, "vectorize.pos_inner_spatial"), 1.0f);
  EXPECT_EQ(Column(m, 0, "vectorize.pos_mixed"), 0.0f);
  EXPECT_EQ(Column(m, 0, "parallel.prod"), Slog(64));
  EXPECT_EQ(Column(m, 0, "unroll.pos_none"), 1.0f);
  EXPECT_EQ(Column(m, 0, "b3.bytes"), 0.0f);  // only three buffers: the other slots are zeros
  EXPECT_EQ(Column(m, 0, "b4.read"), 0.0f);
}

TEST(TunerFeature, ReductionCountsTripsStridesAndReuse) {
  ProgramFeatures f = ExtractStoreFeatures(Parse(kMatmul));
  ASSERT_EQ(f.stores.size(), 1u) << "the init store (a constant) is no row";
  const StoreFeature& s = f.stores[0];
  EXPECT_EQ(s.arith.float_add_sub, 16 * 32 * 64);
  EXPECT_EQ(s.arith.float_mul, 16 * 32 * 64);
  EXPECT_EQ(s.arith.FloatOps(), 2 * 16 * 32 * 64);
  EXPECT_EQ(s.unroll.num, 1);
  EXPECT_EQ(s.unroll.len, 64);
  EXPECT_EQ(s.unroll.pos, LoopPosition::kInnerReduce);
  EXPECT_EQ(s.vectorize.num, 0);
  EXPECT_EQ(s.outer_prod, 16 * 32 * 64);

  const BufferAccessFeature& c = Access(s, "C");
  EXPECT_EQ(c.access, AccessType::kReadWrite);
  EXPECT_EQ(c.stride, 0);          // k does not move C
  EXPECT_EQ(c.varying_stride, 1);  // j does
  EXPECT_EQ(c.reuse, ReuseType::kLoopMultipleRead);
  EXPECT_EQ(c.reuse_ct, 64);
  EXPECT_EQ(c.reuse_dis_iter, 1);
  EXPECT_EQ(c.unique_bytes, 4.0 * 16 * 32);
  const BufferAccessFeature& a = Access(s, "A");
  EXPECT_EQ(a.stride, 1);
  EXPECT_EQ(a.reuse, ReuseType::kLoopMultipleRead);  // j does not move A: reused 32 times
  EXPECT_EQ(a.reuse_ct, 32);
  EXPECT_EQ(a.reuse_dis_iter, 64);
  EXPECT_EQ(a.reuse_dis_bytes, 4.0 * (64 + 64 + 1));  // under k: A's row, B's column, C
  const BufferAccessFeature& b = Access(s, "B");
  EXPECT_EQ(b.stride, 32);  // k walks B's rows
  EXPECT_EQ(b.reuse, ReuseType::kLoopMultipleRead);  // i does not move B
  EXPECT_EQ(b.reuse_ct, 16);
  EXPECT_EQ(b.lines, 16.0 * 32 * 64);  // every access a new line (128-byte stride)
  EXPECT_EQ(b.footprint, (std::vector<int64_t>{64 * 32, 64 * 32, 64}));
  // Most cache lines first.
  EXPECT_EQ(s.accesses[0].buffer, "B");
}

TEST(TunerFeature, StagesAllocationsAndSerialReuse) {
  ProgramFeatures f = ExtractStoreFeatures(Parse(kTwoStages));
  ASSERT_EQ(f.stores.size(), 2u);
  const StoreFeature& e = f.stores[0];
  const StoreFeature& m = f.stores[1];
  EXPECT_EQ(e.buffer, "E");
  EXPECT_EQ(e.arith.float_math_func, 8 * 16);
  EXPECT_EQ(m.buffer, "M");
  EXPECT_EQ(m.arith.float_cmp, 8 * 16);
  // E lives inside the row loop: 64 bytes, allocated 8 times.
  EXPECT_EQ(e.alloc.alloc_size, 16 * 4);
  EXPECT_EQ(e.alloc.alloc_outer_prod, 8);
  EXPECT_EQ(e.alloc.alloc_prod, 16 * 8);
  EXPECT_EQ(f.function.alloc_bytes, 64);
  EXPECT_EQ(f.function.num_allocs, 1);
  EXPECT_EQ(f.function.num_stores, 2);
  EXPECT_EQ(f.function.float_ops, 2 * 8 * 16);
  // E, compacted to one row, does not depend on i: TVM's rules call that loop reuse.
  const BufferAccessFeature& ea = Access(m, "E");
  EXPECT_EQ(ea.reuse, ReuseType::kLoopMultipleRead);
  EXPECT_EQ(ea.reuse_ct, 8);
  EXPECT_EQ(ea.unique_bytes, 16 * 4);
  EXPECT_EQ(m.unroll.pos, LoopPosition::kNone);
}

TEST(TunerFeature, SerialReuseBetweenStores) {
  const char* text = R"(@T.prim_func
def main(A: T.Buffer((8, 16), "float32"), B: T.Buffer((8, 16), "float32"), C: T.Buffer((8, 16), "float32")):
    for i in range(8):
        for j in range(16):
            with T.block("B"):
                vi, vj = T.axis.remap("SS", [i, j])
                T.reads(A[vi, vj])
                T.writes(B[vi, vj])
                B[vi, vj] = A[vi, vj] * T.float32(2)
        for j in range(16):
            with T.block("C"):
                vi, vj = T.axis.remap("SS", [i, j])
                T.reads(B[vi, vj])
                T.writes(C[vi, vj])
                C[vi, vj] = B[vi, vj] + T.float32(1)
)";
  ProgramFeatures f = ExtractStoreFeatures(Parse(text));
  ASSERT_EQ(f.stores.size(), 2u);
  // Under i, the first store wrote B's row and the second reads it back.
  const BufferAccessFeature& b = Access(f.stores[1], "B");
  EXPECT_EQ(b.reuse, ReuseType::kSerialMultipleReadWrite);
  EXPECT_EQ(b.reuse_ct, 1);
  // Distances per iteration of i: the smallest footprint of B under i (all 128 elements), and
  // the bytes of A, B, then B, C under i.
  EXPECT_EQ(b.reuse_dis_iter, 128.0 / 8);
  EXPECT_EQ(b.reuse_dis_bytes, 4.0 * 4 * 128 / 8);
  EXPECT_EQ(b.footprint, (std::vector<int64_t>{128, 16}));
  EXPECT_EQ(Access(f.stores[0], "B").reuse, ReuseType::kNoReuse);
}

TEST(TunerFeature, LayoutAndNames) {
  std::vector<std::string> names = FeatureNames();
  EXPECT_EQ(FeatureLength(), 163);
  ASSERT_EQ(names.size(), 163u);
  EXPECT_EQ(names[0], "float_add_sub");
  EXPECT_EQ(names[14], "vectorize.num");
  EXPECT_EQ(names[47], "b0.read");
  EXPECT_EQ(names[47 + 19], "b1.read");
  EXPECT_EQ(names[47 + 5 * 19], "curve0");
  EXPECT_EQ(names.back(), "func.num_stores");
  FeatureConfig small;
  small.buffers_per_store = 2;
  small.arith_intensity_curve_num_samples = 4;
  EXPECT_EQ(FeatureLength(small), 58 + 2 * 19 + 4);
  EXPECT_THROW(FeatureIndex("no_such_column"), Error);
}

TEST(TunerFeature, SameProgramSameRows) {
  FeatureMatrix a = ExtractFeatures(Parse(kMatmul));
  FeatureMatrix b = ExtractFeatures(Parse(kMatmul));  // new nodes, same program
  FeatureMatrix c = ExtractFeatures(Parse(kMatmul));
  ASSERT_EQ(a.values.size(), b.values.size());
  EXPECT_EQ(std::memcmp(a.values.data(), b.values.data(), a.values.size() * sizeof(float)), 0);
  EXPECT_EQ(std::memcmp(a.values.data(), c.values.data(), a.values.size() * sizeof(float)), 0);
}

TEST(TunerFeature, ReadsTheScheduledProgram) {
  const char* plain = R"(@T.prim_func
def main(A: T.Buffer((64, 128), "float32"), C: T.Buffer((64, 128), "float32")):
    for i, j in T.grid(64, 128):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(C[vi, vj])
            C[vi, vj] = A[vi, vj] + T.float32(1)
)";
  tir::Schedule sch(Parse(plain));
  tir::BlockRV block = sch.GetBlock("C");
  std::vector<tir::LoopRV> loops = sch.GetLoops(block);
  std::vector<tir::LoopRV> j = sch.Split(loops[1], {std::nullopt, 16});
  sch.Vectorize(j[1]);
  sch.Parallel(loops[0]);
  FeatureMatrix m = ExtractFeatures(sch.mod());
  ASSERT_EQ(m.num_rows, 1);
  EXPECT_EQ(Column(m, 0, "vectorize.len"), Slog(16));
  EXPECT_EQ(Column(m, 0, "parallel.len"), Slog(64));
  EXPECT_EQ(Column(m, 0, "float_add_sub"), Slog(64 * 128));
  EXPECT_EQ(Column(m, 0, "num_loops"), Slog(3));
}

}  // namespace
}  // namespace tuner
}  // namespace tirgen

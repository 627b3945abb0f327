// The C code generator's vector path (codegen_c_vector.cc): vectorized loops become GCC vector
// types where every part of the statement has a vector form, and stay a lane loop otherwise
// (float16, lanes not a power of two). Every program is built twice, as written and with its
// vectorized loops serial (the scalar reference), for the generic target and the host, and
// the outputs compared: exactly (one rounding per element, or integers) unless a test says
// otherwise.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>

#include "fresh_build_cache.h"
#include "tirgen/codegen/build.h"
#include "tirgen/runtime/build.h"
#include "tirgen/script/parser.h"

namespace tirgen {
namespace {

class CodegenSimd : public FreshBuildCache {
 protected:
  CodegenSimd() : FreshBuildCache("simd") {}
};

IRModule Parse(const std::string& text) { return IRModule({{"main", script::Parse(text, "<test>")}}); }

// TVMScript of a noalias `main` with these parameters and body (statements indented 4 spaces).
std::string Program(const std::string& params, const std::string& body) {
  return "# from tvm.script import tir as T\n\n@T.prim_func\ndef main(" + params +
         "):\n    T.func_attr({\"tir.noalias\": T.bool(True)})\n" + body;
}

std::string Serial(std::string text) {
  for (size_t p; (p = text.find("T.vectorized(")) != std::string::npos;) text.replace(p, 13, "T.serial(");
  return text;
}

// Inputs with varied values (negative, fractional) for every parameter the function reads.
NDArray Input(DataType t, int64_t n, int seed) {
  NDArray a = NDArray::Zeros({n}, t);
  uint8_t* d = const_cast<uint8_t*>(a.data());
  for (int64_t i = 0; i < n; ++i) {
    int v = static_cast<int>((i * 37 + seed * 11) % 29) - 14;
    if (t == DataType::Float(32)) reinterpret_cast<float*>(d)[i] = v * 0.375f;
    else if (t == DataType::Int(32)) reinterpret_cast<int32_t*>(d)[i] = v * 1000 + static_cast<int32_t>(i);
    else if (t == DataType::Float(16)) reinterpret_cast<uint16_t*>(d)[i] = static_cast<uint16_t>(0x3C00 + v * 64);
    else if (t == DataType::Float(64)) reinterpret_cast<double*>(d)[i] = v * 0.1;
    else if (t.bits() == 8) d[i] = static_cast<uint8_t>(v * 9 + i);
  }
  return a;
}

// Max |a - b| / (1 + |b|) over float32 outputs; exact comparison of the bytes otherwise.
double Difference(const NDArray& a, const NDArray& b) {
  EXPECT_EQ(a->dtype, b->dtype);
  if (a->dtype != DataType::Float(32)) return std::memcmp(a.data(), b.data(), a.nbytes()) == 0 ? 0 : 1;
  double worst = 0;
  for (int64_t i = 0; i < a->NumElements(); ++i) {
    double x = a.data_as<float>()[i], y = b.data_as<float>()[i];
    worst = std::max(worst, std::fabs(x - y) / (1 + std::fabs(y)));
  }
  return worst;
}

// Builds `text` for the generic target and the host, runs both and the serial reference on the
// same inputs; expects equal outputs within `tolerance`. Returns the C for an AVX-512 target
// (x86-64-v4: 512-bit vectors).
std::string CheckAgainstSerial(const std::string& text, std::vector<NDArray> inputs, double tolerance = 0) {
  std::vector<NDArray> want = runtime::BuildModule(Parse(Serial(text))).Run("main", inputs);
  std::string code = runtime::EmitC(Parse(text), target::Target::Parse("c -mcpu=x86-64-v4")).code;
  for (const char* t : {"c", "c -mcpu=native"}) {
    target::Target target = target::Target::Parse(t);
    IRModule mod = Parse(text);
    std::vector<NDArray> got = runtime::BuildModule(mod, target).Run("main", inputs);
    EXPECT_EQ(got.size(), want.size());
    for (size_t k = 0; k < got.size() && k < want.size(); ++k)
      EXPECT_LE(Difference(got[k], want[k]), tolerance) << t << ", output " << k << "\n" << code;
  }
  return code;
}

TEST_F(CodegenSimd, ElementwiseAddReluIsVectorCode) {
  std::string text = Program(R"(A: T.Buffer((64,), "float32"), B: T.Buffer((64,), "float32"), C: T.Buffer((64,), "float32"))",
                               R"(    for io in range(4):
        for ii in T.vectorized(16):
            C[io * 16 + ii] = T.max(A[io * 16 + ii] + B[io * 16 + ii], T.float32(0))
)");
  std::string code = CheckAgainstSerial(text, {Input(DataType::Float(32), 64, 1), Input(DataType::Float(32), 64, 2)});
  EXPECT_NE(code.find("typedef float tg_f32x16 __attribute__((vector_size(64)));"), std::string::npos) << code;
  EXPECT_NE(code.find("typedef float tg_f32x16_u __attribute__((vector_size(64), aligned(4)));"), std::string::npos);
  EXPECT_NE(code.find("*(tg_f32x16_u*)&C["), std::string::npos) << code;
  EXPECT_EQ(code.find("tg_lane"), std::string::npos) << code;
  EXPECT_EQ(code.find("tg_f32x8"), std::string::npos) << "only the types used are declared";
  // Generic x86-64 (SSE): register-wide chunks of 4 lanes, never wider vectors (GCC would
  // lower them through memory).
  std::string sse = runtime::EmitC(Parse(text), target::Target::Parse("c")).code;
  EXPECT_NE(sse.find("*(tg_f32x4_u*)&C["), std::string::npos) << sse;
  EXPECT_EQ(sse.find("tg_f32x16"), std::string::npos) << sse;
}

// The register-tile pattern of a matrix-vector product: acc[c:c+16] += x[k] * W[k, c:c+16] in a
// local accumulator. Sums of 64 products: the host's FMA contraction may differ from the serial
// build in the last bits.
TEST_F(CodegenSimd, RegisterTileReductionIsVectorCode) {
  std::string text = Program(R"(X: T.Buffer((64,), "float32"), W: T.Buffer((2048,), "float32"), Y: T.Buffer((32,), "float32"))",
                               R"(    acc = T.allocate([32], "float32", "global")
    acc_1 = T.Buffer((32,), data=acc)
    for c in T.vectorized(32):
        acc_1[c] = T.float32(0)
    for k in range(64):
        for co in range(2):
            for ci in T.vectorized(16):
                acc_1[co * 16 + ci] = acc_1[co * 16 + ci] + X[k] * W[k * 32 + co * 16 + ci]
    for c in T.vectorized(32):
        Y[c] = acc_1[c]
)");
  std::string code = CheckAgainstSerial(text, {Input(DataType::Float(32), 64, 3), Input(DataType::Float(32), 2048, 4)}, 1e-5);
  EXPECT_NE(code.find("*(tg_f32x16_u*)&acc["), std::string::npos) << code;
  EXPECT_EQ(code.find("tg_lane"), std::string::npos) << code;
}

TEST_F(CodegenSimd, Int32VectorsAreExact) {
  std::string text = Program(R"(A: T.Buffer((64,), "int32"), B: T.Buffer((64,), "int32"), C: T.Buffer((64,), "int32"), D: T.Buffer((32,), "int32"))",
                               R"(    for io in range(4):
        for ii in T.vectorized(16):
            C[io * 16 + ii] = T.min(A[io * 16 + ii] * 3 - B[io * 16 + ii], T.int32(5000)) + T.Div(A[io * 16 + ii], 7) + io * 16 + ii
    for i in T.vectorized(32):
        D[i] = A[i * 2] + B[63 - i]
)");
  std::string code = CheckAgainstSerial(text, {Input(DataType::Int(32), 64, 5), Input(DataType::Int(32), 64, 6)});
  EXPECT_NE(code.find("typedef int32_t tg_i32x16 "), std::string::npos) << code;
  EXPECT_EQ(code.find("tg_lane"), std::string::npos) << code;
}

// Stride-2 loads (pooling and stride-2 convolution windows) are two vector loads and one
// shuffle, never reading past the last lane's element (X holds exactly the 32 read); vector
// min/max are a compare and a blend with the scalar helpers' meaning, NaN included.
TEST_F(CodegenSimd, StrideTwoLoadsAndMinMaxAreVectorCode) {
  std::string text = Program(R"(X: T.Buffer((32,), "float32"), Y: T.Buffer((16,), "float32"), Z: T.Buffer((16,), "float32"))",
                               R"(    for i in T.vectorized(16):
        Y[i] = T.max(X[i * 2], X[i * 2 + 1])
    for i in T.vectorized(16):
        Z[i] = T.min(X[i] * T.float32(2), X[i * 2 + 1]) + T.max(X[i + 16], T.float32(0))
)");
  NDArray x = Input(DataType::Float(32), 32, 7);
  float* d = const_cast<float*>(x.data_as<float>());
  d[3] = d[8] = d[20] = std::nanf("");  // each side of a comparison, and a lone lane
  std::vector<NDArray> want = runtime::BuildModule(Parse(Serial(text))).Run("main", {x});
  std::string code = runtime::EmitC(Parse(text), target::Target::Parse("c -mcpu=x86-64-v4")).code;
  for (const char* t : {"c", "c -mcpu=native"}) {
    std::vector<NDArray> got = runtime::BuildModule(Parse(text), target::Target::Parse(t)).Run("main", {x});
    for (size_t k = 0; k < 2; ++k)
      EXPECT_EQ(std::memcmp(got[k].data(), want[k].data(), want[k].nbytes()), 0) << t << ", output " << k << "\n" << code;
  }
  EXPECT_NE(code.find("__builtin_shuffle("), std::string::npos) << code;
  EXPECT_EQ(code.find("tg_lane"), std::string::npos) << code;
  EXPECT_EQ(code.find("for (int tg_t"), std::string::npos) << "min/max without a lane loop\n" << code;
}

// Lane guards (a split that does not divide 54): full vectors run plain; the last one stores
// only its lanes that hold: blended when the destination is the thread's own, lane by lane
// when another thread may own the rest; a load that could leave its buffer reads only the
// lanes that hold. Guards hoisted over a loop (HoistIfThenElse) and consecutive guards of an
// unrolled tile (one test) alike.
TEST_F(CodegenSimd, LaneGuardsStoreOnlyTheLanesThatHold) {
  std::string text = Program(
      R"(A: T.Buffer((54,), "float32"), W: T.Buffer((192,), "float32"), B: T.Buffer((54,), "float32"), C: T.Buffer((64,), "float32"), D: T.Buffer((64,), "float32"), E: T.Buffer((128,), "float32"))",
      R"(    for io in range(4):
        for ii in T.vectorized(16):
            if io * 16 + ii < 54:
                B[io * 16 + ii] = T.max(A[io * 16 + ii] * T.float32(2), T.float32(0))
    for io in range(4):
        for ii in T.vectorized(16):
            if io * 16 + ii < 54:
                C[io * 16 + ii] = W[io * 16 + ii] + T.float32(1)
    for io in T.parallel(4):
        for k in range(3):
            for ii in T.vectorized(16):
                if io * 16 + ii < 54:
                    D[io * 16 + ii] = D[io * 16 + ii] + W[k * 64 + io * 16 + ii]
    for io in range(4):
        for r in T.unroll(2):
            for ii in T.vectorized(16):
                if io * 16 + ii < 50:
                    E[r * 64 + io * 16 + ii] = W[r * 64 + io * 16 + ii] * W[io * 16 + ii]
)");
  std::string code = CheckAgainstSerial(text, {Input(DataType::Float(32), 54, 8), Input(DataType::Float(32), 192, 9)});
  EXPECT_NE(code.find(" & ~"), std::string::npos) << "a blended store\n" << code;
  EXPECT_NE(code.find("]) (&D["), std::string::npos) << "D's lanes stored one by one (shared)\n" << code;
  EXPECT_NE(code.find(") ? A["), std::string::npos) << "B's last vector reads A only where lanes hold\n" << code;
  EXPECT_EQ(code.find("tg_lane"), std::string::npos) << "no lane loop\n" << code;
}

// A guarded division (if_then_else(d != 0, x / d, 0)) must not divide on the lanes the guard
// excludes: it stays lane by lane rather than blending both sides (no SIGFPE on d = 0).
TEST_F(CodegenSimd, GuardedIntegerDivisionNeverDividesByZero) {
  std::string text = Program(R"(A: T.Buffer((16,), "int32"), B: T.Buffer((16,), "int32"), C: T.Buffer((16,), "int32"))",
                               R"(    for i in T.vectorized(16):
        C[i] = T.if_then_else(B[i] != 0, T.Div(A[i], B[i]), 0)
)");
  NDArray b = Input(DataType::Int(32), 16, 14);
  int32_t* d = const_cast<int32_t*>(b.data_as<int32_t>());
  for (int i = 0; i < 16; i += 3) d[i] = 0;
  CheckAgainstSerial(text, {Input(DataType::Int(32), 16, 13), b});
}

// Casts (int32 -> float32, int64 -> int32 indices) and strided stores (a scatter, lane by lane).
TEST_F(CodegenSimd, CastsAndStridedStoresAreVectorCode) {
  std::string text = Program(R"(A: T.Buffer((16,), "int32"), F: T.Buffer((32,), "float32"), G: T.Buffer((16,), "int32"))",
                               R"(    for i in T.vectorized(16):
        F[i * 2] = T.Cast("float32", A[i]) * T.float32(0.5)
        F[i * 2 + 1] = T.Cast("float32", A[i] - 7)
    for i in T.vectorized(T.int64(16)):
        G[i] = T.Cast("int32", i * T.int64(3)) + T.max(A[i], T.int32(-2))
)");
  std::string code = CheckAgainstSerial(text, {Input(DataType::Int(32), 16, 12)});
  EXPECT_NE(code.find("__builtin_convertvector("), std::string::npos) << code;
  EXPECT_EQ(code.find("tg_lane"), std::string::npos) << code;
}

// Other element types: uint8 and int8 (wrapping, 64 lanes = one AVX-512 register), float64.
TEST_F(CodegenSimd, ByteAndDoubleVectors) {
  std::string text = Program(R"(A: T.Buffer((64,), "uint8"), B: T.Buffer((64,), "int8"), D: T.Buffer((16,), "float64"), U: T.Buffer((64,), "uint8"), S: T.Buffer((64,), "int8"), E: T.Buffer((16,), "float64"))",
                             R"(    for i in T.vectorized(64):
        U[i] = A[i] * T.uint8(3) + T.uint8(200)
        S[i] = T.max(B[i] * T.int8(5), T.int8(-7)) - B[i]
    for i in T.vectorized(16):
        E[i] = D[i] * T.float64(0.5) + D[15 - i]
)");
  std::string code = CheckAgainstSerial(
      text, {Input(DataType::UInt(8), 64, 13), Input(DataType::Int(8), 64, 14), Input(DataType::Float(64), 16, 15)});
  EXPECT_NE(code.find("typedef uint8_t tg_u8x64 "), std::string::npos) << code;
  EXPECT_NE(code.find("typedef int8_t tg_i8x64 "), std::string::npos) << code;
  EXPECT_NE(code.find("typedef double tg_f64x8 "), std::string::npos) << code;
  EXPECT_EQ(code.find("tg_lane"), std::string::npos) << code;
}

TEST_F(CodegenSimd, LanesNotAPowerOfTwoKeepTheLaneLoop) {
  std::string text = Program(R"(A: T.Buffer((36,), "float32"), B: T.Buffer((36,), "float32"))",
                               R"(    for io in range(3):
        for ii in T.vectorized(12):
            B[io * 12 + ii] = A[io * 12 + ii] * T.float32(2.5) - T.float32(1)
)");
  std::string code = CheckAgainstSerial(text, {Input(DataType::Float(32), 36, 7)});
  EXPECT_NE(code.find("tg_lane"), std::string::npos) << code;
  EXPECT_EQ(code.find("vector_size"), std::string::npos) << code;
}

TEST_F(CodegenSimd, Float16KeepsTheLaneLoop) {
  std::string text = Program(R"(A: T.Buffer((32,), "float16"), B: T.Buffer((32,), "float16"), C: T.Buffer((32,), "float16"))",
                               R"(    for io in range(2):
        for ii in T.vectorized(16):
            C[io * 16 + ii] = A[io * 16 + ii] * B[io * 16 + ii] + T.float16(0.5)
)");
  std::string code = CheckAgainstSerial(text, {Input(DataType::Float(16), 32, 8), Input(DataType::Float(16), 32, 9)});
  EXPECT_NE(code.find("tg_lane"), std::string::npos) << code;
  EXPECT_EQ(code.find("vector_size"), std::string::npos) << code;
}

// Parts without a vector form (a select, exp) put the whole statement in the lane loop.
TEST_F(CodegenSimd, SelectAndMathCallsKeepTheLaneLoop) {
  std::string text = Program(R"(A: T.Buffer((32,), "float32"), B: T.Buffer((32,), "float32"))",
                               R"(    for ii in T.vectorized(32):
        B[ii] = T.Select(A[ii] > T.float32(0), T.exp(A[ii]), A[ii])
)");
  std::string code = CheckAgainstSerial(text, {Input(DataType::Float(32), 32, 10)}, 1e-6);
  EXPECT_NE(code.find("tg_lane"), std::string::npos) << code;
}

TEST_F(CodegenSimd, ParallelLoopsUseTheTargetsCoreCount) {
  std::string text = Program(R"(A: T.Buffer((256,), "float32"), B: T.Buffer((256,), "float32"))",
                               R"(    for io in T.parallel(16):
        for ii in T.vectorized(16):
            B[io * 16 + ii] = A[io * 16 + ii] + T.float32(1)
)");
  std::string code = runtime::EmitC(Parse(text), target::Target::Parse("c -num-cores 3")).code;
  EXPECT_NE(code.find("#pragma omp parallel for num_threads(tg_num_threads())"), std::string::npos) << code;
  EXPECT_NE(code.find("if (n < 1) n = 3;"), std::string::npos) << code;
  EXPECT_NE(code.find("getenv(\"TIRGEN_NUM_THREADS\")"), std::string::npos) << code;
  CheckAgainstSerial(text, {Input(DataType::Float(32), 256, 11)});
}

TEST_F(CodegenSimd, TargetsHaveDistinctCacheEntries) {
  std::string code = runtime::EmitC(Parse(Program(R"(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32"))",
                                                  "    for i in T.vectorized(16):\n        B[i] = A[i] * T.float32(2)\n")))
                         .code;
  std::string generic = codegen::BuildSharedLibrary(code, false, target::Target::Parse("c"));
  std::string v3 = codegen::BuildSharedLibrary(code, false, target::Target::Parse("c -mcpu=x86-64-v3"));
  EXPECT_NE(generic, v3);
  EXPECT_NE(generic, codegen::BuildSharedLibrary(code, false));  // the default target is the host
  EXPECT_EQ(v3, codegen::BuildSharedLibrary(code, false, target::Target::Parse("llvm -mcpu x86-64-v3")));
}

}  // namespace
}  // namespace tirgen

// The build pipeline (runtime::BuildModule: block form -> loops -> C -> library -> Module) on
// focused programs: constants with clashing names in one library, float16/bfloat16 conversion,
// large intermediates on the heap freed on every exit path, parallel loops as OpenMP,
// vectorized/unrolled loops. References are hand-computed (exact values: every comparison here
// is exact, the programs do at most one rounding per element).
#include <gtest/gtest.h>

#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <limits>
#include <fstream>
#include <string>

// clang says ASan through __has_feature, GCC through __SANITIZE_ADDRESS__.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TIRGEN_TEST_UNDER_ASAN 1
#endif
#endif
#include "tirgen/runtime/build.h"
#include "tirgen/te/create_primfunc.h"
#include "tirgen/te/operation.h"
#include "tirgen/tir/op.h"
#include "tirgen/tir/transforms/passes.h"
#include "tirgen/script/parser.h"

namespace tirgen {
namespace {

class RuntimeBuild : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("tirgen_rt_build_" + std::to_string(getpid()));
    setenv("TIRGEN_CACHE_DIR", dir_.c_str(), 1);
  }
  void TearDown() override {
    std::filesystem::remove_all(dir_);
    unsetenv("TIRGEN_CACHE_DIR");
  }
  std::filesystem::path dir_;
};

IRModule Parse(const std::string& text) {
  ObjectRef o = script::Parse(text, "<test>");
  if (o.as<tir::PrimFuncNode>()) return IRModule({{"main", o}});
  return o.cast<IRModule>();
}

template <typename T>
NDArray Array(std::vector<int64_t> shape, DataType dt, const std::vector<T>& v) {
  std::vector<uint8_t> bytes(v.size() * sizeof(T));
  std::memcpy(bytes.data(), v.data(), bytes.size());
  return NDArray(std::move(shape), dt, std::move(bytes));
}

template <typename T>
std::vector<T> Values(const NDArray& a) {
  std::vector<T> out(static_cast<size_t>(a->NumElements()));
  std::memcpy(out.data(), a.data(), out.size() * sizeof(T));
  return out;
}

size_t Count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
  return n;
}

// Three functions whose constants would get the same C name under "<symbol>_<constant>":
// k + x_c and k_x + c, plus g with the same constant name as k_x.
const char* kConstants = R"(# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def k(A: T.Buffer((T.int64(4),), "float32"), B: T.Buffer((T.int64(4),), "float32")):
        T.func_attr({"tir.noalias": T.bool(True)})
        x_c = T.allocate_const([1, 2, 3, 4], "float32", [4])
        for i in range(T.int64(4)):
            with T.block("B"):
                v_i = T.axis.spatial(T.int64(4), i)
                x_c_1 = T.Buffer((4,), data=x_c)
                B[v_i] = A[v_i] + x_c_1[v_i]
    @T.prim_func
    def k_x(A: T.Buffer((T.int64(4),), "float32"), B: T.Buffer((T.int64(4),), "float32")):
        T.func_attr({"tir.noalias": T.bool(True)})
        c = T.allocate_const([10, 20, 30, 40], "float32", [4])
        for i in range(T.int64(4)):
            with T.block("B"):
                v_i = T.axis.spatial(T.int64(4), i)
                c_1 = T.Buffer((4,), data=c)
                B[v_i] = A[v_i] + c_1[v_i]
    @T.prim_func
    def g(A: T.Buffer((T.int64(4),), "float32"), B: T.Buffer((T.int64(4),), "float32")):
        T.func_attr({"tir.noalias": T.bool(True)})
        c = T.allocate_const([100, 200, 300, 400], "float32", [4])
        for i in range(T.int64(4)):
            with T.block("B"):
                v_i = T.axis.spatial(T.int64(4), i)
                c_1 = T.Buffer((4,), data=c)
                B[v_i] = A[v_i] * c_1[v_i]
)";

TEST_F(RuntimeBuild, ConstantsOfSameNameInOneLibraryStayDistinct) {
  IRModule mod = Parse(kConstants);
  codegen::CSource src = runtime::EmitC(mod);
  // One aligned static array per AllocateConst, never duplicated.
  EXPECT_EQ(Count(src.code, "static const union"), 3u) << src.code;
  EXPECT_EQ(Count(src.code, "__attribute__((aligned(64))) = {{"), 3u) << src.code;
  runtime::Module m = runtime::BuildModule(mod);
  NDArray a = Array<float>({4}, DataType::Float(32), {1, 1, 1, 1});
  EXPECT_EQ(Values<float>(m.Run("k", {a})[0]), (std::vector<float>{2, 3, 4, 5}));
  EXPECT_EQ(Values<float>(m.Run("k_x", {a})[0]), (std::vector<float>{11, 21, 31, 41}));
  EXPECT_EQ(Values<float>(m.Run("g", {a})[0]), (std::vector<float>{100, 200, 300, 400}));
}

TEST_F(RuntimeBuild, ConstantDataIsExactForEveryBitPattern) {
  // -0.0, NaN payload, denormal, max: the C array must carry the exact bits.
  const char* text = R"(# from tvm.script import tir as T

@T.prim_func
def main(B: T.Buffer((T.int64(4),), "int32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    c = T.allocate_const([-2147483648, -1, 0, 2147483647], "int32", [4])
    for i in range(T.int64(4)):
        with T.block("B"):
            v_i = T.axis.spatial(T.int64(4), i)
            c_1 = T.Buffer((4,), "int32", data=c)
            B[v_i] = c_1[v_i]
)";
  runtime::Module m = runtime::BuildModule(Parse(text));
  EXPECT_EQ(Values<int32_t>(m.Run("main", {})[0]),
            (std::vector<int32_t>{INT32_MIN, -1, 0, INT32_MAX}));
}

TEST_F(RuntimeBuild, HalfAndBfloat16ConvertWithRoundToNearestEven) {
  const char* text = R"(# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((T.int64(6),), "float32"), H: T.Buffer((T.int64(6),), "float16"), BF: T.Buffer((T.int64(6),), "bfloat16"), R: T.Buffer((T.int64(6),), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    for i in range(T.int64(6)):
        with T.block("H"):
            v_i = T.axis.spatial(T.int64(6), i)
            H[v_i] = T.Cast("float16", A[v_i])
    for i in range(T.int64(6)):
        with T.block("BF"):
            v_i = T.axis.spatial(T.int64(6), i)
            BF[v_i] = T.Cast("bfloat16", A[v_i])
    for i in range(T.int64(6)):
        with T.block("R"):
            v_i = T.axis.spatial(T.int64(6), i)
            R[v_i] = T.Cast("float32", H[v_i]) + T.Cast("float32", BF[v_i])
)";
  runtime::Module m = runtime::BuildModule(Parse(text));
  // 1, 0.1, -2.5, 65520 (overflows half), 2^-25 (half: ties to even -> 0), 1 + 2^-11 (tie -> 1)
  std::vector<float> in = {1.0f, 0.1f, -2.5f, 65520.0f, 5.9604645e-08f / 2, 1.00048828125f};
  std::vector<NDArray> out = m.Run("main", {Array<float>({6}, DataType::Float(32), in)});
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(Values<uint16_t>(out[0]), (std::vector<uint16_t>{0x3C00, 0x2E66, 0xC100, 0x7C00, 0x0000, 0x3C00}));
  // bfloat16: 0.1f = 0x3DCCCCCD -> 0x3DCD; 65520 = 0x477FF000 -> 0x4780; 1+2^-11 -> 0x3F80.
  EXPECT_EQ(Values<uint16_t>(out[1]), (std::vector<uint16_t>{0x3F80, 0x3DCD, 0xC020, 0x4780, 0x3300, 0x3F80}));
  std::vector<float> r = Values<float>(out[2]);
  EXPECT_EQ(r[0], 2.0f);
  EXPECT_EQ(r[2], -5.0f);
  EXPECT_TRUE(std::isinf(r[3]));
}

// 4 MiB intermediate (heap), written fully, then an assertion that fails when A[0] < 0.
const char* kHeap = R"(# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((T.int64(1048576),), "float32"), B: T.Buffer((T.int64(1048576),), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    T_tmp = T.alloc_buffer((T.int64(1048576),))
    for i in range(T.int64(1048576)):
        with T.block("T_tmp"):
            v_i = T.axis.spatial(T.int64(1048576), i)
            T_tmp[v_i] = A[v_i] * T.float32(2)
    for i in range(T.int64(1048576)):
        with T.block("B"):
            v_i = T.axis.spatial(T.int64(1048576), i)
            assert A[0] >= T.float32(0), "negative input"
            B[v_i] = T_tmp[v_i] + T.float32(1)
)";

int64_t ResidentBytes() {
  std::ifstream f("/proc/self/statm");
  int64_t size = 0, resident = 0;
  f >> size >> resident;
  return resident * sysconf(_SC_PAGESIZE);
}

TEST_F(RuntimeBuild, LargeIntermediateOnHeapFreedOnEveryPath) {
  IRModule mod = Parse(kHeap);
  codegen::CSource src = runtime::EmitC(mod);
  EXPECT_NE(src.code.find("tg_alloc("), std::string::npos) << "4 MiB must not live on the stack";
  runtime::Module m = runtime::BuildModule(mod);
  const int64_t n = 1048576;
  NDArray pos = NDArray::Zeros({n}, DataType::Float(32));
  std::vector<float> neg_v(n, -1.0f);
  NDArray neg = Array<float>({n}, DataType::Float(32), neg_v);
  EXPECT_EQ(Values<float>(m.Run("main", {pos})[0])[7], 1.0f);
  EXPECT_THROW(m.Run("main", {neg}), Error);
  // 64 calls on each path leak 512 MiB if either path forgets the free.
#if defined(__SANITIZE_ADDRESS__) || defined(TIRGEN_TEST_UNDER_ASAN)
  // ASan's quarantine keeps freed memory resident, so RSS says nothing here; LeakSanitizer checks
  // the same frees in the sanitizer run.
  GTEST_SKIP() << "resident-memory check is meaningless under ASan (its quarantine holds freed blocks)";
#endif
  int64_t before = ResidentBytes();
  for (int k = 0; k < 64; ++k) {
    m.Run("main", {pos});
    EXPECT_THROW(m.Run("main", {neg}), Error);
  }
  int64_t grown = ResidentBytes() - before;
  EXPECT_LT(grown, 64 << 20) << "resident memory grew by " << grown << " bytes";
}

TEST_F(RuntimeBuild, ParallelLoopsBecomeOpenMp) {
  const char* text = R"(# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((T.int64(64), T.int64(64)), "float32"), B: T.Buffer((T.int64(64),), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    for i in T.parallel(T.int64(64)):
        for k in range(T.int64(64)):
            with T.block("B"):
                v_i, v_k = T.axis.remap("SR", [i, k])
                with T.init():
                    B[v_i] = T.float32(0)
                B[v_i] = B[v_i] + A[v_i, v_k]
)";
  IRModule mod = Parse(text);
  codegen::CSource src = runtime::EmitC(mod);
  EXPECT_TRUE(src.needs_openmp);
  EXPECT_NE(src.code.find("#pragma omp parallel for"), std::string::npos) << src.code;
  std::vector<float> a(64 * 64);
  for (size_t i = 0; i < a.size(); ++i) a[i] = static_cast<float>(i % 64);  // row sum 2016
  std::vector<float> b = Values<float>(runtime::BuildModule(mod).Run("main", {Array<float>({64, 64}, DataType::Float(32), a)})[0]);
  EXPECT_EQ(b, std::vector<float>(64, 2016.0f));
}

TEST_F(RuntimeBuild, VectorizedAndUnrolledLoopsRun) {
  const char* text = R"(# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((T.int64(32),), "int32"), B: T.Buffer((T.int64(32),), "int32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    for io in T.unroll(T.int64(4)):
        for ii in T.vectorized(T.int64(8)):
            with T.block("B"):
                v_i = T.axis.spatial(T.int64(32), io * T.int64(8) + ii)
                B[v_i] = A[v_i] * 3 - v_i
)";
  std::vector<int32_t> a(32);
  for (int i = 0; i < 32; ++i) a[i] = i * i;
  std::vector<int32_t> b = Values<int32_t>(runtime::BuildModule(Parse(text)).Run("main", {Array<int32_t>({32}, DataType::Int(32), a)})[0]);
  for (int i = 0; i < 32; ++i) EXPECT_EQ(b[i], 3 * i * i - i) << i;
}

// A TE reduction with a `where` (prefix sums: row i adds A[i, k] for k <= i only) runs as written.
TEST_F(RuntimeBuild, ReductionWithConditionSumsOnlyWhereItHolds) {
  auto shape = [](std::vector<int64_t> d) {
    std::vector<tir::PrimExpr> s;
    for (int64_t x : d) s.push_back(tir::IntImm(DataType::Int(32), x));
    return s;
  };
  te::Tensor a = te::placeholder(shape({4, 4}), DataType::Int(32), "A");
  tir::IterVar k = te::reduce_axis(tir::Range(0, 4), "k");
  te::Tensor s = te::compute(
      shape({4}), [&](const std::vector<tir::Var>& i) { return tir::sum(a(i[0], k->var), {k}, k->var <= i[0]); }, "S");
  std::vector<int32_t> av(16);
  for (int i = 0; i < 16; ++i) av[i] = 1 << i;
  std::vector<int32_t> out = Values<int32_t>(runtime::BuildModule(IRModule({{"main", te::CreatePrimFunc({a, s})}}))
                                                 .Run("main", {Array<int32_t>({4, 4}, DataType::Int(32), av)})[0]);
  for (int i = 0; i < 4; ++i) {
    int32_t want = 0;
    for (int j = 0; j <= i; ++j) want += av[i * 4 + j];
    EXPECT_EQ(out[i], want) << i;
  }
}

// Loop-invariant ifs the pipeline's HoistIfThenElse moves out (one with an else branch, whose
// loop is then duplicated) compute what the program says.
TEST_F(RuntimeBuild, HoistedConditionalsKeepTheirMeaning) {
  const char* text = R"(# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((32,), "int32"), B: T.Buffer((32,), "int32")):
    for i, j in T.grid(4, 8):
        if i == 1:
            B[i * 8 + j] = A[i * 8 + j] + 3
        else:
            B[i * 8 + j] = A[i * 8 + j] - 3
    for i, j, k in T.grid(4, 2, 4):
        if i < 3:
            if j == 1:
                B[i * 8 + j * 4 + k] = 0
)";
  std::vector<int32_t> a(32);
  for (int i = 0; i < 32; ++i) a[i] = i * 7;
  std::vector<int32_t> b =
      Values<int32_t>(runtime::BuildModule(Parse(text)).Run("main", {Array<int32_t>({32}, DataType::Int(32), a)})[0]);
  for (int k = 0; k < 32; ++k) {
    int i = k / 8, j = (k % 8) / 4;
    int32_t want = i == 1 ? a[k] + 3 : a[k] - 3;
    if (i < 3 && j == 1) want = 0;
    EXPECT_EQ(b[k], want) << k;
  }
}

TEST_F(RuntimeBuild, WrongArgumentsAreClearErrors) {
  runtime::Module m = runtime::BuildModule(Parse(kConstants));
  try {
    m.Run("k", {NDArray::Zeros({5}, DataType::Float(32))});
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("must be float32(4,), got float32(5,)"), std::string::npos) << e.what();
  }
  EXPECT_THROW(m.Run("nope", {}), Error);
}

// A var inside a parameter's shape (a free symbol VerifyWellFormed accepts, as TVM does) is a
// located error before C generation, not a C compiler error about an undeclared name.
TEST_F(RuntimeBuild, SymbolicParameterShapeIsALocatedErrorBeforeC) {
  IRModule mod = Parse(R"(# from tvm.script import tir as T

@T.prim_func
def main(a: T.handle):
    n = T.int32()
    A = T.match_buffer(a, (n * 32,))
    for i in range(n * 32):
        A[i] = T.float32(1)
)");
  try {
    runtime::BuildModule(mod);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.message(), "main: parameter A has a symbolic shape") << e.what();
  }
}

}  // namespace
}  // namespace tirgen

namespace tirgen {
namespace {

// Integer division by a runtime divisor: x / 0, x % 0 (truncating and floor forms, scalar and
// vectorized loops) is an error naming the function, never SIGFPE; INT_MIN / -1 wraps to
// INT_MIN and INT_MIN % -1 is 0 (numpy's results).
const char* kDivision = R"(# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((T.int64(8),), "int32"), B: T.Buffer((T.int64(8),), "int32"), C: T.Buffer((T.int64(32),), "int32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    for i in range(T.int64(8)):
        with T.block("C"):
            v_i = T.axis.spatial(T.int64(8), i)
            C[v_i] = T.truncdiv(A[v_i], B[v_i])
            C[v_i + T.int64(8)] = T.truncmod(A[v_i], B[v_i])
            C[v_i + T.int64(16)] = A[v_i] // B[v_i]
            C[v_i + T.int64(24)] = A[v_i] % B[v_i]
)";

TEST_F(RuntimeBuild, IntegerDivisionByZeroIsAnErrorAndMinByMinusOneWraps) {
  IRModule mod = Parse(kDivision);
  runtime::Module m = runtime::BuildModule(mod);
  const int32_t kMin = std::numeric_limits<int32_t>::min();
  NDArray a = Array<int32_t>({8}, DataType::Int(32), {7, -7, kMin, 5, 9, -9, kMin, 1});
  NDArray ok = Array<int32_t>({8}, DataType::Int(32), {2, 2, -1, 3, -2, -2, 1, 1});
  std::vector<int32_t> c = Values<int32_t>(m.Run("main", {a, ok})[0]);
  EXPECT_EQ(std::vector<int32_t>(c.begin(), c.begin() + 8), (std::vector<int32_t>{3, -3, kMin, 1, -4, 4, kMin, 1}));
  EXPECT_EQ(std::vector<int32_t>(c.begin() + 8, c.begin() + 16), (std::vector<int32_t>{1, -1, 0, 2, 1, -1, 0, 0}));
  EXPECT_EQ(std::vector<int32_t>(c.begin() + 16, c.begin() + 24), (std::vector<int32_t>{3, -4, kMin, 1, -5, 4, kMin, 1}));
  EXPECT_EQ(std::vector<int32_t>(c.begin() + 24, c.end()), (std::vector<int32_t>{1, 1, 0, 2, -1, -1, 0, 0}));
  NDArray zero = Array<int32_t>({8}, DataType::Int(32), {2, 2, 2, 0, 2, 2, 2, 2});
  try {
    m.Run("main", {a, zero});
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("function main: integer division by zero"), std::string::npos) << e.what();
  }
}

// A gather whose indices come from a buffer (user TensorIR or take's "fast" mode): with the
// module attribute tir.instrument_bound_checkers (--check-bounds) an index out of range is the
// error naming the function, the buffer, the index and the extent, from a scalar loop and from
// a vectorized one; in range, the results are those of the unchecked build.
const char* kGather = R"(# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((8,), "float32"), I: T.Buffer((16,), "int32"), B: T.Buffer((16,), "float32"), C: T.Buffer((16,), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    for i in range(16):
        with T.block("B"):
            vi = T.axis.spatial(16, i)
            B[vi] = A[I[vi]]
    for i0, i1 in T.grid(4, 4):
        with T.block("C"):
            vi = T.axis.spatial(16, i0 * 4 + i1)
            C[vi] = B[vi] + T.float32(1)
)";

TEST_F(RuntimeBuild, CheckBoundsTurnsAnOutOfBoundsIndexIntoALocatedError) {
  IRModule plain = Parse(kGather);
  AttrMap attrs;
  attrs[tir::transform::kInstrumentBoundCheckers] = tir::IntImm(DataType::Bool(), 1);
  IRModule checked(plain->functions, attrs);
  EXPECT_EQ(Count(runtime::EmitC(plain).code, "tg_check_index("), 0u);
  EXPECT_GE(Count(runtime::EmitC(checked).code, "tg_check_index("), 4u);
  NDArray a = Array<float>({8}, DataType::Float(32), {0, 1, 2, 3, 4, 5, 6, 7});
  std::vector<int32_t> idx = {7, 6, 5, 4, 3, 2, 1, 0, 0, 1, 2, 3, 4, 5, 6, 7};
  NDArray ok = Array<int32_t>({16}, DataType::Int(32), idx);
  runtime::Module m = runtime::BuildModule(checked);
  std::vector<NDArray> want = runtime::BuildModule(plain).Run("main", {a, ok});
  std::vector<NDArray> got = m.Run("main", {a, ok});
  EXPECT_EQ(Values<float>(got[1]), Values<float>(want[1]));
  for (int64_t bad : {8, -1, 1000000000}) {
    idx[5] = static_cast<int32_t>(bad);
    try {
      m.Run("main", {a, Array<int32_t>({16}, DataType::Int(32), idx)});
      FAIL() << "expected an error for index " << bad;
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("function main: buffer A index " + std::to_string(bad) +
                                           " out of bounds (extent 8)"),
                std::string::npos)
          << e.what();
    }
  }
  // The library's message is per fault: a good call after a bad one succeeds.
  EXPECT_EQ(Values<float>(m.Run("main", {a, ok})[1]), Values<float>(want[1]));
}

// where(bool mask (8, 8), -inf, x (2, 8, 8)): GCC 12 with AVX2/AVX-512 if-converted the select's
// load into a masked vector load under the int8 condition and read wrong lanes (garbage in
// rows >= 2) until the C generator bound both sides of a Select before choosing.
TEST_F(RuntimeBuild, SelectUnderANarrowMaskOverBroadcastDataReadsTheRightLanes) {
  IRModule mod = Parse(R"(# from tvm.script import tir as T

@T.prim_func
def main(p0: T.Buffer((T.int64(8), T.int64(8)), "bool"), p1: T.Buffer((T.int64(2), T.int64(8), T.int64(8)), "float32"), T_where: T.Buffer((T.int64(2), T.int64(8), T.int64(8)), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    for ax0, ax1, ax2 in T.grid(T.int64(2), T.int64(8), T.int64(8)):
        with T.block("T_where"):
            v_ax0, v_ax1, v_ax2 = T.axis.remap("SSS", [ax0, ax1, ax2])
            T_where[v_ax0, v_ax1, v_ax2] = T.Select(0 < T.Cast("int32", p0[v_ax1, v_ax2]), T.float32("-inf"), p1[v_ax0, v_ax1, v_ax2])
)");
  std::vector<uint8_t> mask(64);
  std::vector<float> x(128);
  for (int i = 0; i < 64; ++i) mask[i] = (i % 8) > (i / 8);
  for (int i = 0; i < 128; ++i) x[i] = static_cast<float>(i);
  std::vector<float> out = Values<float>(runtime::BuildModule(mod).Run(
      "main", {Array<uint8_t>({8, 8}, DataType::Bool(), mask), Array<float>({2, 8, 8}, DataType::Float(32), x)})[0]);
  for (int i = 0; i < 128; ++i) {
    float want = mask[i % 64] ? -std::numeric_limits<float>::infinity() : x[i];
    EXPECT_EQ(out[i], want) << "element " << i;
  }
}

// topk's gather over a leading axis: out[a, b, c] = sum_p (rank[p, b, c] == a ? x[p, b, c] : 0).
// GCC 12 at -O3 with AVX2/AVX-512 masked the conditional float load by the test of the loaded
// int32 rank (same width, so the narrow-mask guard above did not apply) and read wrong lanes
// (zeros in column 4); now any condition that loads from a buffer stays opaque to if-conversion.
TEST_F(RuntimeBuild, GatherUnderAnInt32RankMaskOverALeadingAxisReadsTheRightLanes) {
  IRModule mod = Parse(R"(# from tvm.script import tir as T

@T.prim_func
def main(rank: T.Buffer((4, 6, 5), "int32"), x: T.Buffer((4, 6, 5), "float32"), out: T.Buffer((4, 6, 5), "float32")):
    T.func_attr({"tir.noalias": T.bool(True)})
    for a, b in T.grid(4, 6):
        for c_init in range(5):
            with T.block("init"):
                v_a, v_b, v_c = T.axis.remap("SSS", [a, b, c_init])
                out[v_a, v_b, v_c] = T.float32(0)
        for p, c in T.grid(4, 5):
            with T.block("update"):
                v_a, v_b, v_c, v_p = T.axis.remap("SSSR", [a, b, c, p])
                out[v_a, v_b, v_c] = out[v_a, v_b, v_c] + T.Select(rank[v_p, v_b, v_c] == v_a, x[v_p, v_b, v_c], T.float32(0))
)");
  const char* ranks = "312203222131310132010322132221201131311010002303221003223333123320033323231210303111300000030012100202123021132230011112";
  std::vector<int32_t> rank(120);
  std::vector<float> x(120);
  for (int i = 0; i < 120; ++i) {
    rank[i] = ranks[i] - '0';
    x[i] = 1.0f + static_cast<float>(i);
  }
  std::vector<float> out = Values<float>(runtime::BuildModule(mod).Run(
      "main", {Array<int32_t>({4, 6, 5}, DataType::Int(32), rank), Array<float>({4, 6, 5}, DataType::Float(32), x)})[0]);
  for (int a = 0; a < 4; ++a)
    for (int j = 0; j < 30; ++j) {
      float want = 0;
      for (int p = 0; p < 4; ++p)
        if (rank[p * 30 + j] == a) want += x[p * 30 + j];
      EXPECT_EQ(out[a * 30 + j], want) << "element " << a * 30 + j;
    }
}

}  // namespace
}  // namespace tirgen

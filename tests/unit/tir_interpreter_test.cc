// tir::Interpreter against the C path: every primitive function of a small Relay program (op
// families: elementwise, broadcast, reduce, transform, the nn pieces that fold; dtypes float32,
// float64, float16, int8/16/32/64, uint8, bool; truncating and flooring division) is lowered,
// run by the interpreter and by compiled C on the same seeded inputs, and the output bytes
// must be equal. The C side is built for -mcpu=x86-64 (no FMA, so GCC cannot contract a*b+c
// into one rounding: the interpreter rounds each operation, as TVM's folding does).
// Then: hand-computed values for division semantics and float16 rounding, the interpreter's
// errors, and exact products at weight size.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>

#include "fresh_build_cache.h"
#include "tirgen/lower/constant_evaluator.h"
#include "tirgen/lower/lower.h"
#include "tirgen/relay/expr_functor.h"
#include "tirgen/relay/text.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/runtime/build.h"
#include "tirgen/script/parser.h"
#include "tirgen/target/target.h"
#include "tirgen/tir/interpreter.h"
#include "tirgen/tir/transforms/pipeline.h"

namespace tirgen {
namespace {

// Seeded values of `t`: floats in [-3, 3], integers in [-20, 20] without 0 (divisors), bools.
NDArray RandomArray(const std::vector<int64_t>& shape, DataType t, std::mt19937* rng) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  size_t bytes = t.is_bool() ? 1 : static_cast<size_t>(t.bits() / 8);
  std::vector<uint8_t> out(static_cast<size_t>(n) * bytes);
  std::uniform_real_distribution<double> real(-3, 3);
  std::uniform_int_distribution<int> integer(1, 20), sign(0, 1);
  for (int64_t i = 0; i < n; ++i) {
    uint8_t* p = out.data() + i * bytes;
    if (t.is_bool()) {
      *p = static_cast<uint8_t>(sign(*rng));
    } else if (t.is_float() && t.bits() == 32) {
      float v = static_cast<float>(real(*rng));
      std::memcpy(p, &v, 4);
    } else if (t.is_float() && t.bits() == 64) {
      double v = real(*rng);
      std::memcpy(p, &v, 8);
    } else if (t.is_float() && t.bits() == 16) {
      // A random half with a modest exponent (bits 0x3800..0x43ff: 0.5 .. 4), random sign.
      uint16_t h = static_cast<uint16_t>(0x3800 + integer(*rng) * 50 + (sign(*rng) ? 0x8000 : 0));
      std::memcpy(p, &h, 2);
    } else {
      int64_t v = integer(*rng) * (t.is_uint() || sign(*rng) ? 1 : -1);
      std::memcpy(p, &v, bytes);  // little-endian: the low bytes
    }
  }
  return NDArray(shape, t, std::move(out));
}

std::vector<relay::Function> PrimitiveFunctions(const std::string& params, const std::string& body) {
  std::string text = "#[version = \"0.0.5\"]\ndef @main(" + params + ") {\n  " + body + "\n}\n";
  IRModule mod = relay::Optimize(relay::ParseModule(text, "interpreter_test"), {}, lower::DefaultOptimizeConfig());
  std::vector<relay::Function> fns;
  relay::PostOrderVisit(mod.Lookup("main").cast<relay::Expr>(), [&](const relay::Expr& x) {
    if (const auto* f = x.as<relay::FunctionNode>())
      if (f->IsPrimitive()) fns.push_back(x.cast<relay::Function>());
  });
  return fns;
}

class InterpreterVsC : public FreshBuildCache {
 protected:
  InterpreterVsC() : FreshBuildCache("interpreter") {}

  // Lowers every primitive function of `body`, runs both ways on the same inputs, compares bytes.
  void ExpectSameAsC(const std::string& params, const std::string& body) {
    SCOPED_TRACE(body);
    std::vector<relay::Function> fns = PrimitiveFunctions(params, body);
    ASSERT_FALSE(fns.empty()) << "nothing to lower";
    std::mt19937 rng(7);
    for (const relay::Function& fn : fns) {
      tir::PrimFunc prim = lower::LowerToPrimFunc(fn);
      std::vector<NDArray> inputs;
      size_t num_inputs = fn->params.size();
      for (size_t i = 0; i < num_inputs; ++i) {
        const tir::Buffer* b = prim->BufferOf(prim->params[i]);
        ASSERT_TRUE(b);
        std::vector<int64_t> shape;
        for (const tir::PrimExpr& e : (*b)->shape) shape.push_back(e.as<tir::IntImmNode>()->value);
        inputs.push_back(RandomArray(shape, (*b)->dtype, &rng));
      }
      std::vector<NDArray> mine = tir::Interpret(prim, inputs);
      std::vector<NDArray> theirs =
          runtime::BuildModule(IRModule({{"main", prim}}), target::Target::Parse("c -mcpu=x86-64")).Run("main", inputs);
      ASSERT_EQ(mine.size(), theirs.size());
      for (size_t k = 0; k < mine.size(); ++k) {
        EXPECT_EQ(mine[k]->shape, theirs[k]->shape);
        EXPECT_EQ(mine[k]->dtype, theirs[k]->dtype);
        ASSERT_EQ(mine[k].nbytes(), theirs[k].nbytes());
        size_t first_diff = 0;
        while (first_diff < mine[k].nbytes() && mine[k].data()[first_diff] == theirs[k].data()[first_diff]) ++first_diff;
        EXPECT_EQ(first_diff, mine[k].nbytes()) << "output " << k << " differs from byte " << first_diff << " on";
      }
    }
  }
};

const char* kF2 = "%a: Tensor[(4, 6), float32], %b: Tensor[(4, 6), float32]";

TEST_F(InterpreterVsC, ElementwiseFloat32) {
  for (const char* body : {"add(%a, %b)", "subtract(%a, %b)", "multiply(%a, %b)", "divide(%a, %b)",
                           "floor_divide(%a, %b)", "floor_mod(%a, %b)", "mod(%a, %b)", "maximum(%a, %b)",
                           "minimum(%a, %b)", "power(%a, %b)", "exp(%a)", "log(abs(%a))", "sqrt(abs(%a))",
                           "rsqrt(abs(%a))", "tanh(%a)", "sigmoid(%a)", "erf(%a)", "round(%a)", "floor(%a)",
                           "ceil(%a)", "trunc(%a)", "negative(%a)", "sign(%a)", "clip(%a, a_min=-1f, a_max=1f)",
                           "nn.relu(%a)", "nn.leaky_relu(%a, alpha=0.1f)", "where(greater(%a, %b), %a, %b)",
                           "isnan(divide(%a, %b))", "fast_exp(%a)", "fast_tanh(%a)", "fast_erf(%a)"})
    ExpectSameAsC(kF2, body);
}

TEST_F(InterpreterVsC, OtherFloatTypes) {
  ExpectSameAsC("%a: Tensor[(4, 6), float64], %b: Tensor[(4, 6), float64]",
                "%0 = multiply(%a, %b);\n  %1 = exp(%0);\n  divide(%1, %b)");
  ExpectSameAsC("%a: Tensor[(4, 6), float64], %b: Tensor[(4, 6), float64]", "floor_mod(%a, %b)");
  // float16: computed in float, rounded at casts, math calls and stores.
  ExpectSameAsC("%a: Tensor[(4, 6), float16], %b: Tensor[(4, 6), float16]",
                "%0 = multiply(%a, %b);\n  %1 = add(%0, %a);\n  exp(%1)");
  ExpectSameAsC("%a: Tensor[(4, 6), float16]", "sum(%a, axis=[1])");
  ExpectSameAsC(kF2, "cast(%a, dtype=\"float16\")");
  ExpectSameAsC("%a: Tensor[(4, 6), float16]", "cast(%a, dtype=\"float32\")");
}

TEST_F(InterpreterVsC, IntegersAndDivisionSemantics) {
  for (const char* t : {"int8", "int16", "int32", "int64", "uint8"}) {
    std::string p = std::string("%a: Tensor[(4, 6), ") + t + "], %b: Tensor[(4, 6), " + t + "]";
    for (const char* body : {"add(%a, %b)", "subtract(%a, %b)", "multiply(%a, %b)", "divide(%a, %b)",
                             "floor_divide(%a, %b)", "floor_mod(%a, %b)", "mod(%a, %b)", "maximum(%a, %b)",
                             "minimum(%a, %b)", "bitwise_xor(%a, %b)", "right_shift(%a, abs(%b))",
                             "equal(%a, %b)", "less(%a, %b)", "cast(%a, dtype=\"float32\")"})
      ExpectSameAsC(p, body);
  }
  // int8 arithmetic wraps only when stored: C computes in int.
  ExpectSameAsC("%a: Tensor[(4, 6), int8]", "%0 = multiply(%a, %a);\n  %1 = multiply(%0, %a);\n  add(%1, %a)");
  ExpectSameAsC(kF2, "cast(multiply(%a, 1000000f), dtype=\"int8\")");
  ExpectSameAsC(kF2, "cast(%a, dtype=\"int64\")");
  ExpectSameAsC(kF2, "cast(%a, dtype=\"uint8\")");
  ExpectSameAsC("%c: Tensor[(4, 6), bool], %d: Tensor[(4, 6), bool]",
                "%0 = logical_and(%c, %d);\n  %1 = logical_or(%0, %d);\n  logical_not(%1)");
}

TEST_F(InterpreterVsC, BroadcastAndTheConvWeightTimesScaleFold) {
  ExpectSameAsC("%w: Tensor[(8, 4, 3, 3), float32], %s: Tensor[(8, 1, 1, 1), float32]", "multiply(%w, %s)");
  ExpectSameAsC("%a: Tensor[(2, 3, 4), float32], %b: Tensor[(4), float32]", "add(%a, %b)");
  ExpectSameAsC("%a: Tensor[(3, 1), int32], %b: Tensor[(1, 5), int32]", "subtract(%a, %b)");
}

TEST_F(InterpreterVsC, Reductions) {
  const char* p = "%a: Tensor[(3, 4, 5), float32]";
  for (const char* body : {"sum(%a, axis=[1])", "mean(%a, axis=[1, 2], keepdims=True)", "max(%a, axis=[0])",
                           "min(%a)", "prod(%a, axis=[2])", "argmax(%a, axis=[1])", "argmin(%a, axis=[2])",
                           "variance(%a, mean(%a, axis=[1], keepdims=True), axis=[1])", "nn.softmax(%a)",
                           "nn.log_softmax(%a)"})
    ExpectSameAsC(p, body);
  ExpectSameAsC("%a: Tensor[(3, 4, 5), int32]", "sum(%a, axis=[2])");
}

TEST_F(InterpreterVsC, Transforms) {
  const char* p = "%a: Tensor[(2, 8, 3, 3), float32]";
  for (const char* body : {"transpose(%a, axes=[1, 0, 3, 2])", "reshape(%a, newshape=[16, 9])",
                           "layout_transform(%a, src_layout=\"NCHW\", dst_layout=\"NCHW4c\")",
                           "layout_transform(%a, src_layout=\"OIHW\", dst_layout=\"HWIO\")",
                           "strided_slice(%a, begin=[0, 1, 0, 0], end=[2, 8, 3, 3], strides=[1, 2, 1, 1])",
                           "expand_dims(%a, axis=1)", "squeeze(expand_dims(%a, axis=1), axis=[1])",
                           "nn.pad(%a, 0f, pad_width=[[0, 0], [0, 0], [1, 1], [2, 0]])",
                           "concatenate((%a, %a), axis=1)", "tile(%a, reps=[1, 2, 1, 1])",
                           "reverse(%a, axis=2)", "nn.batch_flatten(%a)"})
    ExpectSameAsC(p, body);
  ExpectSameAsC("%a: Tensor[(5, 3), float32], %i: Tensor[(4), int64]", "take(%a, abs(%i), axis=0, mode=\"wrap\")");
  ExpectSameAsC("%a: Tensor[(4, 6), float32]", "%0 = split(%a, indices_or_sections=2, axis=1);\n  %0.1");
}

TEST_F(InterpreterVsC, NnPieces) {
  ExpectSameAsC("%x: Tensor[(1, 4, 6, 6), float32], %w: Tensor[(8, 4, 3, 3), float32]",
                "nn.conv2d(%x, %w, padding=[1, 1, 1, 1], channels=8, kernel_size=[3, 3])");
  ExpectSameAsC("%x: Tensor[(3, 16), float32], %w: Tensor[(5, 16), float32]", "nn.dense(%x, %w, units=5)");
  ExpectSameAsC("%x: Tensor[(1, 4, 6, 6), float32]", "nn.max_pool2d(%x, pool_size=[3, 3], strides=[2, 2], padding=[1, 1, 1, 1])");
  ExpectSameAsC("%x: Tensor[(1, 4, 6, 6), float32]", "nn.avg_pool2d(%x, pool_size=[3, 3], padding=[1, 1, 1, 1])");
  ExpectSameAsC("%x: Tensor[(1, 4, 6, 6), float32]", "nn.global_avg_pool2d(%x)");
  ExpectSameAsC("%x: Tensor[(1, 4, 6, 6), float32], %g: Tensor[(4), float32], %b: Tensor[(4), float32], "
                "%m: Tensor[(4), float32], %v: Tensor[(4), float32]",
                "%0 = nn.batch_norm(%x, %g, %b, %m, abs(%v));\n  %0.0");
}

// Math intrinsics that only TVMScript reaches (no Relay op lowers to them): the interpreter and
// the C prelude must agree bit for bit, and exp10 must exist in both.
TEST_F(InterpreterVsC, ScriptOnlyMathIntrinsics) {
  for (const char* call : {"T.exp10(A[v])", "T.exp2(A[v])", "T.log2(T.fabs(A[v]) + T.float32(1))",
                           "T.log10(T.fabs(A[v]) + T.float32(1))", "T.log1p(T.fabs(A[v]))"}) {
    SCOPED_TRACE(call);
    std::string text = std::string(R"(
@T.prim_func
def main(A: T.Buffer((24,), "float32"), B: T.Buffer((24,), "float32")):
    for i in range(24):
        with T.block("b"):
            v = T.axis.spatial(24, i)
            B[v] = )") + call + "\n";
    tir::PrimFunc f = script::Parse(text).cast<tir::PrimFunc>();
    std::mt19937 rng(11);
    std::vector<NDArray> inputs{RandomArray({24}, DataType::Float(32), &rng)};
    std::vector<NDArray> mine = tir::Interpret(f, inputs);
    std::vector<NDArray> theirs =
        runtime::BuildModule(IRModule({{"main", f}}), target::Target::Parse("c -mcpu=x86-64")).Run("main", inputs);
    ASSERT_EQ(mine.size(), 1u);
    ASSERT_EQ(theirs.size(), 1u);
    ASSERT_EQ(mine[0].nbytes(), theirs[0].nbytes());
    EXPECT_EQ(0, std::memcmp(mine[0].data(), theirs[0].data(), mine[0].nbytes()));
  }
}

// ---- hand-computed semantics, through a PrimFunc written in TVMScript ----

std::vector<NDArray> RunScript(const std::string& body, const std::vector<NDArray>& inputs) {
  tir::PrimFunc f = script::Parse(body).cast<tir::PrimFunc>();
  return tir::Interpret(f, inputs);
}

template <class T>
NDArray Array(DataType t, const std::vector<T>& v) {
  std::vector<uint8_t> b(v.size() * sizeof(T));
  std::memcpy(b.data(), v.data(), b.size());
  return NDArray({static_cast<int64_t>(v.size())}, t, std::move(b));
}
template <class T>
std::vector<T> Values(const NDArray& a) {
  std::vector<T> v(a.nbytes() / sizeof(T));
  std::memcpy(v.data(), a.data(), a.nbytes());
  return v;
}

TEST(Interpreter, FloorAndTruncatingDivisionOfNegatives) {
  std::vector<NDArray> out = RunScript(R"(
@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), D: T.Buffer((4,), "int32"),
         M: T.Buffer((4,), "int32"), Q: T.Buffer((4,), "int32"), R: T.Buffer((4,), "int32")):
    for i in range(4):
        with T.block("d"):
            v = T.axis.spatial(4, i)
            D[v] = T.floordiv(A[v], B[v])
            M[v] = T.floormod(A[v], B[v])
            Q[v] = T.truncdiv(A[v], B[v])
            R[v] = T.truncmod(A[v], B[v])
)",
                                       {Array<int32_t>(DataType::Int(32), {7, -7, 7, -7}),
                                        Array<int32_t>(DataType::Int(32), {2, 2, -2, -2})});
  ASSERT_EQ(out.size(), 4u);
  EXPECT_EQ(Values<int32_t>(out[0]), (std::vector<int32_t>{3, -4, -4, 3}));
  EXPECT_EQ(Values<int32_t>(out[1]), (std::vector<int32_t>{1, 1, -1, -1}));
  EXPECT_EQ(Values<int32_t>(out[2]), (std::vector<int32_t>{3, -3, -3, 3}));
  EXPECT_EQ(Values<int32_t>(out[3]), (std::vector<int32_t>{1, -1, 1, -1}));
}

TEST(Interpreter, Float16IsRoundedToNearestEvenWhenStored) {
  // 1 + 2^-11 is halfway between two halves: it rounds to the even one, 1.0 (0x3c00);
  // 1 + 3 * 2^-11 rounds up to 1 + 2^-9 (0x3c02).
  std::vector<NDArray> out = RunScript(R"(
@T.prim_func
def main(A: T.Buffer((2,), "float32"), B: T.Buffer((2,), "float16")):
    for i in range(2):
        with T.block("c"):
            v = T.axis.spatial(2, i)
            B[v] = T.Cast("float16", A[v])
)",
                                       {Array<float>(DataType::Float(32), {1.0f + std::ldexp(1.0f, -11),
                                                                          1.0f + 3 * std::ldexp(1.0f, -11)})});
  EXPECT_EQ(Values<uint16_t>(out[0]), (std::vector<uint16_t>{0x3c00, 0x3c02}));
}

TEST(Interpreter, UnsupportedConstructsAreInternalErrorsNamingThem) {
  // A thread-bound loop has no meaning on the host: the error names it.
  const char* text = R"(
@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32")):
    for i in T.thread_binding(4, thread="threadIdx.x"):
        B[i] = A[i]
)";
  try {
    RunScript(text, {Array<float>(DataType::Float(32), {1, 2, 3, 4})});
    FAIL() << "no error";
  } catch (const InternalError& e) {
    EXPECT_NE(std::string(e.what()).find("thread-bound loop"), std::string::npos) << e.what();
  }
  // Integer division by zero is the user's constant, not a crash.
  const char* div = R"(
@T.prim_func
def main(A: T.Buffer((1,), "int32"), B: T.Buffer((1,), "int32")):
    B[0] = T.truncdiv(A[0], 0 * A[0])
)";
  EXPECT_THROW(RunScript(div, {Array<int32_t>(DataType::Int(32), {5})}), Error);
}

// A conv weight times its per-channel scale (what fold_scale_axis folds), at weight size: exact
// products. Its speed is a benchmark (bench/lower_bench.cc, FoldWeightScale), not a test.
TEST(Interpreter, WeightSizedTensorsComputeExactly) {
  std::vector<relay::Function> fns = PrimitiveFunctions(
      "%w: Tensor[(256, 256, 3, 3), float32], %s: Tensor[(256, 1, 1, 1), float32]", "multiply(%w, %s)");
  ASSERT_EQ(fns.size(), 1u);
  tir::PrimFunc prim = lower::LowerToPrimFunc(fns[0]);
  std::mt19937 rng(1);
  std::vector<NDArray> inputs = {RandomArray({256, 256, 3, 3}, DataType::Float(32), &rng),
                                 RandomArray({256, 1, 1, 1}, DataType::Float(32), &rng)};
  IRModule lowered = tir::transform::LoweringPipeline()(IRModule({{"main", prim}}));
  std::vector<NDArray> out = tir::Interpreter(lowered->functions.at("main").cast<tir::PrimFunc>()).Run(inputs);
  ASSERT_EQ(out.size(), 1u);
  const int64_t n = 256 * 256 * 9;
  const float* w = reinterpret_cast<const float*>(inputs[0].data());
  const float* s = reinterpret_cast<const float*>(inputs[1].data());
  const float* r = reinterpret_cast<const float*>(out[0].data());
  for (int64_t i = 0; i < n; ++i) ASSERT_EQ(r[i], w[i] * s[i / (256 * 9)]) << "element " << i;
}

}  // namespace
}  // namespace tirgen

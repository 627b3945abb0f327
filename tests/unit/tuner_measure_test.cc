// The tuner's builder and runner (tuner::MeasureCandidates): good candidates get times; bad
// ones (crash, hang, wrong result, failed build) become error results and the batch goes on.
// No timing thresholds: only whether and how each candidate was measured.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <string>

#include "fresh_build_cache.h"
#include "tirgen/script/parser.h"
#include "tirgen/tuner/database.h"
#include "tirgen/tuner/measure.h"

namespace tirgen {
namespace tuner {
namespace {

// B = A + 1 over 16 floats, with `body` as the loop body (i the loop variable).
tir::PrimFunc AddOne(const std::string& body = "B[i] = A[i] + T.float32(1)", const std::string& tail = "") {
  std::string text =
      "@T.prim_func\n"
      "def main(A: T.Buffer((16,), \"float32\"), B: T.Buffer((16,), \"float32\")):\n"
      "    for i in range(16):\n"
      "        " + body + "\n" + tail;
  return script::Parse(text, "<test>").cast<tir::PrimFunc>();
}

tir::PrimFunc Crashes() { return AddOne("B[i * 100000000] = A[i] + T.float32(1)"); }
tir::PrimFunc Hangs() { return AddOne("B[i] = A[i] + T.float32(1)", "    while True:\n        B[0] = B[0] + T.float32(1)\n"); }
tir::PrimFunc Wrong() { return AddOne("B[i] = A[i] + T.float32(2)"); }
// The C generator refuses packed calls (no TVM runtime to call into).
tir::PrimFunc DoesNotBuild() { return AddOne("T.evaluate(T.call_packed(\"abort\"))"); }

class TunerMeasure : public FreshBuildCache {
 protected:
  TunerMeasure() : FreshBuildCache("tuner_measure") {}
  static MeasureOptions Options() {
    MeasureOptions o;
    o.target = target::Target::Parse("c");
    o.run.repeat = 2;
    o.run.timeout_seconds = 1.5;
    o.run.helper = (std::filesystem::path(TIRGEN_CLI_PATH).parent_path() / "tirgen-measure").string();
    return o;
  }
};

TEST_F(TunerMeasure, CorrectCandidateGetsTimes) {
  std::vector<MeasureResult> rs = MeasureCandidates({AddOne()}, AddOne(), Options());
  ASSERT_EQ(rs.size(), 1u);
  EXPECT_TRUE(rs[0].ok) << rs[0].error;
  ASSERT_EQ(rs[0].run_secs.size(), 2u);
  for (double s : rs[0].run_secs) EXPECT_TRUE(s > 0 && s < kFailedRunSecs);
  EXPECT_GT(rs[0].build_secs, 0);
}

TEST_F(TunerMeasure, BadCandidatesAreErrorsAndTheBatchContinues) {
  std::vector<MeasureResult> rs =
      MeasureCandidates({Crashes(), AddOne(), Hangs(), Wrong(), DoesNotBuild(), AddOne()}, AddOne(), Options());
  ASSERT_EQ(rs.size(), 6u);
  std::vector<std::string> expected = {"crashed: SIGSEGV", "", "timed out after 1.5 s", "wrong result: B[0] = ",
                                       "build failed: ", ""};
  for (size_t i = 0; i < rs.size(); ++i) {
    SCOPED_TRACE("candidate " + std::to_string(i) + ": " + rs[i].error);
    if (expected[i].empty()) {
      EXPECT_TRUE(rs[i].ok);
      EXPECT_EQ(rs[i].run_secs.size(), 2u);
      continue;
    }
    EXPECT_FALSE(rs[i].ok);
    EXPECT_EQ(rs[i].error.rfind(expected[i], 0), 0u);
    EXPECT_EQ(rs[i].run_secs, std::vector<double>{kFailedRunSecs});
  }
  EXPECT_NE(rs[3].error.find("rtol 0.001 atol 0.0001"), std::string::npos);
  EXPECT_NE(rs[4].error.find("call_packed"), std::string::npos);
}

TEST_F(TunerMeasure, CompilerFailureIsABuildError) {
  setenv("CC", "false", 1);  // a "compiler" that always fails; the fresh cache has no hit
  std::vector<BuildResult> built = BuildCandidates({AddOne(), Wrong()}, target::Target::Parse("c"), 2);
  unsetenv("CC");
  for (const BuildResult& b : built) {
    EXPECT_FALSE(b.ok);
    EXPECT_EQ(b.error.rfind("C compilation failed (false ", 0), 0u) << b.error;
  }
}

TEST_F(TunerMeasure, UnmeasurableTaskIsAnError) {
  try {
    MeasureCandidates({AddOne()}, DoesNotBuild(), Options());
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("the reference failed to build: C code generator"), std::string::npos)
        << e.what();
  }
  MeasureOptions o = Options();
  o.run.helper = "/nonexistent/tirgen-measure";
  try {
    MeasureCandidates({AddOne()}, AddOne(), o);
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("the reference failed to run: cannot start /nonexistent/tirgen-measure"),
              std::string::npos)
        << e.what();
  }
}

TEST_F(TunerMeasure, ParallelBuildsMatchSerialOnes) {
  std::vector<tir::PrimFunc> funcs = {AddOne(), Wrong(), DoesNotBuild(), AddOne(), Crashes()};
  std::vector<BuildResult> serial = BuildCandidates(funcs, target::Target::Parse("c"), 1);
  std::vector<BuildResult> parallel = BuildCandidates(funcs, target::Target::Parse("c"), 3);
  ASSERT_EQ(serial.size(), parallel.size());
  for (size_t i = 0; i < serial.size(); ++i) {
    EXPECT_EQ(serial[i].ok, parallel[i].ok);
    EXPECT_EQ(serial[i].error, parallel[i].error);
    EXPECT_EQ(serial[i].library, parallel[i].library);
    EXPECT_EQ(serial[i].symbol, parallel[i].symbol);
  }
  EXPECT_EQ(serial[0].library, serial[3].library);  // one compile for equal candidates
  MeasureOptions one = Options(), two = Options();
  one.build_workers = 1;
  two.build_workers = 2;
  std::vector<MeasureResult> a = MeasureCandidates(funcs, AddOne(), one);
  std::vector<MeasureResult> b = MeasureCandidates(funcs, AddOne(), two);
  for (size_t i = 0; i < funcs.size(); ++i) {
    EXPECT_EQ(a[i].ok, b[i].ok);
    EXPECT_EQ(a[i].error, b[i].error);
  }
}

TEST_F(TunerMeasure, SameSeedSameInputs) {
  std::vector<runtime::Module::Param> params = {{"A", {3, 5}, DataType::Float(32)},
                                                {"I", {7}, DataType::Int(8)},
                                                {"H", {4}, DataType::Float(16)},
                                                {"M", {2}, DataType::UInt(1)}};
  std::vector<NDArray> a = RandomArguments(params, 7), b = RandomArguments(params, 7), c = RandomArguments(params, 8);
  ASSERT_EQ(a.size(), 4u);
  for (size_t i = 0; i < a.size(); ++i) EXPECT_TRUE(a[i].ContentEqual(b[i]));
  EXPECT_FALSE(a[0].ContentEqual(c[0]));

  BuildResult ref = BuildCandidates({AddOne()}, target::Target::Parse("c"), 1)[0];
  RunnerOptions o = Options().run;
  o.seed = 7;
  Runner r1(ref, o), r2(ref, o);
  ASSERT_EQ(r1.inputs().size(), 2u);
  for (size_t i = 0; i < 2; ++i) EXPECT_TRUE(r1.inputs()[i].ContentEqual(r2.inputs()[i]));
}

TEST(TunerCompareArrays, FloatsWithinToleranceIntegersExactly) {
  auto floats = [](std::vector<float> v) {
    std::vector<uint8_t> bytes(v.size() * 4);
    std::memcpy(bytes.data(), v.data(), bytes.size());
    return NDArray({2, 2}, DataType::Float(32), std::move(bytes));
  };
  EXPECT_EQ(CompareArrays("C", floats({1, 2, 3, 4}), floats({1, 2, 3, 4.00001f}), 1e-3, 1e-4), "");
  EXPECT_EQ(CompareArrays("C", floats({1, 2, 3, 5}), floats({1, 2, 3, 4}), 1e-3, 1e-4),
            "C[1, 1] = 5, expected 4 (max abs error 1 over 4 elements)");
  NDArray i1({2}, DataType::Int(32), std::vector<uint8_t>{1, 0, 0, 0, 0xff, 0xff, 0xff, 0xff});
  NDArray i2({2}, DataType::Int(32), std::vector<uint8_t>{1, 0, 0, 0, 0xfe, 0xff, 0xff, 0xff});
  EXPECT_EQ(CompareArrays("I", i1, i2, 1e-3, 1e-4), "I[1] = -1, expected -2 (integers must be equal over 2 elements)");
}

}  // namespace
}  // namespace tuner
}  // namespace tirgen

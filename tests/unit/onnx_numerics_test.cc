// ONNX models run end to end by `tirgen run` (import -> optimize -> lower -> C -> run) and
// compared with the PyTorch/NumPy outputs make_models.py recorded:
//  - every per-op case: rtol 1e-4, atol 1e-5 (integer and bool outputs exactly); cases with
//    weights also with --link-params;
//  - torchvision resnet18 / mobilenet_v2 (weights=None, seeded, eval, 1x3x224x224, opsets 13
//    and 17): rtol 1e-3, atol 1e-4 * max(1, max|ref|), with and without --link-params.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <map>

#include "cli_test_util.h"
#include "onnx_test_models.h"
#include "tirgen/ir/npz.h"

namespace fs = std::filesystem;
using namespace tirgen;            // NOLINT
using namespace tirgen_cli_test;  // NOLINT

namespace {

double Elem(const NDArray& a, int64_t i) {
  const uint8_t* p = a.data() + i * a->dtype.bytes();
  DataType t = a->dtype;
  if (t.is_float() && t.bits() == 32) { float v; std::memcpy(&v, p, 4); return v; }
  if (t.is_float() && t.bits() == 64) { double v; std::memcpy(&v, p, 8); return v; }
  if (t.is_bool() || t == DataType::UInt(8)) return *p;
  if (t == DataType::Int(32)) { int32_t v; std::memcpy(&v, p, 4); return v; }
  if (t == DataType::Int(64)) { int64_t v; std::memcpy(&v, p, 8); return static_cast<double>(v); }
  ADD_FAILURE() << "unexpected dtype " << t.str();
  return 0;
}

// Compares `got` with `ref`: |got - ref| <= atol + rtol * |ref| for floats, exact otherwise.
// atol_scale: atol is multiplied by max(1, max|ref|) (the whole-model tolerance).
void ExpectClose(const NDArray& got, const NDArray& ref, double rtol, double atol, bool atol_scale,
                 const std::string& what) {
  ASSERT_EQ(got->shape, ref->shape) << what;
  ASSERT_EQ(got->dtype, ref->dtype) << what;
  int64_t n = ref->NumElements();
  if (atol_scale) {
    double m = 1;
    for (int64_t i = 0; i < n; ++i) m = std::max(m, std::fabs(Elem(ref, i)));
    atol *= m;
  }
  bool exact = !ref->dtype.is_float();
  int64_t bad = 0, first = -1;
  double worst = 0;
  for (int64_t i = 0; i < n; ++i) {
    double g = Elem(got, i), r = Elem(ref, i);
    bool ok = exact ? g == r : (std::fabs(g - r) <= atol + rtol * std::fabs(r) || (std::isnan(g) && std::isnan(r)));
    if (!ok) {
      if (first < 0) first = i;
      ++bad;
    }
    if (!exact) worst = std::max(worst, std::fabs(g - r));
  }
  EXPECT_EQ(bad, 0) << what << ": " << bad << " of " << n << " elements differ; first at " << first
                    << " (got " << (first >= 0 ? Elem(got, first) : 0) << ", want "
                    << (first >= 0 ? Elem(ref, first) : 0) << "), max abs error " << worst;
}

// Runs `tirgen run MODEL` on the npz's inputs and compares with its out<k> arrays.
void RunAndCompare(const std::string& model, const std::string& npz, const std::string& extra,
                   double rtol, double atol, bool atol_scale, const std::string& tag) {
  std::map<std::string, NDArray> ref = LoadNpz(npz);
  std::string dir = TempPath("onnx_run_" + tag);
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::string args = "run " + model + " --output-dir " + dir + " " + extra;
  for (const auto& kv : ref) {
    if (kv.first.rfind("out", 0) == 0 || kv.first.rfind("init.", 0) == 0) continue;
    std::string path = dir + "/in_" + kv.first + ".npy";
    SaveNpy(path, kv.second);
    args += " --input " + kv.first + "=" + path;
  }
  RunResult r = RunCli(args);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  for (int k = 0;; ++k) {
    auto it = ref.find("out" + std::to_string(k));
    std::string got = dir + "/output_" + std::to_string(k) + ".npy";
    if (it == ref.end()) {
      EXPECT_FALSE(fs::exists(got)) << "extra output " << k;
      break;
    }
    ASSERT_TRUE(fs::exists(got)) << "missing output " << k << "\n" << r.output;
    ExpectClose(LoadNpy(got), it->second, rtol, atol, atol_scale, tag + " output " + std::to_string(k));
  }
  fs::remove_all(dir);
}

std::string ShapeArgs(const std::string& name) {
  std::string args;
  for (const auto& kv : tirgen_test::OnnxCaseInputShapes(name)) {
    args += " --input-shape " + kv.first + "=";
    for (size_t i = 0; i < kv.second.size(); ++i) args += (i ? "," : "") + std::to_string(kv.second[i]);
  }
  return args;
}

class OnnxRun : public ::testing::TestWithParam<std::string> {};

TEST_P(OnnxRun, MatchesReference) {
  std::string dir = tirgen_test::OnnxCaseDir();
  if (dir.empty()) GTEST_SKIP() << tirgen_test::OnnxModelsError();
  const std::string& name = GetParam();
  std::string model = dir + "/" + name + ".onnx", npz = dir + "/" + name + ".npz";
  RunAndCompare(model, npz, ShapeArgs(name), 1e-4, 1e-5, false, name);
  bool has_weights = false;
  for (const auto& kv : LoadNpz(npz)) has_weights = has_weights || kv.first.rfind("init.", 0) == 0;
  if (has_weights && !HasFatalFailure() && !IsSkipped())
    RunAndCompare(model, npz, ShapeArgs(name) + " --link-params", 1e-4, 1e-5, false, name + "_linked");
}

INSTANTIATE_TEST_SUITE_P(Cases, OnnxRun, ::testing::ValuesIn(tirgen_test::OnnxCaseNames()),
                         [](const ::testing::TestParamInfo<std::string>& i) {
                           return tirgen_test::OnnxTestName(i.param);
                         });

struct WholeModel {
  const char* name;
  bool link_params;
};

class OnnxModelRun : public ::testing::TestWithParam<WholeModel> {};

TEST_P(OnnxModelRun, MatchesPyTorch) {
  const WholeModel& m = GetParam();
  std::string path = tirgen_test::OnnxWholeModel(m.name);
  if (path.empty()) GTEST_SKIP() << tirgen_test::OnnxModelsError();
  std::string npz = path.substr(0, path.size() - 5) + ".npz";
  RunAndCompare(path, npz, m.link_params ? "--link-params" : "", 1e-3, 1e-4, true,
                std::string(m.name) + (m.link_params ? "_linked" : ""));
}

INSTANTIATE_TEST_SUITE_P(Models, OnnxModelRun,
                         ::testing::Values(WholeModel{"resnet18", false}, WholeModel{"resnet18", true},
                                           WholeModel{"resnet18_opset17", false},
                                           WholeModel{"mobilenet_v2", false},
                                           WholeModel{"mobilenet_v2_opset17", true}),
                         [](const ::testing::TestParamInfo<WholeModel>& i) {
                           return std::string(i.param.name) + (i.param.link_params ? "_linked" : "");
                         });

}  // namespace

// Every fully lowered golden PrimFunc (golden-passes/<case>__primfunc_<i>/10_Simplify.py) is
// compiled to C, built, run on the case's inputs and compared with TVM's outputs; the same for
// every block-form one (00_input.py) through the whole build pipeline (runtime::BuildModule).
// Tolerances: float32 rtol 1e-5 / atol 1e-5 (the references are NumPy's, whose summation order
// differs from the sequential loops: 1e-6 absolute is below that noise on sums of ~100 terms);
// integers and bool exactly.
// Multi-function cases: the functions' intermediate tensors are not stored in the goldens and
// chaining needs the relay graph (the executor, later), so only single-function cases run here.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <fstream>
#include <sstream>

#include "fresh_build_cache.h"
#include "tirgen/ir/npz.h"
#include "tirgen/runtime/build.h"
#include "tirgen/runtime/module.h"
#include "tirgen/script/parser.h"

namespace tirgen {
namespace {

namespace fs = std::filesystem;

std::string ReadText(const fs::path& p) {
  std::ifstream f(p);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

tir::PrimFunc MainOf(const ObjectRef& parsed) {
  if (parsed.as<tir::PrimFuncNode>()) return parsed.cast<tir::PrimFunc>();
  IRModule mod = parsed.cast<IRModule>();
  return mod->functions.begin()->second.cast<tir::PrimFunc>();
}

// Empty string when equal within tolerance, else a description of the first mismatch.
std::string Compare(const NDArray& got, const NDArray& want) {
  if (got->shape != want->shape || got->dtype != want->dtype) return "shape/dtype differ";
  int64_t n = want->NumElements();
  DataType t = want->dtype;
  for (int64_t i = 0; i < n; ++i) {
    if (t.is_float() && t.bits() == 32) {
      float g = got.data_as<float>()[i], w = want.data_as<float>()[i];
      if (std::isnan(w) && std::isnan(g)) continue;
      if (!(std::fabs(g - w) <= 1e-5 + 1e-5 * std::fabs(w)))
        return "element " + std::to_string(i) + ": got " + std::to_string(g) + ", want " + std::to_string(w);
    } else if (std::memcmp(got.data() + i * t.bytes(), want.data() + i * t.bytes(), t.bytes()) != 0) {
      return "element " + std::to_string(i) + " differs";
    }
  }
  return "";
}

class CodegenGolden : public FreshBuildCache {
 protected:
  CodegenGolden() : FreshBuildCache("cg_golden") {}
};

// Builds `file` of every golden-passes folder with `build`, runs what maps onto the case's
// inputs and compares; returns the number of functions run and compared.
int RunGoldenFunctions(const std::string& file,
                       const std::function<runtime::Module(const tir::PrimFunc&)>& build) {
  fs::path passes = fs::path(TIRGEN_SHARED_DIR) / "golden-passes";
  fs::path golden = fs::path(TIRGEN_SHARED_DIR) / "golden";
  std::vector<fs::path> cases;
  for (const auto& e : fs::directory_iterator(passes))
    if (e.is_directory()) cases.push_back(e.path());
  std::sort(cases.begin(), cases.end());
  int built = 0, matched = 0, skipped = 0;
  for (const fs::path& c : cases) {
    std::string folder = c.filename().string();
    std::string case_name = folder.substr(0, folder.find("__primfunc_"));
    SCOPED_TRACE(folder);
    tir::PrimFunc f = MainOf(script::Parse(ReadText(c / file), folder));
    runtime::Module m = build(f);  // every function must compile
    ++built;
    fs::path gdir = golden / case_name;
    if (!fs::exists(gdir / "manifest.json")) { ++skipped; continue; }
    auto man = nlohmann::json::parse(ReadText(gdir / "manifest.json"));
    if (man["functions"].size() != 1) {
      std::cout << "[ skip run ] " << folder << ": multi-function case (needs the executor)\n";
      ++skipped;
      continue;
    }
    std::vector<NDArray> args;
    for (const auto& in : man["inputs"]) args.push_back(LoadNpy((gdir / in["file"].get<std::string>()).string()));
    if (!man["link_params"].get<bool>() && !man["params"].empty()) {
      auto params = LoadNpz((gdir / "params.npz").string());
      for (const auto& p : man["params"]) args.push_back(params.at(p.get<std::string>()));
    }
    // When the optimized graph dropped an unused input, pick the case inputs in order that fit the
    // function's leading (input) parameters by shape and dtype.
    size_t n_in = f->params.size() - man["outputs"].size();
    if (args.size() != n_in) {
      std::vector<NDArray> picked;
      for (const NDArray& a : args) {
        if (picked.size() == n_in) break;
        const tir::Buffer* b = f->BufferOf(f->params[picked.size()]);
        std::vector<int64_t> shape;
        for (const auto& e : (*b)->shape) shape.push_back(e.as<tir::IntImmNode>() ? e.as<tir::IntImmNode>()->value : -1);
        if (a->shape == shape && a->dtype == (*b)->dtype) picked.push_back(a);
      }
      args = picked;
      if (args.size() != n_in) {
        std::cout << "[ skip run ] " << folder << ": inputs do not map onto the function\n";
        ++skipped;
        continue;
      }
    }
    std::vector<NDArray> outs;
    try {
      outs = m.Run("main", args);
    } catch (const Error& e) {  // the optimized graph reordered/folded the case's inputs
      std::cout << "[ skip run ] " << folder << ": inputs do not map onto the function: " << e.what() << "\n";
      ++skipped;
      continue;
    }
    EXPECT_EQ(outs.size(), man["outputs"].size());
    if (outs.size() != man["outputs"].size()) continue;
    for (size_t k = 0; k < outs.size(); ++k) {
      NDArray want = LoadNpy((gdir / man["outputs"][k].get<std::string>()).string());
      EXPECT_EQ(Compare(outs[k], want), "") << folder << " output " << k;
    }
    ++matched;
  }
  std::cout << "[ codegen  ] " << file << ": built " << built << " golden functions, ran and compared "
            << matched << ", not run " << skipped << "\n";
  return matched;
}

TEST_F(CodegenGolden, EveryLoweredGoldenFunctionRunsAndMatches) {
  int matched = RunGoldenFunctions("10_Simplify.py", [](const tir::PrimFunc& f) { return runtime::Module::Build(f); });
  EXPECT_GE(matched, 17);  // every single-function case whose inputs map (see header)
}

TEST_F(CodegenGolden, EveryBlockFormGoldenFunctionBuildsThroughThePipeline) {
  int matched = RunGoldenFunctions("00_input.py", [](const tir::PrimFunc& f) { return runtime::BuildModule(f); });
  EXPECT_GE(matched, 17);
}

}  // namespace
}  // namespace tirgen

#include "op_numerics.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <nlohmann/json.hpp>
#include <sstream>

#include "op_compute_util.h"
#include "tirgen/ir/npz.h"
#include "tirgen/runtime/build.h"

namespace tirgen {
namespace testing {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

std::string Script() { return std::string(TIRGEN_SOURCE_DIR) + "/tests/unit/op_numerics_ref.py"; }

std::string ReadAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string ShapeText(const std::vector<int64_t>& s) {
  std::string out = "(";
  for (size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + std::to_string(s[i]);
  return out + ")";
}

std::string ProgramText(const NumCase& c) {
  std::string text = "#[version = \"0.0.5\"]\ndef @main(";
  for (size_t j = 0; j < c.inputs.size(); ++j) {
    std::string shape = ShapeText(c.inputs[j].shape);
    text += (j ? ", %" : "%") + std::string(1, static_cast<char>('a' + j)) + ": Tensor[" + shape +
            ", " + c.inputs[j].dtype + "]";
  }
  return text + ") {\n  " + c.body + "\n}\n";
}

// The references for `cases_json`: runs the script once, caching its .npz by content.
// Returns "" and sets *error when python fails.
std::string References(const std::string& cases_json, std::string* error) {
  size_t h = std::hash<std::string>()(cases_json + ReadAll(Script()));
  std::ostringstream base;
  base << ::testing::TempDir() << "tirgen_op_numerics_" << std::hex << h;
  std::string npz = base.str() + ".npz";
  if (fs::exists(npz)) return npz;
  std::string tmp = base.str() + ".tmp" + std::to_string(getpid());
  {
    std::ofstream out(tmp + ".json", std::ios::binary);
    out << cases_json;
  }
  std::string cmd = "/usr/bin/python3 " + Script() + " " + tmp + ".json " + tmp + ".npz 2>&1";
  FILE* pipe = popen(cmd.c_str(), "r");
  std::string log;
  if (pipe) {
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof(buf), pipe)) > 0) log.append(buf, n);
  }
  int status = pipe ? pclose(pipe) : -1;
  fs::remove(tmp + ".json");
  if (status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    *error = "reference run failed: " + cmd + "\n" + log;
    fs::remove(tmp + ".npz");
    return "";
  }
  std::error_code ec;
  fs::rename(tmp + ".npz", npz, ec);  // a concurrent run may have won: same content
  if (ec) fs::remove(tmp + ".npz");
  return npz;
}

template <class T>
void CompareTyped(const std::string& name, const NDArray& got, const NDArray& want, double rtol,
                  double atol, bool exact) {
  const T* g = got.data_as<T>();
  const T* w = want.data_as<T>();
  int64_t n = got->NumElements(), bad = 0;
  for (int64_t i = 0; i < n; ++i) {
    double gv = static_cast<double>(g[i]), wv = static_cast<double>(w[i]);
    bool ok = exact ? gv == wv
                    : (std::isnan(wv) ? std::isnan(gv) : std::abs(gv - wv) <= atol + rtol * std::abs(wv));
    if (!ok && bad++ < 3)
      ADD_FAILURE() << name << ": element " << i << " is " << gv << ", expected " << wv;
  }
  EXPECT_EQ(bad, 0) << name << ": " << bad << " of " << n << " elements differ";
}

void Compare(const std::string& name, const NDArray& got, const NDArray& want, double rtol, double atol) {
  ASSERT_EQ(got->shape, want->shape) << name << ": output shape";
  ASSERT_EQ(got->dtype, want->dtype) << name << ": output dtype";
  DataType t = got->dtype;
  if (t.is_float() && t.bits() == 32) return CompareTyped<float>(name, got, want, rtol, atol, false);
  if (t.is_float() && t.bits() == 64) return CompareTyped<double>(name, got, want, rtol, atol, false);
  // Integers and bools: bytes must be identical.
  EXPECT_TRUE(got.ContentEqual(want)) << name << ": integer output differs";
}

}  // namespace

void RunNumericCases(const std::vector<NumCase>& cases) {
  // 1. Lower every case (a failure is reported and the case left out).
  std::vector<OpProgram> progs(cases.size());
  std::vector<int> slot(cases.size(), -1);  // index in the references, -1 = not lowered
  std::string missing;                       // cases whose op has no compute registered yet
  Json json = Json::array();
  std::map<std::string, ObjectRef> funcs;
  for (size_t i = 0; i < cases.size(); ++i) {
    const NumCase& c = cases[i];
    Json entry = {{"name", c.name}, {"ref", c.ref}, {"inputs", Json::array()}, {"outputs", Json::array()}};
    for (const In& in : c.inputs) {
      Json spec = {{"shape", in.shape}, {"dtype", in.dtype}, {"lo", in.lo}, {"hi", in.hi}, {"integral", in.integral}};
      if (!in.values.empty()) spec["values"] = in.values;
      entry["inputs"].push_back(spec);
    }
    try {
      progs[i] = LowerOpText(ProgramText(c), c.name);
    } catch (const MissingCompute& e) {
      missing += (missing.empty() ? "" : ", ") + c.name + " (" + e.op + ")";
      continue;
    } catch (const std::exception& e) {
      ADD_FAILURE() << c.name << ": lowering " << c.body << " failed: " << e.what();
      continue;
    }
    for (const te::Tensor& t : progs[i].outputs) entry["outputs"].push_back(t->dtype.str());
    funcs["case" + std::to_string(i)] = progs[i].func;
    slot[i] = static_cast<int>(json.size());
    json.push_back(entry);
  }
  // 2. References (one Python run).
  if (json.empty()) FAIL() << "no compute registered for any case: " << missing;
  std::string error;
  std::string npz = References(json.dump(1), &error);
  if (npz.empty()) {
    if (system("/usr/bin/python3 -c 'import numpy' >/dev/null 2>&1") != 0)
      GTEST_SKIP() << "Debian's python3 with NumPy is needed for the references: " << error;
    FAIL() << error;
  }
  std::map<std::string, NDArray> ref = LoadNpz(npz);
  // 3. One library for all cases (when one case does not build, each is built alone so the
  // failure names it); run and compare.
  std::optional<runtime::Module> all;
  try {
    all = runtime::BuildModule(IRModule(funcs));
  } catch (const std::exception&) {
  }
  for (size_t i = 0; i < cases.size(); ++i) {
    if (slot[i] < 0) continue;
    const NumCase& c = cases[i];
    std::string pre = std::to_string(slot[i]) + "_";
    std::vector<NDArray> inputs;
    for (size_t j = 0; j < c.inputs.size(); ++j) inputs.push_back(ref.at(pre + "in" + std::to_string(j)));
    std::vector<NDArray> outs;
    std::string fn = "case" + std::to_string(i);
    try {
      outs = all ? all->Run(fn, inputs) : runtime::BuildModule(progs[i].func, fn).Run(fn, inputs);
    } catch (const std::exception& e) {
      ADD_FAILURE() << c.name << ": building or running " << c.body << " failed: " << e.what();
      continue;
    }
    ASSERT_EQ(outs.size(), progs[i].outputs.size()) << c.name;
    for (size_t k = 0; k < outs.size(); ++k)
      Compare(c.name + " (" + c.body + ") output " + std::to_string(k), outs[k],
              ref.at(pre + "out" + std::to_string(k)), c.rtol, c.atol);
  }
  EXPECT_TRUE(missing.empty()) << "cases whose operator has no TE compute: " << missing;
}

}  // namespace testing
}  // namespace tirgen

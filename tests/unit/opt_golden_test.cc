// The file-based goldens (tests/golden/README.md): every case under tests/golden runs through
// opt::RunOpt — the code path of `tirgen opt` — with the TIR verified after each pass and
// primitive, and its output must equal <case>.expected.<ext> byte for byte (TVMScript outputs
// must also parse back to a structurally equal module). UPDATE_GOLDEN=1 rewrites expectations.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "tir_pass_test_util.h"
#include "tirgen/opt/opt.h"
#include "tirgen/tir/schedule/trace.h"

namespace tirgen {
namespace {

namespace fs = std::filesystem;

fs::path GoldenRoot() { return fs::path(TIRGEN_SOURCE_DIR) / "tests" / "golden"; }

// Inputs: *.py and *.relay files that are not expectations, schedule traces or tensor
// intrinsics (<name>.intrin.py, given to --tensor-intrin).
std::vector<std::string> Cases() {
  std::vector<std::string> out;
  if (!fs::exists(GoldenRoot())) return out;
  for (const auto& e : fs::recursive_directory_iterator(GoldenRoot())) {
    std::string name = e.path().filename().string();
    std::string ext = e.path().extension().string();
    if (!e.is_regular_file() || (ext != ".py" && ext != ".relay")) continue;
    if (name.find(".expected.") != std::string::npos || name.find(".trace.") != std::string::npos ||
        name.find(".intrin.") != std::string::npos)
      continue;
    out.push_back(fs::relative(e.path(), GoldenRoot()).string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string Read(const fs::path& p) { return tir::testing::ReadText(p); }

// "<case>.expected<ext>" beside the case.
fs::path ExpectedPath(const fs::path& input) {
  return input.parent_path() / (input.stem().string() + ".expected" + input.extension().string());
}

// The RUN line's options: `# RUN: tirgen opt %s --pass A,B --schedule %S/x.trace.py`.
opt::OptOptions OptionsFromRunLine(const fs::path& input, const std::string& text) {
  std::string first = text.substr(0, text.find('\n'));
  std::string prefix = input.extension() == ".relay" ? "// RUN: tirgen opt %s" : "# RUN: tirgen opt %s";
  if (first.rfind(prefix, 0) != 0)
    throw Error(input.string() + ": the first line must be \"" + prefix + " OPTIONS\"");
  std::istringstream args(first.substr(prefix.size()));
  opt::OptOptions o;
  o.input = text;
  o.input_name = input.filename().string();
  o.verify_each = true;  // always, whatever the line says
  std::string a;
  while (args >> a) {
    if (a == "--pass" && args >> a) {
      for (const std::string& p : opt::SplitPassList(a)) o.passes.push_back(p);
    } else if (a == "--schedule" && args >> a) {
      if (a.rfind("%S/", 0) == 0) a = (input.parent_path() / a.substr(3)).string();
      o.schedule = Read(a);
      o.schedule_name = fs::path(a).filename().string();
    } else if (a == "--tensor-intrin" && args >> a) {  // NAME=%S/desc.py,%S/impl.py
      o.tensor_intrins.push_back(opt::TensorIntrinFromSpec(a, [&](const std::string& f) {
        return f.rfind("%S/", 0) == 0 ? (input.parent_path() / f.substr(3)).string() : f;
      }));
    } else if (a != "--verify-each") {
      throw Error(input.string() + ": RUN line option \"" + a + "\" is not supported here");
    }
  }
  return o;
}

class OptGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(OptGolden, Case) {
  fs::path input = GoldenRoot() / GetParam();
  std::string text = Read(input);
  opt::OptResult r = opt::RunOpt(OptionsFromRunLine(input, text));
  fs::path expected = ExpectedPath(input);
  if (std::getenv("UPDATE_GOLDEN")) {
    std::ofstream(expected, std::ios::binary) << r.output;
    std::cout << "[ updated  ] " << expected << std::endl;
  }
  ASSERT_TRUE(fs::exists(expected)) << expected << " missing (run with UPDATE_GOLDEN=1 and review)";
  std::string want = Read(expected);
  EXPECT_EQ(tir::testing::FirstDiff(want, r.output), "") << GetParam();
  if (input.extension() == ".py")  // the round-trip invariant (DESIGN.md §6)
    EXPECT_EQ(tir::testing::PrintChecked(tir::testing::ParseModule(r.output)), r.output);
}

INSTANTIATE_TEST_SUITE_P(Golden, OptGolden, ::testing::ValuesIn(Cases()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string n;
                           for (char c : fs::path(info.param).replace_extension().string())
                             n += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                           return n;
                         });

// The seeds: every registered TIR pass has at least one case in tests/golden/tir.<Name>/.
TEST(OptGoldenCoverage, EveryTirPassHasCases) {
  for (const opt::PassInfo& p : opt::KnownPasses()) {
    if (!p.tir) continue;
    fs::path dir = GoldenRoot() / p.name;
    bool any = false;
    if (fs::exists(dir))
      for (const auto& e : fs::directory_iterator(dir))
        any = any || e.path().filename().string().find(".expected.") != std::string::npos;
    EXPECT_TRUE(any) << p.name << " has no golden case under " << dir;
  }
}

// Every schedule method tirgen replays has goldens: a method that changes the IR needs a
// folder tests/golden/schedule.<method>/ with a trace that calls it; a lookup or a sampler
// (listed here, as it changes nothing a golden could show by itself) must be called by some
// golden trace. A new method fails this test until it has its goldens.
TEST(OptGoldenCoverage, EveryScheduleMethodHasCases) {
  const std::set<std::string> lookups = {"get_block", "get_loops", "get_child_blocks", "get_producers",
                                         "get_consumers", "get_output_blocks", "sample_perfect_tile", "sample_categorical",
                                         "sample_compute_location"};
  // Not an instruction: TVM's traces never record work_on (it only picks the function).
  const std::set<std::string> untraced = {"work_on"};
  auto traces_under = [](const fs::path& dir) {
    std::string all;
    if (fs::exists(dir))
      for (const auto& e : fs::recursive_directory_iterator(dir))
        if (e.is_regular_file() && e.path().filename().string().find(".trace.py") != std::string::npos)
          all += Read(e.path());
    return all;
  };
  std::string every_trace = traces_under(GoldenRoot());
  std::vector<std::string> methods = tir::ScheduleMethodNames();
  EXPECT_GT(methods.size(), 20u);
  for (const std::string& m : methods) {
    std::string call = "sch." + m + "(";
    if (untraced.count(m)) continue;
    if (lookups.count(m)) {
      EXPECT_NE(every_trace.find(call), std::string::npos) << m << " is called by no golden trace";
      continue;
    }
    fs::path dir = GoldenRoot() / ("schedule." + m);
    EXPECT_NE(traces_under(dir).find(call), std::string::npos)
        << m << " changes the IR but no trace under " << dir << " calls it";
  }
  for (const std::set<std::string>* listed : {&lookups, &untraced})
    for (const std::string& m : *listed)
      EXPECT_NE(std::find(methods.begin(), methods.end(), m), methods.end()) << m << " is no longer a method";
}

}  // namespace
}  // namespace tirgen

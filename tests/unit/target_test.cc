// target::Target: the accepted forms, canonical text, SIMD width, compiler flags, and one-line
// errors for everything else.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tirgen/support/error.h"
#include "tirgen/target/target.h"

namespace tirgen {
namespace {

using target::Target;

TEST(Target, ParsesTheFormsAndPrintsThemCanonically) {
  EXPECT_EQ(Target::Parse("c").str(), "c");
  EXPECT_EQ(Target::Parse("llvm").str(), "c");
  EXPECT_EQ(Target::Parse("  c   -mcpu=x86-64-v3 ").str(), "c -mcpu=x86-64-v3");
  EXPECT_EQ(Target::Parse("llvm -num-cores=4 -mcpu=znver4").str(), "c -mcpu=znver4 -num-cores 4");
  EXPECT_EQ(Target::Parse("c -mcpu native -num-cores 2").str(), "c -mcpu=native -num-cores 2");
  EXPECT_EQ(Target::Parse("c -num-cores 8").str(), "c -num-cores 8");
  for (const char* t : {"c", "c -mcpu=skylake-avx512", "c -mcpu=native -num-cores 2", "c -num-cores 1"})
    EXPECT_EQ(Target::Parse(Target::Parse(t).str()).str(), t);
  EXPECT_EQ(target::DefaultBuildTarget().str(), target::Target::Host().str());  // built where it runs
  EXPECT_EQ(target::Target::Host().mcpu, "native");
}

TEST(Target, VectorBitsAndFlagsFollowTheCpu) {
  EXPECT_EQ(Target::Parse("c").VectorBits(), 128);
  EXPECT_TRUE(Target::Parse("c").CompilerFlags().empty());
  EXPECT_EQ(Target::Parse("c -mcpu=x86-64-v2").VectorBits(), 128);
  EXPECT_EQ(Target::Parse("c -mcpu=x86-64-v3").VectorBits(), 256);
  EXPECT_EQ(Target::Parse("c -mcpu=znver3").VectorBits(), 256);
  EXPECT_EQ(Target::Parse("c -mcpu=x86-64-v3").CompilerFlags(), std::vector<std::string>{"-march=x86-64-v3"});
  for (const char* cpu : {"x86-64-v4", "skylake-avx512", "znver4", "znver5"}) {
    Target t = Target::Parse(std::string("c -mcpu=") + cpu);
    EXPECT_EQ(t.VectorBits(), 512) << cpu;
    EXPECT_EQ(t.VectorLanes(32), 16) << cpu;
    EXPECT_EQ(t.CompilerFlags().back(), "-mprefer-vector-width=512") << cpu;
  }
  EXPECT_EQ(Target::Parse("c -mcpu=skylake-avx512").CompilerFlags().front(), "-march=skylake-avx512");
  EXPECT_EQ(Target::Parse("c -mcpu=znver4").CompilerFlags().front(), "-march=x86-64-v4");  // GCC 12
  Target native = Target::Parse("c -mcpu=native");
  EXPECT_EQ(native.CompilerFlags().front(), "-march=native");
  int bits = native.VectorBits();
  EXPECT_TRUE(bits == 128 || bits == 256 || bits == 512) << bits;
  EXPECT_EQ(native.VectorBits(), bits) << "deterministic";
  EXPECT_EQ(Target::Parse("c -num-cores 3").Cores(), 3);
}

TEST(Target, HostIsNativeWithItsCores) {
  Target h = Target::Host();
  EXPECT_EQ(h.mcpu, "native");
  EXPECT_GE(h.num_cores, 1);
  EXPECT_EQ(h.str(), "c -mcpu=native -num-cores " + std::to_string(h.num_cores));
  EXPECT_EQ(Target::Parse("c").Cores(), h.num_cores);
}

TEST(Target, BadTargetsAreOneLineErrorsNamingTheBadPart) {
  struct Case {
    const char* text;
    const char* says;
  };
  for (const Case& c : {Case{"", "empty target"}, Case{"cuda", "unknown kind 'cuda'"},
                        Case{"c -mcpu=pentium9", "unknown -mcpu 'pentium9' (known: native, x86-64,"},
                        Case{"c -mcpu=", "unknown -mcpu ''"}, Case{"c -mcpu", "-mcpu needs a value"},
                        Case{"c -num-cores 0", "-num-cores needs an integer from 1 to 65536, got '0'"},
                        Case{"c -num-cores=2x", "got '2x'"}, Case{"c -num-cores -3", "got '-3'"},
                        Case{"c -mcpu=native -mcpu=x86-64", "-mcpu given twice"},
                        Case{"c -mattr=+avx2", "unknown option '-mattr=+avx2'"},
                        Case{"c native", "unknown option 'native'"}}) {
    try {
      Target::Parse(c.text);
      ADD_FAILURE() << "no error for '" << c.text << "'";
    } catch (const Error& e) {
      std::string m = e.what();
      EXPECT_NE(m.find(c.says), std::string::npos) << m;
      EXPECT_NE(m.find("invalid target '" + std::string(c.text) + "'"), std::string::npos) << m;
      EXPECT_NE(m.find("valid forms: 'c' or 'llvm'"), std::string::npos) << m;
      EXPECT_EQ(m.find('\n'), std::string::npos) << m;
    }
  }
}

// Tuning records store targets as TVM exports them.
TEST(Target, ConvertsToAndFromTvmsTargetJson) {
  EXPECT_EQ(Target::Parse("llvm -mcpu=x86-64-v3 -num-cores 2").ToJSON().dump(),
            R"({"keys":["cpu"],"kind":"llvm","mcpu":"x86-64-v3","num-cores":2,"tag":""})");
  EXPECT_EQ(Target::Parse("c").ToJSON().dump(), R"({"keys":["cpu"],"kind":"llvm","tag":""})");
  for (const char* t : {"c", "c -mcpu=native -num-cores 4", "c -mcpu=znver4"})
    EXPECT_EQ(Target::FromJSON(Target::Parse(t).ToJSON()), Target::Parse(t)) << t;
  EXPECT_EQ(Target::FromJSON(nlohmann::json::parse(R"({"kind":"c","mcpu":"x86-64-v4"})")), Target::Parse("c -mcpu=x86-64-v4"));
  for (const char* bad : {R"({"kind":"cuda"})", R"({"kind":"llvm","mattr":["+avx2"]})", R"({"kind":"llvm","tag":"t"})",
                          R"({"kind":"llvm","keys":["arm_cpu","cpu"]})", R"({"kind":"llvm","mcpu":"pentium9"})",
                          R"({"kind":"llvm","num-cores":"2"})", R"({"mcpu":"x86-64"})", "[1]"})
    EXPECT_THROW(Target::FromJSON(nlohmann::json::parse(bad)), Error) << bad;
}

}  // namespace
}  // namespace tirgen

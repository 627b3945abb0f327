#include <gtest/gtest.h>

#include "tirgen/tir/transform.h"

namespace tirgen {
namespace tir {
namespace transform {

// Only the passes registered at start-up: a pass registered here would stay in the process-wide
// registry and appear in every later test that lists the passes (OptGoldenCoverage found a
// "test-only" pass without goldens when the whole binary ran in one process).
TEST(PassRegistry, UnknownPassNamesTheKnownOnes) {
  std::vector<std::string> known = ListPasses();
  ASSERT_FALSE(known.empty());
  try {
    GetPassFactory("NoSuchPass");
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("unknown TIR pass \"NoSuchPass\""), std::string::npos);
    for (const std::string& name : known) EXPECT_NE(std::string(e.what()).find(name), std::string::npos) << name;
  }
}

TEST(PassRegistry, SecondRegistrationOfANameIsACompilerBugAndChangesNothing) {
  std::vector<std::string> before = ListPasses();
  const std::string& name = before.front();
  const PassFactory* factory = &GetPassFactory(name);
  PassFactory again = [](const std::vector<int64_t>&) {
    return CreatePrimFuncPass("Again", [](const PrimFunc& f) { return f; });
  };
  EXPECT_THROW(RegisterPass(name, again), InternalError);
  EXPECT_EQ(ListPasses(), before);
  EXPECT_EQ(&GetPassFactory(name), factory);
}

// The registry fills the defaults of the arguments left out and refuses a missing required one, so
// a factory always sees one argument per parameter (C++, opt and Python callers alike).
TEST(PassRegistry, DefaultsAreFilledAndRequiredArgumentsChecked) {
  EXPECT_EQ(GetPassFactory("CommonSubexprElimTIR")({}).name(), "CommonSubexprElimTIR");
  EXPECT_EQ(GetPassFactory("VectorizeLoop")({0}).name(), "VectorizeLoop");
  try {
    GetPassFactory("NarrowDataType")({});
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_EQ(e.message(), "NarrowDataType() missing required argument 'target_bits' (accepted: target_bits)");
  }
  try {
    GetPassFactory("VectorizeLoop")({1, 0});
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_EQ(e.message(), "VectorizeLoop() takes at most 1 argument, got 2 (accepted: enable_vectorize)");
  }
}

}  // namespace transform
}  // namespace tir
}  // namespace tirgen

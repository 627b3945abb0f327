// Every test run verifies the TIR after each pass: this global environment turns the check on
// for the test binary and, through TIRGEN_VERIFY_EACH, for the CLI processes tests start.
// TIRGEN_VERIFY_EACH=0 in the environment turns it off (to time something without it).
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "tirgen/tir/transform.h"

namespace {

class VerifyEachEnvironment : public ::testing::Environment {
 public:
  void SetUp() override {
    setenv("TIRGEN_VERIFY_EACH", "1", /*overwrite=*/0);
    tirgen::tir::transform::SetVerifyEachPass(std::string(std::getenv("TIRGEN_VERIFY_EACH")) != "0");
  }
};

// Registered before main() runs (gtest_main): gtest owns and deletes the environment.
const ::testing::Environment* const kVerifyEach =
    ::testing::AddGlobalTestEnvironment(new VerifyEachEnvironment);

}  // namespace

// CanonicalizeCast before/after: an up-cast shared by elementwise readers is copied per reader
// (the first reader in a recursive walk keeps the original); narrowing casts, single readers
// and non-elementwise readers are left alone. Then FuseOps keeps each cast with its reader.
#include "relay_pass_test_util.h"

namespace tirgen {
namespace {

using testing_relay::ExpectRewrite;
using testing_relay::ExpectUnchanged;

IRModule Canon(const IRModule& m) { return relay::CanonicalizeCast(m); }
const char* kI8 = "%x: Tensor[(4), int8]";

TEST(CanonicalizeCast, SharedUpcastIsCopiedForEachElementwiseReader) {
  ExpectRewrite(Canon, kI8,
                "%0 = cast(%x, dtype=\"float32\");\n%1 = exp(%0);\n%2 = log(%0);\n(%1, %2)",
                "%0 = cast(%x, dtype=\"float32\");\n%1 = exp(%0);\n"
                "%2 = cast(%x, dtype=\"float32\");\n%3 = log(%2);\n(%1, %3)");
}

TEST(CanonicalizeCast, ReaderMetFirstInTheRecursiveWalkKeepsTheOriginal) {
  // add reads the cast directly (argument 0) before walking into exp's inputs (argument 1).
  ExpectRewrite(Canon, kI8,
                "%0 = cast(%x, dtype=\"float32\");\n%1 = exp(%0);\nadd(%0, %1)",
                "%0 = cast(%x, dtype=\"float32\");\n%1 = cast(%x, dtype=\"float32\");\n"
                "%2 = exp(%1);\nadd(%0, %2)");
}

TEST(CanonicalizeCast, NarrowingCastsAndOtherReadersStay) {
  ExpectUnchanged(Canon, "%x: Tensor[(4), float32]",
                  "%0 = cast(%x, dtype=\"int8\");\n%1 = negative(%0);\n%2 = abs(%0);\n(%1, %2)");
  ExpectUnchanged(Canon, kI8,
                  "%0 = cast(%x, dtype=\"float32\");\n%1 = exp(%0);\n%2 = sum(%0);\n(%1, %2)");
}

TEST(CanonicalizeCast, FusionThenCastsInsideEachReader) {
  IRModule m = testing_relay::Main(
      kI8, "%0 = cast(%x, dtype=\"float32\");\n%1 = exp(%0);\n%2 = log(%0);\n(%1, %2)");
  std::string fused = relay::PrintModule(relay::FuseOps(relay::CanonicalizeCast(m)));
  // Two functions, each taking the int8 input and casting it.
  const std::string sig = "Tensor[(4), int8] /* ty=Tensor[(4), int8] */, Primitive=1)";
  size_t first = fused.find(sig);
  ASSERT_NE(first, std::string::npos) << fused;
  EXPECT_NE(fused.find(sig, first + 1), std::string::npos) << fused;
}

}  // namespace
}  // namespace tirgen

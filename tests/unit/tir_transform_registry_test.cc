#include <gtest/gtest.h>

#include "tirgen/tir/transform.h"

namespace tirgen {
namespace tir {
namespace transform {

TEST(PassRegistry, UnknownPassNamesTheKnownOnes) {
  RegisterPass("TestOnlyIdentity", [](const std::vector<int64_t>&) {
    return CreatePrimFuncPass("TestOnlyIdentity", [](const PrimFunc& f) { return f; });
  });
  try {
    GetPassFactory("NoSuchPass");
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("unknown TIR pass \"NoSuchPass\""), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("TestOnlyIdentity"), std::string::npos);
  }
  IRModule mod(std::map<std::string, ObjectRef>{});
  EXPECT_TRUE(GetPassFactory("TestOnlyIdentity")({})(mod).same_as(mod));
}

}  // namespace transform
}  // namespace tir
}  // namespace tirgen

// Printed TVMScript of the elementwise, broadcast, reduction and transform operators that no
// TVM golden case covers: each program is optimized and lowered like `tirgen lower` does, and
// its one primitive function must print what TVM v0.14's lower_to_primfunc prints. The
// expected texts follow TVM's TOPI computes (include/tvm/topi/{broadcast,elemwise,reduction,
// transform}.h), CreatePrimFunc's body Simplify and IndexDataTypeNormalizer; each case says
// which rule it pins down.
#include "op_fidelity_util.h"

namespace tirgen {
namespace {

// The cases are tests/data/op_fidelity/transform/<case>.relay; each file's comment says which rule it
// pins down, <case>.expected.py holds the expected text.
class OpFidelityTransform : public ::testing::TestWithParam<std::string> {};

TEST_P(OpFidelityTransform, LowersAsTvm) { op_fidelity::Check("transform", GetParam()); }

INSTANTIATE_TEST_SUITE_P(Cases, OpFidelityTransform, ::testing::ValuesIn(op_fidelity::Cases("transform")),
                         op_fidelity::TestName);

TEST(OpFidelityTransformFiles, CasesArePresent) { EXPECT_GT(op_fidelity::Cases("transform").size(), 40u); }

}  // namespace
}  // namespace tirgen

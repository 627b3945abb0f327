// What `tirgen lower` prints for the NN operators no golden case covers, checked against TVM
// v0.14's lower_to_primfunc. Each expected text was derived from TVM's sources (generic
// strategy with MetaSchedule: python/tvm/topi/nn/*.py, include/tvm/topi/nn*.h,
// src/te/operation/create_primfunc.cc) and cross-checked with tirgen's output; the comment
// above each case says what TVM's compute decides there. A one-op main is optimized (TVM's
// pass prefix + FuseOps), its primitive function lowered and printed, then parsed back.
#include "op_fidelity_util.h"

namespace tirgen {
namespace {

// The cases are tests/data/op_fidelity/nn/<case>.relay; each file's comment says which rule it
// pins down, <case>.expected.py holds the expected text.
class OpFidelityNN : public ::testing::TestWithParam<std::string> {};

TEST_P(OpFidelityNN, LowersAsTvm) { op_fidelity::Check("nn", GetParam()); }

INSTANTIATE_TEST_SUITE_P(Cases, OpFidelityNN, ::testing::ValuesIn(op_fidelity::Cases("nn")),
                         op_fidelity::TestName);

TEST(OpFidelityNNFiles, CasesArePresent) { EXPECT_GT(op_fidelity::Cases("nn").size(), 40u); }

}  // namespace
}  // namespace tirgen

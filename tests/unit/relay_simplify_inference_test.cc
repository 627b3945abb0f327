// SimplifyInference before/after for the norms TVM expands without a compute of their own
// (simplify_inference.cc): instance_norm (statistics over every axis but batch and channel),
// group_norm (channels split into groups by a reshape, and back), l2_normalize. The divide by
// sqrt is written in SimplifyExpr's multiply-by-rsqrt form. Numerics: tests/python/test_run.py.
#include "relay_pass_test_util.h"

namespace tirgen {
namespace {

using testing_relay::ExpectRewrite;

IRModule Simplify(const IRModule& m) { return relay::SimplifyInference(m); }
const char* kParams = "%x: Tensor[(2, 4, 3, 3), float32], %g: Tensor[(4), float32], %b: Tensor[(4), float32]";

TEST(SimplifyInference, InstanceNormStandardizesEachChannelOfEachSample) {
  ExpectRewrite(Simplify, kParams, "nn.instance_norm(%x, %g, %b, epsilon=0.001f)",
                "%0 = mean(%x, axis=[2, 3], keepdims=True);\n"
                "%1 = variance(%x, %0, axis=[2, 3], keepdims=True);\n"
                "%2 = add(%1, 0.001f);\n%3 = subtract(%x, %0);\n%4 = rsqrt(%2);\n%5 = multiply(%3, %4);\n"
                "%6 = expand_dims(%g, axis=1, num_newaxis=2);\n%7 = multiply(%5, %6);\n"
                "%8 = expand_dims(%b, axis=1, num_newaxis=2);\nadd(%7, %8)");
}

TEST(SimplifyInference, GroupNormReshapesChannelsIntoGroups) {
  ExpectRewrite(Simplify, kParams, "nn.group_norm(%x, %g, %b, num_groups=2, center=False)",
                "%0 = reshape(%x, newshape=[2, 2, 2, 3, 3]);\n"
                "%1 = mean(%0, axis=[2, 3, 4], keepdims=True);\n"
                "%2 = variance(%0, %1, axis=[2, 3, 4], keepdims=True);\n"
                "%3 = add(%2, 1e-05f);\n%4 = subtract(%0, %1);\n%5 = rsqrt(%3);\n%6 = multiply(%4, %5);\n"
                "%7 = reshape(%6, newshape=[2, 4, 3, 3]);\n"
                "%8 = expand_dims(%g, axis=1, num_newaxis=2);\nmultiply(%7, %8)");
}

TEST(SimplifyInference, L2NormalizeDividesByTheClampedNorm) {
  ExpectRewrite(Simplify, kParams, "nn.l2_normalize(%x, eps=1e-10f, axis=[1])",
                "%0 = multiply(%x, %x);\n%1 = sum(%0, axis=[1], keepdims=True);\n"
                "%2 = maximum(%1, 1e-10f);\n%3 = rsqrt(%2);\nmultiply(%x, %3)");
}

}  // namespace
}  // namespace tirgen

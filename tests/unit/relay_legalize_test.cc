// Legalize before/after: nn.conv2d_transpose keeps NCHW data with an IOHW kernel; another
// kernel layout gets a transpose to IOHW (TVM's layout_transform axes), NHWC data a transpose
// to NCHW and the result one back. (Numerics: tests/python/test_run.py vs torch.)
#include "relay_pass_test_util.h"

namespace tirgen {
namespace {

using testing_relay::ExpectRewrite;
using testing_relay::ExpectUnchanged;

IRModule Legal(const IRModule& m) { return relay::Legalize(m); }

TEST(Legalize, NchwIohwConvTransposeStays) {
  ExpectUnchanged(Legal, "%x: Tensor[(1, 4, 3, 3), float32], %w: Tensor[(4, 2, 3, 3), float32]",
                  "nn.conv2d_transpose(%x, %w, channels=2, kernel_size=[3, 3], strides=[2, 2])");
}

TEST(Legalize, OihwKernelIsTransposedToIohw) {
  ExpectRewrite(Legal, "%x: Tensor[(1, 4, 3, 3), float32], %w: Tensor[(2, 4, 3, 3), float32]",
                "nn.conv2d_transpose(%x, %w, channels=2, kernel_size=[3, 3], kernel_layout=\"OIHW\")",
                "%0 = transpose(%w, axes=[1, 0, 2, 3]);\n"
                "nn.conv2d_transpose(%x, %0, channels=2, kernel_size=[3, 3])");
}

TEST(Legalize, NhwcDataRunsInNchwBetweenTransposes) {
  ExpectRewrite(Legal, "%x: Tensor[(1, 3, 3, 4), float32], %w: Tensor[(3, 3, 2, 4), float32]",
                "nn.conv2d_transpose(%x, %w, channels=2, kernel_size=[3, 3], data_layout=\"NHWC\", "
                "kernel_layout=\"HWOI\")",
                "%0 = transpose(%x, axes=[0, 3, 1, 2]);\n%1 = transpose(%w, axes=[3, 2, 0, 1]);\n"
                "%2 = nn.conv2d_transpose(%0, %1, channels=2, kernel_size=[3, 3]);\n"
                "transpose(%2, axes=[0, 2, 3, 1])");
}

}  // namespace
}  // namespace tirgen

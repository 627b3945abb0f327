// FormatBytes (src/support/bytes.cc): exact bytes below 1 KiB, one decimal above.
#include <gtest/gtest.h>

#include "tirgen/support/bytes.h"

namespace tirgen {
namespace {

TEST(FormatBytes, Units) {
  EXPECT_EQ(FormatBytes(0), "0 B");
  EXPECT_EQ(FormatBytes(1023), "1023 B");
  EXPECT_EQ(FormatBytes(1024), "1.0 KiB");
  EXPECT_EQ(FormatBytes(37632), "36.8 KiB");
  EXPECT_EQ(FormatBytes(2359296), "2.2 MiB");
}

}  // namespace
}  // namespace tirgen

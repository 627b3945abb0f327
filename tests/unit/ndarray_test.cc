#include "tirgen/ir/ndarray.h"

#include <gtest/gtest.h>

namespace tirgen {

TEST(NDArray, HashIsContentBasedAndCached) {
  std::vector<uint8_t> bytes(64);
  for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<uint8_t>(i);
  NDArray a({4, 4}, DataType::Float(32), bytes);
  NDArray b({4, 4}, DataType::Float(32), bytes);
  EXPECT_EQ(a->ContentHash(), b->ContentHash());
  EXPECT_EQ(a->ContentHash(), a->ContentHash());
  EXPECT_TRUE(a.ContentEqual(b));
  bytes[63] ^= 1;
  NDArray c({4, 4}, DataType::Float(32), bytes);
  EXPECT_NE(a->ContentHash(), c->ContentHash());
  EXPECT_FALSE(a.ContentEqual(c));
  NDArray d({16}, DataType::Float(32), a->bytes);  // same bytes, other shape
  EXPECT_FALSE(a.ContentEqual(d));
}

TEST(NDArray, SizeMismatchIsAnInternalError) {
  EXPECT_THROW(NDArray({3}, DataType::Float(32), std::vector<uint8_t>(8)), InternalError);
}

}  // namespace tirgen

#include "tirgen/ir/npz.h"

#include <gtest/gtest.h>

#include <cstring>

namespace tirgen {
namespace {

NDArray Iota(std::vector<int64_t> shape, DataType dtype) {
  NDArray z = NDArray::Zeros(shape, dtype);
  std::vector<uint8_t> bytes(z.nbytes());
  for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<uint8_t>(i * 7 + 1);
  if (dtype.is_bool())
    for (auto& b : bytes) b &= 1;
  return NDArray(shape, dtype, bytes);
}

TEST(Npz, RoundTripKeepsEveryArrayBitExactly) {
  std::map<std::string, NDArray> arrays{
      {"w", Iota({2, 3, 4}, DataType::Float(32))}, {"b", Iota({5}, DataType::Float(64))},
      {"scalar", Iota({}, DataType::Int(64))},     {"mask", Iota({3, 1}, DataType::Bool())},
      {"u8", Iota({7}, DataType::UInt(8))},        {"h", Iota({2, 2}, DataType::Float(16))},
      {"onnx::Conv_193", Iota({1, 1, 1, 1}, DataType::Int(8))},
  };
  auto back = ParseNpz(SerializeNpz(arrays));
  ASSERT_EQ(back.size(), arrays.size());
  for (const auto& kv : arrays) {
    ASSERT_TRUE(back.count(kv.first)) << kv.first;
    EXPECT_TRUE(back.at(kv.first).ContentEqual(kv.second)) << kv.first;
  }
}

TEST(Npz, NpyHeaderIsNumpyFormat1) {
  std::string bytes = SerializeNpy(Iota({3}, DataType::Float(32)));
  EXPECT_EQ(bytes.compare(0, 8, std::string("\x93NUMPY\x01\x00", 8)), 0);
  EXPECT_NE(bytes.find("{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }"), std::string::npos);
  EXPECT_EQ((bytes.size() - 12) % 64, 0u);  // header padded to 64 bytes
}

TEST(Npz, ReadsNumpyWrittenGoldenFiles) {
  auto params = LoadNpz(std::string(TIRGEN_SHARED_DIR) + "/golden/mlp_link_params/params.npz");
  ASSERT_EQ(params.size(), 4u);
  EXPECT_EQ(params.at("w1")->shape, (std::vector<int64_t>{64, 32}));
  EXPECT_EQ(params.at("b2")->shape, (std::vector<int64_t>{10}));
  EXPECT_EQ(params.at("w1")->dtype, DataType::Float(32));
  NDArray in = LoadNpy(std::string(TIRGEN_SHARED_DIR) + "/golden/conv2d_link_params/input_0.npy");
  EXPECT_EQ(in->shape, (std::vector<int64_t>{1, 64, 56, 56}));
  EXPECT_EQ(in->dtype, DataType::UInt(8));
}

TEST(Npz, BadInputIsAnError) {
  EXPECT_THROW(ParseNpz("not a zip file at all, no"), Error);
  EXPECT_THROW(ParseNpy("\x93NUMPY\x01\x00\x10\x00{'descr': '<f4'"), Error);
  std::string npy = SerializeNpy(Iota({4}, DataType::Float(32)));
  EXPECT_THROW(ParseNpy(npy.substr(0, npy.size() - 1)), Error);  // truncated data
  EXPECT_THROW(LoadNpz("/nonexistent/params.npz"), Error);
}

}  // namespace
}  // namespace tirgen

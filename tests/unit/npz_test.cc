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

// A float32 .npy whose header declares `shape_text`, with 12 bytes of data.
std::string NpyWithShape(const std::string& shape_text) {
  std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': " + shape_text + ", }\n";
  std::string out("\x93NUMPY\x01\x00", 8);
  out += static_cast<char>(header.size() & 0xff);
  out += static_cast<char>(header.size() >> 8);
  return out + header + std::string(12, '\0');
}

// Found by npy_fuzz: an L (Python 2's long suffix) before the digits reached std::stoll, whose
// std::invalid_argument escaped as a crash.
TEST(Npz, ShapeDimensionsAreDigitsWithAnOptionalLongSuffix) {
  EXPECT_EQ(ParseNpy(NpyWithShape("(3L,)"))->shape, (std::vector<int64_t>{3}));
  EXPECT_EQ(ParseNpy(NpyWithShape("(1, 3 )"))->shape, (std::vector<int64_t>{1, 3}));
  for (const char* bad : {"(L6,)", "(6L6,)", "(3LL,)", "(-3,)", "(3 3,)"}) {
    try {
      ParseNpy(NpyWithShape(bad), "x.npy");
      ADD_FAILURE() << bad << " was accepted";
    } catch (const Error& e) {
      EXPECT_EQ(std::string(e.what()), std::string("x.npy: malformed shape ") + bad) << bad;
    }
  }
}

// Found by npy_fuzz: an empty shape's other dims were multiplied later (NumElements, strides)
// and overflowed (UBSan) although the size check had skipped them.
TEST(Npz, EmptyShapeWhoseOtherDimsOverflowIsAnError) {
  EXPECT_EQ(ParseNpy(NpyWithShape("(1000, 0, 7)"))->shape, (std::vector<int64_t>{1000, 0, 7}));
  try {
    ParseNpy(NpyWithShape("(999999999999999, 999999999999999, 0)"), "e.npy");
    ADD_FAILURE() << "accepted";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()), "e.npy: shape (999999999999999, 999999999999999, 0) is empty "
                                     "but its other dimensions multiply beyond 64 bits");
  }
}

// Found by npy_fuzz: a zip64 record offset near 2^64 wrapped the bounds check around and was
// read far outside the file.
TEST(Npz, Zip64OffsetNearTheTopOfTheAddressSpaceIsAnError) {
  auto put = [](std::string* out, uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) *out += static_cast<char>((v >> (8 * i)) & 0xff);
  };
  std::string zip;
  put(&zip, 0x07064b50, 4);  // zip64 end-of-central-directory locator
  put(&zip, 0, 4);
  put(&zip, ~uint64_t{0} - 2, 8);  // the zip64 record's offset: 2^64 - 3
  put(&zip, 1, 4);
  put(&zip, 0x06054b50, 4);  // end of central directory, pointing at zip64 (0xFFFFFFFF)
  put(&zip, 0, 6);
  put(&zip, 1, 2);
  put(&zip, 0, 4);
  put(&zip, 0xFFFFFFFF, 4);
  put(&zip, 0, 2);
  try {
    ParseNpz(zip, "p.npz");
    ADD_FAILURE() << "accepted";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()), "p.npz: file is truncated");
  }
}

}  // namespace
}  // namespace tirgen

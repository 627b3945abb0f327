#include "tirgen/ir/dtype.h"

#include <gtest/gtest.h>

#include "tirgen/support/error.h"

namespace tirgen {

TEST(DataType, ParsesAndPrintsEveryScalarType) {
  for (const char* name : {"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                           "uint64", "float16", "float32", "float64", "bfloat16", "bool",
                           "handle", "void", "float32x4", "int8x16"}) {
    DataType t;
    ASSERT_TRUE(DataType::Parse(name, &t)) << name;
    EXPECT_EQ(t.str(), name);
  }
}

TEST(DataType, RejectsNonTypes) {
  DataType t;
  for (const char* name : {"", "int", "int7", "float8", "bfloat32", "uint1x", "floatx4", "T_add"})
    EXPECT_FALSE(DataType::Parse(name, &t)) << name;
  EXPECT_THROW(DataType::FromString("int7"), Error);
}

TEST(DataType, Predicates) {
  EXPECT_TRUE(DataType::Bool().is_bool());
  EXPECT_FALSE(DataType::Bool().is_uint());
  EXPECT_TRUE(DataType::UInt(8).is_integer());
  EXPECT_TRUE(DataType::BFloat(16).is_floating());
  EXPECT_EQ(DataType::Float(32, 4).element_of(), DataType::Float(32));
  EXPECT_EQ(DataType::Int(64).bytes(), 8);
}

}  // namespace tirgen

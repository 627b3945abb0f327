// DataType: TVM's (code, bits, lanes) triple; bool is uint1, void is handle with 0 bits; the
// 8-bit floats are TVM v0.14's e4m3_float8 / e5m2_float8 (codes 6 and 7).
#pragma once

#include <cstdint>
#include <string>

namespace tirgen {

class DataType {
 public:
  enum Code : uint8_t { kInt = 0, kUInt = 1, kFloat = 2, kHandle = 3, kBFloat = 4, kE4M3Float = 6, kE5M2Float = 7 };

  constexpr DataType() : code_(kHandle), bits_(0), lanes_(0) {}  // "void"
  constexpr DataType(Code code, int bits, int lanes = 1)
      : code_(code), bits_(static_cast<uint8_t>(bits)), lanes_(static_cast<uint16_t>(lanes)) {}

  static constexpr DataType Int(int bits, int lanes = 1) { return DataType(kInt, bits, lanes); }
  static constexpr DataType UInt(int bits, int lanes = 1) { return DataType(kUInt, bits, lanes); }
  static constexpr DataType Float(int bits, int lanes = 1) { return DataType(kFloat, bits, lanes); }
  static constexpr DataType BFloat(int bits, int lanes = 1) { return DataType(kBFloat, bits, lanes); }
  static constexpr DataType E4M3Float8(int lanes = 1) { return DataType(kE4M3Float, 8, lanes); }
  static constexpr DataType E5M2Float8(int lanes = 1) { return DataType(kE5M2Float, 8, lanes); }
  static constexpr DataType Bool(int lanes = 1) { return DataType(kUInt, 1, lanes); }
  static constexpr DataType Handle() { return DataType(kHandle, 64, 1); }
  static constexpr DataType Void() { return DataType(); }

  /// Parses "float32", "int64", "uint8", "bool", "handle", "bfloat16", "e4m3_float8",
  /// "float32x4", "void".
  /// Returns false (and leaves *out untouched) when the text is not a dtype.
  static bool Parse(const std::string& text, DataType* out);
  /// Like Parse but throws tirgen::Error naming the bad text.
  static DataType FromString(const std::string& text);

  Code code() const { return static_cast<Code>(code_); }
  int bits() const { return bits_; }
  int lanes() const { return lanes_; }
  int bytes() const { return (bits_ + 7) / 8; }

  bool is_int() const { return code_ == kInt; }
  bool is_uint() const { return code_ == kUInt && bits_ != 1; }
  bool is_bool() const { return code_ == kUInt && bits_ == 1; }
  /// int or uint (not bool)
  bool is_integer() const { return code_ == kInt || (code_ == kUInt && bits_ != 1); }
  bool is_float() const { return code_ == kFloat; }
  bool is_bfloat() const { return code_ == kBFloat; }
  /// e4m3_float8 / e5m2_float8: storage-only floats (arithmetic is legalized to a wider float).
  bool is_float8() const { return code_ == kE4M3Float || code_ == kE5M2Float; }
  bool is_floating() const { return code_ == kFloat || code_ == kBFloat || is_float8(); }
  bool is_handle() const { return code_ == kHandle && bits_ != 0; }
  bool is_void() const { return code_ == kHandle && bits_ == 0; }
  bool is_scalar() const { return lanes_ == 1; }
  bool is_vector() const { return lanes_ > 1; }

  DataType with_lanes(int lanes) const { return DataType(code(), bits_, lanes); }
  DataType element_of() const { return with_lanes(1); }

  /// "float32", "int64", "bool", "handle", "void", "float32x4".
  std::string str() const;

  bool operator==(const DataType& o) const {
    return code_ == o.code_ && bits_ == o.bits_ && lanes_ == o.lanes_;
  }
  bool operator!=(const DataType& o) const { return !(*this == o); }

 private:
  uint8_t code_;
  uint8_t bits_;
  uint16_t lanes_;
};

}  // namespace tirgen

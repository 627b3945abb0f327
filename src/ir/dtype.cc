#include "tirgen/ir/dtype.h"

#include <cstdlib>

#include "tirgen/support/error.h"

namespace tirgen {

bool DataType::Parse(const std::string& text, DataType* out) {
  if (text == "void") {
    *out = Void();
    return true;
  }
  if (text == "bool") {
    *out = Bool();
    return true;
  }
  if (text == "handle") {
    *out = Handle();
    return true;
  }
  Code code;
  std::string rest;
  auto starts = [&](const char* p) { return text.rfind(p, 0) == 0; };
  if (starts("e4m3_float")) {
    code = kE4M3Float;
    rest = text.substr(10);
  } else if (starts("e5m2_float")) {
    code = kE5M2Float;
    rest = text.substr(10);
  } else if (starts("bfloat")) {
    code = kBFloat;
    rest = text.substr(6);
  } else if (starts("float")) {
    code = kFloat;
    rest = text.substr(5);
  } else if (starts("uint")) {
    code = kUInt;
    rest = text.substr(4);
  } else if (starts("int")) {
    code = kInt;
    rest = text.substr(3);
  } else {
    return false;
  }
  int lanes = 1;
  auto x = rest.find('x');
  std::string bits_text = rest.substr(0, x);
  if (bits_text.empty() || bits_text.size() > 2) return false;
  for (char c : bits_text)
    if (c < '0' || c > '9') return false;
  int bits = std::atoi(bits_text.c_str());
  if (x != std::string::npos) {
    std::string lanes_text = rest.substr(x + 1);
    if (lanes_text.empty() || lanes_text.size() > 5) return false;
    for (char c : lanes_text)
      if (c < '0' || c > '9') return false;
    lanes = std::atoi(lanes_text.c_str());
    if (lanes < 1) return false;
  }
  bool ok = false;
  switch (code) {
    case kInt:
    case kUInt:
      ok = bits == 8 || bits == 16 || bits == 32 || bits == 64 || (code == kUInt && bits == 1);
      break;
    case kFloat:
      ok = bits == 16 || bits == 32 || bits == 64;
      break;
    case kBFloat:
      ok = bits == 16;
      break;
    case kE4M3Float:
    case kE5M2Float:
      ok = bits == 8;
      break;
    default:
      break;
  }
  if (!ok) return false;
  *out = DataType(code, bits, lanes);
  return true;
}

DataType DataType::FromString(const std::string& text) {
  DataType t;
  if (!Parse(text, &t))
    throw Error("unknown data type \"" + text +
                "\" (expected e.g. float32, float16, bfloat16, e4m3_float8, int8..int64, uint8..uint64, bool)");
  return t;
}

std::string DataType::str() const {
  if (is_void()) return "void";
  if (is_bool() && lanes_ == 1) return "bool";
  std::string s;
  switch (code()) {
    case kInt:
      s = "int";
      break;
    case kUInt:
      s = "uint";
      break;
    case kFloat:
      s = "float";
      break;
    case kBFloat:
      s = "bfloat";
      break;
    case kE4M3Float:
      s = "e4m3_float";
      break;
    case kE5M2Float:
      s = "e5m2_float";
      break;
    case kHandle:
      return "handle";
  }
  s += std::to_string(bits_);
  if (lanes_ != 1) s += "x" + std::to_string(lanes_);
  return s;
}

}  // namespace tirgen

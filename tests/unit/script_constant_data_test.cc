// T.allocate_const data as text and back (src/script/constant_data_print.cc, constants.cc):
// every float prints exactly as printf("%.17g") does (the fast formatter against the C
// library, ties and extremes included), every dtype round-trips bit for bit with its special
// values, the streamed printer writes the same bytes as the string one, and a malformed number
// deep inside a million-element list gives one located error.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "tirgen/script/parser.h"
#include "tirgen/script/printer.h"
#include "tirgen/support/error.h"
#include "tirgen/tir/function.h"
#include "tirgen/tir/structural_equal.h"

namespace tirgen {
namespace {

using namespace tir;  // NOLINT

// def main(): c = T.allocate_const([...], dtype, [n]); T.evaluate(0)
PrimFunc ConstFunc(DataType dtype, std::vector<uint8_t> bytes) {
  int64_t n = static_cast<int64_t>(bytes.size()) / dtype.bytes();
  PrimExpr extent = IntImm(DataType::Int(32), n);
  Var c = Var::Pointer("c", dtype);
  NDArray data({n}, dtype, std::move(bytes));
  Stmt body = AllocateConst(c, dtype, {extent}, data, Evaluate(IntImm(DataType::Int(32), 0)));
  return PrimFunc({}, body, {}, {});
}

template <class T>
PrimFunc ConstFuncOf(DataType dtype, const std::vector<T>& values) {
  std::vector<uint8_t> bytes(values.size() * sizeof(T));
  std::memcpy(bytes.data(), values.data(), bytes.size());
  return ConstFunc(dtype, std::move(bytes));
}

const NDArray& DataOf(const ObjectRef& f) {
  const auto* fn = f.as<PrimFuncNode>();
  EXPECT_NE(fn, nullptr);
  const auto* alloc = fn->body.as<AllocateConstNode>();
  EXPECT_NE(alloc, nullptr);
  return alloc->data;
}

// The elements of the (only) constant list of printed text.
std::vector<std::string> ListElements(const std::string& text) {
  size_t b = text.find("T.allocate_const([");
  EXPECT_NE(b, std::string::npos);
  b += std::strlen("T.allocate_const([");
  size_t e = text.find(']', b);
  std::vector<std::string> out;
  while (b < e) {
    size_t c = text.find(", ", b);
    if (c == std::string::npos || c > e) c = e;
    out.push_back(text.substr(b, c - b));
    b = c + 2;
  }
  return out;
}

std::string G17(double v) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.17g", v);
  return buf;
}

// Prints `values` as float64 and float32 constants and compares each element with printf.
void ExpectPrintfFormat(const std::vector<double>& values) {
  std::string text = script::Print(ConstFuncOf(DataType::Float(64), values));
  std::vector<std::string> got = ListElements(text);
  ASSERT_EQ(got.size(), values.size());
  int reported = 0;
  for (size_t i = 0; i < values.size() && reported < 10; ++i) {
    if (got[i] != G17(values[i])) {
      ADD_FAILURE() << "float64 " << std::hexfloat << values[i] << ": printed " << got[i] << ", printf gives " << G17(values[i]);
      ++reported;
    }
  }
  std::vector<float> floats;
  for (double v : values)
    if (std::fabs(v) <= std::numeric_limits<float>::max()) floats.push_back(static_cast<float>(v));
  got = ListElements(script::Print(ConstFuncOf(DataType::Float(32), floats)));
  ASSERT_EQ(got.size(), floats.size());
  for (size_t i = 0; i < floats.size() && reported < 10; ++i) {
    if (got[i] != G17(floats[i])) {
      ADD_FAILURE() << "float32 " << std::hexfloat << floats[i] << ": printed " << got[i] << ", printf gives " << G17(floats[i]);
      ++reported;
    }
  }
}

TEST(ScriptConstantData, FloatsPrintExactlyAsPrintfG17) {
  std::vector<double> v = {0.0, -0.0, 1.0, -1.0, 0.1, 0.5, 1e-5, 1e-4, 9.9999999999999995e-5, 1e16, 1e17,
                           99999999999999999.0, 123456789012345678.0, 1e21, 1e22, 1e300, 1e-300,
                           std::numeric_limits<double>::denorm_min(), std::numeric_limits<double>::min(),
                           std::numeric_limits<double>::max(), std::numeric_limits<float>::denorm_min(),
                           std::numeric_limits<float>::min(), std::numeric_limits<float>::max()};
  // Exact ties at the 17th digit (x.25 and x.75 with 16 integer digits): round half to even.
  for (int64_t j = 1; j < 4000; j += 2) v.push_back(static_cast<double>(4000000000000000 + j) / 4);
  for (int64_t j = 1; j < 2000; ++j) v.push_back(static_cast<double>(j) * 0.5e-3);
  // Near every power of ten, both types: where the decimal exponent changes.
  for (int e = -320; e <= 308; ++e) {
    double p = std::pow(10.0, e);
    v.push_back(p);
    v.push_back(std::nextafter(p, 0.0));
    v.push_back(std::nextafter(p, 1e309));
    float f = static_cast<float>(p);
    if (f != 0 && std::isfinite(f)) {
      v.push_back(f);
      v.push_back(std::nextafter(f, 0.0f));
      v.push_back(std::nextafter(f, 1e30f));
    }
  }
  // Random bit patterns over the whole range of both types.
  std::mt19937_64 rng(7);
  for (int i = 0; i < 200000; ++i) {
    uint64_t b = rng();
    double d;
    std::memcpy(&d, &b, 8);
    if (std::isfinite(d)) v.push_back(d);
    uint32_t u = static_cast<uint32_t>(b >> 17);
    float f;
    std::memcpy(&f, &u, 4);
    if (std::isfinite(f)) v.push_back(f);
  }
  ExpectPrintfFormat(v);
}

// Every dtype, with its extremes and special values: print, parse, same bits; re-print, same text.
TEST(ScriptConstantData, EveryDtypeRoundTripsBitExactly) {
  auto bits16 = [](std::vector<uint16_t> v) {
    std::vector<uint8_t> b(v.size() * 2);
    std::memcpy(b.data(), v.data(), b.size());
    return b;
  };
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  const float finf = std::numeric_limits<float>::infinity(), fnan = std::numeric_limits<float>::quiet_NaN();
  std::vector<PrimFunc> funcs = {
      ConstFuncOf<int8_t>(DataType::Int(8), {-128, 127, 0, -1}),
      ConstFuncOf<int16_t>(DataType::Int(16), {-32768, 32767, 0, -1}),
      ConstFuncOf<int32_t>(DataType::Int(32), {INT32_MIN, INT32_MAX, 0, -1}),
      ConstFuncOf<int64_t>(DataType::Int(64), {INT64_MIN, INT64_MAX, 0, -1}),
      ConstFuncOf<uint8_t>(DataType::UInt(8), {0, 255, 1}),
      ConstFuncOf<uint16_t>(DataType::UInt(16), {0, 65535, 1}),
      ConstFuncOf<uint32_t>(DataType::UInt(32), {0, UINT32_MAX, 1}),
      ConstFuncOf<uint64_t>(DataType::UInt(64), {0, UINT64_MAX, uint64_t(1) << 63}),
      ConstFuncOf<uint8_t>(DataType::Bool(), {0, 1, 1, 0}),
      // float16: ±0, smallest/largest subnormal, smallest normal, max, ±inf, 1/3.
      ConstFunc(DataType::Float(16), bits16({0x0000, 0x8000, 0x0001, 0x03ff, 0x0400, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x3555})),
      ConstFunc(DataType::BFloat(16), bits16({0x0000, 0x8000, 0x0001, 0x7f7f, 0xff7f, 0x3dcd, 0x7f80, 0xff80})),
      ConstFuncOf<float>(DataType::Float(32),
                         {0.0f, -0.0f, std::numeric_limits<float>::denorm_min(), -std::numeric_limits<float>::denorm_min(),
                          std::numeric_limits<float>::min(), std::numeric_limits<float>::max(),
                          -std::numeric_limits<float>::max(), 0.1f, 1e-7f, 16777218.0f, finf, -finf, fnan, 3.0f}),
      ConstFuncOf<double>(DataType::Float(64),
                          {0.0, -0.0, std::numeric_limits<double>::denorm_min(), std::numeric_limits<double>::min(),
                           std::numeric_limits<double>::max(), -std::numeric_limits<double>::max(), 0.1, 1e300, inf, -inf, nan, 2.5}),
  };
  for (const PrimFunc& f : funcs) {
    const NDArray& want = DataOf(f);
    SCOPED_TRACE(want->dtype.str());
    std::string text = script::Print(f);
    ObjectRef back;
    try {
      back = script::Parse(text, "<const>");
    } catch (const Error& e) {
      FAIL() << e.what() << "\n" << text;
    }
    const NDArray& got = DataOf(back);
    ASSERT_EQ(got->dtype, want->dtype);
    ASSERT_EQ(got.nbytes(), want.nbytes());
    EXPECT_EQ(std::memcmp(got.data(), want.data(), want.nbytes()), 0) << text;
    EXPECT_EQ(script::Print(back), text);
  }
}

TEST(ScriptConstantData, StreamedPrintIsTheSameText) {
  std::vector<float> v(300000);  // several megabytes of text: several pieces
  std::mt19937 rng(3);
  std::normal_distribution<float> normal;
  for (float& x : v) x = normal(rng);
  PrimFunc f = ConstFuncOf(DataType::Float(32), v);
  std::string whole = script::Print(f), streamed;
  int pieces = 0;
  script::Print(f, [&](std::string_view s) {
    streamed.append(s.data(), s.size());
    ++pieces;
  });
  EXPECT_GT(pieces, 2);
  EXPECT_TRUE(streamed == whole) << "streamed " << streamed.size() << " bytes, whole " << whole.size();
  // Small text too (one piece plus the final newline).
  PrimFunc small = ConstFuncOf<int32_t>(DataType::Int(32), {1, 2, 3});
  streamed.clear();
  script::Print(small, [&](std::string_view s) { streamed.append(s.data(), s.size()); });
  EXPECT_EQ(streamed, script::Print(small));
}

// A bad element deep inside a big list: one error, at its line and column.
TEST(ScriptConstantData, MalformedNumberInAMillionElementListIsLocated) {
  const int n = 1000000, bad = 654321;
  auto text_with = [&](const std::string& bad_text, const std::string& dtype, size_t* bad_col) {
    std::string text = "@T.prim_func\ndef f():\n    c = T.allocate_const([";
    for (int i = 0; i < n; ++i) {
      if (i) text += ", ";
      if (i == bad) {
        *bad_col = text.size() - text.rfind('\n');
        text += bad_text;
      } else {
        text += std::to_string(i % 100);
      }
    }
    text += "], \"" + dtype + "\", [" + std::to_string(n) + "])\n    T.evaluate(0)\n";
    return text;
  };
  struct Case {
    std::string bad, dtype, message;
  };
  const std::vector<Case> cases = {
      {"1.5", "int32", "expected an integer for an integer constant (int32)"},
      {"300", "int8", "value does not fit the constant's type (int8)"},
      {"-1", "uint8", "negative value for an unsigned constant (uint8)"},
      {"99999999999999999999", "int64", "integer constant out of range"},
      {"1.2.3", "float32", "invalid number literal"},
      {"12abc", "float32", "invalid number literal"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.bad + " as " + c.dtype);
    size_t col = 0;
    std::string text = text_with(c.bad, c.dtype, &col);
    try {
      script::Parse(text, "big.py");
      ADD_FAILURE() << "no error";
    } catch (const Error& e) {
      EXPECT_EQ(e.span().line, 3);
      // The lexer points at the number's start or at the character that spoils it.
      EXPECT_GE(e.span().column, static_cast<int>(col));
      EXPECT_LE(e.span().column, static_cast<int>(col + c.bad.size()));
      EXPECT_NE(e.message().find(c.message), std::string::npos) << e.message();
      EXPECT_EQ(e.message().find('\n'), std::string::npos) << "one line: " << e.message();
    }
  }
}

// float32 data text is read as numpy reads it (text -> nearest double -> nearest float), on the
// fast path for the printer's own form and through the exact conversion for everything else:
// random values, values a hair off or exactly on a rounding midpoint between two floats,
// short and long decimals, exponents at the fast path's edges, and a list spread over lines.
TEST(ScriptConstantData, Float32TextReadsAsNearestDoubleThenFloat) {
  std::vector<std::string> texts = {
      "0", "-0", "1", "0.1", "-2.5", "1e-3", "1E+3", "3.", ".5", "0.000123", "123456789012345678901234",
      "1.0000000596046448",          // 1 + 2^-24 in 17 digits: on the midpoint of 1 and its successor
      "1.0000000596046447753906250",  // the midpoint, exactly: ties to even (1.0)
      "1.00000005960464477539062501",  // just above it
      "1.0000001788139343",           // 1 + 3 * 2^-24: a midpoint rounding up to even
      "3.4028234663852886e+38", "3.4028235677973366e+38", "1.1754943508222875e-38", "1.4012984643248171e-45",
      "9.9999999999999998e-23", "1e-22", "1e22", "9.9999999999999992e+22", "1e-23", "1e23",
      "0.99999999999999999999", "12345678.901234567", "7.0064923216240854e-46"};
  std::mt19937 rng(11);
  for (int i = 0; i < 20000; ++i) {
    uint32_t bits = rng();
    float f;
    std::memcpy(&f, &bits, 4);
    if (!std::isfinite(f)) continue;
    texts.push_back(G17(f));
    texts.push_back(G17(std::nextafter(static_cast<double>(f), 0.0)));  // not a float's own text
  }
  std::string list;
  for (size_t i = 0; i < texts.size(); ++i) list += (i ? (i % 7 == 0 ? ",\n        " : ", ") : "") + texts[i];
  std::string text = "@T.prim_func\ndef f():\n    c = T.allocate_const([" + list + "], \"float32\", [" +
                     std::to_string(texts.size()) + "])\n    T.evaluate(0)\n";
  ObjectRef back = script::Parse(text, "<floats>");
  const NDArray& got = DataOf(back);
  ASSERT_EQ(got.nbytes(), texts.size() * 4);
  int reported = 0;
  for (size_t i = 0; i < texts.size() && reported < 10; ++i) {
    float want = static_cast<float>(std::strtod(texts[i].c_str(), nullptr)), have;
    std::memcpy(&have, got.data() + 4 * i, 4);
    if (std::memcmp(&want, &have, 4) != 0) {
      ADD_FAILURE() << texts[i] << ": read " << std::hexfloat << have << ", numpy gives " << want;
      ++reported;
    }
  }
}

}  // namespace
}  // namespace tirgen

// A PrimFunc with one large float32 AllocateConst (issue acceptance 3), shared by the round-trip
// test and bench/script_bench.cc:
//   def main(out: T.Buffer((n,), "float32")):
//       c = T.allocate_const([...], "float32", [n])
//       for i in range(n): out[i] = c_1[i]   # c_1 = T.Buffer((n,), data=c)
// The values are awkward on purpose: ±0, subnormals, extremes, then random bit patterns over the
// whole exponent range (a fixed seed, so every run prints the same text). No NaN or inf.
#pragma once

#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "tirgen/tir/function.h"

namespace tirgen {
namespace testing {

inline std::vector<uint32_t> Float32Patterns(size_t n, uint32_t seed = 20231202) {
  static const uint32_t kSpecial[] = {
      0x00000000u, 0x80000000u,  // +0, -0
      0x00000001u, 0x80000001u,  // smallest subnormals
      0x007fffffu, 0x807fffffu,  // largest subnormals
      0x00800000u, 0x80800000u,  // smallest normals
      0x7f7fffffu, 0xff7fffffu,  // largest finite
      0x3f800000u, 0xbf800000u,  // ±1
      0x3dcccccdu, 0x33d6bf95u,  // 0.1f, 1e-7f
      0x4b800001u, 0x5f000000u,  // 2^24+2, 2^63
  };
  std::vector<uint32_t> out;
  out.reserve(n);
  for (uint32_t v : kSpecial) {
    if (out.size() < n) out.push_back(v);
  }
  std::mt19937 rng(seed);
  while (out.size() < n) {
    uint32_t v = rng();
    if ((v & 0x7f800000u) == 0x7f800000u) continue;  // NaN or inf
    out.push_back(v);
  }
  return out;
}

inline tir::PrimFunc BigConstantFunc(size_t n) {
  using namespace tir;  // NOLINT
  const DataType f32 = DataType::Float(32), i32 = DataType::Int(32);
  std::vector<uint32_t> bits = Float32Patterns(n);
  std::vector<uint8_t> bytes(n * 4);
  std::memcpy(bytes.data(), bits.data(), bytes.size());
  NDArray data({static_cast<int64_t>(n)}, f32, std::move(bytes));
  PrimExpr extent = IntImm(i32, static_cast<int64_t>(n));

  Var out_handle("out", DataType::Handle());
  Buffer out = Buffer::Decl({extent}, f32, "out");
  Var c = Var::Pointer("c", f32);
  Buffer view = Buffer::Make(c, f32, {extent}, {}, PrimExpr(), "c_1");
  Var i("i", i32);
  Stmt loop = For(i, IntImm(i32, 0), extent, ForKind::kSerial,
                  BufferStore(out, BufferLoad(view, {i}), {i}));
  Stmt body = AllocateConst(c, f32, {extent}, data, loop);
  return PrimFunc({out_handle}, body, {{out_handle, out}},
                  {{"tir.noalias", IntImm(DataType::Bool(), 1)}});
}

}  // namespace testing
}  // namespace tirgen

// Threefry and the distributions built on it, as TE (see random.h for how this differs from
// TVM's ir_builder kernels; the bits and the values are TVM's).
#include "tirgen/topi/random.h"

#include <cmath>
#include <functional>
#include <limits>

#include "tirgen/te/operation.h"
#include "tirgen/tir/op.h"
#include "tirgen/topi/reduction.h"
#include "tirgen/topi/scan_sort.h"

namespace tirgen {
namespace topi {

using namespace tir;  // NOLINT

namespace {

constexpr int kRounds = 20;
// Skein's Threefry-256 rotation constants (TVM's _ROTATIONS[4]) and word permutation.
constexpr int kRotations[8][2] = {{14, 16}, {52, 57}, {23, 40}, {5, 37}, {25, 33}, {46, 12}, {58, 22}, {32, 32}};
constexpr int kPermutation[4] = {0, 3, 2, 1};
constexpr uint64_t kKeyParity = 0x1BD11BDAA9FC1A22ULL;  // k_{N_W}'s constant

DataType U64() { return DataType::UInt(64); }
PrimExpr U(uint64_t v) { return IntImm(U64(), static_cast<int64_t>(v)); }
PrimExpr I32(int64_t v) { return IntImm(DataType::Int(32), v); }
std::vector<PrimExpr> Vec(const std::vector<Var>& v) { return std::vector<PrimExpr>(v.begin(), v.end()); }
std::vector<PrimExpr> Dims(const std::vector<int64_t>& shape) {
  std::vector<PrimExpr> out;
  for (int64_t d : shape) out.push_back(I32(d));
  return out;
}
int64_t Product(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    if (__builtin_mul_overflow(n, d, &n)) return std::numeric_limits<int64_t>::max();
  return n;
}

PrimExpr Rotl(const PrimExpr& b, int r) { return bitwise_or(shift_left(b, U(r)), shift_right(b, U(64 - r))); }

// TVM's _shift_right of the 128-bit path position (hi, lo) by one bit; `hi_word` picks the
// result's word.
PrimExpr ShiftPosition(const PrimExpr& hi, const PrimExpr& lo, bool hi_word) {
  if (hi_word) return Select(eq(hi, U(1)), U(0), Select(eq(hi, U(0)), U(0), shift_right(hi, U(1))));
  return Select(eq(hi, U(1)), U(0x8000000000000000ULL), Select(eq(hi, U(0)), shift_right(lo, U(1)), U(0)));
}

// Initial state word j of block l.
using CounterFn = std::function<PrimExpr(const PrimExpr& l, const PrimExpr& j)>;

// 20 Threefry-4x64 rounds over `nblocks` blocks keyed by key[0..3]: (nblocks, 4) uint64. One
// TE stage for the extended key (TVM's full_key) and one per round, each round's words mixed
// in pairs and permuted; the key is injected before every fourth round (5 times, no final
// injection: TVM's loop).
Tensor Threefry(const Tensor& key, const CounterFn& counter, int64_t nblocks, const std::string& name) {
  Tensor ks = te::compute(
      {I32(5)},
      [&](const std::vector<Var>& v) {
        PrimExpr parity = U(kKeyParity);
        for (int i = 0; i < 4; ++i) parity = bitwise_xor(parity, key(I32(i)));
        return Select(lt(v[0], I32(4)), key(min(v[0], I32(3))), parity);
      },
      name + "_key_schedule");
  Tensor state = te::compute(
      {I32(nblocks), I32(4)}, [&](const std::vector<Var>& v) { return counter(v[0], v[1]); }, name + "_counter");
  for (int r = 0; r < kRounds; ++r) {
    int group = r / 4;
    Tensor prev = state;
    state = te::compute(
        {I32(nblocks), I32(4)},
        [&](const std::vector<Var>& v) {
          PrimExpr w[4];
          for (int j = 0; j < 4; ++j) {
            w[j] = prev(v[0], I32(j));
            if (r % 4 == 0) {  // key injection: ks[(s + j) % 5], plus s in the last word
              w[j] = w[j] + ks(I32((group + j) % 5));
              if (j == 3) w[j] = w[j] + U(group);
            }
          }
          PrimExpr mixed[4];
          for (int p = 0; p < 2; ++p) {
            PrimExpr a = w[2 * p], b = w[2 * p + 1];
            mixed[2 * p] = a + b;  // wraps: unsigned
            mixed[2 * p + 1] = bitwise_xor(mixed[2 * p], Rotl(b, kRotations[r % 8][p]));
          }
          PrimExpr j = v[1];
          return Select(eq(j, I32(0)), mixed[kPermutation[0]],
                        Select(eq(j, I32(1)), mixed[kPermutation[1]],
                               Select(eq(j, I32(2)), mixed[kPermutation[2]], mixed[kPermutation[3]])));
        },
        name + "_round" + std::to_string(r));
  }
  return state;
}

// Word i of key `gen` with its path extended by one bit, a 1 at the path position when `set`
// (words 4, 5), and the position (words 8, 9) moved one bit right; words 0..7 are otherwise
// `word`.
PrimExpr ExtendPath(const Tensor& gen, const PrimExpr& i, bool set, PrimExpr word) {
  PrimExpr g8 = gen(I32(8)), g9 = gen(I32(9));
  if (set) word = Select(eq(i, I32(4)), bitwise_or(gen(I32(4)), g8), Select(eq(i, I32(5)), bitwise_or(gen(I32(5)), g9), word));
  return Select(lt(i, I32(8)), word, Select(eq(i, I32(8)), ShiftPosition(g8, g9, true), ShiftPosition(g8, g9, false)));
}

// TVM's generators test "path position == 0" to make a new key once the path is full, with
// `gen[8] == 0 and gen[9] == 0`: Python's `and` takes the truth of a deferred TIR equality
// (an object-identity test, false), so that branch is dead in TVM and the path is always
// extended (by nothing, once full). Here too, so the bits stay TVM's.

// The key (10 words) `out_len` values are drawn from: `gen` itself when its counter has room;
// otherwise the path extended by a 1 at its position, which moves one bit right, and the
// counter reset.
Tensor GenerateKey(const Tensor& gen, int64_t out_len, const std::string& name) {
  return te::compute(
      {I32(10)},
      [&](const std::vector<Var>& v) {
        PrimExpr i = v[0];
        // TVM's gen[7] < 2^64 - 1 - out_len, as ~gen[7] > out_len (no literal beyond int64 to fold)
        PrimExpr room = gt(bitwise_not(gen(I32(7))), U(static_cast<uint64_t>(out_len)));
        return Select(room, gen(i), ExtendPath(gen, i, true, Select(lt(i, I32(4)), gen(i), U(0))));
      },
      name + "_key");
}

// `bits` (uint64) as floats in [0, 1): the top mantissa bits under exponent 0, minus one.
PrimExpr StandardUniform(const PrimExpr& bits, DataType dtype) {
  bool f32 = dtype.bits() == 32;
  DataType ut = f32 ? DataType::UInt(32) : U64();
  int nfraction = f32 ? 23 : 52, nbits = f32 ? 32 : 64;
  PrimExpr r = f32 ? cast(ut, bits) : bits;
  PrimExpr fraction = shift_right(r, IntImm(ut, nbits - nfraction));
  PrimExpr exponent = IntImm(ut, ((int64_t{1} << (nbits - nfraction - 2)) - 1) << nfraction);
  return reinterpret(dtype, bitwise_or(fraction, exponent)) - make_const(dtype, 1);
}

using ScalarFn = std::function<PrimExpr()>;

std::vector<Tensor> UniformWith(const Tensor& key, const ScalarFn& low, const ScalarFn& high,
                                const std::vector<int64_t>& out_shape, DataType dtype, const std::string& name) {
  TIRGEN_CHECK(dtype == DataType::Float(32) || dtype == DataType::Float(64))
      << "uniform: only float32 or float64 values, not " << dtype.str();
  std::vector<Tensor> gen = threefry_generate(key, out_shape);
  Tensor bits = gen[1];
  Tensor values = te::compute(
      Dims(out_shape),
      [&](const std::vector<Var>& v) { return StandardUniform(bits(Vec(v)), dtype) * (high() - low()) + low(); },
      name, "elemwise");
  return {gen[0], values};
}

}  // namespace

std::vector<uint64_t> threefry_key(const std::vector<uint64_t>& seed_words) {
  std::vector<uint64_t> key(10, 0);
  for (size_t i = 0; i < 4 && i < seed_words.size(); ++i) key[i] = seed_words[i];
  key[8] = 1ULL << 63;
  return key;
}

std::vector<Tensor> threefry_generate(const Tensor& key, const std::vector<int64_t>& out_shape) {
  int64_t out_len = Product(out_shape);
  TIRGEN_CHECK(out_len <= std::numeric_limits<int32_t>::max())
      << "threefry_generate: at most 2^31 - 1 values per draw (int32 indices), not " << out_len;
  int64_t nfull = out_len / 4, rem = out_len % 4;
  Tensor tmp = GenerateKey(key, out_len, "threefry_generate");
  // Block l < nfull counts from tmp's counter + l in every word (TVM's rule); the last
  // partial block has only word 7 advanced, by nfull * 4.
  CounterFn counter = [&](const PrimExpr& l, const PrimExpr& j) -> PrimExpr {
    PrimExpr base = tmp(I32(4) + j);
    PrimExpr full = base + cast(U64(), l);
    PrimExpr tail = base + Select(eq(j, I32(3)), U(static_cast<uint64_t>(nfull * 4)), U(0));
    if (rem == 0) return full;
    if (nfull == 0) return tail;
    return Select(lt(l, I32(nfull)), full, tail);
  };
  int64_t nblocks = nfull + (rem ? 1 : 0);
  Tensor bits;
  if (nblocks == 0) {
    bits = te::compute(Dims(out_shape), [](const std::vector<Var>&) { return U(0); }, "threefry_generate_bits");
  } else {
    Tensor blocks = Threefry(tmp, counter, nblocks, "threefry_generate");
    bits = te::compute(
        Dims(out_shape),
        [&](const std::vector<Var>& v) {
          PrimExpr flat = I32(0);  // < 2^31 (checked above)
          for (size_t d = 0; d < v.size(); ++d) flat = flat * I32(out_shape[d]) + v[d];
          return blocks(floordiv(flat, I32(4)), floormod(flat, I32(4)));
        },
        "threefry_generate_bits");
  }
  uint64_t advance = rem ? static_cast<uint64_t>(nfull * 4 + 4) : static_cast<uint64_t>(out_len);
  Tensor new_key = te::compute(
      {I32(10)},
      [&](const std::vector<Var>& v) {
        return Select(eq(v[0], I32(6)), U(0), Select(eq(v[0], I32(7)), tmp(I32(7)) + U(advance), tmp(v[0])));
      },
      "threefry_generate_next");
  return {new_key, bits};
}

std::vector<Tensor> threefry_split(const Tensor& gen) {
  // Left: the path unchanged (a 0 appended); right: a 1 at the path position. Both move the
  // position one bit right (see GenerateKey for the new-key branch TVM never takes).
  auto side = [&](bool right) {
    return te::compute(
        {I32(10)},
        [&](const std::vector<Var>& v) {
          return ExtendPath(gen, v[0], right, gen(v[0]));
        },
        right ? "threefry_split_right" : "threefry_split_left");
  };
  return {side(false), side(true)};
}

std::vector<Tensor> uniform(const Tensor& key, const Tensor& low, const Tensor& high,
                            const std::vector<int64_t>& out_shape, DataType dtype) {
  return UniformWith(
      key, [&] { return low(std::vector<PrimExpr>{}); }, [&] { return high(std::vector<PrimExpr>{}); }, out_shape,
      dtype, "uniform");
}

std::vector<Tensor> normal(const Tensor& key, const Tensor& mean, const Tensor& scale,
                           const std::vector<int64_t>& out_shape, DataType dtype) {
  std::vector<int64_t> shape2 = out_shape;
  shape2.insert(shape2.begin(), 2);
  std::vector<Tensor> u = UniformWith(
      key, [&] { return make_const(dtype, 0); }, [&] { return make_const(dtype, 1); }, shape2, dtype, "uniform");
  Tensor values = te::compute(
      Dims(out_shape),
      [&](const std::vector<Var>& v) {
        std::vector<PrimExpr> at0{I32(0)}, at1{I32(1)};
        for (const Var& x : v) {
          at0.push_back(x);
          at1.push_back(x);
        }
        PrimExpr u1 = make_const(dtype, 1) - u[1](at0);
        PrimExpr radius = sqrt(make_const(dtype, -2) * log(u1));
        PrimExpr angle = Call(dtype, "tir.sin", {make_const(dtype, 2.0 * M_PI) * u[1](at1)});
        return radius * angle * scale(std::vector<PrimExpr>{}) + mean(std::vector<PrimExpr>{});
      },
      "normal", "elemwise");
  return {u[0], values};
}

std::vector<Tensor> multinomial(const Tensor& key, const Tensor& probs, int64_t num_samples) {
  size_t nd = probs.ndim();
  TIRGEN_CHECK(nd >= 1) << "multinomial: probs needs at least one dimension";
  DataType f32 = DataType::Float(32);
  int last = static_cast<int>(nd) - 1;
  Tensor clipped = te::compute(
      probs->shape, [&](const std::vector<Var>& v) { return max(cast(f32, probs(Vec(v))), make_const(f32, 0)); },
      "multinomial_clip", "elemwise");
  Tensor total = sum(clipped, {last}, true);
  Tensor normalized = te::compute(
      probs->shape,
      [&](const std::vector<Var>& v) {
        std::vector<PrimExpr> row = Vec(v);
        row[last] = I32(0);
        return clipped(Vec(v)) / total(row);
      },
      "multinomial_normalize", "elemwise");
  Tensor cumulative = cumsum(normalized, last, f32, false);
  std::vector<int64_t> sample_shape;
  for (size_t d = 0; d < nd - 1; ++d) {
    const auto* n = probs->shape[d].as<IntImmNode>();
    TIRGEN_CHECK(n) << "multinomial: static shapes only";
    sample_shape.push_back(n->value);
  }
  sample_shape.push_back(num_samples);
  std::vector<Tensor> u = UniformWith(
      key, [&] { return make_const(f32, 0); }, [&] { return make_const(f32, 1); }, sample_shape, f32, "uniform");
  // (..., classes, samples): cumulative - draw where positive, else 1; the first smallest wins.
  std::vector<PrimExpr> gap_shape = probs->shape;
  gap_shape.push_back(I32(num_samples));
  Tensor gap = te::compute(
      gap_shape,
      [&](const std::vector<Var>& v) {
        std::vector<PrimExpr> at_class(v.begin(), v.end() - 1), at_sample(v.begin(), v.end() - 2);
        at_sample.push_back(v.back());
        PrimExpr d = cumulative(at_class) - u[1](at_sample);
        return Select(gt(d, make_const(f32, 0)), d, make_const(f32, 1));
      },
      "multinomial_gap", "elemwise");
  return {u[0], argmin(gap, {static_cast<int>(nd) - 1}, false)};
}

}  // namespace topi
}  // namespace tirgen

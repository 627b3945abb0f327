// sample_perfect_tile and sample_categorical: draws made exactly as TVM v0.14 makes them (the
// same seed gives TVM's decisions), given decisions checked, every result recorded with its
// decision.
#include <algorithm>
#include <limits>

#include "../utils.h"

namespace tirgen {
namespace tir {

namespace {

using support::LinearCongruentialEngine;

// Primes below this are "small": TVM's prime table covers them, and n_splits = 2 treats a
// larger prime factor (at most one, exponent 1) differently from small ones.
constexpr int64_t kSmallPrimeBound = 65536;

struct PrimePower {
  int64_t prime;
  int exponent;
};

// The prime factorization, primes ascending.
std::vector<PrimePower> Factorize(int64_t n) {
  std::vector<PrimePower> out;
  for (int64_t p = 2; p * p <= n; ++p) {
    int e = 0;
    for (; n % p == 0; n /= p) ++e;
    if (e) out.push_back({p, e});
  }
  if (n > 1) out.push_back({n, 1});
  return out;
}

int64_t Pow(int64_t base, int e) {
  int64_t r = 1;
  while (e-- > 0) r *= base;
  return r;
}

// k distinct values of [0, n), in TVM's draw order (partial Fisher-Yates; k <= 2 shortcut).
std::vector<int32_t> SampleWithoutReplacement(LinearCongruentialEngine& rng, int32_t n, int32_t k) {
  if (k == 1) return {rng.SampleInt(0, n)};
  if (k == 2) {
    int32_t a = rng.SampleInt(0, n);
    int32_t b = rng.SampleInt(0, n - 1);
    return {a, b >= a ? b + 1 : b};
  }
  std::vector<int32_t> order(n);
  for (int32_t i = 0; i < n; ++i) order[i] = i;
  for (int32_t i = 0; i < k; ++i) std::swap(order[i], order[rng.SampleInt(i, n)]);
  return {order.begin(), order.begin() + k};
}

// n factors of `extent`, uniform over the ways to distribute each prime power.
std::vector<int64_t> SampleTile(LinearCongruentialEngine& rng, int32_t extent, int32_t n) {
  if (n == 1) return {extent};
  std::vector<int64_t> result(n, 1);
  if (extent == 1) return result;
  for (const PrimePower& pp : Factorize(extent)) {
    if (n == 2) {
      if (pp.prime >= kSmallPrimeBound) {
        result[rng.SampleInt(0, 2) ? 1 : 0] *= pp.prime;
        continue;
      }
      int32_t x0 = rng.SampleInt(0, pp.exponent + 1);
      result[0] *= Pow(pp.prime, x0);
      result[1] *= Pow(pp.prime, pp.exponent - x0);
      continue;
    }
    if (pp.exponent == 1) {
      result[rng.SampleInt(0, n)] *= pp.prime;
      continue;
    }
    // Stars and bars: n - 1 bar positions among exponent + n - 1 slots.
    std::vector<int32_t> bars = SampleWithoutReplacement(rng, pp.exponent + n - 1, n - 1);
    std::sort(bars.begin(), bars.end());
    bars.push_back(pp.exponent + n - 1);
    for (int32_t i = 0, last = -1; i < n; ++i) {
      result[i] *= Pow(pp.prime, bars[i] - last - 1);
      last = bars[i];
    }
  }
  return result;
}

std::string TileError(const ForNode* loop, const std::string& why) {
  return "sample_perfect_tile of " + Describe(loop) + ": " + why;
}

}  // namespace

std::vector<ExprRV> Schedule::SamplePerfectTile(const LoopRV& loop_rv, int n, int max_innermost_factor,
                                                const std::optional<std::vector<int64_t>>& decision) {
  const ForNode* loop = state_->GetLoop(loop_rv);
  if (n < 1) throw ScheduleError(TileError(loop, "n must be at least 1, got " + std::to_string(n)));
  const int64_t* extent = as_const_int(loop->extent);
  std::vector<int64_t> result;
  if (!extent) {
    // Split infers the -1 from the extent at run time.
    result.assign(n, 1);
    result[0] = -1;
  } else if (decision) {
    result = *decision;
    int64_t product = 1;
    for (int64_t f : result) {
      if (f < 1) throw ScheduleError(TileError(loop, "decision factor " + std::to_string(f) + " is not positive"));
      product *= f;
    }
    if (static_cast<int>(result.size()) != n)
      throw ScheduleError(TileError(loop, "the decision has " + std::to_string(result.size()) +
                                              " factors but n is " + std::to_string(n)));
    if (product != *extent)
      throw ScheduleError(TileError(loop, "the decision's factors multiply to " + std::to_string(product) +
                                              ", not the loop extent " + std::to_string(*extent)));
  } else {
    if (*extent < 1 || *extent > std::numeric_limits<int32_t>::max())
      throw ScheduleError(TileError(loop, "extent " + std::to_string(*extent) + " is not in [1, 2^31-1]"));
    if (max_innermost_factor != -1 && (n < 2 || max_innermost_factor < 1))
      throw ScheduleError(TileError(loop, "max_innermost_factor " + std::to_string(max_innermost_factor) +
                                              " needs n >= 2 and a bound >= 1 (or -1 for none)"));
    do {
      result = SampleTile(rng_, static_cast<int32_t>(*extent), n);
    } while (max_innermost_factor != -1 && result.back() > max_innermost_factor);
  }
  std::vector<ExprRV> out;
  std::vector<TraceValue> outs;
  for (int64_t f : result) {
    out.push_back(NewExprRV(f));
    outs.push_back(Value(out.back()));
  }
  trace_.Append(Instruction{"sample_perfect_tile",
                            {{"loop", Value(loop_rv)},
                             {"n", TraceValue::Int(n)},
                             {"max_innermost_factor", TraceValue::Int(max_innermost_factor)},
                             {"decision", TraceValue::IntList(result)}},
                            outs,
                            true});
  return out;
}

ExprRV Schedule::SampleCategorical(const std::vector<int64_t>& candidates, const std::vector<double>& probs,
                                   const std::optional<int64_t>& decision) {
  const int64_t n = static_cast<int64_t>(candidates.size());
  if (n == 0 || probs.size() != candidates.size())
    throw ScheduleError("sample_categorical: " + std::to_string(n) + " candidates but " +
                        std::to_string(probs.size()) + " probabilities; give one probability per candidate");
  int64_t index;
  if (decision) {
    index = *decision;
    if (index < 0 || index >= n)
      throw ScheduleError("sample_categorical: decision " + std::to_string(index) +
                          " is not a candidate index in [0, " + std::to_string(n) + ")");
  } else {
    for (double p : probs)
      if (!(p >= 0)) throw ScheduleError("sample_categorical: probability " + std::to_string(p) + " is negative");
    index = rng_.SampleDiscrete(probs);
  }
  ExprRV out = NewExprRV(candidates[index]);
  std::vector<TraceValue> ps;
  for (double p : probs) ps.push_back(TraceValue::Float(p));
  trace_.Append(Instruction{"sample_categorical",
                            {{"candidates", TraceValue::IntList(candidates)},
                             {"probs", TraceValue::List(ps)},
                             {"decision", TraceValue::Int(index)}},
                            {Value(out)},
                            false});
  return out;
}

}  // namespace tir
}  // namespace tirgen

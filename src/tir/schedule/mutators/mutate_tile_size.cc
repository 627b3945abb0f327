// MutateTileSize (MetaSchedule's): in one sample_perfect_tile decision, a divisor d > 1 of one
// factor moves to another position (x / d, y * d): the product (the loop's extent) stays, so
// the split stays perfect; a move that would exceed the innermost bound is not a candidate.
#include "mutator_util.h"
#include "tirgen/tir/schedule/mutator.h"

namespace tirgen {
namespace tir {
namespace {

struct Move {
  size_t inst;
  size_t from, to;
  int64_t divisor;
};

}  // namespace

std::optional<Trace> MutateTileSize(const Trace& trace, const PrimFunc& func, support::LinearCongruentialEngine& rng) {
  std::vector<Move> moves;
  const auto& insts = trace.instructions();
  for (size_t k = 0; k < insts.size(); ++k) {
    if (insts[k].method != "sample_perfect_tile") continue;
    std::optional<TraceValue> decision = insts[k].decision();
    if (!decision) continue;
    const TraceValue* bound = insts[k].Arg("max_innermost_factor");
    int64_t max_inner = bound && bound->kind == TraceValue::kInt ? bound->i : -1;
    const std::vector<TraceValue>& f = decision->items;
    for (size_t x = 0; x < f.size(); ++x) {
      if (f[x].i < 1) continue;  // -1: a loop of unknown extent
      for (int64_t d = 2; d <= f[x].i; ++d) {
        if (f[x].i % d) continue;
        for (size_t y = 0; y < f.size(); ++y) {
          if (y == x || f[y].i < 1) continue;
          if (y + 1 == f.size() && max_inner > 0 && f[y].i * d > max_inner) continue;
          moves.push_back({k, x, y, d});
        }
      }
    }
  }
  std::vector<Trace> options;
  for (const Move& m : moves) {
    std::vector<int64_t> factors;
    const TraceValue decision = *insts[m.inst].decision();
    for (const TraceValue& v : decision.items) factors.push_back(v.i);
    factors[m.from] /= m.divisor;
    factors[m.to] *= m.divisor;
    options.push_back(trace.WithDecision(m.inst, TraceValue::IntList(factors)));
  }
  return mutators::OneThatReplays(std::move(options), func, rng);
}

}  // namespace tir
}  // namespace tirgen

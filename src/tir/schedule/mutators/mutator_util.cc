#include "mutator_util.h"

#include "tirgen/tir/schedule/schedule.h"

namespace tirgen {
namespace tir {
namespace mutators {

bool Mentions(const TraceValue& v, const TraceValue& rv) {
  if (v == rv) return true;
  for (const TraceValue& item : v.items)
    if (Mentions(item, rv)) return true;
  return false;
}

std::vector<size_t> Users(const Trace& trace, size_t index) {
  const auto& insts = trace.instructions();
  std::vector<size_t> users;
  for (size_t k = index + 1; k < insts.size(); ++k) {
    bool uses = false;
    for (const TraceValue& out : insts[index].outputs)
      for (const auto& arg : insts[k].args) uses = uses || Mentions(arg.second, out);
    if (uses) users.push_back(k);
  }
  return users;
}

std::vector<size_t> CategoricalsFeeding(const Trace& trace, bool (*feeds)(const Instruction&)) {
  std::vector<size_t> sites;
  for (size_t k = 0; k < trace.instructions().size(); ++k) {
    if (trace.instructions()[k].method != "sample_categorical") continue;
    for (size_t user : Users(trace, k))
      if (feeds(trace.instructions()[user])) {
        sites.push_back(k);
        break;
      }
  }
  return sites;
}

std::optional<Trace> OneThatReplays(std::vector<Trace> options, const PrimFunc& func,
                                    support::LinearCongruentialEngine& rng) {
  while (!options.empty()) {
    size_t k = static_cast<size_t>(rng.SampleInt(0, static_cast<int32_t>(options.size())));
    try {
      Schedule sch(func);
      options[k].ApplyTo(sch);
      return options[k];
    } catch (const Error&) {
      options.erase(options.begin() + static_cast<std::ptrdiff_t>(k));
    }
  }
  return std::nullopt;
}

std::optional<Trace> OtherCategorical(const Trace& trace, const std::vector<size_t>& sites, const PrimFunc& func,
                                      support::LinearCongruentialEngine& rng) {
  std::vector<Trace> options;
  for (size_t k : sites) {
    const Instruction& inst = trace.instructions()[k];
    const TraceValue* candidates = inst.Arg("candidates");
    std::optional<TraceValue> decision = inst.decision();
    if (!candidates || !decision) continue;
    for (size_t c = 0; c < candidates->items.size(); ++c)
      if (static_cast<int64_t>(c) != decision->i) options.push_back(trace.WithDecision(k, TraceValue::Int(static_cast<int64_t>(c))));
  }
  return OneThatReplays(std::move(options), func, rng);
}

}  // namespace mutators
}  // namespace tir
}  // namespace tirgen

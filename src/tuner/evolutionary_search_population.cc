// The evolutionary search's first generation: the task's fastest measured schedules (from the
// database, replayed once) and fresh samples of the design space.
#include "tirgen/tuner/evolutionary_search.h"

#include <algorithm>

#include "tirgen/tir/schedule/trace.h"

namespace tirgen {
namespace tuner {

std::vector<EvolutionarySearch::Member> EvolutionarySearch::MeasuredMembers(
    const std::vector<nlohmann::json>& best_measured, int count) {
  std::vector<Member> out;
  for (int i = 0; i < count && i < static_cast<int>(best_measured.size()); ++i) {
    std::string key = tir::JSONDumps(best_measured[i]);
    auto it = replayed_.find(key);
    if (it == replayed_.end()) {
      std::optional<Member> m;
      try {
        m = MakeMember(tir::ReplayCpuSchedule(task_.func, tir::Trace::FromJSON(best_measured[i])));
      } catch (const std::exception&) {
        // not of this design space: it cannot seed the population
      }
      it = replayed_.emplace(key, std::move(m)).first;
    }
    if (it->second) out.push_back(*it->second);
  }
  return out;
}

std::vector<EvolutionarySearch::Member> EvolutionarySearch::FreshSamples(int count) {
  std::vector<Member> out;
  std::set<uint64_t> drawn;
  // A small space repeats itself: stop after this many draws in a row gave nothing new.
  const int max_misses = std::max(16, count / 4);
  for (int misses = 0; static_cast<int>(out.size()) < count && misses < max_misses;) {
    Member m = MakeMember(tir::SampleCpuSchedule(task_.func, options_.target, task_.layout_free, rng_.ForkSeed()));
    if (Seen(m) || !drawn.insert(m.hash).second) {
      ++misses;
      continue;
    }
    misses = 0;
    out.push_back(std::move(m));
  }
  return out;
}

}  // namespace tuner
}  // namespace tirgen

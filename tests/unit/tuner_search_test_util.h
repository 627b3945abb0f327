// Shared by the search and tuning tests: a task from the design-space test cases, small search
// options, and a fake measurer (latency a function of the trace's text) for fast,
// deterministic tests of the search logic.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "design_space_test_util.h"
#include "tirgen/tuner/tune.h"

namespace tirgen {
namespace tuner_testing {

/// The task of design-space case `k` (0 conv2d, 1 depthwise, 2 dense, 3 max_pool2d).
inline tuner::TuneTask Task(int k) {
  const space_testing::Case& c = space_testing::Cases()[k];
  tuner::TuneTask t;
  t.name = c.name;
  t.func = space_testing::Lower(c.relay);
  t.mod = lower::TaskModule(t.func);
  t.layout_free = c.layout_free;
  return t;
}

/// Small populations: a round of 8 costs milliseconds.
inline tuner::TuneOptions SmallOptions() {
  tuner::TuneOptions o;
  o.target = target::Target::Host();
  o.num_trials_per_iter = 8;
  o.population_size = 24;
  o.init_min_unmeasured = 12;
  o.genetic_num_iters = 2;
  return o;
}

/// A deterministic "latency" in [1, 2) ms from the trace's text (FNV-1a).
inline double FakeSeconds(const tir::Trace& trace) {
  uint64_t h = 1469598103934665603ull;
  for (char c : trace.Str()) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  return 1e-3 * (1 + (h % 1000) / 1000.0);
}

/// Measures every candidate as FakeSeconds (their traces appended to `seen`); `fail_odd`
/// fails every other candidate measured.
inline tuner::MeasureFunction FakeMeasure(std::vector<std::string>* seen = nullptr, bool fail_odd = false) {
  auto count = std::make_shared<int64_t>(0);
  return [seen, fail_odd, count](const tuner::TuneTask&, const std::vector<tir::SampledSchedule>& cs) {
    std::vector<tuner::MeasureResult> rs;
    for (const tir::SampledSchedule& c : cs) {
      if (seen) seen->push_back(c.trace.Str());
      tuner::MeasureResult r;
      r.ok = !(fail_odd && (*count)++ % 2 == 1);
      if (r.ok) r.run_secs = {FakeSeconds(c.trace)};
      else r.error = "crashed: fake";
      rs.push_back(r);
    }
    return rs;
  };
}

}  // namespace tuner_testing
}  // namespace tirgen

// Is the tuner's design space worth searching? For two resnet18 3x3 convolutions (64 channels
// at 56x56, 256 at 14x14) and a 512 -> 1000 dense layer: the analytical default (ScheduleForCpu) and `--seeds` sampled points
// (SampleCpuSchedule, seeds 1..N) built and timed in the same run (median of `--repeat`
// measurements of at least 20 ms), each checked against the default's output.
//   build/design_space_bench [--seeds 30] [--repeat 5] [--case conv|dense] [--c SEED]
// --c SEED prints that seed's C source (0: the default's) instead of timing; --unroll SEED times
// that seed's point with each unroll depth (the trace replayed with the decision changed).
// --mutations SEEDS: for the tests' small conv2d and dense (and the two above), every candidate
// the mutators would try (MutateTileSize's factor moves, MutateParallel's and
// MutateComputeLocation's other values) on the traces of seeds 1..SEEDS is replayed: how many
// fail, and why.
// Prints one line per point (the trace's decisions), then best / median / worst GFLOP/s.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "bench_util.h"
#include "tirgen/relay/text.h"
#include "tirgen/runtime/build.h"
#include "tirgen/runtime/executor.h"
#include "tirgen/runtime/schedule_for_target.h"
#include "tirgen/runtime/time_evaluator.h"
#include "tirgen/target/target.h"
#include "tirgen/tir/schedule/cpu_schedule.h"
#include "tirgen/tir/schedule/design_space.h"
#include "tirgen/tir/schedule/mutator.h"
#include "tirgen/tir/schedule/schedule.h"


namespace {

using namespace tirgen;  // NOLINT

struct Case {
  const char* name;
  const char* relay;
  double flops;
};

const Case kCases[] = {
    {"conv", R"(#[version = "0.0.5"]
def @main(%x: Tensor[(1, 64, 56, 56), float32], %w: Tensor[(64, 64, 3, 3), float32]) {
  nn.conv2d(%x, %w, padding=[1, 1, 1, 1], channels=64, kernel_size=[3, 3])
}
)", 2.0 * 64 * 64 * 9 * 56 * 56},
    {"conv256", R"(#[version = "0.0.5"]
def @main(%x: Tensor[(1, 256, 14, 14), float32], %w: Tensor[(256, 256, 3, 3), float32]) {
  nn.conv2d(%x, %w, padding=[1, 1, 1, 1], channels=256, kernel_size=[3, 3])
}
)", 2.0 * 256 * 256 * 9 * 14 * 14},
    {"dense", R"(#[version = "0.0.5"]
def @main(%x: Tensor[(1, 512), float32], %w: Tensor[(1000, 512), float32]) {
  nn.dense(%x, %w, units=1000)
}
)", 2.0 * 512 * 1000},
    {"small_conv", R"(#[version = "0.0.5"]
def @main(%x: Tensor[(1, 16, 14, 14), float32], %w: Tensor[(32, 16, 3, 3), float32]) {
  nn.relu(nn.conv2d(%x, %w, padding=[1, 1, 1, 1], channels=32, kernel_size=[3, 3]))
}
)", 0},
    {"small_dense", R"(#[version = "0.0.5"]
def @main(%x: Tensor[(12, 64), float32], %w: Tensor[(48, 64), float32]) {
  nn.dense(%x, %w, units=48)
}
)", 0},
};

tir::PrimFunc Lower(const std::string& text) {
  IRModule lowered = runtime::LowerForExecution(relay::ParseModule(text));
  for (const auto& kv : lowered->functions)
    if (kv.second.as<tir::PrimFuncNode>()) return kv.second.cast<tir::PrimFunc>();
  std::fprintf(stderr, "no PrimFunc\n");
  std::exit(1);
}

// Every candidate trace of one mutator kind, as the mutators build them.
std::vector<tir::Trace> Candidates(const tir::Trace& trace, const std::string& kind, const tir::PrimFunc& func,
                                   bool blind) {
  using tir::Trace;
  std::vector<tir::Trace> out;
  const auto& insts = trace.instructions();
  for (size_t k = 0; k < insts.size(); ++k) {
    std::optional<tir::TraceValue> d = insts[k].decision();
    if (!d) continue;
    if (kind == "tile" && insts[k].method == "sample_perfect_tile") {
      const tir::TraceValue* bound = insts[k].Arg("max_innermost_factor");
      int64_t max_inner = bound && bound->kind == tir::TraceValue::kInt ? bound->i : -1;
      std::vector<int64_t> f;
      for (const tir::TraceValue& v : d->items) f.push_back(v.i);
      for (size_t x = 0; x < f.size(); ++x)
        for (int64_t dv = 2; dv <= f[x]; ++dv) {
          if (f[x] % dv) continue;
          for (size_t y = 0; y < f.size(); ++y) {
            if (y == x || (y + 1 == f.size() && max_inner > 0 && f[y] * dv > max_inner)) continue;
            std::vector<int64_t> g = f;
            g[x] /= dv;
            g[y] *= dv;
            out.push_back(trace.WithDecision(k, tir::TraceValue::IntList(g)));
          }
        }
    } else if (kind == "parallel" && insts[k].method == "sample_categorical") {
      bool feeds_split = false;
      for (size_t u = k + 1; u < insts.size(); ++u)
        if (insts[u].method == "split")
          for (const auto& a : insts[u].args)
            for (const tir::TraceValue& item : a.second.items) feeds_split = feeds_split || item == insts[k].outputs[0];
      const tir::TraceValue* c = insts[k].Arg("candidates");
      if (!feeds_split || !c) continue;
      for (size_t v = 0; v < c->items.size(); ++v)
        if (static_cast<int64_t>(v) != d->i) out.push_back(trace.WithDecision(k, tir::TraceValue::Int(v)));
    } else if ((kind == "location" || kind == "blind-location") && insts[k].method == "sample_compute_location") {
      // As MutateComputeLocation: the locations valid after the trace's prefix (blind: -2..31).
      Trace prefix;
      for (size_t j = 0; j < k; ++j) prefix.Append(insts[j]);
      tir::Schedule sch(func);
      prefix.ApplyTo(sch);
      tir::BlockRV rv;
      const tir::TraceValue* block = insts[k].Arg("block");
      for (size_t j = 0; j < k; ++j)
        for (size_t p = 0; p < insts[j].outputs.size(); ++p)
          if (insts[j].outputs[p] == *block) rv.id = static_cast<int>(sch.trace().instructions()[j].outputs[p].i);
      for (int64_t v = -2; v < 32; ++v) {
        if (v == d->i) continue;
        if (!blind) {
          tir::Schedule copy = sch.Copy();
          try {
            copy.SampleComputeLocation(rv, v);
          } catch (const tir::ScheduleError&) {
            continue;
          }
        }
        out.push_back(trace.WithDecision(k, tir::TraceValue::Int(v)));
      }
    }
  }
  return out;
}

void MeasureMutations(int seeds) {
  const target::Target target = target::Target::Host();
  for (const Case& c : kCases) {
    tir::PrimFunc f = Lower(c.relay);
    for (const char* kind : {"tile", "parallel", "location", "blind-location"}) {
      const bool blind = std::string(kind) == "blind-location";
      int tried = 0, failed = 0;
      std::map<std::string, int> reasons;
      for (int64_t seed = 1; seed <= seeds; ++seed) {
        tir::SampledSchedule s = tir::SampleCpuSchedule(f, target, {1}, seed);
        for (const tir::Trace& t : Candidates(s.trace, kind, f, blind)) {
          ++tried;
          try {
            tir::ReplayTrace(f, t);
          } catch (const Error& e) {
            ++failed;
            std::string why = e.what();
            if (std::getenv("SHOW_FAIL") && failed == 1) std::printf("%s\n%s\n", t.Str().c_str(), why.c_str());
            for (char& ch : why) if (ch >= '0' && ch <= '9') ch = '#';
            ++reasons[why.substr(0, std::min<size_t>(why.find('\n'), 150))];
          }
        }
      }
      std::printf("%s %s: %d of %d candidates fail to replay (%.0f%%)\n", c.name, kind, failed, tried,
                  tried ? 100.0 * failed / tried : 0.0);
      for (const auto& r : reasons) std::printf("    %4d x %s\n", r.second, r.first.c_str());
      std::fflush(stdout);
    }
    // The mutators themselves: 200 calls over the seeds' traces.
    using Mutator = std::optional<tir::Trace> (*)(const tir::Trace&, const tir::PrimFunc&,
                                                  support::LinearCongruentialEngine&);
    const std::pair<const char*, Mutator> mutators[] = {{"MutateTileSize", tir::MutateTileSize},
                                                        {"MutateParallel", tir::MutateParallel},
                                                        {"MutateComputeLocation", tir::MutateComputeLocation}};
    std::vector<tir::Trace> traces;
    for (int64_t seed = 1; seed <= seeds; ++seed) traces.push_back(tir::SampleCpuSchedule(f, target, {1}, seed).trace);
    for (const auto& m : mutators) {
      support::LinearCongruentialEngine rng(3);
      int none = 0;
      auto start = std::chrono::steady_clock::now();
      for (int call = 0; call < 200; ++call) none += !m.second(traces[call % traces.size()], f, rng).has_value();
      double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count() / 200;
      std::printf("%s %s: 200 calls, %d found nothing, %.1f ms a call\n", c.name, m.first, none, ms);
    }
  }
}


// The decisions of a trace, compactly: tiles, categorical values, locations.
std::string Decisions(const tir::Trace& trace) {
  std::string out;
  for (const tir::Instruction& inst : trace.instructions()) {
    std::optional<tir::TraceValue> d = inst.decision();
    if (!d) continue;
    if (!out.empty()) out += " ";
    if (inst.method == "sample_perfect_tile") {
      out += "t";
      for (const tir::TraceValue& v : d->items) out += (out.back() == 't' ? "" : "x") + std::to_string(v.i);
    } else if (inst.method == "sample_categorical") {
      const tir::TraceValue* c = inst.Arg("candidates");
      out += "c" + (c ? std::to_string(c->items.at(static_cast<size_t>(d->i)).i) : std::to_string(d->i));
    } else {
      out += "l" + std::to_string(d->i);
    }
  }
  return out;
}

struct Point {
  std::string label;
  double gflops = 0;
  double max_diff = 0;
};

// A built point, its arguments (packed as its schedule says) and output buffer, ready to time.
struct Built {
  runtime::Module module;
  std::vector<std::vector<uint8_t>> storage;
  std::vector<void*> args;
  NDArray output;
};

Built Build(const tir::PrimFunc& f, const std::vector<tir::ParamLayoutRewrite>& rewrites, std::vector<NDArray> inputs) {
  for (const tir::ParamLayoutRewrite& r : rewrites)
    inputs[r.param_index] = runtime::ApplyIndexMap(inputs[r.param_index], r.map);
  Built b{runtime::BuildModule(f), {}, {}, NDArray()};
  b.output = b.module.Run("main", inputs)[0];
  for (const NDArray& in : inputs) b.storage.emplace_back(in.data(), in.data() + in->NumElements() * 4);
  b.storage.emplace_back(b.output->NumElements() * 4);
  for (auto& s : b.storage) b.args.push_back(s.data());
  return b;
}

double Seconds(const Built& b, int repeat) {
  runtime::Module::EntryPoint fn = b.module.EntryOf("main");
  void** args = const_cast<void**>(b.args.data());
  return runtime::TimeEvaluator([&] { fn(args); }, repeat, 1, 20);
}

double MaxDiff(const NDArray& want, const NDArray& got) {
  double d = 0;
  for (int64_t i = 0; i < got->NumElements(); ++i)
    d = std::max(d, std::fabs(double(want.data_as<float>()[i]) - got.data_as<float>()[i]));
  return d;
}

}  // namespace

int main(int argc, char** argv) {
  int seeds = 30, repeat = 5;
  int64_t c_seed = -1, unroll_seed = -1;
  std::string only;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string a = argv[i];
    if (a == "--seeds") seeds = std::atoi(argv[i + 1]);
    else if (a == "--repeat") repeat = std::atoi(argv[i + 1]);
    else if (a == "--case") only = argv[i + 1];
    else if (a == "--c") c_seed = std::atoll(argv[i + 1]);
    else if (a == "--unroll") unroll_seed = std::atoll(argv[i + 1]);
    else if (a == "--mutations") return MeasureMutations(std::atoi(argv[i + 1])), 0;
  }
  const target::Target target = target::Target::Host();
  for (const Case& c : kCases) {
    if (!only.empty() && only != c.name) continue;
    if (c.flops == 0) continue;
    tir::PrimFunc f = Lower(c.relay);
    const std::set<int> layout_free = {1};
    if (c_seed >= 0) {
      tir::PrimFunc g = c_seed == 0 ? tir::ScheduleForCpu(f, target, layout_free).func
                                    : tir::SampleCpuSchedule(f, target, layout_free, c_seed).func;
      std::printf("%s\n", runtime::EmitC(IRModule({{"main", g}}), target).code.c_str());
      continue;
    }
    std::vector<NDArray> inputs;
    for (size_t i = 0; i + 1 < f->params.size(); ++i) {
      std::vector<int64_t> shape;
      for (const tir::PrimExpr& e : (*f->BufferOf(f->params[i]))->shape) shape.push_back(*tir::as_const_int(e));
      inputs.push_back(bench::Random(shape, 7 + static_cast<unsigned>(i)));
    }
    tir::CpuScheduleResult def = tir::ScheduleForCpu(f, target, layout_free);
    Built d = Build(def.func, def.rewrites, inputs);
    if (unroll_seed > 0) {
      tir::SampledSchedule s = tir::SampleCpuSchedule(f, target, layout_free, unroll_seed);
      const auto& insts = s.trace.instructions();
      for (size_t k = 0; k < insts.size(); ++k) {
        const tir::TraceValue* cands = insts[k].Arg("candidates");
        if (insts[k].method != "sample_categorical" || !cands || cands->items.size() != 4) continue;
        for (int64_t choice = 0; choice < 4; ++choice) {
          tir::Trace t = s.trace.WithDecision(k, tir::TraceValue::Int(choice));
          Built p = Build(tir::ReplayTrace(f, t), s.rewrites, inputs);
          double t_default = Seconds(d, repeat), sec = Seconds(p, repeat);
          std::printf("%s seed %lld unroll %lld: %.1f GFLOP/s (default %.1f)  max|diff| %.1e  %s\n", c.name,
                      static_cast<long long>(unroll_seed), static_cast<long long>(cands->items[choice].i),
                      c.flops / sec * 1e-9, c.flops / t_default * 1e-9, MaxDiff(d.output, p.output),
                      Decisions(t).c_str());
        }
      }
      continue;
    }
    // The default is timed again before each point: on a shared machine the load drifts, the
    // ratio to the default measured just before is what compares.
    std::vector<double> sampled, ratios, defaults;
    for (int64_t seed = 1; seed <= seeds; ++seed) {
      tir::SampledSchedule s = tir::SampleCpuSchedule(f, target, layout_free, seed);
      Built p = Build(s.func, s.rewrites, inputs);
      double t_default = Seconds(d, repeat), t = Seconds(p, repeat);
      std::printf("%s seed %2lld: %7.1f GFLOP/s (default %7.1f) x%.2f  max|diff| %.1e  %s\n", c.name,
                  static_cast<long long>(seed), c.flops / t * 1e-9, c.flops / t_default * 1e-9, t_default / t,
                  MaxDiff(d.output, p.output), Decisions(s.trace).c_str());
      std::fflush(stdout);
      sampled.push_back(c.flops / t * 1e-9);
      defaults.push_back(c.flops / t_default * 1e-9);
      ratios.push_back(t_default / t);
    }
    if (sampled.empty()) continue;
    for (auto* v : {&sampled, &ratios, &defaults}) std::sort(v->begin(), v->end());
    size_t mid = sampled.size() / 2;
    std::printf("%s: default median %.1f GFLOP/s | sampled best %.1f median %.1f worst %.1f GFLOP/s | "
                "speed vs default best x%.2f median x%.2f worst x%.2f (%zu seeds)\n",
                c.name, defaults[mid], sampled.back(), sampled[mid], sampled.front(), ratios.back(), ratios[mid],
                ratios.front(), sampled.size());
  }
  return 0;
}

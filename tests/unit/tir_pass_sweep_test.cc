// The lowering pipeline swept over every PrimFunc tirgen can produce from its test programs: the
// op fidelity cases, the pass-sweep cases (tests/data/pass_sweep: op families no golden covers),
// TVM's golden PrimFuncs (golden-passes/*/00_input.py), the scheduled golden modules and every
// TVMScript program of the `tirgen opt` goldens (tests/golden, at any stage of lowering). Each
// function goes through LoweringPipeline (tvm.lower's passes, then LowerIntrin) and after every
// pass: no error, the IR is well formed, print -> parse -> print is identical and structurally
// equal, and the function computes what it computed before the pass (random inputs, fixed seed,
// values compared bit for bit; NaN equals NaN). Values are taken by lowering the pass's output
// with only the passes the interpreter needs (below), so each pass is checked on its own.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <map>
#include <random>
#include <set>

#include "tir_pass_test_util.h"
#include "tirgen/lower/constant_evaluator.h"
#include "tirgen/lower/lower.h"
#include "tirgen/relay/expr_functor.h"
#include "tirgen/relay/text.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/tir/analysis/verify_well_formed.h"
#include "tirgen/tir/functor.h"
#include "tirgen/tir/interpreter.h"
#include "tirgen/tir/transforms/pipeline.h"

namespace tirgen {
namespace tir {
namespace {

namespace fs = std::filesystem;
using transform::Pass;

struct SweepFunc {
  std::string name;
  PrimFunc func;
};

std::vector<fs::path> Files(const fs::path& dir, const std::string& ext) {
  std::vector<fs::path> out;
  if (!fs::exists(dir)) return out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file() && e.path().extension() == ext) out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

// Every primitive function of a Relay program, optimized as `tirgen lower` does, lowered.
std::vector<SweepFunc> FromRelay(const fs::path& path) {
  IRModule mod = relay::ParseModule(testing::ReadText(path), path.string());
  relay::OptimizeConfig config = lower::DefaultOptimizeConfig();
  config.link_params = true;  // constants (weights) become allocate_const, as with link-params
  IRModule opt = relay::Optimize(mod, {}, config);
  std::vector<SweepFunc> out;
  relay::PostOrderVisit(opt.Lookup("main").cast<relay::Expr>(), [&](const relay::Expr& x) {
    if (const auto* f = x.as<relay::FunctionNode>())
      if (f->IsPrimitive())
        out.push_back({path.stem().string() + "#" + std::to_string(out.size()),
                       lower::LowerToPrimFunc(x.cast<relay::Function>())});
  });
  return out;
}

std::vector<SweepFunc> FromScript(const fs::path& path, const std::string& label) {
  std::vector<SweepFunc> out;
  IRModule mod = testing::ParseModule(testing::ReadText(path));
  for (const auto& [name, f] : mod->functions)
    if (f.as<PrimFuncNode>()) out.push_back({label + "#" + name, f.cast<PrimFunc>()});
  return out;
}

// The passes without which the interpreter cannot run a block-form function (init blocks,
// blocks, match_buffer views, multi-dimensional buffers, vectorized loops, TIR-only intrinsics).
// Each leaves a function already in its output form unchanged.
Pass Minimal() {
  return transform::Sequential(
      {transform::LowerInitBlock(), transform::ConvertBlocksToOpaque(), transform::LowerMatchBuffer(),
       transform::LowerOpaqueBlock(), transform::FlattenBuffer(), transform::VectorizeLoop(false),
       transform::LowerIntrin()},
      "MinimalLowering");
}

class Written : public StmtExprVisitor {
 public:
  std::set<const VarNode*> data;
  void VisitStmt_(const BufferStoreNode* op) override {
    data.insert(op->buffer->data.get());
    StmtExprVisitor::VisitStmt_(op);
  }
};

// Random inputs for the leading parameters that are never written (the function's inputs);
// empty optional when the parameters are not "inputs, then outputs" with constant shapes.
// Integers (indices, lengths, divisors) are drawn from {low, low + 1}.
std::optional<std::vector<NDArray>> RandomInputs(const PrimFunc& f, uint64_t seed, int64_t low) {
  Written w;
  w.VisitStmt(f->body);
  std::mt19937_64 rng(seed);
  std::vector<NDArray> out;
  bool outputs_started = false;
  for (const Var& v : f->params) {
    const Buffer* b = f->BufferOf(v);
    if (!b) return std::nullopt;
    if (w.data.count((*b)->data.get())) {
      outputs_started = true;
      continue;
    }
    if (outputs_started) return std::nullopt;
    std::vector<int64_t> shape;
    int64_t n = 1;
    for (const PrimExpr& e : (*b)->shape) {
      const auto* imm = e.as<IntImmNode>();
      if (!imm) return std::nullopt;
      shape.push_back(imm->value);
      n *= imm->value;
    }
    DataType t = (*b)->dtype;
    std::vector<uint8_t> bytes(static_cast<size_t>(n * t.bytes()));
    for (int64_t i = 0; i < n; ++i) {
      uint8_t* p = bytes.data() + i * t.bytes();
      if (t.is_float() && t.bits() == 32) {
        float x = std::uniform_real_distribution<float>(-2.f, 2.f)(rng);
        std::memcpy(p, &x, 4);
      } else if (t.is_float() && t.bits() == 64) {
        double x = std::uniform_real_distribution<double>(-2., 2.)(rng);
        std::memcpy(p, &x, 8);
      } else if (t.is_floating()) {
        // float16/bfloat16: a random small value's bits (exponent near 1, any mantissa)
        uint16_t x = static_cast<uint16_t>((t.is_bfloat() ? 0x3f00 : 0x3800) | (rng() & 0x81ff));
        std::memcpy(p, &x, 2);
      } else if (t.bits() == 8 && !t.is_bool()) {
        p[0] = static_cast<uint8_t>(rng());  // quantized data: the full range
      } else {
        // indices, lengths, booleans: valid for every axis of these small programs
        int64_t x = t.is_bool() ? static_cast<int64_t>(rng() % 2) : low + static_cast<int64_t>(rng() % 2);
        std::memcpy(p, &x, static_cast<size_t>(t.bytes()));
      }
    }
    out.push_back(NDArray(shape, t, std::move(bytes)));
  }
  return out;
}

// "" when equal, else where they first differ. Floats may differ by rounding only: Simplify
// rewrites `x / c` as `x * (1 / c)` (TVM's RewriteSimplifier does, so tirgen must), which can
// move a result by one unit in the last place. Tolerance: float32/float64 |a - b| <= 1e-6 *
// max(|a|, |b|) (NaN equals NaN), float16/bfloat16 one unit of the 16-bit pattern; integers exact.
std::string CompareOutputs(const std::vector<NDArray>& want, const std::vector<NDArray>& got) {
  if (want.size() != got.size()) return "output count " + std::to_string(got.size()) + " != " + std::to_string(want.size());
  auto close = [](double x, double y) {
    return x == y || (std::isnan(x) && std::isnan(y)) || std::fabs(x - y) <= 1e-6 * std::max(std::fabs(x), std::fabs(y));
  };
  for (size_t k = 0; k < want.size(); ++k) {
    const NDArray& a = want[k];
    const NDArray& b = got[k];
    std::string out = "output " + std::to_string(k);
    if (a->shape != b->shape || a->dtype != b->dtype || a.nbytes() != b.nbytes()) return out + ": type differs";
    if (std::memcmp(a.data(), b.data(), a.nbytes()) == 0) continue;
    DataType t = a->dtype;
    for (int64_t i = 0; i < a->NumElements(); ++i) {
      std::string at = out + "[" + std::to_string(i) + "]: ";
      if (t.is_float() && (t.bits() == 32 || t.bits() == 64)) {
        double x = t.bits() == 32 ? a.data_as<float>()[i] : a.data_as<double>()[i];
        double y = t.bits() == 32 ? b.data_as<float>()[i] : b.data_as<double>()[i];
        if (!close(x, y)) return at + std::to_string(y) + " instead of " + std::to_string(x);
      } else if (t.is_floating() && t.bits() == 16) {
        int x = a.data_as<uint16_t>()[i], y = b.data_as<uint16_t>()[i];
        if (std::abs(x - y) > 1) return at + "bits " + std::to_string(y) + " instead of " + std::to_string(x);
      } else {
        size_t w = static_cast<size_t>(t.bytes());
        if (std::memcmp(a.data() + i * w, b.data() + i * w, w) != 0) return at + "differs";
      }
    }
  }
  return "";
}

struct SweepStats {
  bool big_values = true;  ///< compare a big function's values after the last pass (else never)
  int functions = 0;
  int valued = 0;  ///< functions whose values were compared
  int big_skipped = 0;  ///< big functions whose values are never compared (big_values false)
  std::map<std::string, std::string> unvalued;  ///< function -> why no reference values
  std::map<std::string, int> changed;  ///< pass -> functions it changed
  std::vector<std::string> failures;
};

// Values of `mod`'s function `name` lowered by Minimal() (then StorageRewrite when `hoist`), or
// the error. PlanAndUpdateBufferAllocationLocation may place a buffer that carries values from
// one iteration to the next inside the loop (TVM v0.14 does so with argmax's temporary value
// buffer: its only block is under the reduction loop); TVM's pipeline relies on StorageRewrite
// hoisting every global allocation to the function's top, so the values of a pass's output are
// taken after StorageRewrite as well. The reference (the input, allocations at the root block)
// is taken without it, so StorageRewrite itself is checked too.
std::vector<NDArray> Values(const IRModule& mod, const std::string& name, const std::vector<NDArray>& in,
                            bool hoist, bool show) {
  IRModule low = Minimal()(mod);
  if (hoist) low = transform::StorageRewrite()(low);
  if (show) std::cout << "--- values taken from\n" << script::Print(low) << std::endl;
  return Interpreter(low->functions.at(name).cast<PrimFunc>()).Run(in);
}

// What a module holds that the checks must know about: vector expressions (the interpreter runs
// scalar code only); comparisons of two constants (TVMScript's parser folds `0 == 0` to True, as
// Python does: UnrollLoop's copies hold them until the next Simplify, in TVM too); an AttrStmt
// about a variable not bound where it stands (LowerOpaqueBlock puts a loop's pragma around the
// loop, about its variable; NarrowDataType then retypes the loop var but not the attribute's,
// as TVM's mutators never visit AttrStmt::node): TVMScript declares such a variable free
// (`i = T.int64()`), so no parse gives back the same variable, in TVM either. A parameter buffer
// with an elem_offset variable and offset_factor 0 (te.extern's placeholders, as TVM declares
// them: scatter_nd) prints as `offset_factor=0`, which TVMScript parses as offset 0, in TVM too.
class Features : public StmtExprVisitor {
 public:
  bool vector = false, constant_compare = false, unbound_attr_var = false, extern_offset_var = false;
  void VisitStmt_(const AttrStmtNode* op) override {
    if (const auto* v = op->node.as<VarNode>(); v && !bound_.count(v)) unbound_attr_var = true;
    StmtExprVisitor::VisitStmt_(op);
  }
  void VisitStmt_(const ForNode* op) override { Bound(op->loop_var, [&] { StmtExprVisitor::VisitStmt_(op); }); }
  void VisitStmt_(const LetStmtNode* op) override { Bound(op->var, [&] { StmtExprVisitor::VisitStmt_(op); }); }
  void VisitStmt_(const AllocateNode* op) override { Bound(op->buffer_var, [&] { StmtExprVisitor::VisitStmt_(op); }); }
  void VisitStmt_(const AllocateConstNode* op) override {
    Bound(op->buffer_var, [&] { StmtExprVisitor::VisitStmt_(op); });
  }
  void VisitExpr_(const RampNode* op) override {
    vector = true;
    StmtExprVisitor::VisitExpr_(op);
  }
  void VisitExpr_(const BroadcastNode* op) override {
    vector = true;
    StmtExprVisitor::VisitExpr_(op);
  }
  void VisitExpr_(const BinaryNode* op) override {
    if (IsCompareKind(op->kind()) && op->a.as<IntImmNode>() && op->b.as<IntImmNode>()) constant_compare = true;
    StmtExprVisitor::VisitExpr_(op);
  }
  /// Whether print -> parse -> print can be expected to reproduce the module.
  bool RoundTrips() const { return !constant_compare && !unbound_attr_var && !extern_offset_var; }
  static Features Of(const IRModule& mod) {
    Features f;
    for (const auto& [name, fn] : mod->functions) {
      const auto* pf = fn.as<PrimFuncNode>();
      if (!pf) continue;
      f.bound_.clear();
      for (const Var& v : pf->params) f.bound_.insert(v.get());
      for (const auto& [v, b] : pf->buffer_map) {
        f.bound_.insert(b->data.get());
        if (b->offset_factor == 0 && b->elem_offset.as<VarNode>()) f.extern_offset_var = true;
      }
      f.VisitStmt(pf->body);
    }
    return f;
  }

 private:
  template <class F>
  void Bound(const Var& v, F visit) {
    bool added = bound_.insert(v.get()).second;
    visit();
    if (added) bound_.erase(v.get());
  }
  std::set<const VarNode*> bound_;
};

// Whether an allocation sits under a loop (a program PlanAndUpdateBufferAllocationLocation has
// already run on): its reference values need StorageRewrite's hoisting too (see Values).
bool AllocatesInLoop(const Stmt& body) {
  struct V : StmtExprVisitor {
    int loops = 0;
    bool found = false;
    void VisitStmt_(const ForNode* op) override {
      ++loops;
      StmtExprVisitor::VisitStmt_(op);
      --loops;
    }
    void VisitStmt_(const AllocateNode* op) override {
      found = found || loops > 0;
      StmtExprVisitor::VisitStmt_(op);
    }
    void VisitStmt_(const BlockNode* op) override {
      found = found || (loops > 0 && !op->alloc_buffers.empty());
      StmtExprVisitor::VisitStmt_(op);
    }
  } v;
  v.VisitStmt(body);
  return v.found;
}

// Not the passes' doing (op_fidelity_util.h's RoundTripBug): a block read region at a point
// given by a narrower index (int32 p1[i] into an int64-shaped buffer: take, gather) has an int64
// extent 1 from lowering (CreatePrimFunc's IndexDataTypeNormalizer widens the region's
// constants, not the load), which the parser reads back as int32; the text is the same.
bool KnownRegionDtypeBug(const std::string& mismatch) {
  return (mismatch.find(".reads[") != std::string::npos || mismatch.find(".writes[") != std::string::npos) &&
         mismatch.find("Range.extent.IntImm: dtype int64 vs int32") != std::string::npos;
}

// Interpreting big functions after every pass costs seconds (a 56x56 conv); past this many
// elements of parameters, values are compared after the last pass only (TIRGEN_SWEEP_FULL=1
// compares them after every pass anyway).
constexpr int64_t kValueBudget = 1 << 16;

int64_t ParamElements(const PrimFunc& f) {
  int64_t n = 0;
  for (const auto& [v, b] : f->buffer_map) {
    int64_t e = 1;
    for (const PrimExpr& d : b->shape)
      if (const auto* imm = d.as<IntImmNode>()) e *= imm->value;
    n += e;
  }
  return n;
}

void Sweep(const SweepFunc& sf, SweepStats* stats) {
  ++stats->functions;
  const char* show_env = std::getenv("TIRGEN_SWEEP_SHOW");  // a function name's substring
  bool show = show_env && *show_env && sf.name.find(show_env) != std::string::npos;
  const std::string fname = "main";
  IRModule mod(std::map<std::string, ObjectRef>{{fname, sf.func}});
  std::vector<std::pair<std::string, IRModule>> steps;
  try {
    transform::PassObserverScope scope([&](const std::string& pass, const IRModule&, const IRModule& after) {
      steps.push_back({pass, after});
    });
    transform::LoweringPipeline()(mod);
  } catch (const std::exception& e) {
    stats->failures.push_back(sf.name + ": after " + (steps.empty() ? "start" : steps.back().first) +
                              ", the next pass failed: " + e.what());
    return;
  }
  // Integer inputs 0 or 1 first (indices); when the function cannot run on them (a divisor
  // of 0), 1 or 2.
  std::optional<std::vector<NDArray>> inputs, want;
  std::string why;
  bool every_step = std::getenv("TIRGEN_SWEEP_FULL") || ParamElements(sf.func) <= kValueBudget;
  for (int64_t low : {0, 1}) {
    if (!every_step && !stats->big_values) break;
    inputs = RandomInputs(sf.func, std::hash<std::string>()(sf.name), low);
    if (!inputs) break;
    try {
      want = Values(mod, fname, *inputs, AllocatesInLoop(sf.func->body), show);
      ++stats->valued;
      break;
    } catch (const std::exception& e) {
      why = e.what();
    }
  }
  if (!want) {
    if (!every_step && !stats->big_values) ++stats->big_skipped;
    else if (!inputs) stats->unvalued[sf.name] = "no random inputs (parameters are not inputs then outputs of constant shapes)";
    else stats->unvalued[sf.name] = why;
  }
  std::string before = script::Print(mod);
  if (show) std::cout << "=== " << sf.name << "\n" << before;
  for (size_t i = 0; i < steps.size(); ++i) {
    const auto& [pass, after] = steps[i];
    std::string where = sf.name + ": step " + std::to_string(i + 1) + " " + pass + ": ";
    std::vector<WellFormedProblem> problems = WellFormedProblems(after);
    if (!problems.empty()) stats->failures.push_back(where + "ill formed: " + FormatWellFormedProblems(problems, 3));
    std::string text = script::Print(after);
    if (text == before) continue;
    if (show) std::cout << "=== after " << pass << "\n" << text;
    ++stats->changed[pass];
    before = text;
    Features features = Features::Of(after);
    try {
      IRModule back = testing::ParseModule(text);
      std::string again = script::Print(back);
      if (again != text && features.RoundTrips())
        stats->failures.push_back(where + "printed text reprints differently: " + testing::FirstDiff(text, again));
      if (auto m = StructuralMismatch(after, back); m && features.RoundTrips() && !KnownRegionDtypeBug(*m))
        stats->failures.push_back(where + "round trip: " + *m);
    } catch (const std::exception& e) {
      stats->failures.push_back(where + "printed text does not parse: " + e.what());
    }
    if (!want || features.vector || (!every_step && i + 1 != steps.size())) continue;
    try {
      std::string diff = CompareOutputs(*want, Values(after, fname, *inputs, true, show));
      if (!diff.empty()) stats->failures.push_back(where + "values changed: " + diff);
    } catch (const std::exception& e) {
      stats->failures.push_back(where + "does not run: " + e.what());
    }
  }
}

// Functions whose values cannot be compared, by name, with the reason; every other function's
// values are (big ones skipped by design aside), and an entry that no longer applies fails too.
using Exemptions = std::map<std::string, std::string>;

void Report(const std::string& what, const SweepStats& s, const Exemptions& exempt) {
  std::cout << "[ sweep    ] " << what << ": " << s.functions << " functions, " << s.valued
            << " with values compared, " << s.big_skipped << " big ones not valued by design, " << exempt.size()
            << " exempt; changed by:";
  for (const auto& [p, n] : s.changed) std::cout << " " << p << "=" << n;
  std::cout << std::endl;
  for (const std::string& f : s.failures) ADD_FAILURE() << f;
  for (const auto& [name, why] : s.unvalued)
    if (!exempt.count(name)) ADD_FAILURE() << name << ": values not compared: " << why;
  for (const auto& [name, why] : exempt)
    if (!s.unvalued.count(name)) ADD_FAILURE() << name << ": exempt (" << why << ") but its values are compared now";
  EXPECT_EQ(s.valued, s.functions - s.big_skipped - static_cast<int>(exempt.size())) << what;
}

void SweepAll(const std::string& what, const std::vector<fs::path>& files,
              const std::function<std::vector<SweepFunc>(const fs::path&)>& load, bool big_values = true,
              const Exemptions& exempt = {}) {
  SweepStats stats;
  stats.big_values = big_values;
  for (const fs::path& file : files) {
    std::vector<SweepFunc> fns;
    try {
      fns = load(file);
    } catch (const std::exception& e) {
      ADD_FAILURE() << file << ": " << e.what();
      continue;
    }
    for (const SweepFunc& f : fns) Sweep(f, &stats);
  }
  Report(what, stats, exempt);
  EXPECT_GT(stats.functions, 0) << what;
}

TEST(PassSweep, OpFidelityCases) {
  SweepAll("op fidelity", Files(fs::path(TIRGEN_SOURCE_DIR) / "tests" / "data" / "op_fidelity", ".relay"), FromRelay);
}

TEST(PassSweep, SweepCases) {
  SweepAll("pass sweep", Files(fs::path(TIRGEN_SOURCE_DIR) / "tests" / "data" / "pass_sweep", ".relay"), FromRelay);
}

TEST(PassSweep, GoldenPrimFuncs) {
  std::vector<fs::path> inputs;
  for (const fs::path& p : Files(fs::path(TIRGEN_SHARED_DIR) / "golden-passes", ".py"))
    if (p.filename() == "00_input.py") inputs.push_back(p);
  SweepAll("golden PrimFuncs", inputs, [](const fs::path& p) { return FromScript(p, p.parent_path().filename().string()); });
}

// The final module of each golden schedule (compute_at, cache reads, blockize, tensorize, ...).
TEST(PassSweep, ScheduledModules) {
  std::vector<fs::path> last;
  fs::path root = fs::path(TIRGEN_SHARED_DIR) / "golden-schedule";
  ASSERT_TRUE(fs::exists(root)) << root << ": the golden-schedule folder is missing";
  for (const auto& e : fs::directory_iterator(root)) {
    if (!e.is_directory()) continue;
    fs::path best;
    for (const auto& f : fs::directory_iterator(e.path())) {
      std::string n = f.path().filename().string();
      if (n.size() > 3 && std::isdigit(static_cast<unsigned char>(n[0])) && std::isdigit(static_cast<unsigned char>(n[1])) &&
          n[2] == '_' && f.path().extension() == ".py" && n > best.filename().string())
        best = f.path();
    }
    if (!best.empty()) last.push_back(best);
  }
  std::sort(last.begin(), last.end());
  SweepAll("scheduled modules", last, [](const fs::path& p) { return FromScript(p, p.parent_path().filename().string()); });
}

// The TVMScript programs of the `tirgen opt` goldens (tests/golden: schedule results, pass
// inputs and outputs at every stage of the pipeline, hand-written corner cases), from wherever
// they stand in the pipeline to the end.
TEST(PassSweep, OptGoldenPrograms) {
  std::vector<fs::path> files;
  for (const fs::path& p : Files(fs::path(TIRGEN_SOURCE_DIR) / "tests" / "golden", ".py")) {
    std::string n = p.filename().string();
    if (n.find(".trace.") == std::string::npos && n.find(".intrin.") == std::string::npos) files.push_back(p);
  }
  // The big ones among them (TVM's golden convolutions at every stage) are the golden
  // PrimFuncs above, whose values are compared: here only their IR is checked, for CI time.
  // The reference interpreter runs scalar CPU TIR; these programs are not that, or take no
  // random inputs, and have no reference values.
  const std::string vector = "vector values (the reference interpreter runs scalar TIR only)";
  const std::string no_inputs = "no random inputs: a parameter is not an input of constant shape before the outputs";
  const Exemptions exempt = {
      {"pipeline/add_fuse_parallel_vectorize.expected.py#main", vector},
      {"tir.CommonSubexprElimTIR/add_fuse_parallel_vectorize.expected.py#main", vector},
      {"tir.CommonSubexprElimTIR/add_fuse_parallel_vectorize.py#main", vector},
      {"tir.CompactBufferAllocation/vector_index_store.expected.py#main", vector},
      {"tir.CompactBufferAllocation/vector_index_store.py#main", vector},
      {"tir.VectorizeLoop/add_fuse_parallel_vectorize.expected.py#main", vector},
      {"tir.VectorizeLoop/elementwise_becomes_ramps.expected.py#main", vector},
      {"tir.VectorizeLoop/falls_back_to_serial_and_keeps_allocate_const.expected.py#main", vector},
      {"tir.HoistIfThenElse/condition_on_a_parameter_leaves_all_loops.expected.py#main", no_inputs},
      {"tir.HoistIfThenElse/condition_on_a_parameter_leaves_all_loops.py#main", no_inputs},
      {"tir.RemoveNoOp/keeps_only_effects.expected.py#main", no_inputs},
      {"tir.RemoveNoOp/keeps_only_effects.py#main", no_inputs},
      {"tir.VectorizeLoop/guards_stay_over_vector_stores.expected.py#main", no_inputs},
      {"tir.VectorizeLoop/guards_stay_over_vector_stores.py#main", no_inputs},
      {"tir.InstrumentBoundCheckers/gather_and_padding.expected.py#main",
       "tirgen_check_index calls (the reference interpreter does not run them)"},
      {"tir.NarrowDataType/thread_extents_bind_their_vars.expected.py#main", "GPU thread-bound loops"},
      {"tir.NarrowDataType/thread_extents_bind_their_vars.py#main", "GPU thread-bound loops"},
  };
  SweepAll(
      "opt goldens", files,
      [](const fs::path& p) { return FromScript(p, p.parent_path().filename().string() + "/" + p.filename().string()); },
      /*big_values=*/false, exempt);
}

// `tirgen opt` runs any pass on any program: each registered pass alone, on every program
// above at whatever stage it is, either works (a well-formed result that prints and parses back)
// or refuses with a user error (e.g. "run tir.LowerInitBlock first"), never an internal error.
TEST(PassSweep, EachPassAloneOnEveryProgram) {
  std::vector<fs::path> files;
  for (const fs::path& p : Files(fs::path(TIRGEN_SOURCE_DIR) / "tests" / "golden", ".py")) {
    std::string n = p.filename().string();
    if (n.find(".trace.") == std::string::npos && n.find(".intrin.") == std::string::npos) files.push_back(p);
  }
  // Every registered pass, with its defaults (NarrowDataType's required target_bits: 32).
  std::vector<Pass> passes;
  for (const std::string& name : transform::ListPasses()) {
    std::vector<int64_t> args;
    for (const transform::PassParam& p : transform::PassParams(name))
      if (!p.default_value) args.push_back(32);
    passes.push_back(transform::GetPassFactory(name)(args));
  }
  ASSERT_GE(passes.size(), 10u);
  int runs = 0, refused = 0;
  for (const fs::path& file : files) {
    IRModule mod;
    try {
      mod = testing::ParseModule(testing::ReadText(file));
    } catch (const std::exception& e) {
      ADD_FAILURE() << file << ": " << e.what();
      continue;
    }
    for (const Pass& pass : passes) {
      ++runs;
      try {
        IRModule out = pass(mod);
        std::vector<WellFormedProblem> problems = WellFormedProblems(out);
        EXPECT_TRUE(problems.empty()) << file << " after " << pass.name() << ": " << FormatWellFormedProblems(problems, 3);
        testing::ParseModule(script::Print(out));
      } catch (const InternalError& e) {
        ADD_FAILURE() << file << " after " << pass.name() << ": " << e.what();
      } catch (const Error&) {
        ++refused;
      }
    }
  }
  std::cout << "[ sweep    ] each pass alone: " << runs << " runs, " << refused << " refused with a user error" << std::endl;
}

}  // namespace
}  // namespace tir
}  // namespace tirgen

// The walk that extracts the raw per-store features (tuner/feature_store.h): loops are pushed
// and popped around their bodies, each non-constant store gets groups 1-3 and 5 on the spot,
// and allocations (group 4, known only when their block or the parameters are seen) are filled
// in at the end.
#include <unordered_map>

#include "feature_internal.h"
#include "tirgen/tir/functor.h"

namespace tirgen {
namespace tuner {

int64_t ArithCounts::FloatOps() const {
  return float_add_sub + float_mul + float_div_mod + float_cmp + float_math_func + float_other_func;
}

namespace {

using namespace tir;    // NOLINT
using namespace detail;  // NOLINT

// FLOPs per byte touched as loop levels are added from the innermost out, sampled where the
// FLOPs reach (k + 1) / n of the store's total, interpolating between levels (TVM's group 3).
std::vector<double> ArithIntensityCurve(int n_samples, const LoopNest& nest,
                                        const std::vector<int64_t>& for_touched_bytes,
                                        const ArithCounts& arith) {
  std::vector<double> curve(n_samples, 0.0);
  size_t n = nest.loops.size();
  if (n == 0 || nest.prod <= 0 || arith.FloatOps() <= 0) return curve;
  std::vector<double> ops, bytes;  // inner to outer
  double total = static_cast<double>(arith.FloatOps()) / static_cast<double>(nest.prod);
  for (size_t i = n; i-- > 0;) {
    if (const int64_t* e = ConstExtent(nest.loops[i])) total *= static_cast<double>(*e);
    ops.push_back(total);
    bytes.push_back(std::max<double>(1.0, static_cast<double>(for_touched_bytes[i])));
  }
  size_t p = 0;
  for (int k = 0; k < n_samples; ++k) {
    double target = static_cast<double>(k + 1) / n_samples * total;
    while (p + 1 < n && ops[p] < target - 1e-4) ++p;
    if (p == 0) {
      curve[k] = slog(ops[0] / bytes[0]);
      continue;
    }
    double base = ops[p - 1] / bytes[p - 1];
    double slope = (ops[p] / bytes[p] - base) / (ops[p] - ops[p - 1]);
    curve[k] = slog(base + slope * (target - ops[p - 1]));
  }
  return curve;
}

int64_t NumElements(const std::vector<PrimExpr>& extents) {
  int64_t n = 1;
  for (const PrimExpr& e : extents) {
    const int64_t* c = as_const_int(e);
    n *= c && *c > 0 ? *c : 1;
  }
  return n;
}

class StoreCollector : public StmtExprVisitor {
 public:
  StoreCollector(const FeatureConfig& config, ProgramFeatures* out) : config_(config), out_(out) {}

  void Run(const PrimFunc& f) {
    VisitStmt(f->body);
    for (const auto& param : f->buffer_map) {
      const Buffer& b = param.second;
      allocs_.emplace(b->data.get(), Alloc(b->shape, b->dtype, 1));
    }
  }

  void Finish() {
    FunctionFeature& fn = out_->function;
    for (size_t i = 0; i < out_->stores.size(); ++i) {
      StoreFeature& s = out_->stores[i];
      auto it = allocs_.find(store_data_[i]);
      if (it != allocs_.end()) s.alloc = it->second;
      fn.float_ops += s.arith.FloatOps();
    }
    fn.num_stores = static_cast<int64_t>(out_->stores.size());
  }

 private:
  using StmtExprVisitor::VisitStmt_;

  void VisitStmt_(const ForNode* op) override {
    nest_.Push(op);
    StmtExprVisitor::VisitStmt_(op);
    nest_.Pop();
  }

  void VisitStmt_(const BlockNode* op) override {
    StmtExprVisitor::VisitStmt_(op);
    for (const Buffer& b : op->alloc_buffers) AddIntermediate(b->data.get(), b->shape, b->dtype);
  }

  void VisitStmt_(const AllocateNode* op) override {
    StmtExprVisitor::VisitStmt_(op);
    AddIntermediate(op->buffer_var.get(), op->extents, op->dtype);
  }

  void VisitStmt_(const BufferStoreNode* op) override {
    Kind k = op->value.kind();
    if (k == Kind::kIntImm || k == Kind::kFloatImm) return;  // initialisation, not computation
    StoreFeature s;
    s.buffer = op->buffer->name;
    s.arith = CountArith(op, nest_.prod);
    StoreIndexVars vars(op);
    s.vectorize = LoopKindFeature(nest_.vectorize, nest_, vars);
    s.unroll = LoopKindFeature(nest_.unroll, nest_, vars);
    s.parallel = LoopKindFeature(nest_.parallel, nest_, vars);
    std::vector<int64_t> for_touched_bytes;
    s.accesses = AccessFeatures(op, nest_, config_.cache_line_bytes, &for_touched_bytes, &touched_);
    s.arith_intensity_curve = ArithIntensityCurve(config_.arith_intensity_curve_num_samples, nest_,
                                                  for_touched_bytes, s.arith);
    s.outer_prod = nest_.prod;
    s.num_loops = static_cast<int64_t>(nest_.loops.size());
    for (int64_t step : nest_.auto_unroll) {
      if (step > 0) s.auto_unroll_max_step = step;
    }
    out_->stores.push_back(std::move(s));
    store_data_.push_back(op->buffer->data.get());
  }

  AllocFeature Alloc(const std::vector<PrimExpr>& shape, DataType dtype, int64_t outer_prod) const {
    int64_t numel = NumElements(shape);
    return AllocFeature{numel * dtype.bytes(), numel * outer_prod, outer_prod};
  }

  void AddIntermediate(const VarNode* data, const std::vector<PrimExpr>& shape, DataType dtype) {
    AllocFeature a = Alloc(shape, dtype, nest_.prod);
    allocs_[data] = a;
    out_->function.alloc_bytes += a.alloc_size;
    out_->function.num_allocs += 1;
  }

  const FeatureConfig& config_;
  ProgramFeatures* out_;
  LoopNest nest_;
  TouchedUnderLoop touched_;
  std::vector<const VarNode*> store_data_;  // the storage each store writes, per row
  std::unordered_map<const VarNode*, AllocFeature> allocs_;
};

}  // namespace

ProgramFeatures ExtractStoreFeatures(const IRModule& mod, const FeatureConfig& config) {
  IRModule prepared = PrepareForFeatures(mod);
  ProgramFeatures out;
  StoreCollector collector(config, &out);
  for (const auto& [name, fn] : prepared->functions) {
    if (fn.as<PrimFuncNode>()) collector.Run(fn.cast<PrimFunc>());
  }
  collector.Finish();
  return out;
}

ProgramFeatures ExtractStoreFeatures(const PrimFunc& func, const FeatureConfig& config) {
  return ExtractStoreFeatures(IRModule({{"main", func}}), config);
}

}  // namespace tuner
}  // namespace tirgen

// Raw per-store features -> fixed-length float rows (layout in tuner/feature.h). One emitter
// walks the columns in order; it either records values or names, so the two cannot drift.
#include "tirgen/tuner/feature.h"

#include <algorithm>

#include "feature_internal.h"
#include "tirgen/support/error.h"

namespace tirgen {
namespace tuner {
namespace {

using detail::slog;

// Receives the columns in order; `prefix` is the buffer slot ("b0.") or "".
class Sink {
 public:
  explicit Sink(bool names) : names_(names) {}
  void Add(const char* name, double value) {
    if (names_) {
      names.push_back(prefix_ + name);
    } else {
      values.push_back(static_cast<float>(value));
    }
  }
  void Log(const char* name, double value) { Add(name, slog(value)); }
  void Flag(const char* name, bool value) { Add(name, value ? 1.0 : 0.0); }
  /// Later names start with "<base>." or "<base><index>." (none for an empty base).
  void SetPrefix(const char* base, int index = -1) {
    if (!names_) return;
    prefix_ = base;
    if (index >= 0) prefix_ += std::to_string(index);
    if (!prefix_.empty()) prefix_ += ".";
  }
  /// A column named "<base><index>".
  void AddIndexed(const char* base, int index, double value) {
    if (names_) {
      names.push_back(base + std::to_string(index));
    } else {
      values.push_back(static_cast<float>(value));
    }
  }

  std::vector<float> values;
  std::vector<std::string> names;

 private:
  bool names_;
  std::string prefix_;
};

void EmitArith(const ArithCounts& a, Sink* s) {
  s->Log("float_add_sub", a.float_add_sub);
  s->Log("float_mul", a.float_mul);
  s->Log("float_div_mod", a.float_div_mod);
  s->Log("float_cmp", a.float_cmp);
  s->Log("float_math_func", a.float_math_func);
  s->Log("float_other_func", a.float_other_func);
  s->Log("int_add_sub", a.int_add_sub);
  s->Log("int_mul", a.int_mul);
  s->Log("int_div_mod", a.int_div_mod);
  s->Log("int_cmp", a.int_cmp);
  s->Log("int_math_func", a.int_math_func);
  s->Log("int_other_func", a.int_other_func);
  s->Log("bool_op", a.bool_op);
  s->Log("select_op", a.select_op);
}

void EmitLoopKind(const char* kind, const LoopKindStats& k, Sink* s) {
  static const char* const kPos[] = {"pos_none",        "pos_inner_spatial", "pos_middle_spatial",
                                     "pos_outer_spatial", "pos_inner_reduce", "pos_middle_reduce",
                                     "pos_outer_reduce", "pos_mixed"};
  s->SetPrefix(kind);
  s->Log("num", k.num);
  s->Log("prod", k.prod);
  s->Log("len", k.len);
  for (int p = 0; p < 8; ++p) s->Flag(kPos[p], static_cast<int>(k.pos) == p);
  s->SetPrefix("");
}

void EmitAccess(const BufferAccessFeature& b, Sink* s) {
  s->Flag("read", b.access == AccessType::kRead);
  s->Flag("write", b.access == AccessType::kWrite);
  s->Flag("read_write", b.access == AccessType::kReadWrite);
  s->Log("bytes", b.bytes);
  s->Log("unique_bytes", b.unique_bytes);
  s->Log("lines", b.lines);
  s->Log("unique_lines", b.unique_lines);
  s->Flag("loop_multiple_read", b.reuse == ReuseType::kLoopMultipleRead);
  s->Flag("serial_multiple_read_write", b.reuse == ReuseType::kSerialMultipleReadWrite);
  s->Flag("no_reuse", b.reuse == ReuseType::kNoReuse);
  s->Log("reuse_dis_iter", b.reuse_dis_iter);
  s->Log("reuse_dis_bytes", b.reuse_dis_bytes);
  s->Log("reuse_ct", static_cast<double>(b.reuse_ct));
  double ct = b.reuse_ct > 0 ? static_cast<double>(b.reuse_ct) : 0.5;
  s->Log("bytes_d_reuse_ct", b.bytes / ct);
  s->Log("unique_bytes_d_reuse_ct", b.unique_bytes / ct);
  s->Log("lines_d_reuse_ct", b.lines / ct);
  s->Log("unique_lines_d_reuse_ct", b.unique_lines / ct);
  s->Log("stride", static_cast<double>(b.stride));
  s->Log("varying_stride", static_cast<double>(b.varying_stride));
}

// One row. The names pass uses a default StoreFeature, so every list is padded here.
void EmitRow(const StoreFeature& st, const FunctionFeature& fn, const FeatureConfig& config, Sink* s) {
  EmitArith(st.arith, s);
  EmitLoopKind("vectorize", st.vectorize, s);
  EmitLoopKind("unroll", st.unroll, s);
  EmitLoopKind("parallel", st.parallel, s);
  static const BufferAccessFeature kAbsent;
  for (int i = 0; i < config.buffers_per_store; ++i) {
    s->SetPrefix("b", i);
    size_t before = s->values.size();
    bool present = i < static_cast<int>(st.accesses.size());
    EmitAccess(present ? st.accesses[i] : kAbsent, s);
    if (!present) std::fill(s->values.begin() + before, s->values.end(), 0.0f);
  }
  s->SetPrefix("");
  for (int k = 0; k < config.arith_intensity_curve_num_samples; ++k) {
    bool present = k < static_cast<int>(st.arith_intensity_curve.size());
    s->AddIndexed("curve", k, present ? st.arith_intensity_curve[k] : 0.0);
  }
  s->Log("alloc_size", st.alloc.alloc_size);
  s->Log("alloc_prod", st.alloc.alloc_prod);
  s->Log("alloc_outer_prod", st.alloc.alloc_outer_prod);
  s->Log("alloc_inner_prod",
         static_cast<double>(st.outer_prod) / static_cast<double>(std::max<int64_t>(1, st.alloc.alloc_outer_prod)));
  s->Log("outer_prod", st.outer_prod);
  s->Log("num_loops", st.num_loops);
  s->Log("auto_unroll_max_step", st.auto_unroll_max_step);
  s->Log("func.float_ops", fn.float_ops);
  s->Log("func.alloc_bytes", fn.alloc_bytes);
  s->Log("func.num_allocs", fn.num_allocs);
  s->Log("func.num_stores", fn.num_stores);
}

}  // namespace

std::vector<std::string> FeatureNames(const FeatureConfig& config) {
  Sink s(/*names=*/true);
  EmitRow(StoreFeature{}, FunctionFeature{}, config, &s);
  return s.names;
}

int FeatureLength(const FeatureConfig& config) {
  Sink s(/*names=*/false);
  EmitRow(StoreFeature{}, FunctionFeature{}, config, &s);
  return static_cast<int>(s.values.size());
}

int FeatureIndex(const std::string& name, const FeatureConfig& config) {
  std::vector<std::string> names = FeatureNames(config);
  auto it = std::find(names.begin(), names.end(), name);
  TIRGEN_CHECK(it != names.end()) << "no feature column named '" << name << "'";
  return static_cast<int>(it - names.begin());
}

FeatureMatrix ExportFeatures(const ProgramFeatures& features, const FeatureConfig& config) {
  FeatureMatrix m;
  m.num_rows = static_cast<int64_t>(features.stores.size());
  m.num_cols = FeatureLength(config);
  m.values.reserve(m.num_rows * m.num_cols);
  Sink s(/*names=*/false);
  for (const StoreFeature& st : features.stores) {
    EmitRow(st, features.function, config, &s);
    m.values.insert(m.values.end(), s.values.begin(), s.values.end());
    s.values.clear();
  }
  return m;
}

FeatureMatrix ExtractFeatures(const IRModule& mod, const FeatureConfig& config) {
  return ExportFeatures(ExtractStoreFeatures(mod, config), config);
}

FeatureMatrix ExtractFeatures(const tir::PrimFunc& func, const FeatureConfig& config) {
  return ExportFeatures(ExtractStoreFeatures(func, config), config);
}

}  // namespace tuner
}  // namespace tirgen

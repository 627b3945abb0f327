// Per-store feature rows of a scheduled program: what the learned cost model
// (tuner/cost_model.h) reads. The numbers come from ExtractStoreFeatures (feature_store.h, which
// says which TIR they are read from); here they become one fixed-length float row per store.
// The same module gives the same rows, bit for bit, on every run.
//
// Every column is slog(x) = log2(|x| + 1) except the 0/1 flags (one-hot encodings). With
// B = buffers_per_store and S = arith_intensity_curve_num_samples (defaults 5 and 10: 163
// columns), a row is:
//
//   group 1, compute                                                    47 columns
//     [0, 14)  arithmetic counts: float add_sub, mul, div_mod, cmp, math_func, other_func;
//              int the same six; bool_op; select_op (each times the loop trip counts)
//     [14, 47) three loop-kind blocks of 11, vectorize, unroll, parallel: num, prod, len,
//              then the position one-hot: none, inner/middle/outer spatial,
//              inner/middle/outer reduce, mixed
//   group 2, memory: B blocks of 19 (zeros when the store touches fewer buffers)   19 B
//              access one-hot read, write, read_write; bytes, unique_bytes, lines,
//              unique_lines; reuse one-hot loop_multiple_read, serial_multiple_read_write,
//              no_reuse; reuse_dis_iter, reuse_dis_bytes, reuse_ct; bytes, unique_bytes, lines,
//              unique_lines each divided by reuse_ct (0.5 when 0); stride; varying_stride
//   group 3, arithmetic intensity curve                                  S
//   group 4, allocation of the stored buffer: alloc_size, alloc_prod, alloc_outer_prod,
//              outer_prod / alloc_outer_prod                             4
//   group 5, loop nest: outer_prod, num_loops, auto_unroll_max_step      3
//   group 6, whole program: float_ops, alloc_bytes, num_allocs, num_stores   4
//
// Groups 1-5 are TVM's, less its GPU thread-binding columns and its never-set float/int MAD
// counters; the positions are computed (TVM always writes "mixed"); varying_stride and group 6
// are tirgen's. FeatureNames gives the name of each column.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tirgen/tuner/feature_store.h"

namespace tirgen {
namespace tuner {

/// Rows x columns, row-major: one row per store of one program.
struct FeatureMatrix {
  int64_t num_rows = 0;
  int64_t num_cols = 0;
  std::vector<float> values;
  const float* row(int64_t i) const { return values.data() + i * num_cols; }
  float at(int64_t r, int64_t c) const { return values[r * num_cols + c]; }
};

/// Columns per row.
int FeatureLength(const FeatureConfig& config = {});
/// Column names ("float_add_sub", "vectorize.len", "b0.unique_bytes", "curve3", ...).
std::vector<std::string> FeatureNames(const FeatureConfig& config = {});
/// Index of a named column; tirgen::Error naming it when there is none.
int FeatureIndex(const std::string& name, const FeatureConfig& config = {});

/// The rows of raw features.
FeatureMatrix ExportFeatures(const ProgramFeatures& features, const FeatureConfig& config = {});
/// ExtractStoreFeatures, then ExportFeatures.
FeatureMatrix ExtractFeatures(const IRModule& mod, const FeatureConfig& config = {});
FeatureMatrix ExtractFeatures(const tir::PrimFunc& func, const FeatureConfig& config = {});

}  // namespace tuner
}  // namespace tirgen

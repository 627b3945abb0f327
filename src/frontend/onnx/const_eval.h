// Import-time evaluation of small tensors: what the importer needs to compute shape subgraphs
// (Shape -> Gather -> arithmetic -> Concat -> Reshape/Slice) to static values. Values are
// held as int64 (integer and bool dtypes) or double (float32/float64), so int64 shape math is
// exact. ONNX semantics (negative indices, numpy broadcasting). Internal.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tirgen/ir/ndarray.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {

struct HostTensor {
  std::vector<int64_t> shape;
  DataType dtype;
  std::vector<int64_t> ints;   ///< the values when dtype is an integer or bool
  std::vector<double> reals;   ///< the values when dtype is float32/float64

  bool real() const { return dtype.is_float(); }
  int64_t size() const;
  double AsReal(int64_t i) const { return real() ? reals[i] : static_cast<double>(ints[i]); }
  int64_t AsInt(int64_t i) const { return real() ? static_cast<int64_t>(reals[i]) : ints[i]; }
  /// An empty tensor of `shape` and `dtype` (zeros).
  static HostTensor Make(std::vector<int64_t> shape, DataType dtype);
  /// Stores `v` at `i`, converted to the dtype (integers truncate, bool tests non-zero).
  void Set(int64_t i, double v);
  void SetInt(int64_t i, int64_t v);
};

/// The number of elements of `shape`, saturating at INT64_MAX (shapes from model data may be
/// absurd); negative dims count as INT64_MAX too.
int64_t SaturatingNumel(const std::vector<int64_t>& shape);

/// True when arrays of `dtype` can be evaluated here.
bool HostDTypeSupported(DataType dtype);
HostTensor FromNDArray(const NDArray& a);
NDArray ToNDArray(const HostTensor& t);

/// The values of a 0-D or 1-D integer tensor.
std::vector<int64_t> ToInts(const HostTensor& t);
HostTensor FromInts(const std::vector<int64_t>& v, std::vector<int64_t> shape = {-1});

enum class HostBinary { kAdd, kSub, kMul, kDiv, kPow, kMin, kMax, kMod, kFMod, kEqual, kLess,
                        kGreater, kLessEqual, kGreaterEqual, kAnd, kOr, kXor };
enum class HostUnary { kNeg, kAbs, kNot, kFloor, kCeil, kSqrt, kReciprocal, kRelu, kExp, kLog,
                       kSign, kRound };

/// The numpy-broadcast shape of `a` and `b`; empty `error` on success.
std::vector<int64_t> BroadcastShape(const std::vector<int64_t>& a, const std::vector<int64_t>& b,
                                    std::string* error);

/// Elementwise ops on operands of one dtype (comparisons give bool). Integer Div truncates
/// (ONNX/C semantics).
HostTensor EvalBinary(HostBinary op, const HostTensor& a, const HostTensor& b);
HostTensor EvalUnary(HostUnary op, const HostTensor& a);
HostTensor EvalCast(const HostTensor& a, DataType dtype);
HostTensor EvalWhere(const HostTensor& cond, const HostTensor& x, const HostTensor& y);
/// numpy.take along `axis` (indices already in range, negatives normalized by the caller).
HostTensor EvalTake(const HostTensor& data, const HostTensor& indices, int axis);
/// numpy.take_along_axis (GatherElements).
HostTensor EvalTakeAlongAxis(const HostTensor& data, const HostTensor& indices, int axis);
HostTensor EvalConcat(const std::vector<HostTensor>& parts, int axis);
/// Strided slice with canonical per-axis begin/step and output length.
HostTensor EvalSlice(const HostTensor& data, const std::vector<int64_t>& begin,
                     const std::vector<int64_t>& step, const std::vector<int64_t>& out_shape);
HostTensor EvalBroadcastTo(const HostTensor& data, const std::vector<int64_t>& shape);
HostTensor EvalTranspose(const HostTensor& data, const std::vector<int>& perm);
enum class HostReduce { kSum, kProd, kMin, kMax, kMean };
/// Reduces over `axes` (normalized, any order).
HostTensor EvalReduce(HostReduce op, const HostTensor& data, const std::vector<int>& axes,
                      bool keepdims);
HostTensor EvalTile(const HostTensor& data, const std::vector<int64_t>& reps);

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen

#include "const_eval.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "tirgen/support/error.h"
#include "tirgen/tir/int_arith.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {
namespace {

int64_t Numel(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

std::vector<int64_t> Strides(const std::vector<int64_t>& shape) {
  std::vector<int64_t> s(shape.size(), 1);
  for (int i = static_cast<int>(shape.size()) - 2; i >= 0; --i) s[i] = s[i + 1] * shape[i + 1];
  return s;
}

// Flat index into `shape` (right-aligned, size-1 dims broadcast) of output coordinate `coord`.
int64_t BroadcastIndex(const std::vector<int64_t>& coord, const std::vector<int64_t>& shape) {
  size_t off = coord.size() - shape.size();
  int64_t idx = 0;
  for (size_t i = 0; i < shape.size(); ++i) idx = idx * shape[i] + (shape[i] == 1 ? 0 : coord[off + i]);
  return idx;
}

// Advances `coord` through `shape` in row-major order.
void Next(std::vector<int64_t>* coord, const std::vector<int64_t>& shape) {
  for (int i = static_cast<int>(shape.size()) - 1; i >= 0; --i) {
    if (++(*coord)[i] < shape[i]) return;
    (*coord)[i] = 0;
  }
}

// Copies element `src_i` of `src` to element `dst_i` of `dst` (same dtype).
void CopyElem(const HostTensor& src, int64_t src_i, HostTensor* dst, int64_t dst_i) {
  if (src.real()) dst->reals[dst_i] = src.reals[src_i];
  else dst->ints[dst_i] = src.ints[src_i];
}

// A real converted to an integer element: truncated toward zero as C and numpy do; a value
// int64 cannot hold (NaN, inf, 1e30) is an error, never undefined behaviour.
int64_t RealToInt(double v) {
  std::optional<int64_t> i = tir::TruncToInt64(v);
  if (!i) throw Error("the value " + std::to_string(v) + " has no integer value (evaluating a constant subgraph)");
  return *i;
}

double RoundReal(double v, DataType dt) {
  return dt.bits() == 32 ? static_cast<double>(static_cast<float>(v)) : v;
}

}  // namespace

int64_t SaturatingNumel(const std::vector<int64_t>& shape) {
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  int64_t n = 1;
  for (int64_t d : shape) {
    if (d < 0) return kMax;
    if (d == 0) return 0;
  }
  for (int64_t d : shape) {
    if (n > kMax / d) return kMax;
    n *= d;
  }
  return n;
}

int64_t HostTensor::size() const { return Numel(shape); }

HostTensor HostTensor::Make(std::vector<int64_t> shape, DataType dtype) {
  HostTensor t;
  t.shape = std::move(shape);
  t.dtype = dtype;
  if (dtype.is_float()) t.reals.assign(t.size(), 0.0);
  else t.ints.assign(t.size(), 0);
  return t;
}

void HostTensor::Set(int64_t i, double v) {
  if (real()) reals[i] = RoundReal(v, dtype);
  else if (dtype.is_bool()) ints[i] = v != 0;
  else ints[i] = tir::WrapToDType(RealToInt(v), dtype);
}

void HostTensor::SetInt(int64_t i, int64_t v) {
  if (real()) reals[i] = RoundReal(static_cast<double>(v), dtype);
  else ints[i] = tir::WrapToDType(v, dtype);
}

bool HostDTypeSupported(DataType dt) {
  if (dt.lanes() != 1) return false;
  if (dt.is_float()) return dt.bits() == 32 || dt.bits() == 64;
  return dt.is_int() || dt.is_uint() || dt.is_bool();
}

HostTensor FromNDArray(const NDArray& a) {
  TIRGEN_ICHECK(HostDTypeSupported(a->dtype)) << "cannot evaluate " << a->dtype.str() << " at import time";
  HostTensor t = HostTensor::Make(a->shape, a->dtype);
  const uint8_t* p = a.data();
  int bytes = a->dtype.bytes();
  for (int64_t i = 0; i < t.size(); ++i, p += bytes) {
    if (a->dtype.is_float()) {
      if (bytes == 4) {
        float v;
        std::memcpy(&v, p, 4);
        t.reals[i] = v;
      } else {
        std::memcpy(&t.reals[i], p, 8);
      }
    } else {
      uint64_t u = 0;
      std::memcpy(&u, p, bytes);
      t.ints[i] = a->dtype.is_uint() && a->dtype.bits() == 64 ? static_cast<int64_t>(u)
                                                              : tir::WrapToDType(static_cast<int64_t>(u), a->dtype);
    }
  }
  return t;
}

NDArray ToNDArray(const HostTensor& t) {
  int bytes = t.dtype.bytes();
  std::vector<uint8_t> out(static_cast<size_t>(t.size()) * bytes);
  uint8_t* p = out.data();
  for (int64_t i = 0; i < t.size(); ++i, p += bytes) {
    if (t.real()) {
      if (bytes == 4) {
        float v = static_cast<float>(t.reals[i]);
        std::memcpy(p, &v, 4);
      } else {
        std::memcpy(p, &t.reals[i], 8);
      }
    } else {
      uint64_t u = static_cast<uint64_t>(t.ints[i]);
      std::memcpy(p, &u, bytes);
    }
  }
  return NDArray(t.shape, t.dtype, std::move(out));
}

std::vector<int64_t> ToInts(const HostTensor& t) {
  std::vector<int64_t> v(t.size());
  for (int64_t i = 0; i < t.size(); ++i) v[i] = t.AsInt(i);
  return v;
}

HostTensor FromInts(const std::vector<int64_t>& v, std::vector<int64_t> shape) {
  if (shape.size() == 1 && shape[0] == -1) shape[0] = static_cast<int64_t>(v.size());
  HostTensor t = HostTensor::Make(std::move(shape), DataType::Int(64));
  t.ints = v;
  return t;
}

std::vector<int64_t> BroadcastShape(const std::vector<int64_t>& a, const std::vector<int64_t>& b,
                                    std::string* error) {
  size_t n = std::max(a.size(), b.size());
  std::vector<int64_t> out(n);
  for (size_t i = 0; i < n; ++i) {
    int64_t da = i < n - a.size() ? 1 : a[i - (n - a.size())];
    int64_t db = i < n - b.size() ? 1 : b[i - (n - b.size())];
    if (da != db && da != 1 && db != 1) {
      *error = "dimensions " + std::to_string(da) + " and " + std::to_string(db) + " do not broadcast";
      return {};
    }
    out[i] = da == 1 ? db : da;
  }
  error->clear();
  return out;
}

HostTensor EvalBinary(HostBinary op, const HostTensor& a, const HostTensor& b) {
  std::string err;
  std::vector<int64_t> shape = BroadcastShape(a.shape, b.shape, &err);
  TIRGEN_ICHECK(err.empty()) << err;
  bool compare = op >= HostBinary::kEqual;
  HostTensor out = HostTensor::Make(shape, compare ? DataType::Bool() : a.dtype);
  std::vector<int64_t> coord(shape.size(), 0);
  bool real = a.real() || b.real();
  for (int64_t i = 0; i < out.size(); ++i, Next(&coord, shape)) {
    int64_t ia = BroadcastIndex(coord, a.shape), ib = BroadcastIndex(coord, b.shape);
    if (real) {
      double x = a.AsReal(ia), y = b.AsReal(ib), r = 0;
      switch (op) {
        case HostBinary::kAdd: r = x + y; break;
        case HostBinary::kSub: r = x - y; break;
        case HostBinary::kMul: r = x * y; break;
        case HostBinary::kDiv: r = x / y; break;
        case HostBinary::kPow: r = std::pow(x, y); break;
        case HostBinary::kMin: r = std::min(x, y); break;
        case HostBinary::kMax: r = std::max(x, y); break;
        case HostBinary::kMod: r = x - std::floor(x / y) * y; break;
        case HostBinary::kFMod: r = std::fmod(x, y); break;
        case HostBinary::kEqual: r = x == y; break;
        case HostBinary::kLess: r = x < y; break;
        case HostBinary::kGreater: r = x > y; break;
        case HostBinary::kLessEqual: r = x <= y; break;
        case HostBinary::kGreaterEqual: r = x >= y; break;
        case HostBinary::kAnd: r = (x != 0) && (y != 0); break;
        case HostBinary::kOr: r = (x != 0) || (y != 0); break;
        case HostBinary::kXor: r = (x != 0) != (y != 0); break;
      }
      out.Set(i, r);
    } else {
      // Integers wrap around in two's complement, as numpy and ONNX Runtime compute them: the
      // constant folder's integer arithmetic (tir/int_arith.h), never signed-overflow UB.
      int64_t x = a.ints[ia], y = b.ints[ib], r = 0;
      uint64_t ux = static_cast<uint64_t>(x), uy = static_cast<uint64_t>(y);
      switch (op) {
        case HostBinary::kAdd: r = tir::AddWrap(x, y); break;
        case HostBinary::kSub: r = tir::SubWrap(x, y); break;
        case HostBinary::kMul: r = tir::MulWrap(x, y); break;
        case HostBinary::kDiv:  // ONNX Div of integers truncates (INT64_MIN / -1 wraps)
          if (y == 0) throw Error("integer division by zero while evaluating a constant subgraph");
          r = tir::TruncDivInt(x, y);
          break;
        case HostBinary::kPow:
          if (y < 0) {  // an integer 1 / x^-y, truncated
            r = x == 1 ? 1 : x == -1 ? (y % 2 ? -1 : 1) : 0;
            if (x == 0) throw Error("integer 0 to a negative power while evaluating a constant subgraph");
          } else {
            uint64_t acc = 1, base = ux;
            for (uint64_t e = uy; e; e >>= 1, base *= base)
              if (e & 1) acc *= base;
            r = static_cast<int64_t>(acc);
          }
          break;
        case HostBinary::kMin: r = std::min(x, y); break;
        case HostBinary::kMax: r = std::max(x, y); break;
        case HostBinary::kMod:
        case HostBinary::kFMod:
          if (y == 0) throw Error("integer modulo by zero while evaluating a constant subgraph");
          // Mod: the divisor's sign (floormod); fmod=1: the dividend's (truncmod).
          r = op == HostBinary::kMod ? tir::FloorModInt(x, y) : tir::TruncModInt(x, y);
          break;
        case HostBinary::kEqual: r = x == y; break;
        case HostBinary::kLess: r = x < y; break;
        case HostBinary::kGreater: r = x > y; break;
        case HostBinary::kLessEqual: r = x <= y; break;
        case HostBinary::kGreaterEqual: r = x >= y; break;
        case HostBinary::kAnd: r = x && y; break;
        case HostBinary::kOr: r = x || y; break;
        case HostBinary::kXor: r = (x != 0) != (y != 0); break;
      }
      out.SetInt(i, r);
    }
  }
  return out;
}

HostTensor EvalUnary(HostUnary op, const HostTensor& a) {
  HostTensor out = HostTensor::Make(a.shape, op == HostUnary::kNot ? DataType::Bool() : a.dtype);
  for (int64_t i = 0; i < a.size(); ++i) {
    if (!a.real()) {
      int64_t x = a.ints[i], r = x;
      switch (op) {
        case HostUnary::kNeg: r = tir::SubWrap(0, x); break;
        case HostUnary::kAbs: r = x < 0 ? tir::SubWrap(0, x) : x; break;
        case HostUnary::kNot: r = !x; break;
        case HostUnary::kRelu: r = std::max<int64_t>(x, 0); break;
        case HostUnary::kSign: r = (x > 0) - (x < 0); break;
        case HostUnary::kReciprocal:
          if (x == 0) throw Error("integer division by zero while evaluating a constant subgraph");
          r = tir::TruncDivInt(1, x);
          break;
        default: break;  // floor/ceil/round of an integer: itself
      }
      if (op == HostUnary::kSqrt) r = RealToInt(std::sqrt(static_cast<double>(x)));
      if (op == HostUnary::kExp) r = RealToInt(std::exp(static_cast<double>(x)));
      if (op == HostUnary::kLog) r = RealToInt(std::log(static_cast<double>(x)));
      out.SetInt(i, r);
      continue;
    }
    double x = a.reals[i], r = x;
    switch (op) {
      case HostUnary::kNeg: r = -x; break;
      case HostUnary::kAbs: r = std::fabs(x); break;
      case HostUnary::kNot: r = x == 0; break;
      case HostUnary::kFloor: r = std::floor(x); break;
      case HostUnary::kCeil: r = std::ceil(x); break;
      case HostUnary::kSqrt: r = std::sqrt(x); break;
      case HostUnary::kReciprocal: r = 1.0 / x; break;
      case HostUnary::kRelu: r = std::max(x, 0.0); break;
      case HostUnary::kExp: r = std::exp(x); break;
      case HostUnary::kLog: r = std::log(x); break;
      case HostUnary::kSign: r = (x > 0) - (x < 0); break;
      case HostUnary::kRound: r = std::nearbyint(x); break;
    }
    out.Set(i, r);
  }
  return out;
}

HostTensor EvalCast(const HostTensor& a, DataType dtype) {
  HostTensor out = HostTensor::Make(a.shape, dtype);
  for (int64_t i = 0; i < a.size(); ++i) {
    if (a.real()) out.Set(i, a.reals[i]);
    else out.SetInt(i, a.ints[i]);
  }
  return out;
}

HostTensor EvalWhere(const HostTensor& cond, const HostTensor& x, const HostTensor& y) {
  std::string err;
  std::vector<int64_t> shape = BroadcastShape(BroadcastShape(cond.shape, x.shape, &err), y.shape, &err);
  TIRGEN_ICHECK(err.empty()) << err;
  HostTensor out = HostTensor::Make(shape, x.dtype);
  std::vector<int64_t> coord(shape.size(), 0);
  for (int64_t i = 0; i < out.size(); ++i, Next(&coord, shape)) {
    bool c = cond.AsInt(BroadcastIndex(coord, cond.shape)) != 0;
    const HostTensor& src = c ? x : y;
    CopyElem(src, BroadcastIndex(coord, src.shape), &out, i);
  }
  return out;
}

HostTensor EvalTake(const HostTensor& data, const HostTensor& indices, int axis) {
  std::vector<int64_t> shape(data.shape.begin(), data.shape.begin() + axis);
  shape.insert(shape.end(), indices.shape.begin(), indices.shape.end());
  shape.insert(shape.end(), data.shape.begin() + axis + 1, data.shape.end());
  HostTensor out = HostTensor::Make(shape, data.dtype);
  int64_t outer = Numel({data.shape.begin(), data.shape.begin() + axis});
  int64_t inner = Numel({data.shape.begin() + axis + 1, data.shape.end()});
  int64_t n = indices.size(), extent = data.shape[axis];
  int64_t o = 0;
  for (int64_t a = 0; a < outer; ++a)
    for (int64_t k = 0; k < n; ++k) {
      int64_t idx = indices.AsInt(k);
      TIRGEN_ICHECK(idx >= 0 && idx < extent) << "index out of range";
      for (int64_t b = 0; b < inner; ++b) CopyElem(data, (a * extent + idx) * inner + b, &out, o++);
    }
  return out;
}

HostTensor EvalTakeAlongAxis(const HostTensor& data, const HostTensor& indices, int axis) {
  HostTensor out = HostTensor::Make(indices.shape, data.dtype);
  std::vector<int64_t> strides = Strides(data.shape);
  std::vector<int64_t> coord(indices.shape.size(), 0);
  for (int64_t i = 0; i < out.size(); ++i, Next(&coord, indices.shape)) {
    int64_t src = 0;
    for (size_t d = 0; d < coord.size(); ++d)
      src += (static_cast<int>(d) == axis ? indices.AsInt(i) : coord[d]) * strides[d];
    CopyElem(data, src, &out, i);
  }
  return out;
}

HostTensor EvalConcat(const std::vector<HostTensor>& parts, int axis) {
  for (const auto& p : parts)
    TIRGEN_ICHECK(p.dtype == parts[0].dtype) << "EvalConcat: parts of types " << parts[0].dtype.str()
                                             << " and " << p.dtype.str() << " (the converter checks this)";
  std::vector<int64_t> shape = parts[0].shape;
  shape[axis] = 0;
  for (const auto& p : parts) shape[axis] += p.shape[axis];
  HostTensor out = HostTensor::Make(shape, parts[0].dtype);
  int64_t outer = Numel({shape.begin(), shape.begin() + axis});
  int64_t o = 0;
  for (int64_t a = 0; a < outer; ++a)
    for (const auto& p : parts) {
      int64_t chunk = Numel({p.shape.begin() + axis, p.shape.end()});
      for (int64_t k = 0; k < chunk; ++k) CopyElem(p, a * chunk + k, &out, o++);
    }
  return out;
}

HostTensor EvalSlice(const HostTensor& data, const std::vector<int64_t>& begin,
                     const std::vector<int64_t>& step, const std::vector<int64_t>& out_shape) {
  HostTensor out = HostTensor::Make(out_shape, data.dtype);
  std::vector<int64_t> strides = Strides(data.shape);
  std::vector<int64_t> coord(out_shape.size(), 0);
  for (int64_t i = 0; i < out.size(); ++i, Next(&coord, out_shape)) {
    int64_t src = 0;
    for (size_t d = 0; d < coord.size(); ++d) src += (begin[d] + coord[d] * step[d]) * strides[d];
    CopyElem(data, src, &out, i);
  }
  return out;
}

HostTensor EvalBroadcastTo(const HostTensor& data, const std::vector<int64_t>& shape) {
  HostTensor out = HostTensor::Make(shape, data.dtype);
  std::vector<int64_t> coord(shape.size(), 0);
  for (int64_t i = 0; i < out.size(); ++i, Next(&coord, shape))
    CopyElem(data, BroadcastIndex(coord, data.shape), &out, i);
  return out;
}

HostTensor EvalTranspose(const HostTensor& data, const std::vector<int>& perm) {
  std::vector<int64_t> shape;
  for (int p : perm) shape.push_back(data.shape[p]);
  HostTensor out = HostTensor::Make(shape, data.dtype);
  std::vector<int64_t> strides = Strides(data.shape);
  std::vector<int64_t> coord(shape.size(), 0);
  for (int64_t i = 0; i < out.size(); ++i, Next(&coord, shape)) {
    int64_t src = 0;
    for (size_t d = 0; d < perm.size(); ++d) src += coord[d] * strides[perm[d]];
    CopyElem(data, src, &out, i);
  }
  return out;
}

HostTensor EvalReduce(HostReduce op, const HostTensor& data, const std::vector<int>& axes,
                      bool keepdims) {
  std::vector<bool> reduced(data.shape.size(), false);
  for (int a : axes) reduced[a] = true;
  std::vector<int64_t> kept_shape;
  for (size_t d = 0; d < data.shape.size(); ++d) kept_shape.push_back(reduced[d] ? 1 : data.shape[d]);
  int64_t n_out = Numel(kept_shape);
  int64_t group = n_out ? data.size() / n_out : 0;
  std::vector<double> acc(n_out);
  std::vector<int64_t> iacc(n_out);
  std::vector<bool> seen(n_out, false);
  std::vector<int64_t> coord(data.shape.size(), 0);
  for (int64_t i = 0; i < data.size(); ++i, Next(&coord, data.shape)) {
    int64_t o = 0;
    for (size_t d = 0; d < coord.size(); ++d) o = o * kept_shape[d] + (reduced[d] ? 0 : coord[d]);
    double x = data.AsReal(i);
    int64_t xi = data.AsInt(i);
    if (!seen[o]) {
      acc[o] = x;
      iacc[o] = xi;
      seen[o] = true;
      continue;
    }
    switch (op) {
      case HostReduce::kSum: case HostReduce::kMean: acc[o] += x; iacc[o] += xi; break;
      case HostReduce::kProd: acc[o] *= x; iacc[o] *= xi; break;
      case HostReduce::kMin: acc[o] = std::min(acc[o], x); iacc[o] = std::min(iacc[o], xi); break;
      case HostReduce::kMax: acc[o] = std::max(acc[o], x); iacc[o] = std::max(iacc[o], xi); break;
    }
  }
  std::vector<int64_t> shape;
  for (size_t d = 0; d < data.shape.size(); ++d)
    if (!reduced[d]) shape.push_back(data.shape[d]);
    else if (keepdims) shape.push_back(1);
  HostTensor out = HostTensor::Make(shape, data.dtype);
  for (int64_t o = 0; o < n_out; ++o) {
    if (!seen[o]) {  // an empty reduction: the identity
      if (op == HostReduce::kProd) out.SetInt(o, 1);
      continue;
    }
    if (data.real()) out.Set(o, op == HostReduce::kMean ? acc[o] / group : acc[o]);
    else out.SetInt(o, op == HostReduce::kMean ? iacc[o] / group : iacc[o]);
  }
  return out;
}

HostTensor EvalTile(const HostTensor& data, const std::vector<int64_t>& reps) {
  std::vector<int64_t> shape;
  for (size_t d = 0; d < data.shape.size(); ++d) shape.push_back(data.shape[d] * reps[d]);
  HostTensor out = HostTensor::Make(shape, data.dtype);
  std::vector<int64_t> strides = Strides(data.shape);
  std::vector<int64_t> coord(shape.size(), 0);
  for (int64_t i = 0; i < out.size(); ++i, Next(&coord, shape)) {
    int64_t src = 0;
    for (size_t d = 0; d < coord.size(); ++d) src += (coord[d] % data.shape[d]) * strides[d];
    CopyElem(data, src, &out, i);
  }
  return out;
}

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen

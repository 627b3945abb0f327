// Shape manipulation (see transform.h).
#include "tirgen/topi/transform.h"

#include <algorithm>
#include <limits>

#include "tirgen/te/operation.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace topi {

using namespace tir;  // NOLINT

Tensor expand_dims(const Tensor& x, int axis, int num_newaxis, const std::string& name) {
  int n = static_cast<int>(x.ndim());
  if (axis < 0) axis += n + 1;
  std::vector<PrimExpr> shape;
  for (int i = 0; i < axis; ++i) shape.push_back(x->shape[i]);
  for (int i = 0; i < num_newaxis; ++i) shape.push_back(IntImm(DataType::Int(32), 1));
  for (int i = axis; i < n; ++i) shape.push_back(x->shape[i]);
  return te::compute(
      shape,
      [&](const std::vector<Var>& v) {
        std::vector<PrimExpr> idx;
        for (int i = 0; i < axis; ++i) idx.push_back(v[i]);
        for (int i = axis + num_newaxis; i < static_cast<int>(v.size()); ++i) idx.push_back(v[i]);
        return x(idx);
      },
      name, "broadcast");
}

Tensor squeeze(const Tensor& x, std::vector<int> axes, const std::string& name,
               bool empty_means_all) {
  int n = static_cast<int>(x.ndim());
  std::vector<bool> drop(n, false);
  if (axes.empty() && empty_means_all) {
    for (int i = 0; i < n; ++i) drop[i] = is_one(x->shape[i]);
  } else {
    for (int a : axes) drop[a < 0 ? a + n : a] = true;
  }
  std::vector<PrimExpr> shape;
  for (int i = 0; i < n; ++i)
    if (!drop[i]) shape.push_back(x->shape[i]);
  return te::compute(
      shape,
      [&](const std::vector<Var>& v) {
        std::vector<PrimExpr> idx;
        size_t k = 0;
        for (int i = 0; i < n; ++i) idx.push_back(drop[i] ? PrimExpr(make_const(x->shape[i].dtype(), 0)) : PrimExpr(v[k++]));
        return x(idx);
      },
      name, "injective");
}

Tensor transpose(const Tensor& x, std::vector<int> axes, const std::string& name) {
  int n = static_cast<int>(x.ndim());
  if (axes.empty())
    for (int i = n - 1; i >= 0; --i) axes.push_back(i);
  for (int& a : axes)
    if (a < 0) a += n;
  std::vector<PrimExpr> shape;
  for (int a : axes) shape.push_back(x->shape[a]);
  return te::compute(
      shape,
      [&](const std::vector<Var>& v) {
        std::vector<PrimExpr> idx(n);
        for (int i = 0; i < n; ++i) idx[axes[i]] = v[i];
        return x(idx);
      },
      name, "injective");
}

namespace {
std::vector<PrimExpr> Vec(const std::vector<Var>& v) { return std::vector<PrimExpr>(v.begin(), v.end()); }
PrimExpr I32(int64_t v) { return IntImm(DataType::Int(32), v); }
}  // namespace

int64_t CanonicalSliceIndex(int64_t index, int64_t extent, int64_t stride) {
  int64_t lo = stride < 0 ? -1 : 0, hi = stride < 0 ? extent - 1 : extent;
  if (index < 0) index += extent;
  return std::min(std::max(index, lo), hi);
}

Tensor reshape(const Tensor& x, const std::vector<PrimExpr>& shape, const std::string& name) {
  return te::compute(
      shape,
      [&](const std::vector<Var>& v) {
        PrimExpr flat;
        for (size_t i = 0; i < v.size(); ++i) flat = i == 0 ? PrimExpr(v[0]) : flat * shape[i] + v[i];
        if (v.empty()) flat = I32(0);
        std::vector<PrimExpr> idx(x.ndim());
        for (size_t i = x.ndim(); i > 0; --i) {
          idx[i - 1] = floormod(flat, x->shape[i - 1]);
          flat = floordiv(flat, x->shape[i - 1]);
        }
        return x(idx);
      },
      name, "injective");
}

Tensor strided_slice(const Tensor& x, const std::vector<int64_t>& begin,
                     const std::vector<int64_t>& end, const std::vector<int64_t>& strides,
                     const std::vector<int>& axes_in, const std::string& slice_mode) {
  const int64_t kMax = std::numeric_limits<int64_t>::max();
  bool size_mode = slice_mode == "size";
  std::string name = axes_in.empty() ? "T_strided_slice" : "T_strided_slice_with_axes";
  std::vector<int> axes = axes_in;
  std::vector<int64_t> b = begin, e = end, s = strides;
  if (axes.empty()) {
    size_t ndim = x.ndim();
    for (size_t i = 0; i < ndim; ++i) axes.push_back(static_cast<int>(i));
    while (s.size() < ndim) s.push_back(1);
    for (size_t i = b.size(); i < ndim; ++i) b.push_back(s[i] > 0 ? 0 : kMax);
    for (size_t i = e.size(); i < ndim; ++i) e.push_back(s[i] < 0 ? 0 : kMax);
  }
  size_t n = axes.size();
  TIRGEN_CHECK(b.size() >= n && e.size() >= n) << "strided_slice: begin/end shorter than axes";
  s.resize(n, 1);
  if (size_mode) std::fill(s.begin(), s.end(), 1);  // size mode ignores strides
  for (int& a : axes)
    if (a < 0) a += static_cast<int>(x.ndim());
  std::vector<PrimExpr> shape = x->shape;
  std::vector<int64_t> bc(n);
  for (size_t i = 0; i < n; ++i) {
    const int64_t* dim = as_const_int(x->shape[axes[i]]);
    TIRGEN_CHECK(dim) << "strided_slice needs static shapes";
    TIRGEN_CHECK(s[i] != 0) << "strided_slice: stride must not be 0";
    int64_t ei = e[i];
    if (size_mode) ei = ei < 0 ? kMax : b[i] + ei;
    bc[i] = CanonicalSliceIndex(b[i], *dim, s[i]);
    ei = CanonicalSliceIndex(ei, *dim, s[i]);
    bool empty = s[i] < 0 ? ei > bc[i] : ei < bc[i];
    int64_t interval = empty ? 0 : std::abs(ei - bc[i]);
    shape[axes[i]] = make_const(x->shape[axes[i]].dtype(), (interval + std::abs(s[i]) - 1) / std::abs(s[i]));
  }
  return te::compute(
      shape,
      [&](const std::vector<Var>& v) {
        std::vector<PrimExpr> idx = Vec(v);
        for (size_t i = 0; i < n; ++i) idx[axes[i]] = v[axes[i]] * I32(s[i]) + I32(bc[i]);
        return x(idx);
      },
      name, "injective");
}

Tensor concatenate(const std::vector<Tensor>& xs, int axis, const std::string& name) {
  int ndim = static_cast<int>(xs[0].ndim());
  if (axis < 0) axis += ndim;
  PrimExpr join = xs[0]->shape[axis];
  for (size_t i = 1; i < xs.size(); ++i) join = join + xs[i]->shape[axis];
  std::vector<PrimExpr> shape = xs[0]->shape;
  shape[axis] = join;
  return te::compute(
      shape,
      [&](const std::vector<Var>& v) {
        PrimExpr ret = xs[0](Vec(v));
        PrimExpr ind = v[axis];
        for (size_t i = 0; i + 1 < xs.size(); ++i) {
          ind = ind - xs[i]->shape[axis];
          std::vector<PrimExpr> idx = Vec(v);
          idx[axis] = ind;
          ret = if_then_else(ind >= 0, xs[i + 1](idx), ret);
        }
        return ret;
      },
      name, "injective");
}

Tensor stack(const std::vector<Tensor>& xs, int axis, const std::string& name) {
  int ndim = static_cast<int>(xs[0].ndim());
  if (axis < 0) axis += ndim + 1;
  std::vector<PrimExpr> shape = xs[0]->shape;
  shape.insert(shape.begin() + axis, I32(static_cast<int64_t>(xs.size())));
  return te::compute(
      shape,
      [&](const std::vector<Var>& v) {
        std::vector<PrimExpr> idx;
        for (size_t i = 0; i < v.size(); ++i)
          if (static_cast<int>(i) != axis) idx.push_back(v[i]);
        PrimExpr ret = xs[0](idx);
        for (size_t i = 0; i + 1 < xs.size(); ++i)
          ret = if_then_else(v[axis] == I32(static_cast<int64_t>(i) + 1), xs[i + 1](idx), ret);
        return ret;
      },
      name, "injective");
}

std::vector<Tensor> split(const Tensor& x, const std::vector<int64_t>& indices, int axis,
                          const std::string& name) {
  if (axis < 0) axis += static_cast<int>(x.ndim());
  std::vector<PrimExpr> begins{I32(0)};
  for (int64_t i : indices) begins.push_back(I32(i));
  std::vector<Tensor> out;
  for (size_t i = 0; i < begins.size(); ++i) {
    PrimExpr size = i + 1 == begins.size() ? x->shape[axis] - begins[i] : begins[i + 1] - begins[i];
    std::vector<PrimExpr> shape = x->shape;
    shape[axis] = size;
    PrimExpr begin = begins[i];
    out.push_back(te::compute(
        shape,
        [&](const std::vector<Var>& v) {
          std::vector<PrimExpr> idx = Vec(v);
          idx[axis] = v[axis] + begin;
          return x(idx);
        },
        name, "injective"));
  }
  return out;
}

std::vector<Tensor> split_sections(const Tensor& x, int sections, int axis, const std::string& name) {
  if (axis < 0) axis += static_cast<int>(x.ndim());
  const int64_t* size = as_const_int(x->shape[axis]);
  TIRGEN_CHECK(size && *size % sections == 0) << "split_sections needs a divisible static axis";
  std::vector<int64_t> indices;
  for (int i = 1; i < sections; ++i) indices.push_back(*size / sections * i);
  return split(x, indices, axis, name);
}

Tensor take(const Tensor& a, const Tensor& indices, int axis, const std::string& name) {
  return take(a, indices, 0, axis, "clip", name);
}

namespace {
// The index actually read for `idx` along an axis of `extent` under `mode` (TVM's rules).
PrimExpr TakeIndex(PrimExpr idx, PrimExpr extent, const std::string& mode) {
  if (mode == "clip") return min(max(PrimExpr(0), idx), extent - 1);
  if (mode == "wrap") return truncmod(truncmod(idx, extent) + extent, extent);
  TIRGEN_CHECK(mode == "fast") << "take: unknown mode \"" << mode << "\" (clip, wrap or fast)";
  return idx;
}
}  // namespace

Tensor take(const Tensor& a, const Tensor& indices, int batch_dims, int axis,
            const std::string& mode, const std::string& name) {
  int n = static_cast<int>(a.ndim());
  if (axis < 0) axis += n;
  int ilen = static_cast<int>(indices.ndim());
  if (batch_dims < 0) batch_dims += ilen;
  TIRGEN_CHECK(batch_dims >= 0 && batch_dims <= axis) << "take: batch_dims out of range";
  std::vector<PrimExpr> shape;
  for (int i = 0; i < axis; ++i) shape.push_back(a->shape[i]);
  for (int i = batch_dims; i < ilen; ++i) shape.push_back(indices->shape[i]);
  for (int i = axis + 1; i < n; ++i) shape.push_back(a->shape[i]);
  // Output dims: a[:axis] (the first batch_dims shared with indices), indices[batch_dims:],
  // a[axis+1:].
  int span = ilen - batch_dims;
  return te::compute(
      shape,
      [&](const std::vector<Var>& v) {
        std::vector<PrimExpr> pos(v.begin(), v.begin() + batch_dims);
        pos.insert(pos.end(), v.begin() + axis, v.begin() + axis + span);
        std::vector<PrimExpr> idx(v.begin(), v.begin() + axis);
        idx.push_back(TakeIndex(indices(pos), a->shape[axis], mode));
        for (size_t j = axis + span; j < v.size(); ++j) idx.push_back(v[j]);
        return a(idx);
      },
      name, "injective");
}

Tensor take_flat(const Tensor& a, const Tensor& indices, const std::string& mode,
                 const std::string& name) {
  PrimExpr size = I32(1);
  for (const PrimExpr& d : a->shape) size = size * d;
  return te::compute(
      indices->shape,
      [&](const std::vector<Var>& v) {
        PrimExpr flat = TakeIndex(indices(Vec(v)), size, mode);
        std::vector<PrimExpr> idx(a.ndim());
        for (size_t i = a.ndim(); i > 0; --i) {
          idx[i - 1] = floormod(flat, a->shape[i - 1]);
          flat = floordiv(flat, a->shape[i - 1]);
        }
        return a(idx);
      },
      name, "injective");
}

Tensor gather(const Tensor& data, int axis, const Tensor& indices, const std::string& name) {
  if (axis < 0) axis += static_cast<int>(data.ndim());
  return te::compute(
      indices->shape,
      [&](const std::vector<Var>& v) {
        std::vector<PrimExpr> idx = Vec(v);
        idx[axis] = indices(Vec(v));
        return data(idx);
      },
      name, "injective");
}

Tensor gather_nd(const Tensor& data, const Tensor& indices, int batch_dims, const std::string& name) {
  size_t ndim_d = data.ndim(), ndim_i = indices.ndim();
  TIRGEN_CHECK(ndim_i >= 1) << "gather_nd: indices need at least one dimension";
  const int64_t* m = as_const_int(indices->shape[0]);
  TIRGEN_CHECK(m && static_cast<size_t>(*m) <= ndim_d) << "gather_nd: indices.shape[0] must be static and at most data's rank";
  size_t depth = static_cast<size_t>(*m);
  std::vector<PrimExpr> shape(indices->shape.begin() + 1, indices->shape.end());
  for (size_t i = depth + batch_dims; i < ndim_d; ++i) shape.push_back(data->shape[i]);
  bool integral = indices->dtype.is_int() || indices->dtype.is_uint();
  return te::compute(
      shape,
      [&](const std::vector<Var>& v) {
        std::vector<PrimExpr> pos{I32(0)};
        pos.insert(pos.end(), v.begin(), v.begin() + (ndim_i - 1));
        std::vector<PrimExpr> idx(v.begin(), v.begin() + batch_dims);
        for (size_t i = 0; i < depth; ++i) {
          pos[0] = I32(static_cast<int64_t>(i));
          PrimExpr at = indices(pos);
          idx.push_back(integral ? at : cast(DataType::Int(32), at));
        }
        // Trailing data dims follow the indices' dims in the output (TVM starts them at
        // ndim_i - 1, also with batch dims).
        if (idx.size() != ndim_d)
          for (size_t i = ndim_i - 1; i < v.size(); ++i) idx.push_back(v[i]);
        return data(idx);
      },
      name, "injective");
}

Tensor one_hot(const Tensor& indices, PrimExpr on, PrimExpr off, int depth, int axis, DataType dtype,
               const std::string& name) {
  int true_axis = axis == -1 ? static_cast<int>(indices.ndim()) : axis;
  std::vector<PrimExpr> shape;
  for (int i = 0, k = 0; i <= static_cast<int>(indices.ndim()); ++i)
    shape.push_back(i == true_axis ? I32(depth) : indices->shape[k++]);
  PrimExpr on_v = cast(dtype, std::move(on)), off_v = cast(dtype, std::move(off));
  return te::compute(
      shape,
      [&](const std::vector<Var>& v) {
        std::vector<PrimExpr> idx;
        for (int i = 0; i < static_cast<int>(v.size()); ++i)
          if (i != true_axis) idx.push_back(v[i]);
        return Select(eq(indices(idx), v[true_axis]), on_v, off_v);
      },
      name, "injective");
}

Tensor repeat(const Tensor& x, int repeats, int axis, const std::string& name) {
  if (axis < 0) axis += static_cast<int>(x.ndim());
  std::vector<PrimExpr> shape = x->shape;
  shape[axis] = I32(repeats) * x->shape[axis];
  return te::compute(
      shape,
      [&](const std::vector<Var>& v) {
        std::vector<PrimExpr> idx = Vec(v);
        idx[axis] = floordiv(v[axis], I32(repeats));
        return x(idx);
      },
      name, "broadcast");
}

Tensor tile(const Tensor& x, const std::vector<int64_t>& reps, const std::string& name) {
  size_t ndim = x.ndim(), rdim = reps.size(), tdim = std::max(ndim, rdim);
  std::vector<PrimExpr> data_shape, reps_shape, shape;
  for (size_t i = ndim; i < tdim; ++i) data_shape.push_back(I32(1));
  for (const PrimExpr& d : x->shape) data_shape.push_back(d);
  for (size_t i = rdim; i < tdim; ++i) reps_shape.push_back(I32(1));
  for (int64_t r : reps) reps_shape.push_back(I32(r));
  for (size_t i = 0; i < tdim; ++i) shape.push_back(data_shape[i] * reps_shape[i]);
  return te::compute(
      shape,
      [&](const std::vector<Var>& v) {
        std::vector<PrimExpr> idx;
        size_t off = ndim >= rdim ? 0 : rdim - ndim;
        for (size_t i = 0; i < ndim; ++i) idx.push_back(floormod(v[off + i], x->shape[i]));
        return x(idx);
      },
      name, "broadcast");
}

Tensor reverse_sequence(const Tensor& x, int seq_axis, const std::string& name) {
  if (seq_axis < 0) seq_axis += static_cast<int>(x.ndim());
  return te::compute(
      x->shape,
      [&](const std::vector<Var>& v) {
        std::vector<PrimExpr> idx = Vec(v);
        idx[seq_axis] = x->shape[seq_axis] - 1 - v[seq_axis];
        return x(idx);
      },
      name, "injective");
}

}  // namespace topi
}  // namespace tirgen

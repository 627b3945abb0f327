// Pooling: pool1d/2d/nd, max/avg, adaptive (see nn.h). Expressions are built in the order TVM's
// Python TOPI builds them, because that order is visible in the printed TIR.
#include "tirgen/topi/nn.h"

#include "nn_util.h"
#include "tirgen/te/operation.h"

namespace tirgen {
namespace topi {

using namespace tir;  // NOLINT
using namespace nn_util;  // NOLINT

namespace {
// The positions of H and W in a pooling layout ("NCHW", "NHWC", "NCHW16c"); split H or W
// dims are not supported (as in TVM).
std::pair<int, int> PoolAxes(const std::string& layout) {
  size_t h = layout.find('H'), w = layout.find('W');
  TIRGEN_CHECK(h != std::string::npos && w != std::string::npos &&
               layout.find('h') == std::string::npos && layout.find('w') == std::string::npos)
      << "pooling layout " << layout << " must contain unsplit H and W";
  // Factor digits ("16c") do not take a dimension: count letters before each position.
  auto dim = [&](size_t pos) {
    int d = 0;
    for (size_t i = 0; i < pos; ++i) d += std::isalpha(static_cast<unsigned char>(layout[i])) ? 1 : 0;
    return d;
  };
  return {dim(h), dim(w)};
}
}  // namespace

Tensor pool2d(const Tensor& x, const std::vector<int64_t>& kernel, const std::vector<int64_t>& strides,
              const std::vector<int64_t>& dilation, const std::vector<int64_t>& padding,
              PoolType type, bool ceil_mode, const std::string& layout, bool count_include_pad) {
  auto [hax, wax] = PoolAxes(layout);
  return pool_nd(x, kernel, strides, dilation, padding, type, ceil_mode, {hax, wax}, count_include_pad);
}

Tensor pool1d(const Tensor& x, int64_t kernel, int64_t stride, int64_t dilation,
              const std::vector<int64_t>& padding, PoolType type, bool ceil_mode,
              const std::string& layout, bool count_include_pad) {
  size_t w = layout.find('W');
  TIRGEN_CHECK(w != std::string::npos && layout.find('w') == std::string::npos && x.ndim() == layout.size())
      << "pooling layout " << layout << " must contain an unsplit W";
  return pool_nd(x, {kernel}, {stride}, {dilation}, padding, type, ceil_mode, {static_cast<int>(w)},
                 count_include_pad);
}

Tensor pool_nd(const Tensor& x, const std::vector<int64_t>& kernel, const std::vector<int64_t>& strides,
               const std::vector<int64_t>& dilation, const std::vector<int64_t>& padding,
               PoolType type, bool ceil_mode, const std::vector<int>& axis, bool count_include_pad) {
  // TVM's pool_impl_nd; expressions built in its order (they print).
  const size_t k = axis.size();
  TIRGEN_CHECK(kernel.size() == k && strides.size() == k && dilation.size() == k && padding.size() == 2 * k)
      << "pooling needs one kernel/stride/dilation and two paddings per pooled axis";
  size_t n = x.ndim();
  std::vector<IterVar> daxis;
  std::vector<PrimExpr> kernel_e(k), stride(k), dil(k), pad_head(k), pad_tail(k), offset(k);
  std::vector<int64_t> pad_before(n, 0), pad_after(n, 0);
  std::vector<PrimExpr> out_shape = x->shape;
  bool do_pad = false;
  for (size_t i = 0; i < k; ++i) {
    kernel_e[i] = I32(kernel[i]);
    stride[i] = I32(strides[i]);
    dil[i] = I32(dilation[i]);
    pad_head[i] = I32(padding[i]);
    pad_tail[i] = I32(padding[i + k]);
    offset[i] = I32(0);
    int64_t tail = padding[i + k];
    if (ceil_mode) {
      offset[i] = I32(strides[i] - 1);
      pad_tail[i] = pad_tail[i] + offset[i];
      tail += strides[i] - 1;
    }
    do_pad = do_pad || padding[i] != 0 || tail != 0;
    daxis.push_back(te::reduce_axis(Range(I32(0), kernel_e[i]), "rv" + std::to_string(i)));
    pad_before[axis[i]] = padding[i];
    pad_after[axis[i]] = tail;
    int64_t numerator = Dim(x->shape[axis[i]]) - (kernel[i] - 1) * dilation[i] - 1 + padding[i] + tail;
    int64_t q = numerator / strides[i] - ((numerator % strides[i] != 0) && (numerator < 0) ? 1 : 0);
    out_shape[axis[i]] = I32(q + 1);
  }
  auto window_index = [&](const std::vector<Var>& out) {
    std::vector<PrimExpr> idx(out.begin(), out.end());
    for (size_t i = 0; i < k; ++i) idx[axis[i]] = out[axis[i]] * stride[i] + daxis[i]->var * dil[i];
    return idx;
  };
  if (type == PoolType::kMax) {
    Tensor temp = do_pad ? pad_constant(x, pad_before, pad_after, min_value(x->dtype), "pad_temp") : x;
    AttrMap attrs{{"schedule_rule", String("meta_schedule.pool_max")}};
    return te::compute(
        out_shape, [&](const std::vector<Var>& out) { return max(temp(window_index(out)), daxis); },
        "pool_max", "pool_max", attrs);
  }
  Tensor temp = do_pad ? pad_constant(x, pad_before, pad_after, I32(0), "pad_temp") : x;
  Tensor pool_sum = te::compute(
      out_shape, [&](const std::vector<Var>& out) { return sum(temp(window_index(out)), daxis); },
      "pool_sum", "pool_sum");
  AttrMap attrs{{"schedule_rule", String("meta_schedule.pool_avg")}};
  return te::compute(
      out_shape,
      [&](const std::vector<Var>& out) {
        std::vector<PrimExpr> indices(out.begin(), out.end());
        PrimExpr num_el = I32(1);
        for (size_t i = 0; i < k; ++i) {
          PrimExpr dim = x->shape[axis[i]];
          PrimExpr start = out[axis[i]] * stride[i] - pad_head[i];
          PrimExpr end = start + (kernel_e[i] - 1) * dil[i];
          if (count_include_pad) {
            end = min(end, dim + pad_tail[i] - 1 - offset[i]);
            num_el = num_el * ((end - start) / dil[i] + 1);
          } else {
            // Steps along the dilated window until it leaves the leading padding.
            PrimExpr jumps = (dil[i] - 1 - start) / dil[i];
            jumps = max(jumps, make_const(jumps.dtype(), 0));
            end = min(end, dim - 1);
            num_el = num_el * ((end - (start + dil[i] * jumps)) / dil[i] + 1);
          }
        }
        if (count_include_pad) return div(pool_sum(indices), num_el);
        return div(pool_sum(indices), max(num_el, I32(1)));
      },
      "pool_avg", "elemwise", attrs);
}

Tensor max_pool2d(const Tensor& x, const std::vector<int64_t>& kernel,
                  const std::vector<int64_t>& strides, const std::vector<int64_t>& padding) {
  return pool2d(x, kernel, strides, {1, 1}, padding, PoolType::kMax, false, "NCHW", false);
}

Tensor avg_pool2d(const Tensor& x, const std::vector<int64_t>& kernel,
                  const std::vector<int64_t>& strides, const std::vector<int64_t>& padding) {
  return pool2d(x, kernel, strides, {1, 1}, padding, PoolType::kAvg, false, "NCHW", false);
}

Tensor adaptive_pool2d(const Tensor& x, const std::vector<PrimExpr>& out_size, PoolType type,
                       const std::string& layout) {
  auto [hax, wax] = PoolAxes(layout);
  return adaptive_pool_nd(x, out_size, type, {hax, wax});
}

Tensor adaptive_pool1d(const Tensor& x, const PrimExpr& out_size, PoolType type, const std::string& layout) {
  size_t w = layout.find('W');
  TIRGEN_CHECK(w != std::string::npos && layout.find('w') == std::string::npos && x.ndim() == layout.size())
      << "pooling layout " << layout << " must contain an unsplit W";
  return adaptive_pool_nd(x, {out_size}, type, {static_cast<int>(w)});
}

Tensor adaptive_pool_nd(const Tensor& x, const std::vector<PrimExpr>& out_size, PoolType type,
                        const std::vector<int>& axes) {
  const size_t k = axes.size();
  TIRGEN_CHECK(out_size.size() == k) << "adaptive pooling needs one output size per pooled axis";
  std::vector<PrimExpr> shape = x->shape;
  for (size_t i = 0; i < k; ++i) shape[axes[i]] = out_size[i];
  // The window of output position o along one axis: [o*in/out, ceil((o+1)*in/out)). When out
  // divides in, its length simplifies to a constant and the reduction runs over it as TVM
  // writes it. Otherwise the reduction runs over the longest window (with a condition when
  // the length varies with o), so no output index leaks into the loop bounds.
  struct Window {
    std::vector<IterVar> raxes;
    std::vector<PrimExpr> lengths;  // actual window length per axis
    PrimExpr cond;                  // undefined when every window is full; masks the source
                                    // (a reduction `where` is not lowered)
  };
  auto window = [&](const std::vector<Var>& out, bool reduce_indices, std::vector<PrimExpr>* idx) {
    Window w;
    idx->assign(out.begin(), out.end());
    for (size_t i = 0; i < k; ++i) {
      PrimExpr o = out[axes[i]], odim = out_size[i], idim = x->shape[axes[i]];
      PrimExpr start = floordiv(o * idim, odim);
      PrimExpr tmp = floordiv((o + 1) * idim, odim);
      PrimExpr end = Select(floormod((o + 1) * idim, odim) == 0, tmp, tmp + 1);
      w.lengths.push_back(end - start);
      const auto* in_imm = idim.as<tir::IntImmNode>();
      const auto* out_imm = odim.as<tir::IntImmNode>();
      int64_t longest = -1;
      bool varies = false, constant = false;
      if (in_imm && out_imm && out_imm->value > 0 && in_imm->value % out_imm->value != 0) {
        int64_t in = in_imm->value, on = out_imm->value, first = -1;
        for (int64_t k = 0; k < on; ++k) {
          int64_t st = k * in / on, en = ((k + 1) * in + on - 1) / on;
          if (first < 0) first = en - st;
          varies = varies || en - st != first;
          longest = std::max(longest, en - st);
        }
        constant = true;
      }
      PrimExpr extent = constant ? make_const(idim.dtype(), longest) : end - start;
      IterVar rv = te::reduce_axis(Range(make_const(extent.dtype(), 0), extent), "rv" + std::to_string(i));
      w.raxes.push_back(rv);
      PrimExpr pos = start + rv->var;
      if (varies) {
        PrimExpr inside = rv->var < end - start;
        w.cond = w.cond.defined() ? (w.cond && inside) : inside;
        pos = min(pos, idim - 1);  // reads past a short window are masked; keep them in bounds
      }
      if (reduce_indices) (*idx)[axes[i]] = pos;
    }
    return w;
  };
  if (type == PoolType::kMax) {
    AttrMap attrs{{"schedule_rule", String("meta_schedule.adaptive_pool_max")}};
    return te::compute(
        shape,
        [&](const std::vector<Var>& out) {
          std::vector<PrimExpr> idx;
          Window w = window(out, true, &idx);
          PrimExpr v = x(idx);
          return max(w.cond.defined() ? Select(w.cond, v, min_value(x->dtype)) : v, w.raxes);
        },
        "adaptive_pool_max", "adaptive_pool_max", attrs);
  }
  Tensor pool_sum = te::compute(
      shape,
      [&](const std::vector<Var>& out) {
        std::vector<PrimExpr> idx;
        Window w = window(out, true, &idx);
        PrimExpr v = x(idx);
        return sum(w.cond.defined() ? Select(w.cond, v, make_const(x->dtype, 0)) : v, w.raxes);
      },
      "adaptive_pool_sum", "adaptive_pool_sum");
  AttrMap attrs{{"schedule_rule", String("meta_schedule.adaptive_pool_avg")}};
  return te::compute(
      shape,
      [&](const std::vector<Var>& out) {
        std::vector<PrimExpr> idx;
        Window w = window(out, false, &idx);
        PrimExpr factor = cast(x->dtype, I32(1));
        for (const PrimExpr& len : w.lengths) factor = factor * cast(x->dtype, len);
        return div(pool_sum(idx), factor);
      },
      "adaptive_pool_avg", "elemwise", attrs);
}

Tensor adaptive_avg_pool2d(const Tensor& x, const std::vector<int64_t>& out_size) {
  return adaptive_pool2d(x, {I32(out_size[0]), I32(out_size[1])}, PoolType::kAvg, "NCHW");
}

}  // namespace topi
}  // namespace tirgen

// cumsum, topk, scatter_nd and trilu as plain TE (see scan_sort.h for how each differs from
// TVM's extern kernels).
#include "tirgen/topi/scan_sort.h"

#include <limits>

#include "tirgen/te/operation.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace topi {

using namespace tir;  // NOLINT

namespace {

std::vector<PrimExpr> Vec(const std::vector<Var>& v) { return std::vector<PrimExpr>(v.begin(), v.end()); }
PrimExpr I32(int64_t v) { return IntImm(DataType::Int(32), v); }
std::vector<std::string> Names(size_t n) {
  std::vector<std::string> out;
  for (size_t i = 0; i < n; ++i) out.push_back("i" + std::to_string(i));
  return out;
}

// A reduction of `src` over `axes`; `src` itself when there is nothing to reduce (ScatterND
// with one update: indices of shape (M,)).
PrimExpr ReduceOver(bool is_sum, bool is_max, PrimExpr src, const std::vector<IterVar>& axes) {
  if (axes.empty()) return src;
  if (is_max) return max(src, axes);
  return is_sum ? sum(src, axes) : prod(src, axes);
}

// min/max of scatter reductions, numpy's minimum/maximum: NaN from either side wins (tg_min/tg_max
// alone return the second operand when unordered, so a NaN first operand would be dropped).
PrimExpr MinMax(bool is_max, PrimExpr a, PrimExpr b) {
  PrimExpr r = is_max ? max(a, b) : min(a, b);
  if (!a.dtype().is_floating()) return r;
  return Select(tir::Call(DataType::Bool(), "tir.isnan", {a}), a, r);
}

// Their exact identity: ±inf for floats (±FLT_MAX would turn an untouched ±inf data element, or
// an all-±inf set of updates, into ±FLT_MAX), the integer limits otherwise. So combine(data,
// identity) is data bit for bit, and positions no update addresses keep data exactly.
PrimExpr MinMaxIdentity(bool is_max, DataType t) {
  if (!t.is_floating()) return is_max ? min_value(t) : max_value(t);
  double inf = std::numeric_limits<double>::infinity();
  return FloatImm(t, is_max ? -inf : inf);
}

// min/max reduction of `src` over `axes` with MinMax as combiner and MinMaxIdentity as start.
PrimExpr ReduceMinMax(bool is_max, PrimExpr src, const std::vector<IterVar>& axes) {
  if (axes.empty()) return src;
  DataType t = src.dtype();
  Var x("x", t), y("y", t);
  CommReducer combiner({x}, {y}, {MinMax(is_max, x, y)}, {MinMaxIdentity(is_max, t)});
  return Reduce(combiner, {std::move(src)}, axes, make_const(DataType::Bool(), 1), 0, {});
}

}  // namespace

Tensor trilu(const Tensor& data, const Tensor& k, bool upper, const std::string& name) {
  size_t n = data.ndim();
  TIRGEN_CHECK(n >= 2) << "trilu: data needs at least two dimensions";
  return te::compute(
      data->shape,
      [&](const std::vector<Var>& v) {
        PrimExpr kk = cast(DataType::Int(32), k(std::vector<PrimExpr>{}));
        PrimExpr row = v[n - 2], col = v[n - 1];
        PrimExpr check = upper ? le(row, col - kk) : ge(row, col - kk);
        return Select(check, data(Vec(v)), make_const(data->dtype, 0));
      },
      // python/tvm/topi/transform.py: te.compute over `_apply_trilu(*indices)`, so te.compute
      // (python/tvm/te/operation.py, varargs branch) names the axes i0, i1, ...
      name, "elemwise", {}, Names(n));
}

Tensor cumsum(const Tensor& data, int axis, DataType dtype, bool exclusive, const std::string& name) {
  if (axis < 0) axis += static_cast<int>(data.ndim());
  IterVar j = te::reduce_axis(Range(I32(0), data->shape[axis]), "j");
  return te::compute(
      data->shape,
      [&](const std::vector<Var>& v) {
        std::vector<PrimExpr> at = Vec(v);
        at[axis] = j->var;
        PrimExpr in = exclusive ? lt(j->var, v[axis]) : le(j->var, v[axis]);
        return sum(Select(in, cast(dtype, data(at)), make_const(dtype, 0)), {j});
      },
      name, "cumsum");
}

std::vector<Tensor> topk(const Tensor& data, int k, int axis, bool is_ascend, DataType dtype, const std::string& name) {
  if (axis < 0) axis += static_cast<int>(data.ndim());
  PrimExpr n = data->shape[axis];
  // rank[p] = #{q : x[q] before x[p]}: strictly larger (smaller) values, or equal ones at a
  // lower index.
  IterVar q = te::reduce_axis(Range(I32(0), n), "q");
  Tensor rank = te::compute(
      data->shape,
      [&](const std::vector<Var>& v) {
        std::vector<PrimExpr> at = Vec(v);
        at[axis] = q->var;
        PrimExpr xq = data(at), xp = data(Vec(v));
        PrimExpr before = logical_or(is_ascend ? lt(xq, xp) : gt(xq, xp), logical_and(eq(xq, xp), lt(q->var, v[axis])));
        return sum(Select(before, I32(1), I32(0)), {q});
      },
      name + "_rank", "topk");
  std::vector<PrimExpr> out_shape = data->shape;
  out_shape[axis] = I32(k);
  auto gather = [&](bool values) {
    IterVar p = te::reduce_axis(Range(I32(0), n), "p");
    return te::compute(
        out_shape,
        [&](const std::vector<Var>& v) {
          std::vector<PrimExpr> at = Vec(v);
          at[axis] = p->var;
          PrimExpr hit = eq(rank(at), v[axis]);
          PrimExpr value = values ? data(at) : cast(dtype, p->var);
          DataType dt = values ? data->dtype : dtype;
          return sum(Select(hit, value, make_const(dt, 0)), {p});
        },
        name + (values ? "_values" : "_indices"), "topk");
  };
  return {gather(true), gather(false)};
}

Tensor scatter_nd(const Tensor& data, const Tensor& indices, const Tensor& updates, const std::string& mode,
                  const std::string& name) {
  TIRGEN_CHECK(mode == "update" || mode == "add" || mode == "mul" || mode == "min" || mode == "max")
      << "scatter_nd: mode '" << mode << "' is not one of update, add, mul, min, max";
  size_t ndim = data.ndim(), kdim = indices.ndim() - 1;
  const int64_t* m_ptr = as_const_int(indices->shape[0]);
  TIRGEN_CHECK(m_ptr) << "scatter_nd: indices.shape[0] must be static";
  size_t m = static_cast<size_t>(*m_ptr);
  // TVM's form: out = data, then one sequential pass over the update positions in row-major
  // order, each writing (or combining into) its slice of out. A reduction per output element
  // over every update position would be quadratic: an exported slice assignment such as
  // attn[:, :, 1:, 1:] += rel makes both sides the whole tensor.
  auto body = [&](const std::vector<tir::Buffer>& ins, const std::vector<tir::Buffer>& outs) -> Stmt {
    const tir::Buffer &in = ins[0], &idx = ins[1], &upd = ins[2], &out = outs[0];
    auto nest = [](const std::vector<Var>& vars, const std::vector<PrimExpr>& extents, Stmt s) {
      for (size_t i = vars.size(); i-- > 0;)
        s = For(vars[i], make_const(extents[i].dtype(), 0), extents[i], ForKind::kSerial, s);
      return s;
    };
    std::vector<Var> o;
    for (size_t d = 0; d < ndim; ++d) o.emplace_back("i" + std::to_string(d), data->shape[d].dtype());
    Stmt copy = nest(o, data->shape, BufferStore(out, BufferLoad(in, Vec(o)), Vec(o)));
    std::vector<Var> y, rest;
    std::vector<PrimExpr> y_ext, rest_ext;
    for (size_t i = 0; i < kdim; ++i) {
      y.emplace_back("j" + std::to_string(i), indices->shape[i + 1].dtype());
      y_ext.push_back(indices->shape[i + 1]);
    }
    for (size_t d = m; d < ndim; ++d) {
      rest.emplace_back("k" + std::to_string(d - m), data->shape[d].dtype());
      rest_ext.push_back(data->shape[d]);
    }
    std::vector<PrimExpr> at, src(y.begin(), y.end());
    PrimExpr inside;
    for (size_t d = 0; d < m; ++d) {
      std::vector<PrimExpr> pos{make_const(indices->shape[0].dtype(), static_cast<int64_t>(d))};
      pos.insert(pos.end(), y.begin(), y.end());
      DataType t = data->shape[d].dtype();
      PrimExpr i = cast(t, BufferLoad(idx, pos));
      i = Select(lt(i, make_const(t, 0)), i + data->shape[d], i);  // negative: from the end (ONNX)
      // an index outside the data writes nothing (as the reduction form, which no output matched)
      PrimExpr ok = logical_and(ge(i, make_const(t, 0)), lt(i, data->shape[d]));
      inside = inside.defined() ? logical_and(inside, ok) : ok;
      at.push_back(i);
    }
    for (const Var& r : rest) {
      at.push_back(r);
      src.push_back(r);
    }
    PrimExpr u = BufferLoad(upd, src), cur = BufferLoad(out, at);
    PrimExpr v = mode == "update" ? u : mode == "add" ? cur + u : mode == "mul" ? cur * u : MinMax(mode == "max", cur, u);
    Stmt write = BufferStore(out, v, at);
    if (inside.defined()) write = IfThenElse(inside, write);
    Stmt scatter = nest(y, y_ext, nest(rest, rest_ext, write));
    return SeqStmt::Flatten({copy, scatter});
  };
  return te::extern_op({data->shape}, {data->dtype}, {data, indices, updates}, body, name, "scatter_nd")[0];
}

Tensor scatter_elements(const Tensor& data, const Tensor& indices, const Tensor& updates, int axis,
                        const std::string& reduction, const std::string& name) {
  size_t ndim = data.ndim();
  if (axis < 0) axis += static_cast<int>(ndim);
  IterVar k = te::reduce_axis(Range(I32(0), indices->shape[axis]), "k");
  // Index position (o with axis -> k) exists (o within indices' extents off the axis) and
  // addresses o. Off-axis coordinates are clamped for the load; `inside` masks them.
  auto matches = [&](const std::vector<Var>& o) {
    std::vector<PrimExpr> at;
    PrimExpr inside = make_const(DataType::Bool(), 1);
    for (size_t d = 0; d < ndim; ++d) {
      if (static_cast<int>(d) == axis) {
        at.push_back(k->var);
        continue;
      }
      PrimExpr last = cast(o[d].dtype(), indices->shape[d]) - make_const(o[d].dtype(), 1);
      inside = logical_and(inside, le(o[d], last));
      at.push_back(min(o[d], last));
    }
    PrimExpr idx = cast(o[axis].dtype(), indices(at));
    idx = Select(lt(idx, make_const(idx.dtype(), 0)), idx + cast(idx.dtype(), data->shape[axis]), idx);
    return std::make_pair(logical_and(inside, eq(idx, o[axis])), at);
  };
  if (reduction == "update") {
    Tensor last = te::compute(
        data->shape,
        [&](const std::vector<Var>& o) {
          return ReduceOver(false, true, Select(matches(o).first, k->var, I32(-1)), {k});
        },
        name + "_last", "scatter_elements");
    return te::compute(
        data->shape,
        [&](const std::vector<Var>& o) {
          PrimExpr l = last(Vec(o));
          std::vector<PrimExpr> at = matches(o).second;
          at[axis] = max(l, I32(0));
          return Select(ge(l, I32(0)), updates(at), data(Vec(o)));
        },
        name, "scatter_elements");
  }
  bool add = reduction == "add", mul = reduction == "mul", mn = reduction == "min", mx = reduction == "max";
  TIRGEN_CHECK(add || mul || mn || mx) << "scatter_elements: reduction '" << reduction
                                       << "' is not one of update, add, mul, min, max";
  DataType dt = data->dtype;
  // The identity of each combination, so positions that do not match leave data unchanged.
  PrimExpr identity = add ? make_const(dt, 0) : mul ? make_const(dt, 1) : MinMaxIdentity(mx, dt);
  Tensor acc = te::compute(
      data->shape,
      [&](const std::vector<Var>& o) {
        auto m = matches(o);
        PrimExpr src = Select(m.first, updates(m.second), identity);
        if (add || mul) return ReduceOver(add, false, src, {k});
        return ReduceMinMax(mx, src, {k});
      },
      name + "_acc", "scatter_elements");
  return te::compute(
      data->shape,
      [&](const std::vector<Var>& o) {
        PrimExpr x = data(Vec(o)), a = acc(Vec(o));
        return add ? x + a : mul ? x * a : MinMax(mx, x, a);
      },
      name, "scatter_elements");
}

}  // namespace topi
}  // namespace tirgen

// TE computes of the reductions (TVM's src/relay/op/tensor/reduce.cc): sum, max, min, prod,
// mean, argmax, argmin, variance/std over `axis` (None or []: all axes), `exclude` inverting
// the set, `keepdims` keeping reduced dims as 1.
#include <algorithm>

#include "op_common.h"
#include "tirgen/tir/op.h"
#include "tirgen/topi/broadcast.h"
#include "tirgen/topi/elemwise.h"
#include "tirgen/topi/reduction.h"

namespace tirgen {
namespace relay {
namespace op {
namespace {

using te::Tensor;

// The reduced axes of `call` on a tensor of rank `ndim` (sorted, unique).
std::vector<int> ComputeReduceAxes(const Call& call, int ndim) {
  std::vector<int64_t> given = call->GetIntArray("axis");
  std::vector<bool> in(ndim, given.empty());
  for (int64_t a : given) {
    TIRGEN_CHECK(a >= -ndim && a < ndim) << call->op_name() << ": axis " << a << " is out of range for rank " << ndim;
    in[a < 0 ? a + ndim : a] = true;
  }
  bool exclude = !given.empty() && call->GetBool("exclude");
  std::vector<int> axes;
  for (int i = 0; i < ndim; ++i)
    if (in[i] != exclude) axes.push_back(i);
  return axes;
}

int64_t ReducedCount(const Tensor& x, const std::vector<int>& axes) {
  int64_t n = 1;
  for (int a : axes) n *= DimValue(x->shape[a]);
  return n;
}

using FReduce = Tensor (*)(const Tensor&, std::vector<int>, bool);

// TVM's ReduceCompute: a 0-d input or nothing to reduce is an identity copy.
Tensor Reduce(const Call& call, const Tensor& x, FReduce f, std::vector<int>* axes_out = nullptr) {
  std::vector<int> axes = ComputeReduceAxes(call, static_cast<int>(x.ndim()));
  if (axes_out) *axes_out = axes;
  if (axes.empty()) return topi::identity(x);
  return f(x, axes, call->GetBool("keepdims"));
}

Tensor Sum(const Tensor& x, std::vector<int> a, bool k) { return topi::sum(x, std::move(a), k); }
Tensor Max(const Tensor& x, std::vector<int> a, bool k) { return topi::max(x, std::move(a), k); }
Tensor Min(const Tensor& x, std::vector<int> a, bool k) { return topi::min(x, std::move(a), k); }
Tensor Prod(const Tensor& x, std::vector<int> a, bool k) { return topi::prod(x, std::move(a), k); }
Tensor All(const Tensor& x, std::vector<int> a, bool k) { return topi::all(x, std::move(a), k); }
Tensor Any(const Tensor& x, std::vector<int> a, bool k) { return topi::any(x, std::move(a), k); }

void RegisterReduce(const char* name, FReduce f) {
  RegisterCompute(name, [f](const Call& call, const std::vector<Tensor>& in, const Type&) {
    return std::vector<Tensor>{Reduce(call, in.at(0), f)};
  });
}

// sum / count, the count a constant of the summed dtype (TVM's MeanCompute). float16 data is
// summed in float32 and the result cast back, as TVM does.
Tensor Mean(const Call& call, const Tensor& x) {
  std::vector<int> axes;
  bool fp16 = x->dtype == DataType::Float(16);
  Tensor data = fp16 ? topi::cast(x, DataType::Float(32)) : x;
  Tensor s = Reduce(call, data, Sum, &axes);
  Tensor m = topi::divide(s, tir::make_const(data->dtype, static_cast<double>(ReducedCount(x, axes))));
  return fp16 ? topi::cast(m, DataType::Float(16)) : m;
}

// mean((data - mean)^2) with count - 1 when unbiased; std adds a sqrt (TVM's VarianceCompute).
// float16 squares are summed in float32 and the result cast back.
Tensor Variance(const Call& call, const Tensor& data, const Tensor& mean) {
  std::vector<int> axes = ComputeReduceAxes(call, static_cast<int>(data.ndim()));
  int64_t count = ReducedCount(data, axes) - (call->GetBool("unbiased") ? 1 : 0);
  Tensor diff = topi::subtract(data, mean);
  Tensor sq = topi::multiply(diff, diff);
  bool fp16 = data->dtype == DataType::Float(16);
  if (fp16) sq = topi::cast(sq, DataType::Float(32));
  Tensor s = axes.empty() ? topi::identity(sq) : topi::sum(sq, axes, call->GetBool("keepdims"));
  Tensor var = topi::divide(s, tir::make_const(sq->dtype, static_cast<double>(count)));
  return fp16 ? topi::cast(var, DataType::Float(16)) : var;
}

}  // namespace

TIRGEN_REGISTER_OPS(compute_reduce) {
  RegisterReduce("sum", Sum);
  RegisterReduce("max", Max);
  RegisterReduce("min", Min);
  RegisterReduce("prod", Prod);
  RegisterReduce("all", All);
  RegisterReduce("any", Any);
  RegisterCompute("mean", [](const Call& call, const std::vector<Tensor>& in, const Type&) {
    return std::vector<Tensor>{Mean(call, in.at(0))};
  });
  for (bool is_max : {true, false}) {
    RegisterCompute(is_max ? "argmax" : "argmin",
                    [is_max](const Call& call, const std::vector<Tensor>& in, const Type&) {
                      const Tensor& x = in.at(0);
                      std::vector<int> axes = ComputeReduceAxes(call, static_cast<int>(x.ndim()));
                      bool keep = call->GetBool("keepdims"), last = call->GetBool("select_last_index");
                      return std::vector<Tensor>{is_max ? topi::argmax(x, axes, keep, last)
                                                        : topi::argmin(x, axes, keep, last)};
                    });
  }
  RegisterCompute("variance", [](const Call& call, const std::vector<Tensor>& in, const Type&) {
    return std::vector<Tensor>{Variance(call, in.at(0), in.at(1))};
  });
  RegisterCompute("std", [](const Call& call, const std::vector<Tensor>& in, const Type&) {
    return std::vector<Tensor>{topi::sqrt(Variance(call, in.at(0), in.at(1)))};
  });
}

}  // namespace op
}  // namespace relay
}  // namespace tirgen

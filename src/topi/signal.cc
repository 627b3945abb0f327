// topi.dft as TE reductions (see signal.h).
#include "tirgen/topi/signal.h"

#include <cmath>

#include "tirgen/te/operation.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace topi {

using namespace tir;  // NOLINT

std::vector<te::Tensor> dft(const te::Tensor& re_data, const te::Tensor& im_data, bool inverse) {
  size_t nd = re_data.ndim();
  TIRGEN_CHECK(nd >= 1) << "dft: the data needs at least one dimension";
  const auto* n_imm = re_data->shape[nd - 1].as<IntImmNode>();
  TIRGEN_CHECK(n_imm) << "dft: the transformed axis must be static";
  int64_t n_fft = n_imm->value;
  TIRGEN_CHECK(n_fft >= 1) << "dft: the transformed axis has length 0 (the twiddles take n mod n)";
  DataType dt = re_data->dtype;
  // Angles and their sines in float32 (float64 for float64 data), as TVM's float32 twiddles.
  DataType wt = dt.bits() == 64 ? DataType::Float(64) : DataType::Float(32);
  DataType it = n_fft > 46340 ? DataType::Int(64) : DataType::Int(32);  // n * k fits
  double step = (inverse ? 2.0 : -2.0) * M_PI / static_cast<double>(n_fft);
  auto part = [&](bool imag) {
    IterVar k = te::reduce_axis(Range(IntImm(DataType::Int(32), 0), re_data->shape[nd - 1]), "k");
    return te::compute(
        re_data->shape,
        [&](const std::vector<Var>& v) {
          std::vector<PrimExpr> at(v.begin(), v.end());
          at[nd - 1] = k->var;
          PrimExpr turn = floormod(cast(it, v[nd - 1]) * cast(it, k->var), IntImm(it, n_fft));
          PrimExpr w = make_const(wt, step) * cast(wt, turn);
          PrimExpr c = cast(dt, Call(wt, "tir.cos", {w})), s = cast(dt, Call(wt, "tir.sin", {w}));
          PrimExpr re = re_data(at), im = im_data(at);
          return sum(imag ? re * s + im * c : re * c - im * s, {k});
        },
        imag ? "dft_im" : "dft_re", "dft");
  };
  std::vector<te::Tensor> out{part(false), part(true)};
  if (inverse) {
    for (auto& t : out) {
      te::Tensor acc = t;
      t = te::compute(
          acc->shape,
          [&](const std::vector<Var>& v) {
            return acc(std::vector<PrimExpr>(v.begin(), v.end())) * make_const(dt, 1.0 / static_cast<double>(n_fft));
          },
          acc->op->name + "_scaled", "elemwise");
    }
  }
  return out;
}

}  // namespace topi
}  // namespace tirgen

// TOPI computes of the ops TVM implements as extern or hybrid-script kernels (cumsum, topk,
// scatter_nd, scatter_elements) and of trilu. TVM's kernels are sequential loops over a
// buffer (scan, sort, in-place scatter). scatter_nd is such a loop here too (te.extern); the
// others are plain TE (compute + reductions) that CreatePrimFunc turns into ordinary TensorIR
// blocks and loops, so every schedule primitive, the tuner and the C backend handle them. The work differs from TVM's (noted per compute);
// the results do not.
#pragma once

#include <string>

#include "tirgen/te/tensor.h"

namespace tirgen {
namespace topi {

using te::Tensor;

/// Lower (upper = false) or upper triangle of the last two dims, diagonal offset by the 0-d
/// integer tensor `k` (TVM's topi.trilu: data where row <= col - k (upper) / row >= col - k).
Tensor trilu(const Tensor& data, const Tensor& k, bool upper, const std::string& name = "trilu");

/// Cumulative sum along `axis` in `dtype` (exclusive: the element itself left out). TVM scans
/// with a running sum (O(n) per line); here out[i] = sum over j <= i (j < i) of x[j], a
/// reduction over the line (O(n^2) per line, same summation order).
Tensor cumsum(const Tensor& data, int axis, DataType dtype, bool exclusive, const std::string& name = "T_cumsum");

/// The k largest (or smallest, is_ascend) elements along `axis` and their indices (`dtype`),
/// ties broken by the lower index (TVM calls a library sort). Here each element's rank is
/// counted (a reduction over the line, O(n^2)), and output i gathers the element of rank i.
/// Returns {values, indices}.
std::vector<Tensor> topk(const Tensor& data, int k, int axis, bool is_ascend, DataType dtype,
                         const std::string& name = "T_topk");

/// ScatterND, TVM's layout: indices (M, Y_0..Y_{K-1}), updates (Y_0..Y_{K-1}, X_M..X_{N-1}).
/// mode "update" (the last update of a position wins, as TVM's in-order loop), "add", "mul",
/// "min", "max". As TVM: a te.extern that copies data, then loops over the update positions in
/// row-major order writing (combining) in place, O(data + updates) (a reduction per output
/// element, the plain-TE form, is quadratic). min/max are numpy's minimum/maximum (NaN wins);
/// positions no update addresses keep data exactly; an index outside the data writes nothing.
Tensor scatter_nd(const Tensor& data, const Tensor& indices, const Tensor& updates, const std::string& mode,
                  const std::string& name = "T_scatter_nd");

/// ScatterElements along `axis`: out = data, then for each index position j (indices' shape),
/// out[j with axis -> indices[j]] = updates[j] ("update": the last position in row-major
/// order wins, as TVM's in-order loop), or combined with "add", "mul", "min", "max". Negative
/// indices count from the end. TVM loops over the updates writing in place; here each output
/// element reduces over the index positions along `axis` that address it. min/max as in
/// scatter_nd: NaN wins, and unaddressed positions keep data exactly.
Tensor scatter_elements(const Tensor& data, const Tensor& indices, const Tensor& updates, int axis,
                        const std::string& reduction, const std::string& name = "T_scatter_elements");

}  // namespace topi
}  // namespace tirgen

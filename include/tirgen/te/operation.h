// Building TE programs: placeholder, compute (any rank, single or multi output), reduce_axis,
// and the argmax-style tuple reducer helper.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "tirgen/te/tensor.h"

namespace tirgen {
namespace te {

/// An input tensor.
Tensor placeholder(std::vector<PrimExpr> shape, DataType dtype = DataType::Float(32),
                   std::string name = "placeholder");

using FCompute = std::function<PrimExpr(const std::vector<Var>&)>;
using FBatchCompute = std::function<std::vector<PrimExpr>(const std::vector<Var>&)>;

/// out[i...] = fcompute(i...). Axis vars are named `var_names[k]` when given, else `ax<k>`
/// (TVM C++ compute; Python-style TOPI computes pass "i0".. or their lambda names).
Tensor compute(std::vector<PrimExpr> shape, FCompute fcompute, std::string name = "tensor",
               std::string tag = "", AttrMap attrs = {}, std::vector<std::string> var_names = {});

/// Several outputs over the same axes (all Reduce with one combiner, or all plain values).
std::vector<Tensor> compute_multi(std::vector<PrimExpr> shape, FBatchCompute fcompute,
                                  std::string name = "tensor", std::string tag = "",
                                  AttrMap attrs = {}, std::vector<std::string> var_names = {});

/// A reduction axis over `dom`, named `name`.
IterVar reduce_axis(tir::Range dom, std::string name = "rv");

/// A constant of `dtype` (TVM's tvm::tir::make_const).
PrimExpr const_value(DataType dtype, double value);

/// A tuple reducer: fcombine(lhs, rhs) -> results, identities per component. Returns a
/// function that builds the Reduce expressions (one per component) over `axis`.
using FCombine = std::function<std::vector<PrimExpr>(const std::vector<Var>& lhs,
                                                     const std::vector<Var>& rhs)>;
using FIdentity = std::function<std::vector<PrimExpr>(const std::vector<DataType>&)>;
std::function<std::vector<PrimExpr>(std::vector<PrimExpr> source, std::vector<IterVar> axis,
                                    PrimExpr where)>
comm_reducer(FCombine fcombine, FIdentity fidentity, std::string name = "reduce");

}  // namespace te
}  // namespace tirgen

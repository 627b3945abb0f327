// Building TE programs: placeholder, compute (any rank, single or multi output), reduce_axis,
// the argmax-style tuple reducer helper, extern (a TIR statement over buffers) and scan.
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

/// te.extern: the outputs (one per shape/dtype) are written by the statement `fbody` makes
/// from the input and output placeholder buffers. As TVM's te.extern, each placeholder is a
/// buffer named after its tensor (inputs) or `name` (outputs) with a symbolic int32
/// elem_offset named "elem_offset".
using FExternBody = std::function<tir::Stmt(const std::vector<tir::Buffer>& ins,
                                            const std::vector<tir::Buffer>& outs)>;
std::vector<Tensor> extern_op(const std::vector<std::vector<PrimExpr>>& shapes,
                              const std::vector<DataType>& dtypes, std::vector<Tensor> inputs,
                              const FExternBody& fbody, std::string name = "extern",
                              std::string tag = "", AttrMap attrs = {});

/// te.scan: state[0:k] = init, state[t] = update (reading state[t - 1] through
/// `state_placeholder`), along the first axis. create_prim_func refuses it, as TVM v0.14's does.
std::vector<Tensor> scan(std::vector<Tensor> init, std::vector<Tensor> update,
                         std::vector<Tensor> state_placeholder, std::vector<Tensor> inputs = {},
                         std::string name = "scan", std::string tag = "", AttrMap attrs = {});

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

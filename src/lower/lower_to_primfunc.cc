// LowerToPrimFunc (TVM's lower_to_primfunc, spec §3.3) and the path every lowering shares.
#include "lower_internal.h"
#include "tirgen/te/create_primfunc.h"

namespace tirgen {
namespace lower {

LoweredFunc LowerPrimitive(const relay::Function& func, const std::string& target) {
  LoweredTE te = LowerToTE(func, target);
  std::vector<te::Tensor> args = te.inputs;
  args.insert(args.end(), te.outputs.begin(), te.outputs.end());
  if (te.outputs.empty())
    throw Error("primitive function " + te.fused_name +
                " computes nothing (every output is an input or a constant): nothing to lower");
  return {te::CreatePrimFunc(args, te.constants, DataType::Int(64)), te.fused_name};
}

tir::PrimFunc LowerToPrimFunc(const relay::Function& func, const std::string& target) {
  return LowerPrimitive(func, target).func;
}

}  // namespace lower
}  // namespace tirgen

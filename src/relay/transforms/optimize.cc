// relay::Optimize: TVM's task-extraction pass prefix then FuseOps (golden README's sequence).
// Passes that are the identity on the programs tirgen accepts (RemoveUnusedFunctions on a
// single main, ToBasicBlockNormalForm on dataflow, qnn Legalize, EtaExpand, FlattenAtrousConv,
// the opt-level-4 CombineParallel* and FastMath) are omitted.
#include "tirgen/relay/text.h"
#include "tirgen/relay/transforms.h"

namespace tirgen {
namespace relay {

IRModule Optimize(const IRModule& mod, const std::map<std::string, NDArray>& params,
                  const OptimizeConfig& config) {
  IRModule m = params.empty() ? mod : BindParamsByName(mod, params);
  m = InferType(m);  // the passes read checked types (TVM's pass infra infers them first too)
  m = Legalize(m);
  m = SimplifyInference(m);
  // TVM's pipeline passes EliminateCommonSubexpr a skip function meant to keep int32 casts,
  // but that function always answers false (its result is overwritten), so nothing is skipped.
  m = EliminateCommonSubexpr(m);
  m = FoldConstant(m);
  m = FoldScaleAxis(m);
  m = SimplifyExpr(m);
  m = CanonicalizeCast(m);
  m = CanonicalizeOps(m);
  m = FoldConstant(m);
  return FuseOps(m, config.link_params, config.max_fuse_depth);
}

}  // namespace relay
}  // namespace tirgen

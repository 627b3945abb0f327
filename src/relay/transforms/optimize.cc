// relay::Optimize: TVM's task-extraction pass prefix then FuseOps (golden README's sequence).
// Passes that are the identity on the programs tirgen accepts (RemoveUnusedFunctions on a
// single main, ToBasicBlockNormalForm on dataflow, EtaExpand, FlattenAtrousConv,
// the opt-level-4 CombineParallel* and FastMath) are omitted.
#include "tirgen/relay/text.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/support/error.h"

namespace tirgen {
namespace relay {

IRModule Optimize(const IRModule& mod, const std::map<std::string, NDArray>& params,
                  const OptimizeConfig& config) {
  TIRGEN_ICHECK(config.constant_evaluator)
      << "relay::Optimize needs OptimizeConfig::constant_evaluator (lower::EvaluateConstant)";
  const ConstantEvaluator& eval = config.constant_evaluator;
  IRModule m = params.empty() ? mod : BindParamsByName(mod, params);
  m = InferType(m);  // the passes read checked types (TVM's pass infra infers them first too)
  m = QnnLegalize(m);  // the qnn dialect becomes ordinary ops first, as in TVM
  m = Legalize(m);
  m = SimplifyInference(m);
  // TVM's pipeline passes EliminateCommonSubexpr a skip function meant to keep int32 casts,
  // but that function always answers false (its result is overwritten), so nothing is skipped.
  m = EliminateCommonSubexpr(m);
  m = FoldConstant(m, eval);
  m = FoldScaleAxis(m, eval);
  m = SimplifyExpr(m, eval);
  m = CanonicalizeCast(m);
  m = CanonicalizeOps(m);
  m = FoldConstant(m, eval);
  return FuseOps(m, config.link_params, config.max_fuse_depth);
}

}  // namespace relay
}  // namespace tirgen

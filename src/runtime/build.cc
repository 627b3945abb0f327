#include "tirgen/runtime/build.h"

#include "tirgen/codegen/build.h"
#include "tirgen/tir/transforms/pipeline.h"

namespace tirgen {
namespace runtime {

IRModule LowerForBuild(const IRModule& mod) { return tir::transform::LoweringPipeline()(mod); }

codegen::CSource EmitC(const IRModule& mod, const target::Target& target) {
  IRModule lowered = LowerForBuild(mod);
  for (const auto& [name, f] : lowered->functions)
    if (f.as<tir::PrimFuncNode>()) Module::CheckStaticShapes(f.cast<tir::PrimFunc>(), name);
  return codegen::GenerateC(lowered, target);
}

codegen::CSource EmitC(const IRModule& mod) { return EmitC(mod, target::DefaultBuildTarget()); }

Module BuildModule(const IRModule& mod, const target::Target& target) {
  codegen::CSource src = EmitC(mod, target);
  return Module::Load(codegen::BuildSharedLibrary(src.code, src.needs_openmp, target), src.functions);
}

Module BuildModule(const IRModule& mod) { return BuildModule(mod, target::DefaultBuildTarget()); }

Module BuildModule(const tir::PrimFunc& func, const std::string& name) {
  return BuildModule(IRModule({{name, func}}));
}

}  // namespace runtime
}  // namespace tirgen

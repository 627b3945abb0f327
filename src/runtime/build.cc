#include "tirgen/runtime/build.h"

#include "tirgen/codegen/build.h"
#include "tirgen/tir/transforms/pipeline.h"

namespace tirgen {
namespace runtime {

IRModule LowerForBuild(const IRModule& mod) { return tir::transform::LoweringPipeline()(mod); }

codegen::CSource EmitC(const IRModule& mod) { return codegen::GenerateC(LowerForBuild(mod)); }

Module BuildModule(const IRModule& mod) {
  codegen::CSource src = EmitC(mod);
  return Module::Load(codegen::BuildSharedLibrary(src.code, src.needs_openmp), src.functions);
}

Module BuildModule(const tir::PrimFunc& func, const std::string& name) {
  return BuildModule(IRModule({{name, func}}));
}

}  // namespace runtime
}  // namespace tirgen

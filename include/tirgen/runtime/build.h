// The build pipeline: block-form (or already lowered) PrimFuncs -> loop form
// (tir::transform::LoweringPipeline) -> C -> shared library (content-addressed cache) -> Module.
//
//   runtime::Module m = runtime::BuildModule(lower::LowerTE(fused));   // every PrimFunc
//   std::vector<NDArray> outs = runtime::BuildModule(prim_func).Run("main", inputs);
#pragma once

#include <string>

#include "tirgen/codegen/codegen_c.h"
#include "tirgen/runtime/module.h"

namespace tirgen {
namespace runtime {

/// The module with every PrimFunc lowered to loop form; other functions (Relay) untouched.
IRModule LowerForBuild(const IRModule& mod);
/// C source of the module's PrimFuncs after LowerForBuild.
codegen::CSource EmitC(const IRModule& mod);
/// LowerForBuild + GenerateC + compile (cached) + load.
Module BuildModule(const IRModule& mod);
/// A single PrimFunc, registered as `name`.
Module BuildModule(const tir::PrimFunc& func, const std::string& name = "main");

}  // namespace runtime
}  // namespace tirgen

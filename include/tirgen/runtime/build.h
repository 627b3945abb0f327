// The build pipeline: block-form (or already lowered) PrimFuncs -> loop form
// (tir::transform::LoweringPipeline) -> C -> shared library (content-addressed cache) -> Module.
//
//   runtime::Module m = runtime::BuildModule(lower::LowerTE(fused));   // every PrimFunc
//   std::vector<NDArray> outs = runtime::BuildModule(prim_func).Run("main", inputs);
#pragma once

#include <string>

#include "tirgen/codegen/codegen_c.h"
#include "tirgen/runtime/module.h"
#include "tirgen/target/target.h"

namespace tirgen {
namespace runtime {

/// The module with every PrimFunc lowered to loop form; other functions (Relay) untouched.
IRModule LowerForBuild(const IRModule& mod);
/// C source of the module's PrimFuncs after LowerForBuild, for `target`.
codegen::CSource EmitC(const IRModule& mod, const target::Target& target);
/// LowerForBuild + GenerateC + compile (cached) + load, for `target`.
Module BuildModule(const IRModule& mod, const target::Target& target);
/// The same for target::DefaultBuildTarget().
codegen::CSource EmitC(const IRModule& mod);
Module BuildModule(const IRModule& mod);
/// A single PrimFunc, registered as `name`.
Module BuildModule(const tir::PrimFunc& func, const std::string& name = "main");

}  // namespace runtime
}  // namespace tirgen

#pragma once
// PrimFunc (lowered, flattened loop form) -> C99 source.
//
// ABI of every generated entry point:
//   int32_t <symbol>(void** args);
// args[i] belongs to the PrimFunc's i-th parameter: for a buffer parameter it is the data pointer
// (row-major, the buffer's dtype; float16/bfloat16 as raw uint16 bits, bool as one byte); for a
// scalar parameter it points to the value (int64_t for integers, double for floats).
// Returns 0 on success, -1 when a T.assert failed. Symbols are "tirgen_<function name>"
// (sanitized, made unique); constants are file-static arrays named after the symbol.

#include <string>
#include <utility>
#include <vector>

#include "tirgen/ir/module.h"
#include "tirgen/target/target.h"
#include "tirgen/tir/function.h"

namespace tirgen {
namespace codegen {

struct CFunction {
  std::string name;    ///< global name in the module ("main", ...)
  std::string symbol;  ///< exported C symbol
  tir::PrimFunc func;  ///< the function (for argument checks at call time)
};

struct CSource {
  std::string code;              ///< the translation unit
  bool needs_openmp = false;     ///< a parallel loop was emitted
  std::vector<CFunction> functions;
};

/// One translation unit holding all functions (deterministic: functions in the given order).
/// Vector expressions (lanes > 1) become GCC vector-extension code where every part has a vector
/// form, else a loop over the lanes; parallel loops use the target's core count unless
/// TIRGEN_NUM_THREADS is set when the library runs.
CSource GenerateC(const std::vector<std::pair<std::string, tir::PrimFunc>>& funcs, const target::Target& target);
/// Every PrimFunc of the module, by name.
CSource GenerateC(const IRModule& mod, const target::Target& target);
/// The same for target::DefaultBuildTarget().
CSource GenerateC(const std::vector<std::pair<std::string, tir::PrimFunc>>& funcs);
CSource GenerateC(const IRModule& mod);

}  // namespace codegen
}  // namespace tirgen

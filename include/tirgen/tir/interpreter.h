// An in-process evaluator for PrimFuncs: what constant folding runs instead of compiling C.
//
//   std::vector<NDArray> outs = tir::Interpret(block_form_func, inputs);   // Module::Run's contract
//
// The function is lowered by tir::transform::LoweringPipeline (the passes the C build runs) and
// compiled once into a tree of closures over typed slots (integers, floats, doubles, buffer
// pointers); running it never looks at the IR again. Values follow the C code generator's
// semantics exactly: float16/bfloat16 are computed in float and rounded at casts, stores and
// math calls; narrow integers are promoted to int as C does; floordiv/floormod/min/max as the
// C prelude's helpers; math intrinsics call the libm function the C code calls (expf, erff,
// ...). Floating point is plain IEEE per operation (no fused multiply-add, as TVM's folding
// on a generic target). A construct the C code generator would reject (vector lanes, thread
// bindings, unlowered blocks) or that is not implemented here is an InternalError naming it.
#pragma once

#include <memory>
#include <vector>

#include "tirgen/ir/ndarray.h"
#include "tirgen/tir/function.h"

namespace tirgen {
namespace tir {

class Interpreter {
 public:
  /// Compiles `func`, which must be in loop form (after LoweringPipeline): flat buffers, no
  /// blocks, scalar code.
  explicit Interpreter(const PrimFunc& func);
  ~Interpreter();
  Interpreter(Interpreter&&) noexcept;

  /// Runs the function on `inputs` (its first parameters, in order; shapes and dtypes must
  /// match) and returns the remaining parameters' buffers, zero-filled before the call, as the
  /// C path's Module::Run does. Thread safe: each call has its own frame.
  std::vector<NDArray> Run(const std::vector<NDArray>& inputs) const;

 private:
  struct Program;
  std::unique_ptr<const Program> program_;
};

/// LoweringPipeline on the block-form `func`, then Interpreter(...).Run(inputs).
std::vector<NDArray> Interpret(const PrimFunc& func, const std::vector<NDArray>& inputs);

}  // namespace tir
}  // namespace tirgen

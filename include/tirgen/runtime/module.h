#pragma once
// A built library of PrimFuncs: load it, call functions on NDArrays.
// (The whole-module executor for LowerTE'd modules will sit on top of this: it needs only
// Call plus the module's call order.)

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "tirgen/codegen/codegen_c.h"
#include "tirgen/ir/ndarray.h"

namespace tirgen {
namespace runtime {

class Module {
 public:
  /// dlopen `library` and resolve the entry point of every function.
  static Module Load(const std::string& library, const std::vector<codegen::CFunction>& functions);
  /// GenerateC + BuildSharedLibrary + Load.
  static Module Build(const std::vector<std::pair<std::string, tir::PrimFunc>>& funcs);
  static Module Build(const tir::PrimFunc& f, const std::string& name = "main");

  /// Call function `name`. `args` gives the first k buffer parameters (k <= #params); the rest
  /// are allocated (zero-filled). Shapes/dtypes are checked against the buffer_map. Returns one
  /// NDArray per parameter, after the call (written parameters are fresh copies: NDArrays are
  /// immutable).
  std::vector<NDArray> Call(const std::string& name, const std::vector<NDArray>& args) const;
  /// The parameters Call did not receive (the outputs, TVM's convention).
  std::vector<NDArray> Run(const std::string& name, const std::vector<NDArray>& inputs) const;

  /// A buffer parameter of a compiled function, as Call binds it.
  struct Param {
    std::string name;            ///< the buffer's name
    std::vector<int64_t> shape;  ///< static extents
    DataType dtype;
    bool written = false;        ///< the function stores into it (an output, or an input it gets a copy of)
  };
  /// The parameters of `name`; tirgen::Error for a scalar parameter or a symbolic shape (Call
  /// supports neither).
  std::vector<Param> Params(const std::string& name) const;
  /// The same for a compiled (loop form) PrimFunc, without loading anything (the tuner's
  /// runner reads candidates' parameters this way); `name` is for errors.
  static std::vector<Param> ParamsOf(const tir::PrimFunc& func, const std::string& name);
  /// tirgen::Error "name: parameter A has a symbolic shape" when a buffer_map shape is not
  /// constant: checked before generating C, which would leave its variables undeclared.
  static void CheckStaticShapes(const tir::PrimFunc& func, const std::string& name);
  /// Call's checks: at most as many arguments as parameters; argument `i` of `shape` and
  /// `dtype` fits its parameter; the status code a call returned is 0.
  static void CheckArgCount(const std::string& name, size_t given, size_t takes);
  static void CheckArgument(const std::string& name, size_t i, const Param& p, const std::vector<int64_t>& shape,
                            DataType dtype);
  /// `fault_message` is the library's message of its last bound fault (code -4), when known.
  static void CheckStatus(const std::string& name, int32_t rc, const char* fault_message = nullptr);
  /// What a status code says: "out of memory" (-2), "integer division by zero" (-3), "an index
  /// out of bounds" (-4), else "an assertion failed".
  static std::string StatusText(int32_t rc);

  std::vector<std::string> FunctionNames() const;
  /// For each parameter of `name`: whether the function stores into it (an output).
  std::vector<bool> WrittenParams(const std::string& name) const;
  /// The function's PrimFunc as compiled (loop form).
  const tir::PrimFunc& Function(const std::string& name) const;
  /// The compiled entry point of `name`: it takes one pointer per parameter (buffer data, in
  /// parameter order) and returns 0, or an error code (-2 out of memory, else an assertion).
  /// For callers that manage the memory themselves (the Executor's execution plan).
  using EntryPoint = int32_t (*)(void**);
  EntryPoint EntryOf(const std::string& name) const;
  /// The library's message of its last bound fault (built with InstrumentBoundCheckers), or
  /// nullptr when it has no bound checks.
  using FaultMessage = const char* (*)();
  FaultMessage fault_message() const { return fault_message_; }
  /// Path of the loaded shared library (in the build cache).
  const std::string& library() const { return library_; }

 private:
  struct Entry {
    codegen::CFunction info;
    int32_t (*fn)(void**) = nullptr;
  };
  std::shared_ptr<void> handle_;
  std::string library_;
  std::map<std::string, Entry> entries_;
  FaultMessage fault_message_ = nullptr;
};

}  // namespace runtime
}  // namespace tirgen

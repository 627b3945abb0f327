// Tensor intrinsics for tensorize: a description PrimFunc (reference semantics, matched
// against the scheduled computation) and an implementation PrimFunc (what replaces it), both
// with one root block and the same buffer parameters in the same order.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "tirgen/tir/function.h"

namespace tirgen {
namespace tir {

struct TensorIntrin {
  PrimFunc desc;
  PrimFunc impl;
  /// Checks the pair (same parameter count, buffers with equal dtypes and ranks, one root
  /// block realize each); tirgen::Error naming `name` otherwise.
  static void Register(const std::string& name, const PrimFunc& desc, const PrimFunc& impl,
                       bool override = false);
  /// The registered intrinsic; tirgen::Error listing the registered names when absent.
  static const TensorIntrin& Get(const std::string& name);
  static std::vector<std::string> ListNames();
};

/// Intrinsics registered for one scope (a `tirgen opt --tensor-intrin` run): Register replaces a
/// same-named intrinsic, and the destructor restores the registry as it was, so a run leaves no
/// trace in the process-wide registry for the next one. Scopes nest; they are not for
/// concurrent use from several threads.
class TensorIntrinScope {
 public:
  TensorIntrinScope() = default;
  TensorIntrinScope(const TensorIntrinScope&) = delete;
  TensorIntrinScope& operator=(const TensorIntrinScope&) = delete;
  ~TensorIntrinScope();
  void Register(const std::string& name, const PrimFunc& desc, const PrimFunc& impl);

 private:
  std::vector<std::pair<std::string, std::optional<TensorIntrin>>> replaced_;  ///< in order
};

}  // namespace tir
}  // namespace tirgen

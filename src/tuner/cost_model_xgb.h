// Owning wrappers around XGBoost's C API (Debian's libxgboost-dev), just what the cost model
// needs: a dense float matrix, a booster trained round by round with custom gradients, and its
// JSON form. Every failed call throws tirgen::Error with XGBoost's message.
#pragma once

#include <string>
#include <vector>

#include "tirgen/tuner/cost_model.h"

namespace tirgen {
namespace tuner {
namespace detail {

/// A dense row-major matrix handed to XGBoost.
class XgbMatrix {
 public:
  XgbMatrix(const std::vector<float>& values, size_t rows, size_t cols, int nthread);
  ~XgbMatrix();
  XgbMatrix(const XgbMatrix&) = delete;
  XgbMatrix& operator=(const XgbMatrix&) = delete;
  void* handle() const { return handle_; }

 private:
  void* handle_ = nullptr;
};

class XgbBooster {
 public:
  /// An empty booster with the config's parameters; `train` (optional) is cached for training.
  XgbBooster(const CostModelConfig& config, const XgbMatrix* train);
  /// A booster read from ToJson's text, with the config's parameters.
  static XgbBooster FromJson(const std::string& json, const CostModelConfig& config);
  ~XgbBooster();
  XgbBooster(XgbBooster&& o) noexcept;
  XgbBooster& operator=(XgbBooster&& o) noexcept;

  /// Adds one round of trees fitted to the given per-row gradient and hessian.
  void BoostOneRound(const XgbMatrix& train, std::vector<float>* grad, std::vector<float>* hess);
  /// The raw sum of the trees (no transformation) for each row.
  std::vector<float> PredictRows(const XgbMatrix& data, bool training) const;
  /// Keeps the first `rounds` rounds of trees.
  void Truncate(int rounds, const CostModelConfig& config);
  int Rounds() const;
  std::string ToJson() const;

 private:
  explicit XgbBooster(void* handle) : handle_(handle) {}
  void SetParams(const CostModelConfig& config);
  void* handle_ = nullptr;
};

}  // namespace detail
}  // namespace tuner
}  // namespace tirgen

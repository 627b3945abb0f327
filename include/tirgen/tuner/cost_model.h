// The tuner's learned cost model: gradient-boosted trees (XGBoost, through Debian's
// libxgboost C API) that score candidate schedules from their per-store features
// (tuner/feature.h), as MetaSchedule's XGBModel does (TVM v0.14,
// python/tvm/meta_schedule/cost_model/xgb_model.py):
//  - a candidate's score is the sum of the trees' outputs over its rows (one per store);
//    higher means faster;
//  - the target is normalized throughput: the fastest time measured for the same workload
//    divided by the candidate's time (1 for the best, towards 0 for slow or failed ones);
//  - the loss is TVM's squared error on those sums, each candidate weighted by its target (fast
//    ones matter most), given to XGBoost as a custom gradient each round;
//  - every Update refits from scratch on everything seen so far (once the data has grown by a
//    fifth since the last fit, with adaptive training), rounds stop when the training error
//    has not improved for early_stopping_rounds, and the best round's trees are kept.
// Until it has trained on num_warmup_samples candidates, Predict returns uniform random scores
// from a seeded generator (the search then picks at random). Training and prediction use a
// fixed number of threads and a fixed seed: the same calls give the same scores.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tirgen/tuner/feature.h"

namespace tirgen {
namespace tuner {

struct CostModelConfig {
  // XGBoost parameters (TVM's XGBConfig defaults).
  int max_depth = 10;
  double gamma = 0.001;
  double min_child_weight = 0;
  double eta = 0.2;
  uint64_t seed = 43;                ///< XGBoost's seed and the random scores' seed
  int nthread = 1;                   ///< threads for training and prediction
  std::string tree_method = "hist";  ///< exact, approx or hist
  // Training.
  int max_rounds = 10000;           ///< boosting rounds at most (TVM: 10000)
  int early_stopping_rounds = 50;   ///< stop after this many rounds without a better error
  bool adaptive_training = true;    ///< refit only when the data grew by a fifth
  int num_warmup_samples = 0;       ///< random scores until this many samples (TVM: 100)
};

class CostModel {
 public:
  explicit CostModel(CostModelConfig config = {});
  ~CostModel();
  CostModel(CostModel&&) noexcept;
  CostModel& operator=(CostModel&&) noexcept;

  /// Adds measured candidates of one workload (a key such as the structural hash of the
  /// unscheduled function; times are normalized per workload) and refits. `seconds[i]` is the
  /// run time of the program `features[i]` was extracted from; a failed run is a time that is
  /// not a positive finite number (it counts as 1e10 s, as in TVM). Candidates without rows
  /// are ignored. All matrices must have the same number of columns.
  void Update(const std::string& workload, const std::vector<FeatureMatrix>& features,
              const std::vector<double>& seconds);

  /// One score per candidate, higher = predicted faster (0 for a candidate without rows).
  std::vector<double> Predict(const std::vector<FeatureMatrix>& features);

  /// Writes the training data and the trees to `path` (JSON; replaced atomically).
  void Save(const std::string& path) const;
  /// A model saved by Save, with `config` for what comes next. tirgen::Error naming the file
  /// when it is not one.
  static CostModel Load(const std::string& path, CostModelConfig config = {});

  /// Candidates seen by Update.
  int64_t num_samples() const;
  /// Boosting rounds of the current trees (0 before the first fit).
  int num_rounds() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tuner
}  // namespace tirgen

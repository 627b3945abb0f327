// The XGBoost cost model (tuner/cost_model.h): data kept per workload, the pack-sum training
// loop, prediction, and the saved form.
#include "tirgen/tuner/cost_model.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>

#include "cost_model_xgb.h"
#include "tirgen/support/error.h"
#include "tirgen/support/io.h"

namespace tirgen {
namespace tuner {

namespace {

using detail::XgbBooster;
using detail::XgbMatrix;

constexpr double kFailedSeconds = 1e10;  // what a failed run costs (TVM's value)

// The measured candidates of one workload.
struct Group {
  std::string workload;
  std::vector<FeatureMatrix> features;
  std::vector<double> seconds;
  /// Normalized throughputs: fastest successful time / each time (0 for a failed run).
  std::vector<double> Targets() const {
    double best = kFailedSeconds;
    for (double s : seconds) best = std::min(best, s);
    std::vector<double> y;
    for (double s : seconds) y.push_back(s >= kFailedSeconds ? 0.0 : best / s);
    return y;
  }
};

// Candidates' rows stacked into one matrix; ids[r] is the candidate row r belongs to.
struct Packed {
  std::vector<float> values;
  std::vector<size_t> ids;
  size_t num_candidates = 0;
  void Add(const FeatureMatrix& m) {
    values.insert(values.end(), m.values.begin(), m.values.end());
    ids.insert(ids.end(), static_cast<size_t>(m.num_rows), num_candidates++);
  }
  std::vector<double> SumPerCandidate(const std::vector<float>& row_scores) const {
    std::vector<double> sums(num_candidates, 0.0);
    for (size_t r = 0; r < ids.size(); ++r) sums[ids[r]] += row_scores[r];
    return sums;
  }
};

// Square error of the candidates' sums against their targets, over rows (TVM's "p-rmse").
double RowRmse(const Packed& p, const std::vector<double>& sums, const std::vector<double>& y) {
  double se = 0;
  for (size_t id : p.ids) se += (sums[id] - y[id]) * (sums[id] - y[id]);
  return std::sqrt(se / static_cast<double>(std::max<size_t>(1, p.ids.size())));
}

}  // namespace

struct CostModel::Impl {
  explicit Impl(CostModelConfig c) : config(std::move(c)), rng(config.seed) {}

  CostModelConfig config;
  std::vector<Group> groups;  // in order of first Update
  int64_t num_cols = -1;
  int64_t data_size = 0;
  int64_t last_train_size = 0;
  std::optional<XgbBooster> booster;
  std::mt19937_64 rng;

  Group& GroupOf(const std::string& workload) {
    for (Group& g : groups) {
      if (g.workload == workload) return g;
    }
    groups.push_back(Group{workload, {}, {}});
    return groups.back();
  }

  void CheckColumns(const FeatureMatrix& m) {
    if (num_cols < 0) num_cols = m.num_cols;
    TIRGEN_CHECK(m.num_cols == num_cols) << "cost model: a feature matrix has " << m.num_cols
                                         << " columns, the model " << num_cols;
    TIRGEN_CHECK(static_cast<int64_t>(m.values.size()) == m.num_rows * m.num_cols)
        << "cost model: a feature matrix holds " << m.values.size() << " values, not "
        << m.num_rows << " x " << m.num_cols;
  }

  // Refits from scratch on every candidate seen: each round, the gradient of
  // sum_c y_c * (score_c - y_c)^2 / 2 reaches each row of candidate c (TVM's pack-sum loss).
  void Train() {
    Packed p;
    std::vector<double> y;
    for (const Group& g : groups) {
      for (const FeatureMatrix& f : g.features) p.Add(f);
      std::vector<double> t = g.Targets();
      y.insert(y.end(), t.begin(), t.end());
    }
    XgbMatrix data(p.values, p.ids.size(), static_cast<size_t>(num_cols), config.nthread);
    XgbBooster b(config, &data);
    std::vector<float> grad(p.ids.size()), hess(p.ids.size());
    std::vector<double> sums = p.SumPerCandidate(b.PredictRows(data, /*training=*/true));
    double best = std::numeric_limits<double>::infinity();
    int best_rounds = 0;
    for (int round = 1; round <= config.max_rounds; ++round) {
      for (size_t r = 0; r < p.ids.size(); ++r) {
        size_t c = p.ids[r];
        grad[r] = static_cast<float>((sums[c] - y[c]) * y[c]);
        hess[r] = static_cast<float>(y[c]);
      }
      b.BoostOneRound(data, &grad, &hess);
      sums = p.SumPerCandidate(b.PredictRows(data, /*training=*/true));
      double rmse = RowRmse(p, sums, y);
      if (rmse < best) {
        best = rmse;
        best_rounds = round;
      } else if (round - best_rounds >= config.early_stopping_rounds) {
        break;
      }
    }
    b.Truncate(std::max(best_rounds, 1), config);
    booster = std::move(b);
  }

  std::vector<double> Random(size_t n) {
    std::vector<double> out(n);
    for (double& v : out) v = static_cast<double>(rng() >> 11) * 0x1.0p-53;  // uniform [0, 1)
    return out;
  }
};

CostModel::CostModel(CostModelConfig config) : impl_(std::make_unique<Impl>(std::move(config))) {}
CostModel::~CostModel() = default;
CostModel::CostModel(CostModel&&) noexcept = default;
CostModel& CostModel::operator=(CostModel&&) noexcept = default;

void CostModel::Update(const std::string& workload, const std::vector<FeatureMatrix>& features,
                       const std::vector<double>& seconds) {
  TIRGEN_CHECK(features.size() == seconds.size())
      << "cost model: " << features.size() << " candidates but " << seconds.size() << " run times";
  Impl& m = *impl_;
  Group& g = m.GroupOf(workload);
  int64_t added = 0;
  for (size_t i = 0; i < features.size(); ++i) {
    if (features[i].num_rows == 0) continue;
    m.CheckColumns(features[i]);
    bool ok = std::isfinite(seconds[i]) && seconds[i] > 0 && seconds[i] < kFailedSeconds;
    g.features.push_back(features[i]);
    g.seconds.push_back(ok ? seconds[i] : kFailedSeconds);
    ++added;
  }
  m.data_size += added;
  if (added == 0) return;
  // Refitting costs more as data grows: wait until it has grown by a fifth (TVM).
  if (m.config.adaptive_training && m.booster &&
      (m.data_size - m.last_train_size) * 5 < m.last_train_size) {
    return;
  }
  m.last_train_size = m.data_size;
  m.Train();
}

std::vector<double> CostModel::Predict(const std::vector<FeatureMatrix>& features) {
  Impl& m = *impl_;
  if (!m.booster || m.data_size < m.config.num_warmup_samples) return m.Random(features.size());
  Packed p;
  for (const FeatureMatrix& f : features) {
    if (f.num_rows > 0) m.CheckColumns(f);
    p.Add(f);
  }
  if (p.ids.empty()) return std::vector<double>(features.size(), 0.0);
  XgbMatrix data(p.values, p.ids.size(), static_cast<size_t>(m.num_cols), m.config.nthread);
  return p.SumPerCandidate(m.booster->PredictRows(data, /*training=*/false));
}

int64_t CostModel::num_samples() const { return impl_->data_size; }

int CostModel::num_rounds() const { return impl_->booster ? impl_->booster->Rounds() : 0; }

// ---- the saved form: {"format", "num_cols", "last_train_size", "groups", "booster"} -----------

namespace {
constexpr const char* kFormat = "tirgen.cost_model.v1";
}

void CostModel::Save(const std::string& path) const {
  const Impl& m = *impl_;
  nlohmann::json groups = nlohmann::json::array();
  for (const Group& g : m.groups) {
    nlohmann::json candidates = nlohmann::json::array();
    for (const FeatureMatrix& f : g.features) {
      candidates.push_back({{"rows", f.num_rows}, {"values", f.values}});
    }
    groups.push_back({{"workload", g.workload}, {"seconds", g.seconds}, {"candidates", candidates}});
  }
  nlohmann::json doc = {{"format", kFormat},
                        {"num_cols", m.num_cols},
                        {"last_train_size", m.last_train_size},
                        {"groups", groups},
                        {"booster", m.booster ? nlohmann::json(m.booster->ToJson()) : nlohmann::json()}};
  WriteFileAtomic(path, doc.dump());
}

CostModel CostModel::Load(const std::string& path, CostModelConfig config) {
  CostModel model(std::move(config));
  Impl& m = *model.impl_;
  std::string text = ReadFile(path);
  try {
    nlohmann::json doc = nlohmann::json::parse(text);
    TIRGEN_CHECK(doc.value("format", "") == kFormat) << "not a " << kFormat << " file";
    m.num_cols = doc.at("num_cols").get<int64_t>();
    m.last_train_size = doc.at("last_train_size").get<int64_t>();
    for (const nlohmann::json& jg : doc.at("groups")) {
      Group& g = m.GroupOf(jg.at("workload").get<std::string>());
      g.seconds = jg.at("seconds").get<std::vector<double>>();
      for (const nlohmann::json& jc : jg.at("candidates")) {
        FeatureMatrix f;
        f.num_rows = jc.at("rows").get<int64_t>();
        f.num_cols = m.num_cols;
        f.values = jc.at("values").get<std::vector<float>>();
        m.CheckColumns(f);
        g.features.push_back(std::move(f));
      }
      TIRGEN_CHECK(g.features.size() == g.seconds.size()) << "candidates and run times differ in number";
      m.data_size += static_cast<int64_t>(g.features.size());
    }
    const nlohmann::json& jb = doc.at("booster");
    if (!jb.is_null()) m.booster = XgbBooster::FromJson(jb.get<std::string>(), m.config);
  } catch (const nlohmann::json::exception& e) {
    throw Error("cost model file '" + path + "': " + e.what());
  } catch (const Error& e) {
    throw Error("cost model file '" + path + "': " + e.message());
  }
  return model;
}

}  // namespace tuner
}  // namespace tirgen

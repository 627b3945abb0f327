// XGBoost C API wrappers (cost_model_xgb.h).
#include "cost_model_xgb.h"

#include <xgboost/c_api.h>

#include <cmath>
#include <limits>
#include <sstream>

#include "tirgen/support/error.h"

namespace tirgen {
namespace tuner {
namespace detail {
namespace {

void Check(int rc, const char* what) {
  TIRGEN_CHECK(rc == 0) << "xgboost " << what << " failed: " << XGBGetLastError();
}

std::string Str(double v) {
  std::ostringstream os;
  os.precision(17);
  os << v;
  return os.str();
}

}  // namespace

XgbMatrix::XgbMatrix(const std::vector<float>& values, size_t rows, size_t cols, int nthread) {
  Check(XGDMatrixCreateFromMat_omp(values.data(), rows, cols, std::numeric_limits<float>::quiet_NaN(),
                                   &handle_, nthread),
        "DMatrix creation");
}

XgbMatrix::~XgbMatrix() {
  if (handle_) XGDMatrixFree(handle_);
}

XgbBooster::XgbBooster(const CostModelConfig& config, const XgbMatrix* train) {
  void* cache[1] = {train ? train->handle() : nullptr};
  Check(XGBoosterCreate(cache, train ? 1 : 0, &handle_), "booster creation");
  SetParams(config);
}

XgbBooster XgbBooster::FromJson(const std::string& json, const CostModelConfig& config) {
  XgbBooster b(config, nullptr);
  Check(XGBoosterLoadModelFromBuffer(b.handle_, json.data(), json.size()), "model loading");
  b.SetParams(config);
  return b;
}

XgbBooster::~XgbBooster() {
  if (handle_) XGBoosterFree(handle_);
}

XgbBooster::XgbBooster(XgbBooster&& o) noexcept : handle_(o.handle_) { o.handle_ = nullptr; }

XgbBooster& XgbBooster::operator=(XgbBooster&& o) noexcept {
  std::swap(handle_, o.handle_);
  return *this;
}

void XgbBooster::SetParams(const CostModelConfig& c) {
  const std::pair<const char*, std::string> params[] = {
      {"max_depth", std::to_string(c.max_depth)},
      {"gamma", Str(c.gamma)},
      {"min_child_weight", Str(c.min_child_weight)},
      {"eta", Str(c.eta)},
      {"seed", std::to_string(c.seed)},
      {"nthread", std::to_string(c.nthread)},
      {"tree_method", c.tree_method},
      // A candidate's score is a sum of tree outputs over its rows: no constant per row.
      {"base_score", "0"},
      {"verbosity", "0"},
  };
  for (const auto& [name, value] : params) {
    Check(XGBoosterSetParam(handle_, name, value.c_str()), name);
  }
}

void XgbBooster::BoostOneRound(const XgbMatrix& train, std::vector<float>* grad,
                               std::vector<float>* hess) {
  Check(XGBoosterBoostOneIter(handle_, train.handle(), grad->data(), hess->data(), grad->size()),
        "boosting");
}

std::vector<float> XgbBooster::PredictRows(const XgbMatrix& data, bool training) const {
  // type 1: the margin, i.e. the trees' sum without the objective's transformation.
  std::string config = std::string("{\"type\": 1, \"training\": ") + (training ? "true" : "false") +
                       ", \"iteration_begin\": 0, \"iteration_end\": 0, \"strict_shape\": false}";
  const bst_ulong* shape = nullptr;
  bst_ulong dim = 0;
  const float* out = nullptr;
  Check(XGBoosterPredictFromDMatrix(handle_, data.handle(), config.c_str(), &shape, &dim, &out),
        "prediction");
  bst_ulong n = 1;
  for (bst_ulong i = 0; i < dim; ++i) n *= shape[i];
  return std::vector<float>(out, out + n);
}

void XgbBooster::Truncate(int rounds, const CostModelConfig& config) {
  if (rounds >= Rounds()) return;
  void* sliced = nullptr;
  Check(XGBoosterSlice(handle_, 0, rounds, 1, &sliced), "slicing");
  XgbBooster b(sliced);
  b.SetParams(config);
  *this = std::move(b);
}

int XgbBooster::Rounds() const {
  int n = 0;
  Check(XGBoosterBoostedRounds(handle_, &n), "round count");
  return n;
}

std::string XgbBooster::ToJson() const {
  bst_ulong len = 0;
  const char* data = nullptr;
  Check(XGBoosterSaveModelToBuffer(handle_, "{\"format\": \"json\"}", &len, &data), "model saving");
  return std::string(data, len);
}

}  // namespace detail
}  // namespace tuner
}  // namespace tirgen

// The XGBoost cost model (tuner/cost_model.h): random scores before training, deterministic
// training, save/load, input checks, and that it actually learns: trained on schedule variants
// of one matmul with analytically defined run times, it ranks held-out variants far better
// than chance.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>

#include "tirgen/script/parser.h"
#include "tirgen/tir/schedule/schedule.h"
#include "tirgen/tuner/cost_model.h"
#include "tuner_test_util.h"

namespace tirgen {
namespace tuner {
namespace {

const std::string kMatmul = testing::MatmulScript(64, 64, 64);

// Loop orders after splitting j into j0, j1.
enum Order { kJInner, kKInner, kColumnsOuter };  // i j0 k j1 / i j0 j1 k / j0 i k j1

struct Variant {
  Order order;
  int factor;  // of j1
  bool vectorize;
  bool parallel;
  double seconds;
  FeatureMatrix features;
};

// A made-up machine, deterministic (no timing in tests): 1 ns per FLOP, divided by the vector
// lanes used (at most 8) and the 2 threads of a parallel outer loop; walking B down a column
// (k innermost) costs 3x, j-tiles outside i 1.4x; each start of the innermost loop costs 2 ns.
double SyntheticSeconds(Order order, int factor, bool vectorize, bool parallel) {
  double flops = 2.0 * 64 * 64 * 64;
  double penalty = order == kJInner ? 1.0 : order == kKInner ? 3.0 : 1.4;
  double lanes = vectorize ? std::min(factor, 8) : 1;
  double threads = parallel ? 2 : 1;
  double starts = order == kKInner ? 64.0 * 64 : 64.0 * 64 * 64 / factor;
  return (flops * 1e-9 * penalty / lanes + starts * 2e-9) / threads;
}

FeatureMatrix Schedule(Order order, int factor, bool vectorize, bool parallel) {
  tir::Schedule sch(script::Parse(kMatmul).cast<tir::PrimFunc>());
  tir::BlockRV block = sch.GetBlock("C");
  std::vector<tir::LoopRV> l = sch.GetLoops(block);
  std::vector<tir::LoopRV> j = sch.Split(l[1], {std::nullopt, factor});
  if (order == kJInner) sch.Reorder({l[0], j[0], l[2], j[1]});
  if (order == kKInner) sch.Reorder({l[0], j[0], j[1], l[2]});
  if (order == kColumnsOuter) sch.Reorder({j[0], l[0], l[2], j[1]});
  if (vectorize) sch.Vectorize(j[1]);
  if (parallel) sch.Parallel(order == kColumnsOuter ? j[0] : l[0]);
  return ExtractFeatures(sch.mod());
}

std::vector<Variant> Variants() {
  std::vector<Variant> out;
  for (Order order : {kJInner, kKInner, kColumnsOuter}) {
    for (int factor : {2, 4, 8, 16, 32}) {
      for (bool vectorize : {false, true}) {
        if (vectorize && order == kKInner) continue;  // j1 is not innermost there
        for (bool parallel : {false, true}) {
          out.push_back(Variant{order, factor, vectorize, parallel,
                                SyntheticSeconds(order, factor, vectorize, parallel),
                                Schedule(order, factor, vectorize, parallel)});
        }
      }
    }
  }
  return out;
}

// Fraction of pairs (different true times) whose scores order them as the times do (higher
// score = faster); equal scores count half.
double PairwiseAccuracy(const std::vector<double>& scores, const std::vector<double>& seconds) {
  double right = 0;
  int pairs = 0;
  for (size_t a = 0; a < scores.size(); ++a) {
    for (size_t b = a + 1; b < scores.size(); ++b) {
      if (seconds[a] == seconds[b]) continue;
      ++pairs;
      bool a_faster = seconds[a] < seconds[b];
      if (scores[a] == scores[b]) {
        right += 0.5;
      } else if ((scores[a] > scores[b]) == a_faster) {
        right += 1;
      }
    }
  }
  return right / pairs;
}

FeatureMatrix Rows(std::vector<float> values, int64_t rows) {
  FeatureMatrix m;
  m.num_rows = rows;
  m.num_cols = static_cast<int64_t>(values.size()) / std::max<int64_t>(rows, 1);
  m.values = std::move(values);
  return m;
}

// A tiny data set: 2 columns, one row per candidate; faster when column 0 is larger.
void Train(CostModel* model) {
  std::vector<FeatureMatrix> f;
  std::vector<double> s;
  for (int i = 1; i <= 12; ++i) {
    f.push_back(Rows({static_cast<float>(i), static_cast<float>(i % 3)}, 1));
    s.push_back(1.0 / i);
  }
  model->Update("toy", f, s);
}

TEST(TunerCostModel, RandomScoresBeforeTraining) {
  std::vector<FeatureMatrix> f(5, Rows({1, 2}, 1));
  CostModel a, b;
  CostModelConfig other;
  other.seed = 7;
  CostModel c(other);
  std::vector<double> sa = a.Predict(f), sb = b.Predict(f), sc = c.Predict(f);
  EXPECT_EQ(sa, sb);  // same seed, same scores
  EXPECT_NE(sa, sc);
  EXPECT_NE(sa, a.Predict(f));  // the generator moves on
  for (double v : sa) {
    EXPECT_GE(v, 0.0);
    EXPECT_LT(v, 1.0);
  }
  EXPECT_EQ(a.num_rounds(), 0);
  EXPECT_EQ(a.num_samples(), 0);
}

TEST(TunerCostModel, TrainingIsDeterministicAndSavesExactly) {
  CostModel a, b;
  Train(&a);
  Train(&b);
  EXPECT_EQ(a.num_samples(), 12);
  EXPECT_GT(a.num_rounds(), 0);
  std::vector<FeatureMatrix> probe = {Rows({2, 0}, 1), Rows({11, 1}, 1), Rows({5, 2, 9, 1}, 2)};
  std::vector<double> pa = a.Predict(probe);
  EXPECT_EQ(pa, b.Predict(probe));
  EXPECT_GT(pa[1], pa[0]) << "faster with a larger column 0";

  std::filesystem::path path = std::filesystem::temp_directory_path() / "tirgen_cost_model_test.json";
  a.Save(path.string());
  CostModel loaded = CostModel::Load(path.string());
  EXPECT_EQ(loaded.num_samples(), 12);
  EXPECT_EQ(loaded.num_rounds(), a.num_rounds());
  EXPECT_EQ(loaded.Predict(probe), pa);
  // Training on after loading uses the saved data too.
  Train(&loaded);
  EXPECT_EQ(loaded.num_samples(), 24);
  std::filesystem::remove(path);
}

TEST(TunerCostModel, FailedRunsAndBadInput) {
  CostModel m;
  std::vector<FeatureMatrix> f = {Rows({1, 0}, 1), Rows({2, 0}, 1), Rows({3, 0}, 1), Rows({}, 0)};
  m.Update("w", f, {1.0, std::numeric_limits<double>::infinity(), -1.0, 1.0});
  EXPECT_EQ(m.num_samples(), 3) << "the candidate without rows is ignored";
  // Failed runs have target 0 and, as in TVM's loss (weighted by the target), no weight.
  std::vector<double> p = m.Predict({Rows({1, 0}, 1), Rows({3, 0}, 1), Rows({}, 0)});
  EXPECT_TRUE(std::isfinite(p[0]) && std::isfinite(p[1]));
  EXPECT_EQ(p[2], 0.0);
  EXPECT_THROW(m.Update("w", f, {1.0}), Error);
  EXPECT_THROW(m.Update("w", {Rows({1, 2, 3}, 1)}, {1.0}), Error);  // 3 columns, not 2
  std::filesystem::path bad = std::filesystem::temp_directory_path() / "tirgen_cost_model_bad.json";
  std::ofstream(bad) << "{\"format\": \"something else\"}";
  EXPECT_THROW(CostModel::Load(bad.string()), Error);
  std::filesystem::remove(bad);
}

// Three-fold cross-validation over the variants: trained on two thirds, the model must order
// the held-out third by the (synthetic) run times far better than chance. Pairwise accuracy
// >= 0.75 on every fold and >= 0.8 on average, where random scores give about 0.5 (and, checked
// below, under 0.75 on every fold).
TEST(TunerCostModel, LearnsToRankScheduleVariants) {
  std::vector<Variant> variants = Variants();
  ASSERT_EQ(variants.size(), 50u);
  constexpr double kFoldThreshold = 0.75, kMeanThreshold = 0.8;
  double sum = 0;
  for (size_t fold = 0; fold < 3; ++fold) {
    std::vector<FeatureMatrix> train_f, test_f;
    std::vector<double> train_s, test_s;
    for (size_t i = 0; i < variants.size(); ++i) {
      bool held_out = i % 3 == fold;
      (held_out ? test_f : train_f).push_back(variants[i].features);
      (held_out ? test_s : train_s).push_back(variants[i].seconds);
    }
    CostModel model;
    double random_accuracy = PairwiseAccuracy(model.Predict(test_f), test_s);
    EXPECT_LT(random_accuracy, kFoldThreshold) << "the threshold must be out of chance's reach";
    // Measured in two batches, as a search would.
    size_t half = train_f.size() / 2;
    model.Update("matmul64", {train_f.begin(), train_f.begin() + half},
                 {train_s.begin(), train_s.begin() + half});
    model.Update("matmul64", {train_f.begin() + half, train_f.end()},
                 {train_s.begin() + half, train_s.end()});
    double accuracy = PairwiseAccuracy(model.Predict(test_f), test_s);
    std::printf("fold %zu: pairwise accuracy on %zu held-out variants %.3f (random scores %.3f, "
                "training set %.3f), %d rounds\n",
                fold, test_f.size(), accuracy, random_accuracy,
                PairwiseAccuracy(model.Predict(train_f), train_s), model.num_rounds());
    EXPECT_GE(accuracy, kFoldThreshold) << "fold " << fold;
    sum += accuracy;
  }
  EXPECT_GE(sum / 3, kMeanThreshold);
}

}  // namespace
}  // namespace tuner
}  // namespace tirgen

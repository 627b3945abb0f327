// `tirgen tune` (tools/tirgen/tune_command.cc) end to end on a two-convolution model with a
// tiny budget: the database gets TVM's two files, --log one JSON line per measured candidate
// and per round, stdout the final per-task table; running again continues the same database;
// a missing limit or a bad option is a one-line user error (exit 2).
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <filesystem>
#include <random>

#include "cli_test_util.h"
#include "tirgen/ir/npz.h"

namespace {

using namespace tirgen_cli_test;  // NOLINT
using Json = nlohmann::json;

const std::string kModel = std::string(TIRGEN_SOURCE_DIR) + "/tests/data/tune/small_cnn.relay";

std::string Params() {
  static const std::string path = [] {
    std::mt19937 rng(5);
    std::normal_distribution<float> normal;
    auto array = [&](std::vector<int64_t> shape) {
      size_t n = 1;
      for (int64_t d : shape) n *= static_cast<size_t>(d);
      std::vector<uint8_t> bytes(n * sizeof(float));
      for (size_t i = 0; i < n; ++i) {
        float v = normal(rng);
        std::memcpy(bytes.data() + i * sizeof(float), &v, sizeof(float));
      }
      return tirgen::NDArray(shape, tirgen::DataType::Float(32), std::move(bytes));
    };
    std::string out = TempPath("small_cnn_params.npz");
    tirgen::SaveNpz(out, {{"w1", array({16, 8, 3, 3})}, {"w2", array({16, 16, 1, 1})}});
    return out;
  }();
  return path;
}

size_t Lines(const std::string& path) {
  std::string text = ReadText(path);
  return static_cast<size_t>(std::count(text.begin(), text.end(), '\n'));
}

TEST(CliTune, TunesIntoTheDatabaseLogsAndContinues) {
  std::string db = TempPath("tune_db"), log = TempPath("tune_log.jsonl");
  std::filesystem::remove_all(db);
  std::string args = "tune " + kModel + " --params " + Params() + " --db " + db +
                     " --trials 6 --trials-per-round 3 --log " + log;
  RunResult r = RunCli(args);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  for (const char* column : {"Name", "FLOP", "Weight", "Speed (GFLOPS)", "Latency (us)", "Trials", "Total trials: 6"})
    EXPECT_NE(r.output.find(column), std::string::npos) << column << " missing from\n" << r.output;
  // TVM's two tables; every measured candidate is a record.
  EXPECT_GE(Lines(db + "/database_workload.json"), 1u);
  EXPECT_EQ(Lines(db + "/database_tuning_record.json"), 6u);
  int measured = 0, rounds = 0;
  std::istringstream lines(ReadText(log));
  for (std::string line; std::getline(lines, line);) {
    Json j = Json::parse(line);
    if (j["event"] == "measure") {
      ++measured;
      EXPECT_TRUE(j["run_secs"].is_array()) << line;
    } else {
      ASSERT_EQ(j["event"], "round") << line;
      ++rounds;
      EXPECT_TRUE(j["tasks"].is_array()) << line;
    }
  }
  EXPECT_EQ(measured, 6);
  EXPECT_GE(rounds, 2);

  // Again: the same database grows by this run's trials (nothing measured twice is the
  // search's test; here the file and the record count).
  RunResult again = RunCli("tune " + kModel + " --params " + Params() + " --db " + db + " --trials 3 --trials-per-round 3");
  ASSERT_EQ(again.exit_code, 0) << again.output;
  EXPECT_EQ(Lines(db + "/database_tuning_record.json"), 9u);
  EXPECT_NE(again.output.find("9 records"), std::string::npos) << again.output;
  std::filesystem::remove_all(db);
  std::remove(log.c_str());
}

TEST(CliTune, NeedsALimitAndValidOptions) {
  std::string db = TempPath("tune_db_limits");
  RunResult r = RunCli("tune " + kModel + " --params " + Params() + " --db " + db);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("give --trials N or --time-budget SECONDS"), std::string::npos) << r.output;
  EXPECT_FALSE(std::filesystem::exists(db)) << "nothing is written before the options are checked";
  r = RunCli("tune " + kModel + " --params " + Params() + " --db " + db + " --trials 2 --trials-per-round 0");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  r = RunCli("tune " + kModel + " --params " + Params() + " --db " + db + " --trials 2 --log " + db + "_no_dir/log");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("cannot open the tuning log"), std::string::npos) << r.output;
  EXPECT_FALSE(std::filesystem::exists(db)) << "the database is created only after the log opened";
  r = RunCli("tune " + kModel + " --trials 2");
  EXPECT_EQ(r.exit_code, 2) << r.output;  // --db is required
  EXPECT_NE(r.output.find("--db"), std::string::npos) << r.output;
}

}  // namespace

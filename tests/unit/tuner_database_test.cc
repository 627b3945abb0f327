// tuner::JSONDatabase (src/tuner/database*.cc): TVM v0.14's two-table layout line for line,
// round trips through a reopened directory, appending after reopening, top-k order and ties,
// failed records, records of other targets, corrupt tables as file:line errors, and workload
// keys equal to the hashes `tirgen tasks` prints for a model of the shared goldens.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <regex>

#include "cli_test_util.h"
#include "tirgen/ir/npz.h"
#include "tirgen/lower/lower.h"
#include "tirgen/relay/text.h"
#include "tirgen/script/printer.h"
#include "tirgen/support/base64.h"
#include "tirgen/support/io.h"
#include "tirgen/tir/structural_equal.h"
#include "tirgen/tuner/database.h"

namespace tirgen {
namespace {

using nlohmann::json;
using target::Target;
using tuner::JSONDatabase;
using tuner::TuningRecord;

const Target kAvx2 = Target::Parse("llvm -mcpu=x86-64-v3 -num-cores 2");

// Removes the directories its tests made.
class TunerDatabase : public ::testing::Test {
 protected:
  void TearDown() override {
    for (const std::string& dir : dirs_) std::filesystem::remove_all(dir);
  }
  // A fresh directory per test and process (ctest runs tests in parallel processes).
  std::string FreshDir(const std::string& name) {
    std::string dir = ::testing::TempDir() + "tirgen_db_" + std::to_string(getpid()) + "_" + name;
    std::filesystem::remove_all(dir);
    dirs_.push_back(dir);
    return dir;
  }

 private:
  std::vector<std::string> dirs_;
};

std::vector<std::string> Lines(const std::string& path) {
  std::vector<std::string> lines;
  std::ifstream in(path);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  return lines;
}

void Write(const std::string& path, const std::string& text) {
  std::filesystem::create_directories(std::filesystem::path(path).parent_path());
  std::ofstream(path, std::ios::binary) << text;
}

// The two tasks of tests/data/tasks/dense_chain.relay (1x4 by 4x4 and by 8x4 dense + relu).
const std::vector<lower::Task>& DenseTasks() {
  static const std::vector<lower::Task> tasks = lower::ExtractTasks(
      relay::ParseModule(ReadFile(std::string(TIRGEN_SOURCE_DIR) + "/tests/data/tasks/dense_chain.relay"), "chain"), {});
  return tasks;
}

// A trace in TVM's JSON form: two instructions, a postprocessing marker, one decision.
json Trace(int tile) {
  return json::parse(R"([[["GetBlock",[],["T_dense","main"],["b0"]],["SamplePerfectTile",["l1"],[2,64],["v2","v3"]],)"
                     R"(["EnterPostproc",[],[],[]]],[[1,[)" + std::to_string(tile) + R"(,2]]]])");
}

TuningRecord Record(int workload, std::vector<double> run_secs, int tile = 2) {
  return {Trace(tile), workload, std::move(run_secs), kAvx2, tuner::ArgsInfo(DenseTasks()[0].mod)};
}

// The tile decision of each record, to see which records came back in which order.
std::vector<int> Tiles(const std::vector<TuningRecord>& records) {
  std::vector<int> tiles;
  for (const auto& r : records) tiles.push_back(r.trace[1][0][1][0].get<int>());
  return tiles;
}

// The error opening `dir` gives, as (file name, line, message).
std::tuple<std::string, int, std::string> OpenError(const std::string& dir, const Target& t = kAvx2) {
  try {
    JSONDatabase db(dir, t);
  } catch (const Error& e) {
    return {std::filesystem::path(e.span().file).filename().string(), e.span().line, e.what()};
  }
  ADD_FAILURE() << "opening " << dir << " did not fail";
  return {};
}

// A workload line whose module is an IRModule graph as TVM's save_json writes one (no tirgen
// TVMScript in its attrs).
std::string TvmWrittenWorkload() {
  std::string graph = R"({"root":1,"nodes":[{"type_key":""},{"type_key":"IRModule","attrs":{"attrs":"0",)"
                      R"("functions":"0","global_type_var_map_":"0","global_var_map_":"0","source_map":"0",)"
                      R"("type_definitions":"0"}}],"b64ndarrays":[],"attrs":{"tvm_version":"0.14.0"}})";
  uint64_t n = graph.size();
  std::string prefix(8, '\0');
  std::memcpy(&prefix[0], &n, 8);
  return "[\"1\",\"" + Base64Encode(prefix + graph) + "\"]\n";
}

TEST_F(TunerDatabase, WritesTvmsTwoTablesLineForLine) {
  std::string dir = FreshDir("layout");
  JSONDatabase db(dir, kAvx2);
  const lower::Task& task = DenseTasks()[0];
  int w = db.CommitWorkload(task.mod);
  EXPECT_EQ(w, 0);
  TuningRecord r = Record(w, {0.001, 0.002});
  r.trace[0][0][2][0] = "T\"dense\n";  // a string with characters to escape
  db.CommitTuningRecord(r);

  // Workload: ["<hash in decimal>", base64 of (8-byte length, TVM JSON graph)].
  std::vector<std::string> wl = Lines(dir + "/database_workload.json");
  ASSERT_EQ(wl.size(), 1u);
  std::smatch m;
  ASSERT_TRUE(std::regex_match(wl[0], m, std::regex(R"re(^\["([0-9]+)","([A-Za-z0-9+/=]+)"\]$)re"))) << wl[0];
  EXPECT_EQ(std::stoull(m[1]), task.hash);
  std::string raw = Base64Decode(m[2]);
  uint64_t n = 0;
  std::memcpy(&n, raw.data(), 8);
  ASSERT_EQ(n, raw.size() - 8);
  json graph = json::parse(raw.substr(8));
  EXPECT_EQ(graph["attrs"]["tvm_version"], "0.14.0");
  const json& nodes = graph["nodes"];
  const json& mod = nodes[graph["root"].get<size_t>()];
  EXPECT_EQ(mod["type_key"], "IRModule");
  for (const char* field : {"functions", "type_definitions", "global_var_map_", "global_type_var_map_", "source_map"})
    EXPECT_TRUE(mod["attrs"].contains(field)) << field;  // every field TVM's LoadJSON asks for
  EXPECT_EQ(nodes[2], json({{"type_key", "Map"}}));  // no functions
  const json& dict_attrs = nodes[std::stoul(mod["attrs"]["attrs"].get<std::string>())];
  EXPECT_EQ(dict_attrs["type_key"], "DictAttrs");
  const json& dict = nodes[std::stoul(dict_attrs["attrs"]["__dict__"].get<std::string>())];
  EXPECT_EQ(dict["keys"], json({"tirgen.tvmscript"}));
  const json& script = nodes[dict["data"][0].get<size_t>()];
  EXPECT_EQ(script["type_key"], "runtime.String");
  std::string script_raw = Base64Decode(script["repr_b64"].get<std::string>());
  EXPECT_EQ(script_raw.substr(8), script::Print(task.mod));

  // Record: [index, [trace, run_secs (float32, 20 digits), target, args_info]], keys sorted.
  std::vector<std::string> rl = Lines(dir + "/database_tuning_record.json");
  ASSERT_EQ(rl.size(), 1u);
  EXPECT_EQ(rl[0],
            R"([0,[[[["GetBlock",[],["T\"dense\n","main"],["b0"]],["SamplePerfectTile",["l1"],[2,64],["v2","v3"]],)"
            R"(["EnterPostproc",[],[],[]]],[[1,[2,2]]]],[0.0010000000474974513054,0.0020000000949949026108],)"
            R"({"keys":["cpu"],"kind":"llvm","mcpu":"x86-64-v3","num-cores":2,"tag":""},)"
            R"([["TENSOR","float32",[1,4]],["TENSOR","float32",[4,4]],["TENSOR","float32",[1,4]]]]])");
}

TEST_F(TunerDatabase, ReopeningReadsEverythingBack) {
  std::string dir = FreshDir("roundtrip");
  std::vector<TuningRecord> committed;
  {
    JSONDatabase db(dir, kAvx2);
    for (const auto& task : DenseTasks()) db.CommitWorkload(task.mod);
    committed = {Record(1, {3e-4}), Record(0, {2.5e-5, 3.5e-5}, 4)};
    for (const auto& r : committed) db.CommitTuningRecord(r);
  }
  JSONDatabase db(dir, kAvx2);
  ASSERT_EQ(db.NumWorkloads(), 2);
  for (int i = 0; i < 2; ++i) {
    EXPECT_TRUE(StructuralEqual(db.Workload(i).mod, DenseTasks()[i].mod)) << i;
    EXPECT_EQ(db.Workload(i).hash, DenseTasks()[i].hash) << i;
    EXPECT_TRUE(db.HasWorkload(DenseTasks()[i].mod));
  }
  EXPECT_EQ(db.Size(), 2);
  for (const TuningRecord& want : committed) {
    std::vector<TuningRecord> got = db.GetTopK(want.workload, 5);
    ASSERT_EQ(got.size(), 1u);
    EXPECT_EQ(got[0].trace, want.trace);
    EXPECT_EQ(got[0].workload, want.workload);
    ASSERT_EQ(got[0].run_secs.size(), want.run_secs.size());
    for (size_t i = 0; i < want.run_secs.size(); ++i)
      EXPECT_EQ(got[0].run_secs[i], static_cast<double>(static_cast<float>(want.run_secs[i])));
    EXPECT_EQ(got[0].target, kAvx2);
    EXPECT_EQ(got[0].args_info, want.args_info);
  }
}

TEST_F(TunerDatabase, ReopeningContinuesTheTables) {
  std::string dir = FreshDir("continue");
  const auto& tasks = DenseTasks();
  {
    JSONDatabase db(dir, kAvx2);
    EXPECT_EQ(db.CommitWorkload(tasks[0].mod), 0);
    db.CommitTuningRecord(Record(0, {2e-3}, 1));
  }
  {
    JSONDatabase db(dir, kAvx2);
    EXPECT_EQ(db.CommitWorkload(tasks[0].mod), 0);  // known: nothing appended
    EXPECT_EQ(db.CommitWorkload(tasks[1].mod), 1);
    db.CommitTuningRecord(Record(0, {1e-3}, 2));
    EXPECT_EQ(Tiles(db.GetTopK(0, 5)), (std::vector<int>{2, 1}));
  }
  EXPECT_EQ(Lines(dir + "/database_workload.json").size(), 2u);
  EXPECT_EQ(Lines(dir + "/database_tuning_record.json").size(), 2u);
  JSONDatabase db(dir, kAvx2);
  EXPECT_EQ(db.Size(), 2);
  EXPECT_EQ(Tiles(db.GetTopK(0, 5)), (std::vector<int>{2, 1}));
}

TEST_F(TunerDatabase, TopKIsFastestMeanFirstWithTiesInCommitOrder) {
  std::string dir = FreshDir("topk");
  {
    JSONDatabase db(dir, kAvx2);
    int w = db.CommitWorkload(DenseTasks()[0].mod);
    // Means exact in float32, so the ties are ties.
    db.CommitTuningRecord(Record(w, {1.0}, 1));
    db.CommitTuningRecord(Record(w, {0.25, 0.75}, 2));  // mean 0.5
    db.CommitTuningRecord(Record(w, {0.25}, 3));
    db.CommitTuningRecord(Record(w, {0.5}, 4));   // ties with 2
    db.CommitTuningRecord(Record(w, {0.25}, 5));  // ties with 3
    EXPECT_EQ(Tiles(db.GetTopK(w, 10)), (std::vector<int>{3, 5, 2, 4, 1}));
    EXPECT_EQ(Tiles(db.GetTopK(w, 2)), (std::vector<int>{3, 5}));
    EXPECT_TRUE(db.GetTopK(w, 0).empty());
    EXPECT_THROW(db.GetTopK(w, -1), Error);
    EXPECT_THROW(db.GetTopK(7, 1), Error);
  }
  JSONDatabase db(dir, kAvx2);
  EXPECT_EQ(Tiles(db.GetTopK(0, 10)), (std::vector<int>{3, 5, 2, 4, 1}));
}

TEST_F(TunerDatabase, FailedRecordsAreNeverReturned) {
  std::string dir = FreshDir("failed");
  JSONDatabase db(dir, kAvx2);
  int w = db.CommitWorkload(DenseTasks()[0].mod);
  db.CommitTuningRecord(Record(w, {tuner::kFailedRunSecs}, 1));  // failed to build or run
  db.CommitTuningRecord(Record(w, {}, 2));                        // no measurement
  TuningRecord postproc_only = Record(w, {1e-4}, 3);
  postproc_only.trace[0] = json::array({postproc_only.trace[0][2]});  // nothing before EnterPostproc
  db.CommitTuningRecord(postproc_only);
  db.CommitTuningRecord(Record(w, {5e-3}, 4));
  db.CommitTuningRecord(Record(w, {tuner::kFailedRunSecs, 2e-3}, 5));  // one run worked
  EXPECT_EQ(db.Size(), 5);  // kept, as TVM keeps them
  EXPECT_EQ(Tiles(db.GetTopK(w, 10)), (std::vector<int>{4, 5}));
  EXPECT_FALSE(Record(w, {tuner::kFailedRunSecs}).IsValid());
  EXPECT_EQ(Record(w, {}).MeanRunSecs(), tuner::kFailedRunSecs);
  EXPECT_THROW(db.CommitTuningRecord(Record(w, {-1.0})), Error);
  EXPECT_THROW(db.CommitTuningRecord(Record(w, {std::nan("")})), Error);
  EXPECT_EQ(Lines(db.record_path()).size(), 5u);  // the refused ones wrote nothing
  EXPECT_EQ(JSONDatabase(dir, kAvx2).Size(), 5);
}

TEST_F(TunerDatabase, RecordsOfOtherTargetsAreSkippedWithAWarning) {
  std::string dir = FreshDir("targets");
  const Target avx512 = Target::Parse("c -mcpu=x86-64-v4 -num-cores 2");
  {
    JSONDatabase db(dir, kAvx2);
    db.CommitWorkload(DenseTasks()[0].mod);
    db.CommitTuningRecord(Record(0, {1e-3}, 1));
    db.CommitTuningRecord(Record(0, {2e-3}, 2));
    TuningRecord other = Record(0, {1e-3});
    other.target = avx512;
    EXPECT_THROW(db.CommitTuningRecord(other), Error);  // this database holds kAvx2's
    EXPECT_TRUE(db.warnings().empty());
  }
  // A TVM-written record for a target tirgen cannot express is another target too.
  std::ofstream(dir + "/database_tuning_record.json", std::ios::app)
      << R"([0,[[[["GetBlock",[],["T_dense","main"],["b0"]]],[]],[1e-05],{"keys":["cpu"],"kind":"llvm","mattr":["+avx2"],"tag":""},null]])"
      << "\n";
  JSONDatabase db(dir, avx512);
  EXPECT_EQ(db.Size(), 0);
  EXPECT_TRUE(db.GetTopK(0, 5).empty());
  ASSERT_EQ(db.warnings().size(), 2u);
  EXPECT_NE(db.warnings()[0].find("2 record(s) from line 1 on have target 'c -mcpu=x86-64-v3 -num-cores 2', "
                                  "not 'c -mcpu=x86-64-v4 -num-cores 2'; skipped"), std::string::npos) << db.warnings()[0];
  EXPECT_NE(db.warnings()[1].find(R"(1 record(s) from line 3 on have target {"keys":["cpu"],"kind":"llvm","mattr")"),
            std::string::npos) << db.warnings()[1];
  JSONDatabase mine(dir, kAvx2);
  EXPECT_EQ(mine.Size(), 2);
  EXPECT_EQ(mine.warnings().size(), 1u);
  // "c" and "llvm" name the same tirgen target.
  EXPECT_EQ(JSONDatabase(dir, Target::Parse("c -mcpu=x86-64-v3 -num-cores 2")).Size(), 2);
}

TEST_F(TunerDatabase, CorruptLinesAreErrorsAtFileAndLine) {
  const std::string target_json = kAvx2.ToJSON().dump();
  std::string good_workload;
  {
    std::string dir = FreshDir("corrupt_src");
    JSONDatabase(dir, kAvx2).CommitWorkload(DenseTasks()[0].mod);
    good_workload = Lines(dir + "/database_workload.json")[0];
  }
  const std::string good_record = R"([0,[[[["GetBlock",[],["T_dense","main"],["b0"]]],[]],[1e-05],)" + target_json + ",null]]";
  struct Case {
    std::string name, workloads, records, file, message;
    int line;
  };
  const std::vector<Case> cases = {
      {"bad_json", good_workload + "\n{oops\n", "", "database_workload.json", "not valid JSON (mend the line: records refer to workloads by line", 2},
      {"workload_shape", "[\"12\"]\n", "", "database_workload.json", "a workload line is", 1},
      {"hash", "[\"0x12\",\"AAAA\"]\n", "", "database_workload.json", "is not a decimal number", 1},
      {"tvm_module", TvmWrittenWorkload(), "", "database_workload.json", "the module is not one tirgen wrote", 1},
      {"record_shape", good_workload + "\n", good_record + "\n[0,[1,2]]\n", "database_tuning_record.json",
       "a tuning record line is [workload index, [trace, run_secs, target, args_info]]", 2},
      {"index", good_workload + "\n", good_record + "\n" + good_record + "\n" + R"([1,[[[],[]],[1e-05],null,null]])" + "\n",
       "database_tuning_record.json", "workload index 1 is out of range", 3},
      {"run_secs", good_workload + "\n", R"([0,[[[],[]],["fast"],null,null]])" "\n", "database_tuning_record.json",
       "run_secs is not a list of numbers", 1},
      {"target", good_workload + "\n", R"([0,[[[],[]],[1.0],"llvm",null]])" "\n", "database_tuning_record.json",
       "the target is not a TVM target JSON object", 1},
      {"empty", good_workload + "\n", good_record + "\n\n", "database_tuning_record.json", "an empty line", 2},
      {"cut", good_workload + "\n", good_record + "\n" + good_record.substr(0, 20), "database_tuning_record.json",
       "a write was cut short; delete that line to continue", 2},
  };
  for (const Case& c : cases) {
    std::string dir = FreshDir("corrupt_" + c.name);
    Write(dir + "/database_workload.json", c.workloads);
    Write(dir + "/database_tuning_record.json", c.records);
    auto [file, line, message] = OpenError(dir);
    EXPECT_EQ(file, c.file) << c.name;
    EXPECT_EQ(line, c.line) << c.name;
    EXPECT_NE(message.find(c.file + ":" + std::to_string(c.line) + ":1: error: "), std::string::npos) << message;
    EXPECT_NE(message.find(c.message), std::string::npos) << c.name << ": " << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;  // one line
    EXPECT_EQ(ReadFile(dir + "/database_tuning_record.json"), c.records) << c.name;  // untouched
  }
}

TEST_F(TunerDatabase, ALastLineWithoutNewlineIsContinuedOnANewLine) {
  std::string dir = FreshDir("no_newline");
  {
    JSONDatabase db(dir, kAvx2);
    db.CommitWorkload(DenseTasks()[0].mod);
    db.CommitTuningRecord(Record(0, {1e-3}, 1));
  }
  std::string records = ReadFile(dir + "/database_tuning_record.json");
  Write(dir + "/database_tuning_record.json", records.substr(0, records.size() - 1));  // edited by hand
  {
    JSONDatabase db(dir, kAvx2);
    db.CommitTuningRecord(Record(0, {2e-3}, 2));
  }
  EXPECT_EQ(Lines(dir + "/database_tuning_record.json").size(), 2u);
  EXPECT_EQ(Tiles(JSONDatabase(dir, kAvx2).GetTopK(0, 5)), (std::vector<int>{1, 2}));
}

// The keys of a real model's workloads are the hashes `tirgen tasks` prints, under each module
// equality, and a reopened database (modules parsed back from their TVMScript, weights
// embedded with link-params) computes the same keys.
TEST_F(TunerDatabase, WorkloadKeysAreTheHashesTirgenTasksPrints) {
  const std::string model = std::string(TIRGEN_SHARED_DIR) + "/golden/residual_block/input.relay";
  IRModule mod = relay::ParseModule(ReadFile(model), model);
  std::mt19937 rng(7);
  std::normal_distribution<float> normal;
  std::map<std::string, NDArray> params;
  for (const char* name : {"w1", "w2"}) {
    std::vector<float> v(8 * 8 * 3 * 3);
    for (float& x : v) x = normal(rng);
    std::vector<uint8_t> bytes(v.size() * sizeof(float));
    std::memcpy(bytes.data(), v.data(), bytes.size());
    params.emplace(name, NDArray({8, 8, 3, 3}, DataType::Float(32), std::move(bytes)));
  }
  std::string npz = FreshDir("params.npz");
  SaveNpz(npz, params);
  for (std::string dedup : {"structural", "anchor-block"}) {
    for (bool link : {false, true}) {
      std::string flags = " --dedup " + dedup + (link ? " --link-params --params " + npz : "");
      tirgen_cli_test::RunResult cli = tirgen_cli_test::RunCli("tasks " + model + " --json" + flags + " 2>/dev/null");
      ASSERT_EQ(cli.exit_code, 0) << cli.output;
      json printed = json::parse(cli.output);
      lower::ExtractOptions options;
      options.link_params = link;
      options.equality = lower::ParseModuleEquality(dedup);
      std::vector<lower::Task> tasks = lower::ExtractTasks(mod, link ? params : std::map<std::string, NDArray>{}, options);
      ASSERT_EQ(tasks.size(), printed.size()) << flags;
      ASSERT_FALSE(tasks.empty()) << flags;  // anchor-block: both convolutions are one task
      std::string dir = FreshDir("keys_" + dedup + (link ? "_link" : ""));
      {
        JSONDatabase db(dir, kAvx2, options.equality);
        for (size_t i = 0; i < tasks.size(); ++i) {
          int w = db.CommitWorkload(tasks[i].mod);
          EXPECT_EQ(w, static_cast<int>(i)) << flags;
          char hex[24];
          std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(db.Workload(w).hash));
          EXPECT_EQ(hex, printed[i]["hash"].get<std::string>()) << flags << " task " << i;
        }
      }
      JSONDatabase reopened(dir, kAvx2, options.equality);
      std::vector<std::string> lines = Lines(reopened.workload_path());
      ASSERT_EQ(reopened.NumWorkloads(), static_cast<int>(tasks.size()));
      for (size_t i = 0; i < tasks.size(); ++i) {
        EXPECT_EQ(reopened.Workload(i).hash, tasks[i].hash) << flags << " task " << i;
        EXPECT_EQ(json::parse(lines[i])[0], std::to_string(tasks[i].hash)) << flags << " task " << i;
        EXPECT_TRUE(StructuralEqual(reopened.Workload(i).mod, tasks[i].mod)) << flags << " task " << i;
      }
    }
  }
}

// The shared TVM outputs hold no database TVM wrote; if one appears, tirgen must refuse its
// modules with a file:line error rather than misread them.
TEST_F(TunerDatabase, DatabasesTvmWroteAreReportedNotMisread) {
  std::vector<std::string> found;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(TIRGEN_SHARED_DIR))
    if (entry.path().filename() == "database_workload.json") found.push_back(entry.path().parent_path().string());
  if (found.empty()) GTEST_SKIP() << "no TVM-written tuning database under " << TIRGEN_SHARED_DIR;
  for (const std::string& dir : found) {
    auto [file, line, message] = OpenError(dir);
    EXPECT_EQ(file, "database_workload.json") << message;
    EXPECT_EQ(line, 1) << message;
  }
}

}  // namespace
}  // namespace tirgen

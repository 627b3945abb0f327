// Malformed and extreme input through the CLI (issue 18's families), generated here: every case
// must end in a user error (exit 2, "error:" on the first line, naming the file/option) or
// succeed, never a crash, a hang or an internal error.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include "cli_test_util.h"

namespace {

using namespace tirgen_cli_test;  // NOLINT

class CliMalformed : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = TempPath("malformed_" + std::to_string(getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string P(const std::string& name) const { return dir_ + "/" + name; }
  // A user error: exit 2, one "error:" line mentioning `where` and `what`.
  static void ExpectUserError(const RunResult& r, const std::string& where, const std::string& what) {
    EXPECT_EQ(r.exit_code, 2) << r.output;
    EXPECT_NE(r.output.find("error:"), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("internal compiler error"), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find('\n'), r.output.size() - 1) << "one line expected: " << r.output;
    EXPECT_NE(r.output.find(where), std::string::npos) << r.output;
    EXPECT_NE(r.output.find(what), std::string::npos) << r.output;
  }
  std::string dir_;
};

const char* kAdd = "#[version = \"0.0.5\"]\ndef @main(%x: Tensor[(4), float32]) {\n  add(%x, %x)\n}\n";

// A .npy file with the given header dictionary and `data_bytes` zero bytes of data.
void WriteNpy(const std::string& path, const std::string& dict, size_t data_bytes) {
  std::string header = dict;
  while ((10 + header.size() + 1) % 64) header += ' ';
  header += '\n';
  std::ofstream out(path, std::ios::binary);
  out.write("\x93NUMPY\x01\x00", 8);
  uint16_t len = static_cast<uint16_t>(header.size());
  out.write(reinterpret_cast<const char*>(&len), 2);
  out << header << std::string(data_bytes, '\0');
}

TEST_F(CliMalformed, DirectoryAsInput) {
  std::filesystem::create_directories(P("d.onnx"));
  for (const char* cmd : {"relay", "fuse", "lower", "tasks", "script"})
    ExpectUserError(RunCli(std::string(cmd) + " " + P("d.onnx")), "d.onnx", "is a directory");
}

TEST_F(CliMalformed, InputShapeBeyondInt) {
  ExpectUserError(RunCli("fuse " + std::string(TIRGEN_SOURCE_DIR) +
                         "/examples/small_cnn.onnx --input-shape x=99999999999999999999999"),
                  "--input-shape", "too large");
}

TEST_F(CliMalformed, NpyHeaderLargerThanMemoryWithoutData) {
  WriteText(P("add.relay"), kAdd);
  WriteNpy(P("huge.npy"), "{'descr': '<f4', 'fortran_order': False, 'shape': (1073741824, 1073741824, 1073741824), }", 0);
  ExpectUserError(RunCli("run " + P("add.relay") + " --input x=" + P("huge.npy") + " --output-dir " + P("o")),
                  "huge.npy", "needs more than");
  WriteNpy(P("short.npy"), "{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }", 8);
  ExpectUserError(RunCli("run " + P("add.relay") + " --input x=" + P("short.npy") + " --output-dir " + P("o")),
                  "short.npy", "truncated");
}

TEST_F(CliMalformed, IntegerDivisionByZeroAtRunTime) {
  WriteText(P("div.relay"),
            "#[version = \"0.0.5\"]\ndef @main(%x: Tensor[(4), int32], %y: Tensor[(4), int32]) {\n"
            "  floor_mod(%x, %y)\n}\n");
  WriteNpy(P("x.npy"), "{'descr': '<i4', 'fortran_order': False, 'shape': (4,), }", 16);
  ExpectUserError(RunCli("run " + P("div.relay") + " --input x=" + P("x.npy") + " --input y=" + P("x.npy") +
                         " --output-dir " + P("o")),
                  "fused_floor_mod", "integer division by zero");
}

// take with mode="fast" trusts its indices, as TVM's does: an index far out of range faults in
// the compiled code. `run` reports the fault as one error naming the fused function (the work
// runs in a guarded child), and --check-bounds names the buffer, the index and the extent.
TEST_F(CliMalformed, FaultInCompiledCodeIsAnErrorAndCheckBoundsLocatesIt) {
  WriteText(P("take.relay"),
            "#[version = \"0.0.5\"]\ndef @main(%x: Tensor[(4), float32], %i: Tensor[(1), int32]) {\n"
            "  take(%x, %i, axis=0, mode=\"fast\")\n}\n");
  WriteNpy(P("x.npy"), "{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }", 16);
  {
    std::ofstream out(P("i.npy"), std::ios::binary);
    std::string header = "{'descr': '<i4', 'fortran_order': False, 'shape': (1,), }";
    while ((10 + header.size() + 1) % 64) header += ' ';
    header += '\n';
    out.write("\x93NUMPY\x01\x00", 8);
    uint16_t len = static_cast<uint16_t>(header.size());
    out.write(reinterpret_cast<const char*>(&len), 2);
    int32_t index = 1 << 30;  // 4 GB past the data: never mapped
    out << header;
    out.write(reinterpret_cast<const char*>(&index), 4);
  }
  std::string args = "run " + P("take.relay") + " --input x=" + P("x.npy") + " --input i=" + P("i.npy") +
                     " --output-dir " + P("o");
  RunResult crash = RunCli(args);
  ExpectUserError(crash, "function tvmgen_default_fused_take", "crashed with SIGSEGV");
  EXPECT_FALSE(std::filesystem::exists(P("o"))) << "a failed run writes nothing";
  ExpectUserError(RunCli(args + " --check-bounds"), "function tvmgen_default_fused_take",
                  "buffer p0 index 1073741824 out of bounds (extent 4)");
  EXPECT_FALSE(std::filesystem::exists(P("o")));
}

// A 12k-deep let chain and a 12k-operator chain (10k crashed FuseOps): the chain through every
// graph subcommand, the lets through fuse and lower (100k-node figures: bench/depth_bench.sh).
TEST_F(CliMalformed, DeepChainsGoThroughEverySubcommand) {
  std::string lets = "#[version = \"0.0.5\"]\ndef @main(%x: Tensor[(4), float32]) {\n";
  std::string calls = lets;
  std::string lp = "%x", cp = "%x";
  for (int i = 0; i < 12000; ++i) {
    lets += "  let %v" + std::to_string(i) + " = nn.relu(" + lp + ");\n";
    lp = "%v" + std::to_string(i);
    calls += "  %" + std::to_string(i) + " = nn.relu(" + cp + ");\n";
    cp = "%" + std::to_string(i);
  }
  WriteText(P("lets.relay"), lets + "  " + lp + "\n}\n");
  WriteText(P("calls.relay"), calls + "  " + cp + "\n}\n");
  for (const char* cmd : {"relay", "fuse", "lower", "tasks"}) {
    RunResult r = RunCli(std::string(cmd) + " " + P("calls.relay") + " -o " + P("out.txt"));
    EXPECT_EQ(r.exit_code, 0) << cmd << ": " << r.output.substr(0, 500);
  }
  RunResult r = RunCli("fuse " + P("lets.relay") + " -o " + P("out.txt"));
  EXPECT_EQ(r.exit_code, 0) << r.output.substr(0, 500);
  // The calls the lets bind are fused and lowered (they stayed op calls, which `run` refused).
  r = RunCli("lower " + P("lets.relay") + " -o " + P("out.py"));
  EXPECT_EQ(r.exit_code, 0) << r.output.substr(0, 500);
  EXPECT_NE(ReadText(P("out.py")).find("def tvmgen_default_fused_nn_relu("), std::string::npos);
}

TEST_F(CliMalformed, EmitDirIsNotFilledWhenFuncIsUnknown) {
  WriteText(P("add.relay"), kAdd);
  RunResult r = RunCli("lower " + P("add.relay") + " --emit-dir " + P("emit") + " --func nope -o " + P("out.py"));
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("--func nope: no such PrimFunc"), std::string::npos) << r.output;
  EXPECT_TRUE(!std::filesystem::exists(P("emit")) || std::filesystem::is_empty(P("emit"))) << r.output;
}

}  // namespace

// Runs the built `tirgen` binary: exit codes, located errors, atomic outputs.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "cli_test_util.h"

namespace {

using namespace tirgen_cli_test;  // NOLINT

const std::string kGolden = std::string(TIRGEN_SHARED_DIR) + "/golden/add_relu/primfunc_0.py";

TEST(Cli, ScriptReprintsGoldenExactly) {
  std::string out = TempPath("reprint.py");
  std::remove(out.c_str());
  RunResult r = RunCli("script " + kGolden + " -o " + out);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(ReadText(out), ReadText(kGolden));
}

TEST(Cli, ScriptCheckPassesOnGolden) {
  RunResult r = RunCli("script --check " + kGolden);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("round trip ok"), std::string::npos) << r.output;
}

TEST(Cli, ScriptReadsStdin) {
  RunResult r = RunCli("script - < " + kGolden);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output, ReadText(kGolden));
}

TEST(Cli, ScriptCheckReportsFirstDifferingLine) {
  // Valid TVMScript that TVM would print differently (a needless T.float32 on an int literal
  // position is not possible, so use extra spaces): parse succeeds, print differs on line 5.
  std::string text = ReadText(kGolden);
  size_t pos = text.find("T.func_attr({\"tir.noalias\": T.bool(True)})");
  ASSERT_NE(pos, std::string::npos);
  text.insert(pos + std::string("T.func_attr(").size(), " ");
  std::string in = TempPath("spaced.py");
  WriteText(in, text);
  RunResult r = RunCli("script --check " + in);
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find(":5: print(parse(x)) differs from x"), std::string::npos) << r.output;
}

TEST(Cli, ScriptCheckShowsBothLinesAndAShorterPrint) {
  // The printed text is compared as it streams out: the report still quotes the whole input
  // line and the printed one, and a print that ends early says so.
  std::string text = ReadText(kGolden);
  size_t pos = text.find("T.func_attr({\"tir.noalias\": T.bool(True)})");
  ASSERT_NE(pos, std::string::npos);
  std::string spaced = text;
  spaced.insert(pos + std::string("T.func_attr({\"tir.noalias\":").size(), "  ");
  std::string in = TempPath("spaced2.py");
  WriteText(in, spaced);
  RunResult r = RunCli("script --check " + in);
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("  input:       T.func_attr({\"tir.noalias\":   T.bool(True)})\n"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("  printed:     T.func_attr({\"tir.noalias\": T.bool(True)})\n"), std::string::npos) << r.output;
  std::string longer = TempPath("longer.py");
  WriteText(longer, text + "\n# a comment the printer drops\n");
  r = RunCli("script --check " + longer);
  EXPECT_EQ(r.exit_code, 1) << r.output;
  int lines = static_cast<int>(std::count(text.begin(), text.end(), '\n'));
  EXPECT_NE(r.output.find(":" + std::to_string(lines + 1) + ": print(parse(x)) differs from x"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("  printed: <end of file>"), std::string::npos) << r.output;
}

TEST(Cli, MalformedInputIsExit2WithLocatedErrorAndNoOutputFile) {
  std::string in = TempPath("bad.py");
  WriteText(in, "# from tvm.script import tir as T\n\n@T.prim_func\ndef main(:\n    pass\n");
  std::string out = TempPath("bad_out.py");
  std::remove(out.c_str());
  RunResult r = RunCli("script " + in + " -o " + out);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find(in + ":4:"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("^"), std::string::npos) << r.output;
  std::ifstream probe(out);
  EXPECT_FALSE(probe.good()) << "no output file may be written on error";
}

TEST(Cli, MissingFileIsExit2) {
  RunResult r = RunCli("script /nonexistent/dir/x.py");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("/nonexistent/dir/x.py: error: cannot open file"), std::string::npos)
      << r.output;
}

TEST(Cli, UnknownSubcommandIsExit2) {
  EXPECT_EQ(RunCli("frobnicate").exit_code, 2);
  EXPECT_EQ(RunCli("").exit_code, 2);
}

}  // namespace

// ---- tirgen fuse -----------------------------------------------------------------------------
namespace {
const std::string kRelayGolden = std::string(TIRGEN_SHARED_DIR) + "/golden/add_relu/";

TEST(Cli, FusePrintsTvmsOptimizedModule) {
  std::string out = TempPath("fuse_out.relay");
  RunResult r = RunCli("fuse " + kRelayGolden + "input.relay -o " + out);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(ReadText(out), ReadText(kRelayGolden + "optimized.relay"));
}

TEST(Cli, FuseMalformedInputIsExit2) {
  std::string in = TempPath("fuse_bad.relay");
  WriteText(in, "#[version = \"0.0.5\"]\ndef @main(%x) { nn.relu(%x, }\n");
  RunResult r = RunCli("fuse " + in);
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("fuse_bad.relay:2:"), std::string::npos) << r.output;
}
}  // namespace


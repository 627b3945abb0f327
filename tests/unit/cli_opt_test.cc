// `tirgen opt`: the pass table, its one-line errors (exit 2), --print-after-all, --verify-each,
// and that the CLI prints what the golden driver expects.
#include <gtest/gtest.h>

#include <filesystem>

#include "cli_test_util.h"

namespace {

using tirgen_cli_test::ReadText;
using tirgen_cli_test::RunCli;
using tirgen_cli_test::TempPath;
using tirgen_cli_test::WriteText;

std::string Golden(const std::string& rel) {
  return (std::filesystem::path(TIRGEN_SOURCE_DIR) / "tests" / "golden" / rel).string();
}

int Lines(const std::string& s) {
  int n = 0;
  for (char c : s) n += c == '\n';
  return n;
}

TEST(CliOpt, ListsPassesByTvmName) {
  auto r = RunCli("opt --list-passes");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("tir.FlattenBuffer  (TIR, on TVMScript)"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("FoldConstant  (Relay, on Relay text)"), std::string::npos) << r.output;
}

TEST(CliOpt, PrintsTheGoldenExpectation) {
  std::string in = Golden("tir.LowerInitBlock/conv2d_bias_relu.py");
  std::string out = TempPath("opt_out.py");
  auto r = RunCli("opt " + in + " --pass tir.LowerInitBlock --verify-each -o " + out);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(ReadText(out), ReadText(Golden("tir.LowerInitBlock/conv2d_bias_relu.expected.py")));
  std::string trace_case = Golden("schedule.split/dense_split_reorder");
  r = RunCli("opt " + trace_case + ".py --schedule " + trace_case + ".trace.py -o " + out);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(ReadText(out), ReadText(trace_case + ".expected.py"));
}

TEST(CliOpt, UnknownPassIsOneLineListingTheKnownOnes) {
  auto r = RunCli("opt " + Golden("tir.LowerInitBlock/conv2d_bias_relu.py") + " --pass tir.Nope");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(Lines(r.output), 1) << r.output;
  EXPECT_EQ(r.output.rfind("error: --pass: unknown pass \"tir.Nope\"; known passes: ", 0), 0u) << r.output;
  EXPECT_NE(r.output.find("tir.Simplify"), std::string::npos);
  // A TIR pass without TVM's prefix gets a hint; a Relay pass on TVMScript is refused.
  r = RunCli("opt " + Golden("tir.LowerInitBlock/conv2d_bias_relu.py") + " --pass LowerInitBlock");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("(TIR passes take TVM's prefix: tir.LowerInitBlock)"), std::string::npos) << r.output;
  r = RunCli("opt " + Golden("tir.LowerInitBlock/conv2d_bias_relu.py") + " --pass FoldConstant");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(Lines(r.output), 1) << r.output;
  EXPECT_NE(r.output.find("a Relay pass, but"), std::string::npos) << r.output;
  r = RunCli("opt " + Golden("tir.LowerInitBlock/conv2d_bias_relu.py") + " --pass 'tir.NarrowDataType(x)'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("argument \"x\" is not an integer"), std::string::npos) << r.output;
}

TEST(CliOpt, PrintAfterAllShowsEachPass) {
  auto r = RunCli("opt " + Golden("tir.LowerInitBlock/conv2d_bias_relu.py") +
                  " --pass tir.LowerInitBlock,tir.ConvertBlocksToOpaque --print-after-all -o /dev/null");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  size_t a = r.output.find("# after tir.LowerInitBlock\n# from tvm.script import ir as I\n");
  size_t b = r.output.find("# after tir.ConvertBlocksToOpaque\n");
  EXPECT_NE(a, std::string::npos) << r.output;
  EXPECT_NE(b, std::string::npos) << r.output;
  EXPECT_LT(a, b);
}

// An input a block of which reads the outer loop var directly: --verify-each refuses it in one
// line naming the function, the place and the problem.
TEST(CliOpt, VerifyEachRejectsIllFormedInput) {
  std::string in = TempPath("opt_bad.py");
  WriteText(in, R"(# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((4,), "float32")):
    for i in range(4):
        with T.block("B"):
            vi = T.axis.spatial(4, i)
            T.reads()
            T.writes(A[vi])
            A[i] = T.float32(0)
)");
  auto r = RunCli("opt " + in + " --pass tir.LowerInitBlock --verify-each");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_EQ(Lines(r.output), 1) << r.output;
  EXPECT_NE(r.output.find("the input is not well-formed TIR: main: block \"root\" > for i > block \"B\": "
                          "A[i] = 0: loop var i is used inside block \"B\""),
            std::string::npos) << r.output;
  // Without --verify-each (and without TIRGEN_VERIFY_EACH) the input is taken as it is.
  r = RunCli("opt " + in + " --pass tir.LowerInitBlock -o /dev/null", "TIRGEN_VERIFY_EACH=0 ");
  EXPECT_EQ(r.exit_code, 0) << r.output;
}


// The input's language comes from its first significant line, not from a substring anywhere:
// Relay text whose comment mentions @T.prim_func is still Relay text.
TEST(CliOpt, InputLanguageFromTheFirstSignificantLine) {
  std::string in = TempPath("opt_relay_mentions_tvmscript.relay");
  WriteText(in, R"(// a Relay program; its TVMScript would start with @T.prim_func
#[version = "0.0.5"]
def @main(%x: Tensor[(2), float32]) {
  add(%x, 1f)
}
)");
  auto r = RunCli("opt " + in + " --pass InferType -o /dev/null");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  r = RunCli("opt " + in + " --pass tir.LowerInitBlock");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("is Relay text"), std::string::npos) << r.output;
}

// A pass's arity and required arguments come from its registry entry (the factory checks them, as
// for C++ and Python callers): one argument too many or a missing one is a one-line error.
TEST(CliOpt, PassArgumentsAreCheckedByTheRegistry) {
  std::string in = Golden("tir.LowerInitBlock/conv2d_bias_relu.py");
  auto r = RunCli("opt " + in + " --pass 'tir.NarrowDataType(32, 1)'");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("error: --pass tir.NarrowDataType: NarrowDataType() takes at most 1 argument, got 2 "
                          "(accepted: target_bits)"),
            std::string::npos)
      << r.output;
  r = RunCli("opt " + in + " --pass 'tir.LowerInitBlock(1)'");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("LowerInitBlock() takes at most 0 arguments, got 1 (accepted: none)"), std::string::npos)
      << r.output;
  r = RunCli("opt " + in + " --pass tir.NarrowDataType");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("error: --pass tir.NarrowDataType: NarrowDataType() missing required argument "
                          "'target_bits' (accepted: target_bits)"),
            std::string::npos)
      << r.output;
}

// --tensor-intrin registers the trace's intrinsic for the run: the CLI prints the tensorize
// golden's expectation; a malformed spec or a missing file is one line, exit 2.
TEST(CliOpt, TensorIntrinFilesServeTheTracesTensorize) {
  std::string dir = Golden("schedule.tensorize");
  std::string spec = "sum4=" + dir + "/sum4_desc.intrin.py," + dir + "/sum4_impl.intrin.py";
  std::string out = TempPath("opt_tensorize.py");
  auto r = RunCli("opt " + dir + "/tensorize_const.py --tensor-intrin " + spec + " --schedule " + dir +
                  "/tensorize_const.trace.py --verify-each -o " + out);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(ReadText(out), ReadText(dir + "/tensorize_const.expected.py"));
  // Without the intrinsic the trace's tensorize names what is registered.
  r = RunCli("opt " + dir + "/tensorize_const.py --schedule " + dir + "/tensorize_const.trace.py");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_EQ(Lines(r.output), 1) << r.output;
  EXPECT_NE(r.output.find("no tensor intrinsic named \"sum4\""), std::string::npos) << r.output;
  for (const std::string& bad : {std::string("sum4"), std::string("sum4=") + dir + "/sum4_desc.intrin.py",
                                 std::string("=a.py,b.py"), std::string("sum4=a.py,")}) {
    r = RunCli("opt " + dir + "/tensorize_const.py --tensor-intrin '" + bad + "'");
    EXPECT_EQ(r.exit_code, 2) << bad << ": " << r.output;
    EXPECT_EQ(Lines(r.output), 1) << r.output;
    EXPECT_NE(r.output.find("error: --tensor-intrin " + bad + ": expected NAME=DESC.py,IMPL.py"),
              std::string::npos) << r.output;
  }
  r = RunCli("opt " + dir + "/tensorize_const.py --tensor-intrin sum4=" + dir + "/nope.py," + dir +
             "/sum4_impl.intrin.py");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_EQ(Lines(r.output), 1) << r.output;
  EXPECT_NE(r.output.find("nope.py"), std::string::npos) << r.output;
  // A description that is not TVMScript is refused at its file's line and column (the parser's
  // error, with the line quoted under it).
  r = RunCli("opt " + dir + "/tensorize_const.py --tensor-intrin sum4=" + dir + "/tensorize_const.trace.py," +
             dir + "/sum4_impl.intrin.py");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_EQ(r.output.rfind(dir + "/tensorize_const.trace.py:2:1: error: ", 0), 0u) << r.output;
}

TEST(CliOpt, PassConfigTurnsOnSimplifyOptions) {
  // TVM's TestSimplifyRHSOfBooleanAndUsingLHSWithoutConst: n < m + 10 follows from n < m + 5
  // only with both extensions on.
  std::string in = TempPath("opt_pass_config.py");
  WriteText(in,
            "@T.prim_func\n"
            "def f(A: T.Buffer(1, \"bool\"), n: T.int32, m: T.int32):\n"
            "    A[0] = n < m + 5 and n < m + 10\n");
  auto r = RunCli("opt " + in + " --pass tir.Simplify");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("A[0] = n < m + 5 and n < m + 10"), std::string::npos) << r.output;
  r = RunCli("opt " + in + " --pass tir.Simplify -c tir.Simplify.transitively_prove_inequalities=1 "
             "--pass-config tir.Simplify.apply_constraints_to_boolean_branches=true");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("A[0] = n < m + 5\n"), std::string::npos) << r.output;
}

TEST(CliOpt, BadPassConfigIsOneLine) {
  std::string in = Golden("tir.LowerInitBlock/conv2d_bias_relu.py");
  auto r = RunCli("opt " + in + " --pass tir.Simplify -c tir.Simplify.no_such_option=1");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("error: --pass-config: pass config: tir.Simplify has no option \"no_such_option\" "
                          "(known: apply_constraints_to_boolean_branches,"),
            std::string::npos)
      << r.output;
  r = RunCli("opt " + in + " --pass tir.Simplify -c tir.NoSuchPass.x=1");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("error: --pass-config: pass config: unknown key \"tir.NoSuchPass\" (known: tir.Simplify)"),
            std::string::npos)
      << r.output;
  r = RunCli("opt " + in + " --pass tir.Simplify -c tir.Simplify.transitively_prove_inequalities=maybe");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("error: --pass-config: pass config tir.Simplify.transitively_prove_inequalities=maybe "
                          "(give an integer, true or false): 'maybe' is not an integer"),
            std::string::npos)
      << r.output;
  EXPECT_EQ(Lines(r.output), 1) << r.output;
  r = RunCli("opt " + in + " --pass tir.Simplify -c transitively_prove_inequalities");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("expected KEY.OPTION=VALUE"), std::string::npos) << r.output;
  r = RunCli("opt " + in + " --pass tir.Simplify -c tir.Simplify.propagate_knowns_to_prove_conditional=1");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("are not implemented in tirgen; leave them off"), std::string::npos) << r.output;
  EXPECT_EQ(Lines(r.output), 1) << r.output;
}

}  // namespace

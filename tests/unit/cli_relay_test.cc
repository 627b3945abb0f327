// `tirgen relay`: re-prints Relay text byte-identically (files, stdin, modules and functions),
// binds params, prints the metadata section, and reports malformed input with exit code 2 and
// one located error.
#include <filesystem>

#include "cli_test_util.h"

namespace {

using tirgen_cli_test::ReadText;
using tirgen_cli_test::RunCli;
using tirgen_cli_test::RunResult;
using tirgen_cli_test::TempPath;
using tirgen_cli_test::WriteText;

const std::string kGolden = std::string(TIRGEN_SHARED_DIR) + "/golden/";

TEST(CliRelay, ReprintsEveryGoldenFileExactly) {
  int files = 0;
  for (const auto& dir : std::filesystem::directory_iterator(kGolden)) {
    if (!dir.is_directory()) continue;
    for (const auto& f : std::filesystem::directory_iterator(dir.path())) {
      if (f.path().extension() != ".relay") continue;
      std::string path = f.path().string();
      // bound_meta.relay carries its constants: re-print it with the metadata section.
      bool meta = f.path().filename() == "bound_meta.relay";
      RunResult r = RunCli("relay " + path + (meta ? " --show-meta-data" : ""));
      ASSERT_EQ(r.exit_code, 0) << path << "\n" << r.output;
      EXPECT_EQ(r.output, ReadText(path)) << path;
      ++files;
    }
  }
  EXPECT_GT(files, 60);
}

TEST(CliRelay, ReadsStdinAndWritesTheOutputFile) {
  std::string in = kGolden + "add_relu/input.relay";
  std::string out = TempPath("relay_out.relay");
  std::remove(out.c_str());
  RunResult r = RunCli("relay - -o " + out + " < " + in);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output, "");
  EXPECT_EQ(ReadText(out), ReadText(in));
}

TEST(CliRelay, ParamsBecomeConstantsAndMetadataRoundTrips) {
  std::string dir = kGolden + "conv2d_link_params/";
  RunResult plain = RunCli("relay " + dir + "input.relay --params " + dir + "params.npz");
  ASSERT_EQ(plain.exit_code, 0) << plain.output;
  EXPECT_NE(plain.output.find("nn.conv2d(%data, meta[relay.Constant][0]"), std::string::npos)
      << plain.output;
  EXPECT_NE(plain.output.find("the metadata section has been omitted"), std::string::npos);

  std::string meta = TempPath("relay_meta.relay");
  RunResult r = RunCli("relay " + dir + "input.relay --params " + dir + "params.npz --show-meta-data -o " + meta);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::string text = ReadText(meta);
  EXPECT_NE(text.find("#[metadata]"), std::string::npos);
  EXPECT_NE(text.find("\"relay.Constant\""), std::string::npos);
  // The data travels with the text: parsing it back needs no params and prints it again.
  RunResult again = RunCli("relay " + meta + " --show-meta-data");
  ASSERT_EQ(again.exit_code, 0) << again.output;
  EXPECT_EQ(again.output, text);
}

TEST(CliRelay, MalformedInputIsOneLocatedErrorWithExitCode2) {
  struct Case {
    std::string text;
    std::string error;
  };
  const std::string head = "#[version = \"0.0.5\"]\ndef @main(%x: Tensor[(2), float32]) {\n";
  std::vector<Case> cases = {
      {head + "  nn.relu(%x, foo=1)\n}\n", ":3:15: error: unknown attribute 'foo' of nn.relu"},
      {head + "  nn.relux(%x)\n}\n", ":3:3: error:"},
      {head + "  nn.relu(%y)\n}\n", ":3:11: error:"},
      {"def @main() { 1f }\n", ":1:1: error: expected #[version = \"0.0.5\"]"},
  };
  for (size_t i = 0; i < cases.size(); ++i) {
    std::string path = TempPath("bad_" + std::to_string(i) + ".relay");
    WriteText(path, cases[i].text);
    RunResult r = RunCli("relay " + path);
    EXPECT_EQ(r.exit_code, 2) << cases[i].text << r.output;
    EXPECT_EQ(r.output.rfind(path + cases[i].error, 0), 0u) << r.output;
  }
}

TEST(CliRelay, ParamsNeedAModule) {
  std::string dir = kGolden + "conv2d_link_params/";
  RunResult r = RunCli("relay " + dir + "fused_0.relay --params " + dir + "params.npz");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("params can only be bound to a module"), std::string::npos) << r.output;
}

TEST(CliRelay, MissingFileIsAUserError) {
  RunResult r = RunCli("relay /nonexistent/x.relay");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("/nonexistent/x.relay"), std::string::npos) << r.output;
}

}  // namespace

// Helpers for tests that run the built `tirgen` binary.
#pragma once

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

namespace tirgen_cli_test {

struct RunResult {
  int exit_code;
  std::string output;  // stdout + stderr
};

/// Runs a shell command line, capturing what it prints.
inline RunResult RunShell(const std::string& cmd) {
  FILE* pipe = popen(cmd.c_str(), "r");
  EXPECT_NE(pipe, nullptr);
  std::string out;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof(buf), pipe)) > 0) out.append(buf, n);
  int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

/// Runs `tirgen <args>` through the shell (args may hold redirections and env assignments
/// go in `env`, e.g. "CC=false ").
inline RunResult RunCli(const std::string& args, const std::string& env = "") {
  return RunShell(env + std::string(TIRGEN_CLI_PATH) + " " + args + " 2>&1");
}

/// Whether util-linux `script` is there to give tirgen a pseudo-terminal.
inline bool HaveTerminal() { return std::system("command -v script > /dev/null 2>&1") == 0; }

/// Runs `tirgen <args>` (no quotes in args) with stdout and stderr on a pseudo-terminal.
inline RunResult RunCliOnTerminal(const std::string& args) {
  return RunShell("script -qec '" + std::string(TIRGEN_CLI_PATH) + " " + args + "' /dev/null");
}

// This process's prefix for temporary paths: concurrent runs of the suite (two checkouts,
// ctest -j) never share a path.
inline std::string TempPrefix() { return "tirgen_cli_" + std::to_string(::getpid()) + "_"; }

// Removes, when the test process exits, everything it created under its prefix (the paths
// TempPath handed out and the files and directories tirgen derived from them).
struct TempPathsCleanup {
  ~TempPathsCleanup() {
    std::error_code ec;
    const std::string prefix = TempPrefix();
    std::vector<std::filesystem::path> mine;
    for (const auto& e : std::filesystem::directory_iterator(::testing::TempDir(), ec))
      if (e.path().filename().string().rfind(prefix, 0) == 0) mine.push_back(e.path());
    for (const auto& p : mine) std::filesystem::remove_all(p, ec);
  }
};

inline std::string TempPath(const std::string& name) {
  static TempPathsCleanup cleanup;
  return ::testing::TempDir() + TempPrefix() + name;
}

inline void WriteText(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

inline std::string ReadText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace tirgen_cli_test

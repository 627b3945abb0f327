// codegen::InspectBuildCache / CleanBuildCache (src/codegen/build_cache.cc): libraries and
// temporaries are recognized by the cache's own names; clean removes libraries and the
// temporaries of dead processes, keeps a running build's temporaries and every other file; a
// real build is counted; the CLI's `cache info|clean` and `ops`.
#include <gtest/gtest.h>

#include <fstream>

#include "cli_test_util.h"
#include "fresh_build_cache.h"
#include "tirgen/codegen/build.h"
#include "tirgen/codegen/build_cache.h"
#include "tirgen/frontend/onnx.h"

namespace tirgen {
namespace {

namespace fs = std::filesystem;
using namespace tirgen_cli_test;  // NOLINT

const std::string kKey = "0123456789abcdef0123456789abcdef";

void Write(const fs::path& p, size_t bytes) { std::ofstream(p, std::ios::binary) << std::string(bytes, 'x'); }

class BuildCacheTest : public FreshBuildCache {
 protected:
  BuildCacheTest() : FreshBuildCache("cache_cmd") {}
};

TEST_F(BuildCacheTest, InspectsAndCleansByName) {
  EXPECT_FALSE(codegen::InspectBuildCache().exists);
  EXPECT_EQ(codegen::InspectBuildCache().dir, dir_.string());
  fs::create_directories(dir_);
  Write(dir_ / (kKey + ".so"), 100);
  Write(dir_ / ("fedcba9876543210fedcba9876543210.so"), 50);
  Write(dir_ / (kKey + ".tmp999999999.c"), 7);                               // a dead process's
  Write(dir_ / (kKey + ".tmp" + std::to_string(getpid()) + ".so"), 3);     // a build in progress
  Write(dir_ / "notes.txt", 11);                                           // not the cache's
  Write(dir_ / "0123456789ABCDEF0123456789ABCDEF.so", 13);                 // not a key (upper case)
  fs::create_directories(dir_ / (kKey + "x.so"));

  codegen::BuildCacheUsage u = codegen::InspectBuildCache();
  EXPECT_TRUE(u.exists);
  EXPECT_EQ(u.libraries, 2);
  EXPECT_EQ(u.library_bytes, 150);
  EXPECT_EQ(u.temporaries, 2);
  EXPECT_EQ(u.temporary_bytes, 10);

  codegen::BuildCacheUsage removed = codegen::CleanBuildCache();
  EXPECT_EQ(removed.libraries, 2);
  EXPECT_EQ(removed.library_bytes, 150);
  EXPECT_EQ(removed.temporaries, 1);
  EXPECT_EQ(removed.temporary_bytes, 7);
  EXPECT_FALSE(fs::exists(dir_ / (kKey + ".so")));
  EXPECT_TRUE(fs::exists(dir_ / (kKey + ".tmp" + std::to_string(getpid()) + ".so")));
  EXPECT_TRUE(fs::exists(dir_ / "notes.txt"));
  EXPECT_TRUE(fs::exists(dir_ / "0123456789ABCDEF0123456789ABCDEF.so"));
  u = codegen::InspectBuildCache();
  EXPECT_EQ(u.libraries, 0);
  EXPECT_EQ(u.temporaries, 1);
}

TEST_F(BuildCacheTest, CountsARealBuild) {
  std::string lib = codegen::BuildSharedLibrary("int tirgen_cache_probe(void) { return 7; }\n", false);
  codegen::BuildCacheUsage u = codegen::InspectBuildCache();
  EXPECT_EQ(u.libraries, 1);
  EXPECT_EQ(u.library_bytes, static_cast<int64_t>(fs::file_size(lib)));
  EXPECT_EQ(u.temporaries, 0);
  EXPECT_EQ(codegen::CleanBuildCache().libraries, 1);
  EXPECT_FALSE(fs::exists(lib));
}

TEST_F(BuildCacheTest, Cli) {
  std::string env = "TIRGEN_CACHE_DIR=" + dir_.string() + " ";
  RunResult r = RunCli("cache info", env);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output, "build cache: " + dir_.string() + " (not created yet)\nlibraries: 0 files, 0 B\n");
  fs::create_directories(dir_);
  Write(dir_ / (kKey + ".so"), 2048);
  r = RunCli("cache info", env);
  EXPECT_EQ(r.output, "build cache: " + dir_.string() + "\nlibraries: 1 file, 2.0 KiB\n");
  r = RunCli("cache clean", env);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output, "removed 1 file (2.0 KiB) from " + dir_.string() + "\n");
  EXPECT_FALSE(fs::exists(dir_ / (kKey + ".so")));
  r = RunCli("cache", env);
  EXPECT_EQ(r.exit_code, 2) << r.output;
}

TEST(CliOps, ListsTheImportersRegistrySorted) {
  RunResult r = RunShell(std::string(TIRGEN_CLI_PATH) + " ops");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::vector<std::string> ops = frontend::SupportedOnnxOps();
  std::sort(ops.begin(), ops.end());
  std::string expected;
  for (const std::string& op : ops) expected += op + "\n";
  EXPECT_EQ(r.output, expected);
  EXPECT_NE(r.output.find("\nConv\n"), std::string::npos);
}

}  // namespace
}  // namespace tirgen

// A test fixture whose tests build into their own empty TIRGEN_CACHE_DIR (per process, removed
// afterwards), so cache hits from other runs never hide a compile.
#pragma once

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

namespace tirgen {

class FreshBuildCache : public ::testing::Test {
 protected:
  explicit FreshBuildCache(const std::string& tag = "build") : tag_(tag) {}
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("tirgen_" + tag_ + "_" + std::to_string(getpid()));
    setenv("TIRGEN_CACHE_DIR", dir_.c_str(), 1);
  }
  void TearDown() override {
    std::filesystem::remove_all(dir_);
    unsetenv("TIRGEN_CACHE_DIR");
  }
  std::string tag_;
  std::filesystem::path dir_;
};

}  // namespace tirgen

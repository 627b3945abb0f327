#include "onnx_test_models.h"

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include <gtest/gtest.h>

namespace fs = std::filesystem;

namespace tirgen_test {
namespace {

std::string g_error;

std::string Script() { return std::string(TIRGEN_SOURCE_DIR) + "/tests/data/onnx/make_models.py"; }

// Cache root keyed by the generator's content: a changed script regenerates.
std::string CacheRoot() {
  std::ifstream in(Script(), std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  size_t h = std::hash<std::string>()(ss.str());
  std::ostringstream name;
  name << ::testing::TempDir() << "tirgen_onnx_models_" << std::hex << h;
  return name.str();
}

// Runs the generator into a fresh temporary directory and renames it to `dir`.
bool Generate(const std::string& dir, const std::string& cases) {
  if (fs::exists(dir)) return true;
  std::string tmp = dir + ".tmp" + std::to_string(getpid());
  std::string cmd = "/usr/bin/python3 " + Script() + " " + tmp + " " + cases + " 2>&1";
  FILE* pipe = popen(cmd.c_str(), "r");
  if (!pipe) {
    g_error = "cannot run " + cmd;
    return false;
  }
  std::string out;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof(buf), pipe)) > 0) out.append(buf, n);
  int status = pclose(pipe);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    g_error = "model generation failed: " + cmd + "\n" + out;
    fs::remove_all(tmp);
    return false;
  }
  std::error_code ec;
  fs::rename(tmp, dir, ec);  // another process may have won the race: fine
  if (ec) fs::remove_all(tmp);
  return fs::exists(dir);
}

}  // namespace

std::string OnnxCaseDir() {
  static std::string dir = [] {
    std::string d = CacheRoot() + "/ops";
    fs::create_directories(CacheRoot());
    return Generate(d, "") ? d : std::string();
  }();
  return dir;
}

std::string OnnxWholeModel(const std::string& name) {
  std::string d = CacheRoot() + "/" + name;
  fs::create_directories(CacheRoot());
  if (!Generate(d, name)) return "";
  return d + "/" + name + ".onnx";
}

const std::string& OnnxModelsError() { return g_error; }

std::vector<std::string> OnnxCaseNames() {
  std::string dir = OnnxCaseDir();
  if (dir.empty()) return {"generation_failed"};
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".onnx") names.push_back(e.path().stem().string());
  std::sort(names.begin(), names.end());
  return names;
}

std::map<std::string, std::vector<int64_t>> OnnxCaseInputShapes(const std::string& name) {
  if (name == "dynamic_batch_view") return {{"in0", {2, 3, 4}}};
  return {};
}

std::string OnnxTestName(const std::string& name) {
  std::string s = name;
  for (char& c : s)
    if (!isalnum(static_cast<unsigned char>(c))) c = '_';
  return s;
}

}  // namespace tirgen_test

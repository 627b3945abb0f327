// TVM v0.14's own unit-test TVMScript (tests/data/tvmscript_corpus, cut out by
// scripts/extract_tvmscript_corpus.py): every program parses, prints, re-parses structurally
// equal and re-prints byte-identically, except those listed in expected_failures.txt with why.
// The test fails on a new failure and on an unexpected pass (so the list only shrinks).
//
// TIRGEN_CORPUS_TABLE=1 prints the failures grouped by reason (the per-feature table);
// TIRGEN_CORPUS_UPDATE=1 rewrites expected_failures.txt from this run.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "tirgen/codegen/codegen_c.h"
#include "tirgen/runtime/build.h"
#include "tirgen/script/parser.h"
#include "tirgen/script/printer.h"
#include "tirgen/support/error.h"
#include "tirgen/tir/structural_equal.h"

namespace tirgen {
namespace {

namespace fs = std::filesystem;

struct Program {
  std::string id;      ///< <test module>:<name>@<line>
  std::string python;  ///< names it needs from the enclosing Python scope ("" if none)
  std::string text;
};

fs::path CorpusDir() { return fs::path(TIRGEN_SOURCE_DIR) / "tests" / "data" / "tvmscript_corpus"; }

std::vector<Program> LoadCorpus() {
  std::vector<fs::path> files;
  for (const auto& f : fs::directory_iterator(CorpusDir())) {
    if (f.path().extension() == ".txt" && f.path().filename() != "expected_failures.txt")
      files.push_back(f.path());
  }
  std::sort(files.begin(), files.end());
  std::vector<Program> out;
  for (const auto& path : files) {
    std::ifstream in(path);
    std::string line, module = path.stem().string();
    while (std::getline(in, line)) {
      if (line.rfind("#### ", 0) == 0) {
        Program p;
        std::string head = line.substr(5);
        size_t sp = head.find(" python: ");
        p.id = module + ":" + head.substr(0, sp);
        if (sp != std::string::npos) p.python = head.substr(sp + 9);
        out.push_back(std::move(p));
      } else if (!out.empty()) {
        out.back().text += line + "\n";
      }
    }
  }
  return out;
}

// "" when the program round-trips; else the stage and the first line of the bare message.
std::string RoundTrip(const Program& p) {
  std::string stage = "parse";
  try {
    ObjectRef a = script::Parse(p.text, p.id);
    stage = "print";
    std::string printed = script::Print(a);
    stage = "re-parse of printed text";
    ObjectRef b = script::Parse(printed, p.id + " (printed)");
    // Free variables are new objects on every parse: mapped, as TVM's round-trip test does.
    if (auto mismatch = StructuralMismatch(a, b, /*map_free_vars=*/true)) {
      return "re-parse not structurally equal: " + mismatch->substr(0, mismatch->find('\n'));
    }
    stage = "re-print";
    if (script::Print(b) != printed) return "printing is not idempotent";
    return "";
  } catch (const Error& e) {
    std::string m = e.message();
    m = m.substr(0, m.find('\n'));
    // The parser reports IR invariants tripped by odd input located, but they are still bugs.
    if (m.find("internal compiler error") != std::string::npos) return stage + ": INTERNAL: " + m;
    return stage + ": " + m;
  } catch (const std::exception& e) {
    // Internal errors are failures too, and never expected: the list rejects them below.
    std::string m = e.what();
    return stage + ": INTERNAL: " + m.substr(0, m.find('\n'));
  }
}

std::map<std::string, std::string> LoadExpected() {
  std::map<std::string, std::string> out;
  std::ifstream in(CorpusDir() / "expected_failures.txt");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    size_t tab = line.find('\t');
    out[line.substr(0, tab)] = tab == std::string::npos ? "" : line.substr(tab + 1);
  }
  return out;
}

TEST(TvmScriptCorpus, RoundTripsExceptListedFailures) {
  std::vector<Program> corpus = LoadCorpus();
  ASSERT_GE(corpus.size(), 1000u) << "corpus missing under " << CorpusDir();
  std::map<std::string, std::string> expected = LoadExpected();
  std::map<std::string, std::string> failures;  // id -> reason
  size_t text_programs = 0, python_programs = 0;
  for (const Program& p : corpus) {
    if (!p.python.empty()) {
      ++python_programs;  // needs the decorator path: Python evaluates those names
      continue;
    }
    ++text_programs;
    std::string why = RoundTrip(p);
    if (!why.empty()) failures[p.id] = why;
  }
  std::cout << "[corpus] " << text_programs - failures.size() << " of " << text_programs
            << " text programs round-trip (" << failures.size() << " expected failures listed: "
            << expected.size() << "); " << python_programs
            << " need Python values (decorator path)\n";
  if (std::getenv("TIRGEN_CORPUS_TABLE")) {
    std::map<std::string, int> by_reason;
    for (const auto& [id, why] : failures) ++by_reason[why];
    std::vector<std::pair<int, std::string>> rows;
    for (const auto& [why, n] : by_reason) rows.push_back({n, why});
    std::sort(rows.begin(), rows.end(), [](auto& a, auto& b) { return a.first > b.first; });
    for (const auto& [n, why] : rows) std::cout << n << "\t" << why << "\n";
  }
  if (std::getenv("TIRGEN_CORPUS_UPDATE")) {
    std::ofstream out(CorpusDir() / "expected_failures.txt");
    out << "# Corpus programs known not to round-trip yet, with why (the first failing stage).\n"
        << "# Regenerate: TIRGEN_CORPUS_UPDATE=1 build/tirgen_tests "
           "--gtest_filter='TvmScriptCorpus.*'\n";
    for (const auto& [id, why] : failures) out << id << "\t" << why << "\n";
    return;
  }
  for (const auto& [id, why] : failures) {
    EXPECT_EQ(why.find("INTERNAL"), std::string::npos) << id << ": internal error: " << why;
    EXPECT_TRUE(expected.count(id)) << id << ": new failure: " << why;
  }
  for (const auto& [id, why] : expected) {
    EXPECT_TRUE(failures.count(id)) << id << ": now round-trips; remove it from "
                                    << "expected_failures.txt (it was listed: " << why << ")";
  }
}

}  // namespace
}  // namespace tirgen

namespace tirgen {
namespace {

// GPU programs (thread bindings, tensor-core builtins) parse, print, round-trip and lower; only
// the C code generator refuses them, with a message saying why.
TEST(TvmScriptCorpus, GpuProgramLowersAndOnlyTheCGeneratorRefusesIt) {
  const char* text = R"(# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((64,), "float32"), B: T.Buffer((64,), "float32")):
    for i in T.thread_binding(2, thread="blockIdx.x"):
        for j in T.thread_binding(32, thread="threadIdx.x"):
            with T.block("B"):
                vi = T.axis.spatial(64, i * 32 + j)
                B[vi] = A[vi] * T.float32(2)
)";
  ObjectRef f = script::Parse(text);
  std::string printed = script::Print(f);
  EXPECT_EQ(script::Print(script::Parse(printed)), printed);
  IRModule mod({{"main", f}});
  IRModule lowered = runtime::LowerForBuild(mod);
  std::string lowered_text = script::Print(lowered);
  EXPECT_NE(lowered_text.find("threadIdx.x"), std::string::npos) << lowered_text;
  try {
    codegen::GenerateC(lowered);
    FAIL() << "the C generator accepted a GPU program";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("binds GPU threads"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace tirgen

namespace tirgen {
namespace {

std::string Body(const std::string& stmts) {
  return "# from tvm.script import tir as T\n\n@T.prim_func\ndef main(A: T.Buffer((16,), \"float32\")):\n" +
         stmts;
}

// TVM's For promotes an int32 constant start to an int64 loop var: no silent int32 min.
TEST(TvmScriptDialect, Int64LoopPromotesItsConstantStart) {
  ObjectRef f = script::Parse(Body("    for i in T.serial(0, T.int64(16)):\n        A[i] = T.float32(0)\n"));
  const auto* loop = f.as<tir::PrimFuncNode>()->body.as<tir::ForNode>();
  ASSERT_NE(loop, nullptr);
  EXPECT_EQ(loop->loop_var.dtype(), DataType::Int(64));
  EXPECT_EQ(loop->min.dtype(), DataType::Int(64));
  EXPECT_EQ(loop->extent.dtype(), DataType::Int(64));
}

// T.target prints as TVM prints Target.export(): every default attribute, keys sorted, the
// host as a plain dictionary; it parses back to the same config.
TEST(TvmScriptDialect, TargetPrintsItsExport) {
  std::string printed = script::Print(script::Parse(
      Body("    T.func_attr({\"target\": T.target(\"cuda\", host=\"llvm -opt-level=0\")})\n    A[0] = T.float32(0)\n")));
  EXPECT_NE(printed.find("T.target({\"arch\": \"sm_50\", \"host\": {\"keys\": [\"cpu\"], \"kind\": \"llvm\", "
                         "\"opt-level\": 0, \"tag\": \"\"}, \"keys\": [\"cuda\", \"gpu\"], \"kind\": \"cuda\", "
                         "\"max_num_threads\": 1024, \"tag\": \"\", \"thread_warp_size\": 32})"),
            std::string::npos)
      << printed;
  EXPECT_EQ(script::Print(script::Parse(printed)), printed);
}

TEST(TvmScriptDialect, CommReducerPrintsAsALambda) {
  std::string printed = script::Print(script::Parse(Body(
      "    with T.attr(T.comm_reducer(lambda a, b: a + b, [T.float32(0)]), \"reduce_scope\", 0):\n"
      "        A[0] = T.float32(0)\n")));
  EXPECT_NE(printed.find("T.attr(T.comm_reducer(lambda x, y: x + y, [T.float32(0)]), \"reduce_scope\", 0)"),
            std::string::npos)
      << printed;
  EXPECT_EQ(script::Print(script::Parse(printed)), printed);
}

TEST(TvmScriptDialect, BadDialectUseIsALocatedError) {
  struct Case {
    std::string stmts, message;
  } cases[] = {
      {"    T.func_attr({\"target\": T.target(\"gpu9000\")})\n", "unknown target kind 'gpu9000'"},
      {"    T.evaluate(T.tvm_fill_fragment(A.data, 16, 16))\n", "T.tvm_fill_fragment() takes 6 arguments (3 given)"},
      {"    T.evaluate(T.comm_reducer(lambda x: x, [T.float32(0)]))\n", "the combiner takes 1 parameters but 1 identity elements need 2"},
      {"    T.evaluate(T.call_extern(\"f\", dtype=\"\") + 1)\n", "a value of type void"},
  };
  for (const Case& c : cases) {
    try {
      script::Parse(Body(c.stmts));
      ADD_FAILURE() << "no error for: " << c.stmts;
    } catch (const Error& e) {
      EXPECT_TRUE(e.span().defined()) << e.what();
      EXPECT_NE(std::string(e.what()).find(c.message), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace tirgen

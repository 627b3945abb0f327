// TVM v0.14's simplifier unit tests as data (tests/data/arith/*.txt, notation in their
// headers): every case builds the exact tree TVM's test builds, simplifies it under its
// constraint and compares structurally with TVM's expected tree. A case marked `~ tag` is a
// known difference, explained by the tag's legend line; it must still differ (a mark left on a
// case that now matches fails too), so the marks stay true. Every case, marked or not, must also
// keep its value: before and the result are evaluated (arith_value_eval.h) at deterministic
// sample points where the constraint holds. One test per section.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "arith_value_eval.h"
#include "tirgen/arith/analyzer.h"
#include "tirgen/script/printer.h"
#include "tirgen/tir/structural_equal.h"

namespace tirgen {
namespace {

using namespace tir;  // NOLINT

struct Case {
  int line = 0;
  std::string before, expected, where, mark;
};

struct Section {
  std::string file, name, decls;
  std::vector<Case> cases;
  std::map<std::string, std::string> legend;  // tag -> why tirgen differs
};
void PrintTo(const Section& s, std::ostream* os) { *os << s.file << ":" << s.name; }

std::string Trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

// Splits `text` at the first `sep`: the part before goes to *head, the rest is returned.
std::string Cut(std::string* text, const std::string& sep) {
  size_t at = text->find(sep);
  if (at == std::string::npos) return "";
  std::string tail = Trim(text->substr(at + sep.size()));
  *text = Trim(text->substr(0, at));
  return tail;
}

std::vector<Section> Load(const std::string& file) {
  std::vector<Section> out;
  std::map<std::string, std::string> legend;
  std::ifstream in(std::filesystem::path(TIRGEN_SOURCE_DIR) / "tests" / "data" / "arith" / file);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.rfind("#~", 0) == 0) {  // legend: "#~ tag: reason"
      std::string body = line.substr(2);
      std::string reason = Cut(&body, ":");
      legend[body] = reason;
      continue;
    }
    line = Trim(line);
    if (line.empty() || line[0] == '#') continue;
    if (line[0] == '[') {
      size_t close = line.find(']');
      out.push_back({file, line.substr(1, close - 1), Trim(line.substr(close + 1)), {}, legend});
      continue;
    }
    Case c;
    c.line = n;
    c.mark = Cut(&line, "  ~ ");
    c.where = Cut(&line, "  where  ");
    c.expected = Cut(&line, "  =>  ");
    c.before = line;
    out.back().cases.push_back(c);
  }
  for (Section& s : out) s.legend = legend;
  return out;
}

// The notation: infix || && comparisons + - * // (floordiv) % (floormod) and prefix !, with
// Python's precedence; int32 literals bare, float32 literals with a point, other types as
// `value:dtype`; true / false; min, max, truncdiv, truncmod, select, ramp(base, stride, lanes),
// broadcast(value, lanes), cast(dtype, e), let(var, value, body), if_then_else, shift_left;
// B[i] loads from a declared buffer. Nodes are built as written (no folding), as TVM's test
// builds them.
class Reader {
 public:
  Reader(const std::string& decls) {
    std::stringstream ss(decls);
    std::string item;
    while (std::getline(ss, item, ',')) {
      std::string name = Trim(item);
      std::string type = Cut(&name, ":");
      if (name.empty()) continue;
      if (type.rfind("buffer ", 0) == 0) {  // "buffer float32[1]"
        std::string t = type.substr(7);
        size_t open = t.find('[');
        buffers_[name] = Buffer::Decl({PrimExpr(std::stoi(t.substr(open + 1)))},
                                      DataType::FromString(t.substr(0, open)), name);
      } else {
        vars_.emplace(name, Var(name, DataType::FromString(type)));
      }
    }
  }

  const std::map<std::string, Var>& vars() const { return vars_; }

  PrimExpr Parse(const std::string& text) {
    s_ = text;
    i_ = 0;
    PrimExpr e = Or();
    Skip();
    if (i_ != s_.size()) Fail("unexpected text");
    return e;
  }

 private:
  [[noreturn]] void Fail(const std::string& what) {
    throw std::runtime_error(what + " at column " + std::to_string(i_) + " of: " + s_);
  }
  void Skip() {
    while (i_ < s_.size() && s_[i_] == ' ') ++i_;
  }
  bool Eat(const std::string& tok) {
    Skip();
    if (s_.compare(i_, tok.size(), tok) != 0) return false;
    i_ += tok.size();
    return true;
  }
  void Expect(const std::string& tok) {
    if (!Eat(tok)) Fail("expected '" + tok + "'");
  }

  PrimExpr Or() {
    PrimExpr e = And();
    while (Eat("||")) e = Binary(Kind::kOr, e, And());
    return e;
  }
  PrimExpr And() {
    PrimExpr e = Cmp();
    while (Eat("&&")) e = Binary(Kind::kAnd, e, Cmp());
    return e;
  }
  PrimExpr Cmp() {
    PrimExpr e = Add();
    static const std::pair<const char*, Kind> ops[] = {{"==", Kind::kEQ}, {"!=", Kind::kNE}, {"<=", Kind::kLE},
                                                       {">=", Kind::kGE}, {"<", Kind::kLT},  {">", Kind::kGT}};
    for (const auto& [tok, kind] : ops)
      if (Eat(tok)) return Binary(kind, e, Add());
    return e;
  }
  PrimExpr Add() {
    PrimExpr e = Mul();
    while (true) {
      if (Eat("+")) e = Binary(Kind::kAdd, e, Mul());
      else if (Eat("- ")) e = Binary(Kind::kSub, e, Mul());
      else return e;
    }
  }
  PrimExpr Mul() {
    PrimExpr e = Unary();
    while (true) {
      if (Eat("*")) e = Binary(Kind::kMul, e, Unary());
      else if (Eat("//")) e = Binary(Kind::kFloorDiv, e, Unary());
      else if (Eat("%")) e = Binary(Kind::kFloorMod, e, Unary());
      else return e;
    }
  }
  PrimExpr Unary() {
    if (Eat("!")) return Not(Unary());
    return Atom();
  }
  std::string Word() {
    Skip();
    size_t b = i_;
    while (i_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[i_])) || s_[i_] == '_')) ++i_;
    return s_.substr(b, i_ - b);
  }
  std::vector<PrimExpr> Args(size_t n) {
    std::vector<PrimExpr> args;
    for (size_t k = 0; k < n; ++k) {
      if (k) Expect(",");
      args.push_back(Or());
    }
    Expect(")");
    return args;
  }
  int Lanes() {
    Expect(",");
    Skip();
    size_t b = i_;
    while (i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_]))) ++i_;
    return std::stoi(s_.substr(b, i_ - b));
  }
  PrimExpr Number() {
    size_t b = i_;
    if (s_[i_] == '-') ++i_;
    bool is_float = false;
    while (i_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[i_])) || s_[i_] == '.' ||
                              ((s_[i_] == '-' || s_[i_] == '+') && s_[i_ - 1] == 'e'))) {
      is_float |= s_[i_] == '.' || s_[i_] == 'e';
      ++i_;
    }
    std::string text = s_.substr(b, i_ - b);
    DataType t = is_float ? DataType::Float(32) : DataType::Int(32);
    if (i_ < s_.size() && s_[i_] == ':') {
      ++i_;
      t = DataType::FromString(Word());
    }
    if (t.is_float()) return FloatImm(t, std::stod(text));
    return IntImm(t, std::stoll(text));
  }
  PrimExpr Atom() {
    Skip();
    if (i_ >= s_.size()) Fail("expression expected");
    if (Eat("(")) {
      PrimExpr e = Or();
      Expect(")");
      return e;
    }
    if (std::isdigit(static_cast<unsigned char>(s_[i_])) ||
        (s_[i_] == '-' && i_ + 1 < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_ + 1]))))
      return Number();
    std::string w = Word();
    if (w == "true" || w == "false") return IntImm(DataType::Bool(), w == "true");
    if (Eat("[")) {
      auto it = buffers_.find(w);
      if (it == buffers_.end()) Fail("unknown buffer " + w);
      PrimExpr index = Or();
      Expect("]");
      return BufferLoad(it->second, {index});
    }
    if (!Eat("(")) {
      auto it = vars_.find(w);
      if (it == vars_.end()) Fail("unknown name '" + w + "'");
      return it->second;
    }
    if (w == "min" || w == "max" || w == "truncdiv" || w == "truncmod") {
      std::vector<PrimExpr> a = Args(2);
      Kind k = w == "min" ? Kind::kMin : w == "max" ? Kind::kMax : w == "truncdiv" ? Kind::kDiv : Kind::kMod;
      return Binary(k, a[0], a[1]);
    }
    if (w == "select") {
      std::vector<PrimExpr> a = Args(3);
      return Select(a[0], a[1], a[2]);
    }
    if (w == "ramp") {
      PrimExpr base = Or();
      Expect(",");
      PrimExpr stride = Or();
      int lanes = Lanes();
      Expect(")");
      return Ramp(base, stride, lanes);
    }
    if (w == "broadcast") {
      PrimExpr v = Or();
      int lanes = Lanes();
      Expect(")");
      return Broadcast(v, lanes);
    }
    if (w == "cast") {
      DataType t = DataType::FromString(Word());
      Expect(",");
      std::vector<PrimExpr> a = Args(1);
      return Cast(t, a[0]);
    }
    if (w == "let") {
      std::string name = Word();
      auto it = vars_.find(name);
      if (it == vars_.end()) Fail("unknown let variable " + name);
      Expect(",");
      std::vector<PrimExpr> a = Args(2);
      return Let(it->second, a[0], a[1]);
    }
    if (w == "if_then_else") {
      std::vector<PrimExpr> a = Args(3);
      return Call(a[1].dtype(), "tir.if_then_else", a);
    }
    if (w == "shift_left") {
      std::vector<PrimExpr> a = Args(2);
      return Call(a[0].dtype(), "tir.shift_left", a);
    }
    Fail("unknown function " + w);
  }

  std::string s_;
  size_t i_ = 0;
  std::map<std::string, Var> vars_;
  std::map<std::string, Buffer> buffers_;
};

// "" when `after` has `before`'s value at every sample point where `where` holds; else the
// first point where they differ. The points are deterministic: each variable takes values from
// a pool of small numbers around zero and powers of two (those its type holds).
std::string ValueMismatch(const std::map<std::string, Var>& vars, const PrimExpr& before,
                          const PrimExpr& after, const PrimExpr& where) {
  static const int64_t kPool[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 63, 64, 100, 127,
                                  -1, -2, -3, -4, -5, -7, -8, -9, -16, -17, -32, -64, -127};
  uint64_t state = 0x9e3779b97f4a7c15ull;
  for (int point = 0; point < 256; ++point) {
    testing::Env env;
    std::string at;
    for (const auto& [name, var] : vars) {
      int64_t v = 0;
      do {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        v = kPool[(state >> 33) % (sizeof(kPool) / sizeof(kPool[0]))];
      } while (!testing::InType(v, var.dtype()));
      env[var.get()] = v;
      at += " " + name + "=" + std::to_string(v);
    }
    if (where.defined()) {
      std::optional<testing::Lanes> w = testing::Eval(where, env);
      if (!w || std::count(w->begin(), w->end(), 0)) continue;
    }
    std::optional<testing::Lanes> b = testing::Eval(before, env), a = testing::Eval(after, env);
    if (b && a && *b != *a) return "values differ at" + at;
  }
  return "";
}

class TvmArithCases : public ::testing::TestWithParam<Section> {};

// TVM's test: with analyzer.constraint_scope(constraint): analyzer.rewrite_simplify(before).
TEST_P(TvmArithCases, MatchTvm) {
  const Section& s = GetParam();
  int matched = 0, known = 0;
  for (const Case& c : s.cases) {
    SCOPED_TRACE(s.file + ":" + std::to_string(c.line));
    Reader reader(s.decls);
    PrimExpr before = reader.Parse(c.before);
    bool want_error = c.expected == "error";
    PrimExpr expected = want_error ? PrimExpr() : reader.Parse(c.expected);
    arith::Analyzer analyzer;
    std::string got;
    bool same = false;
    try {
      std::unique_ptr<arith::ConstraintContext> scope;
      PrimExpr where = c.where.empty() ? PrimExpr() : reader.Parse(c.where);
      if (where.defined()) scope = std::make_unique<arith::ConstraintContext>(&analyzer, where);
      PrimExpr after = s.file.find("canonical") != std::string::npos ? analyzer.CanonicalSimplify(before)
                                                                      : analyzer.RewriteSimplify(before);
      got = script::PrintExpr(after);
      // Marked or not, the result keeps the value (a known difference of form is no licence to
      // rewrite wrongly).
      EXPECT_EQ(ValueMismatch(reader.vars(), before, after, where), "") << c.before << "\n  got " << got;
      same = !want_error && StructuralEqual(after, expected);
      // For the reader of a failure: does the full simplifier make the two equal (a difference
      // of form only), or does tirgen miss what TVM proves?
      if (!same && !want_error && StructuralEqual(analyzer.Simplify(after), analyzer.Simplify(expected)))
        got += "   (equal after Simplify: a difference of form)";
    } catch (const std::exception& e) {
      got = std::string("error: ") + e.what();
      same = want_error;
      // Marked or not, a case never ends in an internal error (a tirgen bug, not a difference).
      EXPECT_EQ(got.find("internal compiler error"), std::string::npos) << c.before << ": " << got;
    }
    if (!c.mark.empty()) {
      EXPECT_TRUE(s.legend.count(c.mark)) << "no legend line for the mark ~ " << c.mark;
      EXPECT_FALSE(same) << c.before << " now gives TVM's " << c.expected << ": remove its mark ~ " << c.mark;
      known += !same;
    } else {
      EXPECT_TRUE(same) << c.before << "\n  got      " << got << "\n  expected " << c.expected;
      matched += same;
    }
  }
  std::printf("[%s] %d of %zu cases match TVM; %d known differences\n", s.name.c_str(), matched, s.cases.size(),
              known);
}

std::vector<Section> All() {
  std::vector<Section> all = Load("tvm_rewrite_simplify.txt");
  for (Section& s : Load("tvm_canonical_simplify.txt")) all.push_back(std::move(s));
  return all;
}

INSTANTIATE_TEST_SUITE_P(Tvm, TvmArithCases, ::testing::ValuesIn(All()),
                         [](const ::testing::TestParamInfo<Section>& info) {
                           std::string f = info.param.file.substr(4, info.param.file.find('.') - 4);
                           std::string name;
                           for (char ch : f + "_" + info.param.name)
                             if (std::isalnum(static_cast<unsigned char>(ch))) name += ch;
                           return name;
                         });

}  // namespace
}  // namespace tirgen

// Trace::Parse: the restricted Python of printed traces -- straight-line statements
//   [target, ... =] sch.<method>(<arg>, ..., <name>=<arg>, ...)
// with literal (int, float, string, True/False/None), variable, list and tuple arguments,
// inside `def apply_trace(sch: tir.Schedule) -> None:`. Comments and blank lines are skipped.
#include <cctype>
#include <sstream>

#include "tirgen/tir/schedule/trace.h"
#include "tirgen/support/error.h"

namespace tirgen {
namespace tir {

namespace {

class LineParser {
 public:
  LineParser(const std::string& file, int line, const std::string& text)
      : file_(file), line_(line), text_(text) {}

  [[noreturn]] void Fail(const std::string& msg) const {
    throw Error(Span{file_, line_, static_cast<int>(pos_) + 1}, msg, text_);
  }
  void Skip() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t')) ++pos_;
    if (pos_ < text_.size() && text_[pos_] == '#') pos_ = text_.size();
  }
  bool AtEnd() {
    Skip();
    return pos_ >= text_.size();
  }
  bool Accept(const std::string& tok) {
    Skip();
    if (text_.compare(pos_, tok.size(), tok) == 0) {
      pos_ += tok.size();
      return true;
    }
    return false;
  }
  void Expect(const std::string& tok, const std::string& what) {
    if (!Accept(tok)) Fail("expected " + what);
  }
  bool PeekIdent() {
    Skip();
    return pos_ < text_.size() && (std::isalpha(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_');
  }
  std::string Ident() {
    if (!PeekIdent()) Fail("expected a name");
    size_t b = pos_;
    while (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_')) ++pos_;
    return text_.substr(b, pos_ - b);
  }
  // `name =` ahead (a keyword argument)?
  bool PeekKeyword() {
    size_t saved = pos_;
    bool kw = false;
    if (PeekIdent()) {
      Ident();
      Skip();
      kw = pos_ < text_.size() && text_[pos_] == '=' && (pos_ + 1 >= text_.size() || text_[pos_ + 1] != '=');
    }
    pos_ = saved;
    return kw;
  }

  // A lambda's body runs to the ',' or ')' that closes the argument it is (brackets balanced).
  TraceValue LambdaText(size_t begin) {
    while (pos_ < text_.size() && text_[pos_] != ':') ++pos_;  // the parameters
    if (pos_ >= text_.size()) Fail("expected ':' in the lambda");
    ++pos_;
    int depth = 0;
    while (pos_ < text_.size()) {
      char c = text_[pos_];
      if (c == '(' || c == '[') ++depth;
      if (c == ')' || c == ']') {
        if (depth == 0) break;
        --depth;
      }
      if (c == ',' && depth == 0) break;
      ++pos_;
    }
    size_t end = pos_;
    while (end > begin && text_[end - 1] == ' ') --end;
    return TraceValue::Lambda(text_.substr(begin, end - begin));
  }

  TraceValue Value() {
    Skip();
    if (pos_ >= text_.size()) Fail("expected a value");
    char c = text_[pos_];
    if (c == '"' || c == '\'') {
      size_t b = ++pos_;
      while (pos_ < text_.size() && text_[pos_] != c) {
        if (text_[pos_] == '\\') Fail("escapes in strings are not supported in traces");
        ++pos_;
      }
      if (pos_ >= text_.size()) Fail("unterminated string");
      std::string s = text_.substr(b, pos_ - b);
      ++pos_;
      return TraceValue::Str(s);
    }
    if (c == '[' || c == '(') {
      char close = c == '[' ? ']' : ')';
      if (++depth_ > 64) Fail("lists and tuples nest deeper than 64 levels");
      ++pos_;
      std::vector<TraceValue> items;
      Skip();
      if (!Accept(std::string(1, close))) {
        while (true) {
          items.push_back(Value());
          if (Accept(std::string(1, close))) break;
          Expect(",", "',' or '" + std::string(1, close) + "'");
          if (Accept(std::string(1, close))) break;  // trailing comma
        }
      }
      --depth_;
      return TraceValue::List(items, c == '[' ? TraceValue::kList : TraceValue::kTuple);
    }
    if (c == '-' || std::isdigit(static_cast<unsigned char>(c))) {
      size_t b = pos_;
      if (c == '-') ++pos_;
      bool is_float = false;
      while (pos_ < text_.size() && (std::isdigit(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '.' ||
                                     text_[pos_] == 'e' || text_[pos_] == 'E' ||
                                     ((text_[pos_] == '-' || text_[pos_] == '+') && (text_[pos_ - 1] == 'e' || text_[pos_ - 1] == 'E')))) {
        is_float = is_float || !std::isdigit(static_cast<unsigned char>(text_[pos_]));
        ++pos_;
      }
      std::string num = text_.substr(b, pos_ - b);
      if (num == "-") Fail("expected a number");
      try {
        return is_float ? TraceValue::Float(std::stod(num)) : TraceValue::Int(std::stoll(num));
      } catch (const std::exception&) {
        pos_ = b;
        Fail("bad number '" + num + "'");
      }
    }
    if (PeekIdent()) {
      size_t b = pos_;
      std::string name = Ident();
      if (name == "None") return TraceValue::None();
      if (name == "True") return TraceValue::Bool(true);
      if (name == "False") return TraceValue::Bool(false);
      if (name == "lambda") return LambdaText(b);
      Skip();
      if (pos_ < text_.size() && (text_[pos_] == '(' || text_[pos_] == '.')) {
        pos_ = b;
        Fail("only literals, variables, lists and tuples are supported as trace arguments");
      }
      return TraceValue::VarRef(name);
    }
    Fail("expected a value");
  }

 private:
  std::string file_;
  int line_;
  std::string text_;
  size_t pos_ = 0;
  int depth_ = 0;  ///< open brackets: nesting is bounded so deep input cannot overflow the stack
};

}  // namespace

Trace Trace::Parse(const std::string& text, const std::string& filename) {
  Trace trace;
  std::istringstream in(text);
  std::string line;
  int lineno = 0;
  bool in_def = false;
  while (std::getline(in, line)) {
    ++lineno;
    LineParser p(filename, lineno, line);
    if (p.AtEnd()) continue;
    bool indented = !line.empty() && (line[0] == ' ' || line[0] == '\t');
    if (!indented) {
      if (in_def) p.Fail("unexpected text after the apply_trace function");
      if (!p.Accept("def")) p.Fail("expected `def apply_trace(sch: tir.Schedule) -> None:`");
      std::string name = p.Ident();
      if (name != "apply_trace") p.Fail("expected the function apply_trace");
      size_t colon = line.rfind(':');
      if (colon == std::string::npos || line.find("sch") == std::string::npos)
        p.Fail("expected `def apply_trace(sch: tir.Schedule) -> None:`");
      in_def = true;
      continue;
    }
    if (!in_def) p.Fail("expected `def apply_trace(sch: tir.Schedule) -> None:` before the statements");
    if (p.Accept("pass")) {
      if (!p.AtEnd()) p.Fail("unexpected text after pass");
      continue;
    }
    Instruction inst;
    // Targets: a, b = ... / a, = ... / a = ...; none when the line starts with sch.
    std::vector<std::string> targets;
    bool trailing_comma = false;
    if (!p.Accept("sch.")) {
      while (true) {
        targets.push_back(p.Ident());
        if (p.Accept(",")) {
          if (p.Accept("=")) {
            trailing_comma = true;
            break;
          }
          continue;
        }
        p.Expect("=", "'=' or ','");
        break;
      }
      p.Expect("sch.", "a call `sch.<method>(...)`");
    }
    inst.method = p.Ident();
    p.Expect("(", "'('");
    if (!p.Accept(")")) {
      while (true) {
        std::string kw;
        if (p.PeekKeyword()) {
          kw = p.Ident();
          p.Expect("=", "'='");
        } else if (!inst.args.empty() && !inst.args.back().first.empty()) {
          p.Fail("positional argument after a keyword argument");
        }
        inst.args.emplace_back(kw, p.Value());
        if (p.Accept(")")) break;
        p.Expect(",", "',' or ')'");
      }
    }
    if (!p.AtEnd()) p.Fail("unexpected text after the call");
    for (const std::string& t : targets) inst.outputs.push_back(TraceValue::VarRef(t));
    inst.output_list = targets.size() > 1 || trailing_comma;
    trace.Append(std::move(inst));
  }
  if (!in_def) throw Error(Span{filename, 1, 1}, "no `def apply_trace(sch: tir.Schedule) -> None:` found", "");
  return trace;
}

}  // namespace tir
}  // namespace tirgen

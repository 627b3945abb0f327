// Hot loops over multi-megabyte constant lists: keep them fast in unoptimized (Debug) builds too.
#if defined(__GNUC__) && !defined(__clang__) && !defined(__OPTIMIZE__)
#pragma GCC optimize("O2")
#endif
#include "lexer.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>

namespace tirgen {
namespace script {

Source::Source(std::string_view text, std::string filename)
    : text_(text), filename_(std::move(filename)) {}

const std::vector<size_t>& Source::LineStarts() const {
  if (!line_starts_.empty()) return line_starts_;
  line_starts_.push_back(0);
  // memchr: the text can be hundreds of MB of weights on a few long lines.
  const char* b = text_.data();
  const char* e = b + text_.size();
  for (const char* q = b; (q = static_cast<const char*>(std::memchr(q, '\n', e - q))); ++q)
    line_starts_.push_back(static_cast<size_t>(q - b) + 1);
  return line_starts_;
}

std::string Source::Line(int line) const {
  const std::vector<size_t>& line_starts = LineStarts();
  if (line < 1 || line > static_cast<int>(line_starts.size())) return "";
  size_t b = line_starts[line - 1];
  size_t e = text_.find('\n', b);
  if (e == std::string::npos) e = text_.size();
  if (e > b && text_[e - 1] == '\r') --e;
  return std::string(text_.substr(b, e - b));
}

void Source::Locate(size_t offset, int* line, int* col) const {
  const std::vector<size_t>& line_starts = LineStarts();
  auto it = std::upper_bound(line_starts.begin(), line_starts.end(), offset);
  size_t idx = static_cast<size_t>(it - line_starts.begin()) - 1;
  *line = static_cast<int>(idx) + 1;
  *col = static_cast<int>(offset - line_starts[idx]) + 1;
}

void Source::Fail(int line, int col, const std::string& message) const {
  throw Error(Span{filename_, line, col}, message, Line(line));
}

namespace {

bool IsIdStart(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsIdChar(char c) { return IsIdStart(c) || IsDigit(c); }

// Scans a decimal number (int or float) starting at p; returns the end or p when none.
size_t ScanNumber(std::string_view s, size_t p) {
  size_t n = s.size(), q = p;
  if (q + 1 < n && s[q] == '0' && (s[q + 1] == 'x' || s[q + 1] == 'X')) {
    q += 2;
    size_t d = q;
    while (q < n && std::isxdigit(static_cast<unsigned char>(s[q]))) ++q;
    return q == d ? p : q;
  }
  size_t digits = 0;
  auto run = [&] {
    // Eight digits per step where the text allows (weights have 17 significant digits).
    for (uint64_t v; q + 8 <= n; q += 8, digits += 8) {
      std::memcpy(&v, s.data() + q, 8);
      if (((v & 0xF0F0F0F0F0F0F0F0ull) | (((v + 0x0606060606060606ull) & 0xF0F0F0F0F0F0F0F0ull) >> 4)) !=
          0x3333333333333333ull)
        break;
    }
    while (q < n && IsDigit(s[q])) ++q, ++digits;
  };
  run();
  if (q < n && s[q] == '.') {
    ++q;
    run();
  }
  if (digits == 0) return p;
  if (q < n && (s[q] == 'e' || s[q] == 'E')) {
    size_t e = q + 1;
    if (e < n && (s[e] == '+' || s[e] == '-')) ++e;
    size_t d = e;
    while (e < n && IsDigit(s[e])) ++e;
    if (e > d) q = e;
  }
  return q;
}

// string_views, not C strings: the lexer tries them at every operator, and a strlen + memcmp per
// candidate was a sixth of the parser's time on small programs.
constexpr std::string_view kOps3[] = {"**=", "//=", ">>=", "<<=", "..."};
constexpr std::string_view kOps2[] = {"**", "//", "==", "!=", "<=", ">=", "<<", ">>", "->", "+=",
                                      "-=", "*=", "/=", "%=", "&=", "|=", "^=", ":="};
const char kOps1[] = "()[]{},:.;=+-*/%<>&|^~@";

class Lexer {
 public:
  explicit Lexer(const Source& src) : src_(src), s_(src.text()) {}

  std::vector<Token> Run() {
    // About one token per 4 bytes of ordinary code; large constants lex as one kNumList token
    // each, so the guess is capped rather than scaled to a file of weights.
    out_.reserve(std::min<size_t>(s_.size() / 4, size_t{1} << 16) + 8);
    indents_.push_back(0);
    while (pos_ < s_.size()) {
      if (at_line_start_ && brackets_.empty()) {
        if (!StartLine()) continue;
      }
      char c = s_[pos_];
      if (c == ' ' || c == '\t' || c == '\r' || c == '\f') {
        ++pos_;
      } else if (c == '#') {
        while (pos_ < s_.size() && s_[pos_] != '\n') ++pos_;
      } else if (c == '\\' && pos_ + 1 < s_.size() &&
                 (s_[pos_ + 1] == '\n' || (s_[pos_ + 1] == '\r' && pos_ + 2 < s_.size() && s_[pos_ + 2] == '\n'))) {
        pos_ = s_.find('\n', pos_) + 1;
        NewLine(pos_);
      } else if (c == '\n') {
        ++pos_;
        if (brackets_.empty()) {
          Push(Tok::kNewline, pos_ - 1, pos_);
          at_line_start_ = true;
        }
        NewLine(pos_);
      } else if (IsIdStart(c)) {
        size_t b = pos_;
        while (pos_ < s_.size() && IsIdChar(s_[pos_])) ++pos_;
        if (pos_ < s_.size() && (s_[pos_] == '"' || s_[pos_] == '\'')) {
          Fail(b, "string prefixes like " + std::string(s_.substr(b, pos_ - b)) +
                      "\"...\" are not supported");
        }
        Push(Tok::kName, b, pos_);
      } else if (IsDigit(c) || (c == '.' && pos_ + 1 < s_.size() && IsDigit(s_[pos_ + 1]))) {
        size_t b = pos_;
        size_t e = ScanNumber(s_, pos_);
        if (e < s_.size() && (IsIdChar(s_[e]) || s_[e] == '.')) Fail(b, "invalid number literal");
        pos_ = e;
        Push(Tok::kNumber, b, e);
      } else if (c == '"' || c == '\'') {
        LexString();
      } else {
        LexOp();
      }
    }
    if (!brackets_.empty()) {
      const Open& o = brackets_.back();
      src_.Fail(o.line, o.col, std::string("'") + o.ch + "' was never closed");
    }
    if (!out_.empty() && out_.back().kind != Tok::kNewline) Push(Tok::kNewline, pos_, pos_);
    while (indents_.size() > 1) {
      indents_.pop_back();
      Push(Tok::kDedent, pos_, pos_);
    }
    Push(Tok::kEnd, pos_, pos_);
    return std::move(out_);
  }

 private:
  struct Open {
    char ch;
    int line, col;
  };

  int Col(size_t offset) const { return static_cast<int>(offset - line_start_) + 1; }
  void NewLine(size_t start) {
    ++line_;
    line_start_ = start;
  }
  [[noreturn]] void Fail(size_t offset, const std::string& msg) const {
    src_.Fail(line_, Col(offset), msg);
  }
  Token& Push(Tok kind, size_t b, size_t e) {
    Token t;
    t.kind = kind;
    t.text = std::string_view(s_).substr(b, e - b);
    t.line = line_;
    t.col = Col(b);
    out_.push_back(std::move(t));
    return out_.back();
  }

  // Handles indentation at the start of a physical line outside brackets. Returns false when
  // the line was blank or a comment (consumed entirely).
  bool StartLine() {
    size_t b = pos_;
    bool has_space = false, has_tab = false;
    while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t')) {
      (s_[pos_] == ' ' ? has_space : has_tab) = true;
      ++pos_;
    }
    if (pos_ >= s_.size() || s_[pos_] == '\n' || s_[pos_] == '#' || s_[pos_] == '\r') {
      while (pos_ < s_.size() && s_[pos_] != '\n') ++pos_;
      if (pos_ < s_.size()) {
        ++pos_;
        NewLine(pos_);
      }
      return false;
    }
    at_line_start_ = false;
    int width = static_cast<int>(pos_ - b);
    if (width > 0) {
      char used = has_tab ? '\t' : ' ';
      if ((has_space && has_tab) || (indent_char_ != 0 && indent_char_ != used))
        Fail(b, "inconsistent use of tabs and spaces in indentation");
      indent_char_ = used;
    }
    if (width > indents_.back()) {
      indents_.push_back(width);
      Push(Tok::kIndent, b, pos_);
    } else {
      while (width < indents_.back()) {
        indents_.pop_back();
        Push(Tok::kDedent, pos_, pos_);
      }
      if (width != indents_.back())
        Fail(pos_, "unindent does not match any outer indentation level");
    }
    return true;
  }

  void LexString() {
    size_t b = pos_;
    char q = s_[pos_];
    bool triple = pos_ + 2 < s_.size() && s_[pos_ + 1] == q && s_[pos_ + 2] == q;
    int start_line = line_, start_col = Col(b);
    pos_ += triple ? 3 : 1;
    std::string value;
    for (;;) {
      if (pos_ >= s_.size()) src_.Fail(start_line, start_col, "unterminated string literal");
      char c = s_[pos_];
      if (c == q) {
        if (!triple) {
          ++pos_;
          break;
        }
        if (pos_ + 2 < s_.size() + 0 && s_[pos_ + 1] == q && s_[pos_ + 2] == q) {
          pos_ += 3;
          break;
        }
      }
      if (c == '\n') {
        if (!triple) src_.Fail(start_line, start_col, "unterminated string literal");
        value += c;
        ++pos_;
        NewLine(pos_);
        continue;
      }
      if (c == '\\' && pos_ + 1 < s_.size()) {
        char e = s_[pos_ + 1];
        pos_ += 2;
        switch (e) {
          case 'n': value += '\n'; break;
          case 't': value += '\t'; break;
          case 'r': value += '\r'; break;
          case '0': value += '\0'; break;
          case '\\': value += '\\'; break;
          case '\'': value += '\''; break;
          case '"': value += '"'; break;
          case '\n': NewLine(pos_); break;
          case 'x': {
            if (pos_ + 2 > s_.size() || !std::isxdigit(static_cast<unsigned char>(s_[pos_])) ||
                !std::isxdigit(static_cast<unsigned char>(s_[pos_ + 1])))
              Fail(pos_ - 2, "invalid \\x escape in string literal");
            value += static_cast<char>(std::stoi(std::string(s_.substr(pos_, 2)), nullptr, 16));
            pos_ += 2;
            break;
          }
          default: value += '\\'; value += e; break;
        }
        continue;
      }
      value += c;
      ++pos_;
    }
    // The token spans the opening quote's line only; good enough for carets.
    Token t;
    t.kind = Tok::kString;
    t.text = std::string_view(s_).substr(b, pos_ - b);
    t.value = std::move(value);
    t.line = start_line;
    t.col = start_col;
    out_.push_back(std::move(t));
  }

  // True when a '[' here starts a list display rather than a subscript.
  bool ListPosition() const {
    if (out_.empty()) return true;
    const Token& p = out_.back();
    if (p.kind == Tok::kName) {
      static const char* const kw[] = {"in", "and", "or", "not", "if", "else", "return",
                                       "lambda", "yield", "assert", "elif", "while"};
      for (const char* k : kw)
        if (p.text == k) return true;
      return false;
    }
    if (p.kind == Tok::kNumber || p.kind == Tok::kString || p.kind == Tok::kNumList) return false;
    if (p.kind == Tok::kOp && (p.text == ")" || p.text == "]" || p.text == "}")) return false;
    return true;
  }

  // Fast path for constant data: `[1, -2.5, 3e-05, ...]` becomes one token, so a
  // multi-million element list costs no per-element tokens or AST nodes.
  bool TryNumList() {
    size_t p = pos_ + 1, n = s_.size(), count = 0;
    // Line tracking happens here, with the scan (lists can span lines); it is undone when the
    // text is not a number list after all.
    int line0 = line_;
    size_t line_start0 = line_start_;
    auto skip_ws = [&] {
      while (p < n && (s_[p] == ' ' || s_[p] == '\t' || s_[p] == '\n' || s_[p] == '\r')) {
        if (s_[p] == '\n') NewLine(p + 1);
        ++p;
      }
    };
    auto not_a_list = [&] {
      line_ = line0;
      line_start_ = line_start0;
      return false;
    };
    skip_ws();
    for (;;) {
      if (p < n && (s_[p] == '-' || s_[p] == '+')) ++p;
      size_t e = ScanNumber(s_, p);
      if (e == p) return not_a_list();
      if (e < n && (IsIdChar(s_[e]) || s_[e] == '.')) {
        // Invalid wherever it stands (the main loop rejects it the same way): say so now rather
        // than after tokenizing the rest of a million-element list one number at a time.
        int line, col;
        src_.Locate(p, &line, &col);
        src_.Fail(line, col, "invalid number literal");
      }
      p = e;
      ++count;
      skip_ws();
      if (p < n && s_[p] == ',') {
        ++p;
        skip_ws();
        if (p < n && s_[p] == ']') break;
        continue;
      }
      if (p < n && s_[p] == ']') break;
      return not_a_list();
    }
    int end_line = line_;
    size_t end_line_start = line_start_;
    line_ = line0;  // the token is located at its '['
    line_start_ = line_start0;
    Token& t = Push(Tok::kNumList, pos_, p + 1);
    t.list_begin = pos_ + 1;
    t.list_end = p;
    t.list_count = count;
    line_ = end_line;
    line_start_ = end_line_start;
    pos_ = p + 1;
    return true;
  }

  void LexOp() {
    size_t b = pos_;
    char c = s_[pos_];
    if (c == '[' && ListPosition() && TryNumList()) return;
    std::string_view rest = s_.substr(pos_, 3);
    for (std::string_view op : kOps3) {
      if (rest.size() == 3 && rest[0] == op[0] && rest == op) {
        pos_ += 3;
        Push(Tok::kOp, b, pos_);
        return;
      }
    }
    for (std::string_view op : kOps2) {
      if (rest.size() >= 2 && rest[0] == op[0] && rest[1] == op[1]) {
        pos_ += 2;
        Push(Tok::kOp, b, pos_);
        return;
      }
    }
    if (c == '\0' || !std::strchr(kOps1, c)) {
      unsigned char u = static_cast<unsigned char>(c);
      if (u >= 0x80 || u < 0x20)
        Fail(b, "invalid character (byte 0x" + std::string(1, "0123456789abcdef"[u >> 4]) +
                    std::string(1, "0123456789abcdef"[u & 15]) + ")");
      Fail(b, std::string("invalid character '") + c + "'");
    }
    if (c == '(' || c == '[' || c == '{') {
      brackets_.push_back({c, line_, Col(b)});
    } else if (c == ')' || c == ']' || c == '}') {
      if (brackets_.empty()) Fail(b, std::string("unmatched '") + c + "'");
      char want = brackets_.back().ch == '(' ? ')' : brackets_.back().ch == '[' ? ']' : '}';
      if (c != want) {
        Fail(b, std::string("closing parenthesis '") + c + "' does not match opening '" +
                    brackets_.back().ch + "' at line " + std::to_string(brackets_.back().line));
      }
      brackets_.pop_back();
    }
    ++pos_;
    Push(Tok::kOp, b, pos_);
  }

  const Source& src_;
  std::string_view s_;
  size_t pos_ = 0;
  int line_ = 1;
  size_t line_start_ = 0;
  bool at_line_start_ = true;
  char indent_char_ = 0;
  std::vector<int> indents_;
  std::vector<Open> brackets_;
  std::vector<Token> out_;
};

}  // namespace

std::vector<Token> Tokenize(const Source& src) { return Lexer(src).Run(); }

}  // namespace script
}  // namespace tirgen

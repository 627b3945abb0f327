#include "lexer.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace tirgen {
namespace relay {
namespace text {

SourceText::SourceText(std::string file, const std::string& text)
    : file_(std::move(file)), text_(text) {
  line_starts_.push_back(0);
  for (size_t i = 0; i < text_.size(); ++i)
    if (text_[i] == '\n') line_starts_.push_back(i + 1);
}

std::string SourceText::Line(int line) const {
  if (line < 1 || line > static_cast<int>(line_starts_.size())) return "";
  size_t b = line_starts_[line - 1];
  size_t e = text_.find('\n', b);
  if (e == std::string::npos) e = text_.size();
  if (e > b && text_[e - 1] == '\r') --e;
  return text_.substr(b, e - b);
}

void SourceText::Locate(size_t offset, int* line, int* column) const {
  size_t lo = 0, hi = line_starts_.size();
  while (hi - lo > 1) {  // last line start <= offset
    size_t mid = (lo + hi) / 2;
    if (line_starts_[mid] <= offset) lo = mid; else hi = mid;
  }
  *line = static_cast<int>(lo) + 1;
  *column = static_cast<int>(offset - line_starts_[lo]) + 1;
}

void SourceText::Fail(size_t offset, const std::string& message) const {
  Span span;
  span.file = file_;
  Locate(offset, &span.line, &span.column);
  throw Error(span, message, Line(span.line));
}

std::string Describe(const Token& t) {
  switch (t.kind) {
    case Tok::kEOF: return "end of input";
    case Tok::kIdent: return "'" + t.text + "'";
    case Tok::kLocal: return "'%" + t.text + "'";
    case Tok::kGraph: return "'%" + std::to_string(t.ival) + "'";
    case Tok::kGlobal: return "'@" + t.text + "'";
    case Tok::kInt: case Tok::kFloat: return "number '" + t.text + "'";
    case Tok::kString: return "string \"" + t.text + "\"";
    case Tok::kMetaRef: return "'meta[" + t.text + "][" + std::to_string(t.ival) + "]'";
    case Tok::kVersion: return "'#[version]'";
    case Tok::kMetadata: return "'#[metadata]'";
    case Tok::kAnnot: return "a '/* ty=... */' comment";
    case Tok::kLParen: return "'('";
    case Tok::kRParen: return "')'";
    case Tok::kLBracket: return "'['";
    case Tok::kRBracket: return "']'";
    case Tok::kLBrace: return "'{'";
    case Tok::kRBrace: return "'}'";
    case Tok::kComma: return "','";
    case Tok::kSemi: return "';'";
    case Tok::kColon: return "':'";
    case Tok::kEqual: return "'='";
    case Tok::kPeriod: return "'.'";
    case Tok::kArrow: return "'->'";
    case Tok::kQuestion: return "'?'";
  }
  return "?";
}

namespace {

bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsAlpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool IsIdentStart(char c) { return IsAlpha(c) || c == '_'; }
bool IsIdentChar(char c) { return IsAlpha(c) || IsDigit(c) || c == '_'; }

class Lexer {
 public:
  Lexer(const SourceText& src, size_t begin, size_t end)
      : src_(src), s_(src.text()), pos_(begin), end_(end) {}

  std::vector<Token> Run() {
    std::vector<Token> out;
    size_t last_end = pos_;
    while (true) {
      SkipSpace();
      if (pos_ >= end_) break;
      out.push_back(Next());
      last_end = pos_;
      if (out.back().kind == Tok::kMetadata) break;
    }
    Token eof;  // placed right after the last token, so "found end of input" has a caret
    eof.offset = out.empty() || out.back().kind == Tok::kMetadata ? end_ : last_end;
    out.push_back(eof);
    return out;
  }

 private:
  char At(size_t i) const { return i < end_ ? s_[i] : '\0'; }
  bool StartsWith(size_t i, const char* lit) const {
    for (size_t k = 0; lit[k]; ++k)
      if (At(i + k) != lit[k]) return false;
    return true;
  }

  // Whitespace and comments; `/* ty=...` and `/* span=...` comments are tokens.
  void SkipSpace() {
    while (pos_ < end_) {
      char c = s_[pos_];
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        ++pos_;
      } else if (c == '/' && At(pos_ + 1) == '/') {
        while (pos_ < end_ && s_[pos_] != '\n') ++pos_;
      } else if (c == '/' && At(pos_ + 1) == '*') {
        size_t inner = pos_ + 2;
        size_t k = inner;
        while (k < end_ && s_[k] == ' ') ++k;
        if (StartsWith(k, "ty=") || StartsWith(k, "span=")) return;  // an annotation token
        size_t close = s_.find("*/", inner);
        if (close == std::string::npos || close + 2 > end_) src_.Fail(pos_, "unterminated comment");
        pos_ = close + 2;
      } else {
        return;
      }
    }
  }

  Token Make(Tok kind, size_t start) {
    Token t;
    t.kind = kind;
    t.offset = start;
    t.text = s_.substr(start, pos_ - start);
    return t;
  }

  Token Next() {
    size_t start = pos_;
    char c = s_[pos_];
    auto single = [&](Tok k) { ++pos_; return Make(k, start); };
    switch (c) {
      case '(': return single(Tok::kLParen);
      case ')': return single(Tok::kRParen);
      case '[': return single(Tok::kLBracket);
      case ']': return single(Tok::kRBracket);
      case '{': return single(Tok::kLBrace);
      case '}': return single(Tok::kRBrace);
      case ',': return single(Tok::kComma);
      case ';': return single(Tok::kSemi);
      case ':': return single(Tok::kColon);
      case '=': return single(Tok::kEqual);
      case '.': return single(Tok::kPeriod);
      case '?': return single(Tok::kQuestion);
      case '"': return String();
      case '%': return Local();
      case '@': return Global();
      case '#': return Attribute();
      case '/':
        if (At(pos_ + 1) == '*') return Annotation();
        break;
      default: break;
    }
    if (c == '-') {
      if (At(pos_ + 1) == '>') {
        pos_ += 2;
        return Make(Tok::kArrow, start);
      }
      if (IsDigit(At(pos_ + 1)) || StartsWith(pos_ + 1, "inff") || StartsWith(pos_ + 1, "nanf"))
        return Number();
      src_.Fail(start, "unexpected '-'");
    }
    if (IsDigit(c)) return Number();
    if (StartsWith(pos_, "meta[")) return MetaRef();
    if (IsIdentStart(c)) {
      if ((StartsWith(pos_, "inff") || StartsWith(pos_, "nanf")) && !IsIdentChar(At(pos_ + 4)))
        return Number();
      while (pos_ < end_ && (IsIdentChar(s_[pos_]) || (s_[pos_] == '.' && IsIdentStart(At(pos_ + 1)))))
        ++pos_;
      return Make(Tok::kIdent, start);
    }
    std::string shown = (static_cast<unsigned char>(c) < 32) ? "\\x" + std::to_string(int(c)) : std::string(1, c);
    src_.Fail(start, "unexpected character '" + shown + "'");
  }

  Token String() {
    size_t start = pos_++;
    std::string value;
    while (true) {
      if (pos_ >= end_ || s_[pos_] == '\n') src_.Fail(start, "unterminated string literal");
      char c = s_[pos_++];
      if (c == '"') break;
      if (c == '\\' && pos_ < end_) {
        char e = s_[pos_++];
        switch (e) {
          case 'n': value += '\n'; break;
          case 't': value += '\t'; break;
          case 'r': value += '\r'; break;
          default: value += e; break;  // \" and \\ (and anything else verbatim)
        }
      } else {
        value += c;
      }
    }
    Token t = Make(Tok::kString, start);
    t.text = value;
    return t;
  }

  // %12 is a graph binding; %name a variable. Names keep '.', '/' and '::' (frontends make
  // `%fc.weight`, `%onnx::Conv_193`); a trailing `.0` is split off later by the parser when the
  // longer name is not bound (`%p0.0` is a projection).
  Token Local() {
    size_t start = pos_++;
    if (IsDigit(At(pos_))) {
      while (IsDigit(At(pos_))) ++pos_;
      Token t = Make(Tok::kGraph, start);
      errno = 0;
      t.ival = std::strtoll(t.text.c_str() + 1, nullptr, 10);
      if (errno != 0 || t.ival > std::numeric_limits<int32_t>::max())
        src_.Fail(start, "graph variable number too large: " + t.text);
      return t;
    }
    if (!(IsIdentChar(At(pos_)) || At(pos_) == '/'))
      src_.Fail(start, "expected a variable name after '%'");
    while (pos_ < end_) {
      char c = s_[pos_];
      if (IsIdentChar(c) || (c == '/' && At(pos_ + 1) != '*')) {
        ++pos_;
      } else if (c == '.' && IsIdentChar(At(pos_ + 1))) {
        ++pos_;
      } else if (c == ':' && At(pos_ + 1) == ':' && IsIdentChar(At(pos_ + 2))) {
        pos_ += 2;
      } else {
        break;
      }
    }
    Token t = Make(Tok::kLocal, start);
    t.text = t.text.substr(1);
    return t;
  }

  Token Global() {
    size_t start = pos_++;
    if (!IsIdentStart(At(pos_))) src_.Fail(start, "expected a global name after '@'");
    while (IsIdentChar(At(pos_)) || (At(pos_) == '.' && IsIdentStart(At(pos_ + 1)))) ++pos_;
    Token t = Make(Tok::kGlobal, start);
    t.text = t.text.substr(1);
    return t;
  }

  // #[version = "0.0.5"] and #[metadata] (which runs to the end of the input).
  Token Attribute() {
    size_t start = pos_;
    if (At(pos_ + 1) != '[') src_.Fail(start, "'#' must start an attribute such as #[version = \"0.0.5\"]");
    size_t close = s_.find(']', pos_);
    if (close == std::string::npos || close >= end_) src_.Fail(start, "unterminated '#[' attribute");
    std::string body = s_.substr(pos_ + 2, close - pos_ - 2);
    auto trim = [](std::string x) {
      size_t b = x.find_first_not_of(" \t"), e = x.find_last_not_of(" \t");
      return b == std::string::npos ? std::string() : x.substr(b, e - b + 1);
    };
    body = trim(body);
    pos_ = close + 1;
    if (body == "metadata") {
      Token t = Make(Tok::kMetadata, start);
      t.text = s_.substr(pos_, end_ - pos_);
      pos_ = end_;
      return t;
    }
    if (body.rfind("version", 0) == 0) {
      std::string v = trim(body.substr(7));
      if (v.empty() || v[0] != '=') src_.Fail(start, "expected #[version = \"0.0.5\"]");
      v = trim(v.substr(1));
      if (v.size() >= 2 && v.front() == '"' && v.back() == '"') v = v.substr(1, v.size() - 2);
      Token t = Make(Tok::kVersion, start);
      t.text = v;
      return t;
    }
    src_.Fail(start, "unsupported attribute '#[" + body + "]'");
  }

  // `/* ty=... span=... */`: the inside, kept for the parser (SkipSpace let only these through).
  Token Annotation() {
    size_t start = pos_;
    size_t close = s_.find("*/", pos_ + 2);
    if (close == std::string::npos || close + 2 > end_) src_.Fail(start, "unterminated comment");
    Token t;
    t.kind = Tok::kAnnot;
    t.offset = pos_ + 2;
    t.text = s_.substr(pos_ + 2, close - pos_ - 2);
    pos_ = close + 2;
    return t;
  }

  Token MetaRef() {
    size_t start = pos_;
    pos_ += 5;
    size_t key_begin = pos_;
    while (pos_ < end_ && s_[pos_] != ']' && s_[pos_] != '\n') ++pos_;
    if (At(pos_) != ']') src_.Fail(start, "malformed meta reference: expected meta[type_key][index]");
    std::string key = s_.substr(key_begin, pos_ - key_begin);
    ++pos_;
    if (At(pos_) != '[') src_.Fail(start, "malformed meta reference: expected meta[type_key][index]");
    ++pos_;
    size_t idx_begin = pos_;
    while (IsDigit(At(pos_))) ++pos_;
    if (pos_ == idx_begin || At(pos_) != ']' || pos_ - idx_begin > 9)
      src_.Fail(start, "malformed meta reference: expected meta[type_key][index]");
    Token t = Make(Tok::kMetaRef, start);
    t.ival = std::strtoll(s_.c_str() + idx_begin, nullptr, 10);
    ++pos_;
    t.text = key;
    return t;
  }

  // 3, -1, 3i64, 1f, -0.5f16, 1e-05f, 2.5f64, inff, -nanf.
  Token Number() {
    size_t start = pos_;
    bool neg = false;
    if (s_[pos_] == '-') { neg = true; ++pos_; }
    bool is_float = false;
    std::string digits;
    if (StartsWith(pos_, "inff") || StartsWith(pos_, "nanf")) {
      digits = s_.substr(pos_, 3);
      pos_ += 3;
      is_float = true;
    } else {
      while (IsDigit(At(pos_))) digits += s_[pos_++];
      if (At(pos_) == '.' && IsDigit(At(pos_ + 1))) {
        is_float = true;
        digits += s_[pos_++];
        while (IsDigit(At(pos_))) digits += s_[pos_++];
      }
      if ((At(pos_) == 'e' || At(pos_) == 'E') &&
          (IsDigit(At(pos_ + 1)) || ((At(pos_ + 1) == '-' || At(pos_ + 1) == '+') && IsDigit(At(pos_ + 2))))) {
        is_float = true;
        digits += s_[pos_++];
        if (At(pos_) == '-' || At(pos_) == '+') digits += s_[pos_++];
        while (IsDigit(At(pos_))) digits += s_[pos_++];
      }
    }
    int width = 32;
    if (At(pos_) == 'f' || At(pos_) == 'i') {
      if (At(pos_) == 'f') is_float = true;
      else if (is_float) src_.Fail(start, "a number with a fraction cannot have an 'i' suffix");
      ++pos_;
      std::string w;
      while (IsDigit(At(pos_))) w += s_[pos_++];
      if (!w.empty()) width = w.size() > 3 ? 0 : std::atoi(w.c_str());
      else if (!is_float) src_.Fail(start, "integer suffix 'i' needs a width, e.g. 3i64");
    }
    if (IsIdentChar(At(pos_))) src_.Fail(start, "malformed number '" + s_.substr(start, pos_ + 1 - start) + "'");
    Token t = Make(is_float ? Tok::kFloat : Tok::kInt, start);
    if (width != 16 && width != 32 && width != 64)
      src_.Fail(start, "unsupported width " + std::to_string(width) + " in '" + t.text + "' (use 16, 32 or 64)");
    if (is_float) {
      t.dtype = DataType::Float(width);
      double v;
      if (digits == "inf") v = std::numeric_limits<double>::infinity();
      else if (digits == "nan") v = std::numeric_limits<double>::quiet_NaN();
      else v = std::strtod(digits.c_str(), nullptr);
      t.fval = neg ? -v : v;
      double max = width == 16 ? 65504.0 : width == 32 ? std::numeric_limits<float>::max() : std::numeric_limits<double>::max();
      if (std::isfinite(v) && std::fabs(v) > max)
        src_.Fail(start, "number '" + t.text + "' does not fit in float" + std::to_string(width));
    } else {
      t.dtype = DataType::Int(width);
      errno = 0;
      unsigned long long u = std::strtoull(digits.c_str(), nullptr, 10);
      bool overflow = errno != 0 || u > static_cast<unsigned long long>(std::numeric_limits<int64_t>::max()) + (neg ? 1 : 0);
      int64_t v = overflow ? 0 : (neg ? static_cast<int64_t>(0 - u) : static_cast<int64_t>(u));
      int64_t lo = width == 16 ? std::numeric_limits<int16_t>::min() : width == 32 ? std::numeric_limits<int32_t>::min() : std::numeric_limits<int64_t>::min();
      int64_t hi = width == 16 ? std::numeric_limits<int16_t>::max() : width == 32 ? std::numeric_limits<int32_t>::max() : std::numeric_limits<int64_t>::max();
      if (overflow || v < lo || v > hi)
        src_.Fail(start, "integer '" + t.text + "' does not fit in int" + std::to_string(width));
      t.ival = v;
    }
    return t;
  }

  const SourceText& src_;
  const std::string& s_;
  size_t pos_;
  size_t end_;
};

}  // namespace

std::vector<Token> Tokenize(const SourceText& src, size_t begin, size_t end) {
  return Lexer(src, begin, end).Run();
}

}  // namespace text
}  // namespace relay
}  // namespace tirgen

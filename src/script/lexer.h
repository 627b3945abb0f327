// Tokenizer for the Python subset TVMScript uses: names, numbers, strings, operators and
// Python's layout tokens (NEWLINE, INDENT, DEDENT). Private to src/script.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "tirgen/support/error.h"

namespace tirgen {
namespace script {

enum class Tok : uint8_t {
  kName,     ///< identifier or keyword (keywords are names; the parser tells them apart)
  kNumber,   ///< integer or float literal, text kept verbatim
  kString,   ///< string literal; `value` holds the decoded characters
  kNumList,  ///< a whole `[n, n, ...]` list of plain numbers (fast path for constant data)
  kOp,       ///< operator or delimiter: ( ) [ ] { } , : . = + - * / // % ** == != < <= ...
  kNewline,  ///< end of a logical line
  kIndent,
  kDedent,
  kEnd,      ///< end of input
};

struct Token {
  Tok kind;
  std::string_view text;  ///< the source characters (for kString: including quotes)
  std::string value;      ///< kString: decoded value
  int line = 0;           ///< 1-based
  int col = 0;            ///< 1-based
  /// kNumList: byte range of the list *contents* (between the brackets) and element count.
  size_t list_begin = 0, list_end = 0, list_count = 0;

  bool Is(Tok k, std::string_view t) const { return kind == k && text == t; }
  bool IsOp(std::string_view t) const { return kind == Tok::kOp && text == t; }
  bool IsName(std::string_view t) const { return kind == Tok::kName && text == t; }
};

/// The source text with line lookup, shared by lexer and parser for error messages.
class Source {
 public:
  Source(std::string_view text, std::string filename);
  std::string_view text() const { return text_; }
  const std::string& filename() const { return filename_; }
  /// The text of 1-based line `line`, without its newline.
  std::string Line(int line) const;
  /// Line and column (1-based) of a byte offset.
  void Locate(size_t offset, int* line, int* col) const;
  [[noreturn]] void Fail(int line, int col, const std::string& message) const;

 private:
  // Found on first use (errors, rare lookups): a pass over hundreds of MB of weights otherwise.
  const std::vector<size_t>& LineStarts() const;
  std::string_view text_;
  std::string filename_;
  mutable std::vector<size_t> line_starts_;
};

/// Splits the whole source into tokens (throws tirgen::Error on lexical errors).
std::vector<Token> Tokenize(const Source& src);

}  // namespace script
}  // namespace tirgen

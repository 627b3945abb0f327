// Tokens of the relay text format. Internal to src/relay/text.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tirgen/ir/dtype.h"
#include "tirgen/support/error.h"

namespace tirgen {
namespace relay {
namespace text {

/// The whole input, for locating errors (line text for the caret).
class SourceText {
 public:
  SourceText(std::string file, const std::string& text);
  const std::string& file() const { return file_; }
  const std::string& text() const { return text_; }
  /// The text of 1-based line `line`, without its newline.
  std::string Line(int line) const;
  /// 1-based line/column of byte `offset`.
  void Locate(size_t offset, int* line, int* column) const;
  /// Throws tirgen::Error at `offset`.
  [[noreturn]] void Fail(size_t offset, const std::string& message) const;

 private:
  std::string file_;
  const std::string& text_;
  std::vector<size_t> line_starts_;
};

enum class Tok {
  kEOF,
  kIdent,     ///< nn.conv2d, float32, Tensor, fn, True, relay.reshape_only
  kLocal,     ///< %name (text = name, may contain '.', '::')
  kGraph,     ///< %12 (ival)
  kGlobal,    ///< @name
  kInt,       ///< 3, -1, 3i64 (ival, dtype)
  kFloat,     ///< 1f, 0.5f16, 1e-05f (fval, dtype)
  kString,    ///< "text" (unescaped)
  kMetaRef,   ///< meta[relay.Constant][3] (text = type key, ival = index)
  kVersion,   ///< #[version = "0.0.5"] (text = version)
  kMetadata,  ///< #[metadata] (text = the rest of the input: JSON)
  kAnnot,     ///< /* ty=... span=... */ (text = the comment's inside; offset = its start)
  kLParen, kRParen, kLBracket, kRBracket, kLBrace, kRBrace,
  kComma, kSemi, kColon, kEqual, kPeriod, kArrow, kQuestion,
};

struct Token {
  Tok kind = Tok::kEOF;
  size_t offset = 0;   ///< byte offset of the first character
  std::string text;
  int64_t ival = 0;
  double fval = 0;
  DataType dtype;
};

/// A readable name for messages: "'('", "identifier 'add'", "end of input".
std::string Describe(const Token& t);

/// Tokenizes text[begin, end); comments other than `/* ty=... */` annotations are skipped.
std::vector<Token> Tokenize(const SourceText& src, size_t begin, size_t end);

}  // namespace text
}  // namespace relay
}  // namespace tirgen

#include "tirgen/support/error.h"

namespace tirgen {
namespace {
std::string Render(const Span& span, const std::string& message, const std::string& source_line) {
  std::ostringstream os;
  if (!span.file.empty()) os << span.file << ":";
  if (span.defined()) os << span.line << ":" << span.column << ":";
  if (!span.file.empty() || span.defined()) os << " ";
  os << "error: " << message;
  if (!source_line.empty() && span.column > 0) {
    os << "\n" << source_line << "\n";
    // Keep tabs so the caret lines up under the same characters.
    for (int i = 0; i + 1 < span.column && i < static_cast<int>(source_line.size()); ++i)
      os << (source_line[i] == '\t' ? '\t' : ' ');
    os << "^";
  }
  return os.str();
}
}  // namespace

Error::Error(const Span& span, const std::string& message, const std::string& source_line)
    : std::runtime_error(Render(span, message, source_line)), span_(span), message_(message) {}

}  // namespace tirgen

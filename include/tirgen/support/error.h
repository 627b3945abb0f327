// Error classes and check macros (DESIGN.md §5).
//  - tirgen::Error         : the user's fault (bad input); carries an optional source Span.
//  - tirgen::InternalError : a compiler bug (an invariant failed); the message says so.
#pragma once

#include <sstream>
#include <stdexcept>
#include <string>

namespace tirgen {

/// A location in a source file; line and column are 1-based, 0 means unknown.
struct Span {
  std::string file;   ///< file name as given by the user ("<stdin>", "<string>" ...)
  int line = 0;       ///< 1-based line
  int column = 0;     ///< 1-based column
  bool defined() const { return line > 0; }
};

/// A user error. what() is the full rendered message (location + text + caret, when known).
class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message) : std::runtime_error(message), message_(message) {}
  /// `source_line` is the text of the offending line (without newline) for the caret rendering.
  Error(const Span& span, const std::string& message, const std::string& source_line = "");
  const Span& span() const { return span_; }
  /// The bare message, without location or caret.
  const std::string& message() const { return message_; }

 private:
  Span span_;
  std::string message_;
};

/// A compiler bug: an internal invariant does not hold.
class InternalError : public std::logic_error {
 public:
  explicit InternalError(const std::string& message)
      : std::logic_error("internal compiler error (a tirgen bug, please report it): " + message) {}
};

namespace detail {
// Collects a streamed message and throws when destroyed (end of the full expression).
class ErrorThrower {
 public:
  ErrorThrower(bool internal, const char* file, int line, const char* cond)
      : internal_(internal) {
    if (internal_) os_ << file << ":" << line << ": check failed: " << cond << ": ";
  }
  template <class T>
  ErrorThrower& operator<<(const T& v) {
    os_ << v;
    return *this;
  }
  [[noreturn]] ~ErrorThrower() noexcept(false) {
    if (internal_) throw InternalError(os_.str());
    throw Error(os_.str());
  }

 private:
  bool internal_;
  std::ostringstream os_;
};
}  // namespace detail
}  // namespace tirgen

/// Internal invariant: `TIRGEN_ICHECK(x > 0) << "why";` throws InternalError when false.
#define TIRGEN_ICHECK(cond) \
  if (cond) {               \
  } else                    \
    ::tirgen::detail::ErrorThrower(true, __FILE__, __LINE__, #cond)

/// User-facing check: `TIRGEN_CHECK(ok) << "message";` throws tirgen::Error when false.
#define TIRGEN_CHECK(cond) \
  if (cond) {              \
  } else                   \
    ::tirgen::detail::ErrorThrower(false, __FILE__, __LINE__, #cond)

#define TIRGEN_UNREACHABLE() ::tirgen::detail::ErrorThrower(true, __FILE__, __LINE__, "unreachable")

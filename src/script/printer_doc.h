// Internal: the "doc" tree the TVMScript printer builds before rendering it as Python text.
// Building a tree first (rather than writing text directly) lets a definition be inserted into
// an enclosing scope after that scope started, and lets parentheses be decided by precedence.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tirgen {
namespace script {
namespace printer {

/// Python operators, in the order that makes "unary < binary < if-else" comparisons work.
enum class OpKind {
  kUSub, kInvert, kNot, kUnaryEnd,
  kAdd, kSub, kMult, kDiv, kFloorDiv, kMod, kPow, kLShift, kRShift, kBitAnd, kBitOr, kBitXor,
  kLt, kLtE, kEq, kNotEq, kGt, kGtE, kAnd, kOr, kBinaryEnd,
  kIfThenElse,
};

/// Where rendered text goes. It accumulates in `buf()`; with a `write` callback, large
/// amounts are handed over in chunks as they are rendered, so printing a module with embedded
/// weights (hundreds of MB) never holds its whole text.
class TextOut {
 public:
  explicit TextOut(std::function<void(std::string_view)> write = nullptr) : write_(std::move(write)) {}
  TextOut& operator<<(std::string_view s) {
    buf_.append(s.data(), s.size());
    return *this;
  }
  TextOut& operator<<(char c) {
    buf_.push_back(c);
    return *this;
  }
  std::string& buf() { return buf_; }
  /// With a callback: passes the buffered text on once it is over a megabyte (trailing
  /// whitespace stays: Finish trims it at the very end, as it would be trimmed unstreamed).
  void MaybeFlush() {
    if (write_ && buf_.size() >= (size_t(1) << 20)) Flush();
  }
  /// Appends `s`, which does not end in whitespace; with a callback a large piece goes on
  /// directly (after the buffered text), never copied into the buffer.
  void Put(std::string_view s) {
    if (!write_ || s.size() < (size_t(1) << 16)) {
      buf_.append(s.data(), s.size());
      MaybeFlush();
      return;
    }
    if (!buf_.empty()) write_(buf_);
    buf_.clear();
    write_(s);
  }
  /// Trims trailing whitespace; with a callback, passes the rest on and returns "", else
  /// returns all the text.
  std::string Finish();

 private:
  void Flush();
  std::function<void(std::string_view)> write_;
  std::string buf_;
};

struct ExprDoc;
using ExprP = std::shared_ptr<ExprDoc>;

/// A Python expression.
struct ExprDoc {
  enum Kind { kLiteral, kId, kAttr, kIndex, kCall, kOp, kLambda, kTuple, kList, kDict, kSlice };
  Kind kind;
  std::string text;               ///< literal: rendered text; id: name; attr: attribute name
  bool is_number = false;         ///< literal: an int or float (not str/bool/None)
  ExprP value;                    ///< attr/index: object; call: callee; lambda: body
  std::vector<ExprP> items;       ///< index: indices; call: args; op: operands; tuple/list:
                                  ///< elements; dict: keys; lambda: params
  std::vector<std::string> keys;  ///< call: keyword names
  std::vector<ExprP> values;      ///< call: keyword values; dict: values
  OpKind op = OpKind::kAdd;       ///< op
  ExprP start, stop, step;        ///< slice parts (each optional)
  /// literal: renders itself instead of `text` (a weight's list, written as it is rendered)
  std::function<void(TextOut&)> render;

  explicit ExprDoc(Kind k) : kind(k) {}

  /// `self.name`
  ExprP Attr(const std::string& name) const;
  /// `self(args..., k=v...)`
  ExprP Call(std::vector<ExprP> args, std::vector<std::string> kw_keys = {},
             std::vector<ExprP> kw_values = {}) const;
  /// `self[indices]`
  ExprP Index(std::vector<ExprP> indices) const;
};

ExprP IdDoc(const std::string& name);
ExprP IntDoc(int64_t v);
ExprP FloatDoc(double v);
ExprP BoolDoc(bool v);
ExprP StrDoc(const std::string& s);
ExprP NoneDoc();
/// Text printed exactly as given, as an atom (e.g. a pre-rendered constant list).
ExprP VerbatimDoc(std::string text);
/// An atom whose text `render` appends when the doc is rendered (and not before).
ExprP DeferredDoc(std::function<void(TextOut&)> render);
ExprP OpDoc(OpKind op, std::vector<ExprP> operands);
ExprP TupleDoc(std::vector<ExprP> elements);
ExprP ListDoc(std::vector<ExprP> elements);
ExprP DictDoc(std::vector<ExprP> keys, std::vector<ExprP> values);
ExprP SliceDoc(ExprP start, ExprP stop, ExprP step);
ExprP LambdaDoc(std::vector<ExprP> params, ExprP body);
/// Renders a float the way TVM does: 17 significant digits, %g style; inf/nan quoted.
std::string FormatFloat(double v);

struct StmtDoc;
using StmtP = std::shared_ptr<StmtDoc>;

/// A Python statement.
struct StmtDoc {
  enum Kind { kAssign, kIf, kWhile, kFor, kScope, kExprStmt, kAssert, kFunction, kClass, kComment };
  Kind kind;
  ExprP lhs;         ///< assign/for/scope target (optional for scope); assert: test
  ExprP rhs;         ///< assign value (optional); for iterable; scope/expr-stmt expression;
                     ///< if/while predicate; assert: message
  ExprP annotation;  ///< assign: type annotation
  std::vector<StmtP> body;       ///< if/while/for/scope/function/class body
  std::vector<StmtP> else_body;  ///< if: else branch
  std::string name;                ///< function/class name
  std::vector<StmtP> args;         ///< function params (assign docs without rhs)
  std::vector<ExprP> decorators;   ///< function/class decorators
  ExprP return_type;               ///< function (optional)
  std::optional<std::string> comment;  ///< comment text (comment docs; trailing comments)

  explicit StmtDoc(Kind k) : kind(k) {}
};

StmtP AssignDoc(ExprP lhs, ExprP rhs, ExprP annotation = nullptr);
StmtP ExprStmtDoc(ExprP expr);
StmtP ScopeDoc(ExprP lhs, ExprP rhs, std::vector<StmtP> body);
StmtP ForDoc(ExprP lhs, ExprP rhs, std::vector<StmtP> body);
StmtP IfDoc(ExprP pred, std::vector<StmtP> then_body, std::vector<StmtP> else_body);
StmtP WhileDoc(ExprP pred, std::vector<StmtP> body);
StmtP AssertDoc(ExprP test, ExprP msg);
StmtP CommentDoc(const std::string& text);

/// Renders statements as Python source, 4-space indents, without trailing whitespace.
std::string RenderPython(const std::vector<StmtP>& stmts);
/// Renders statements into `out` (streamed when `out` has a callback); Finish() is the caller's.
void RenderPython(const std::vector<StmtP>& stmts, TextOut* out);
/// Renders one expression.
std::string RenderPython(const ExprP& expr);

}  // namespace printer
}  // namespace script
}  // namespace tirgen

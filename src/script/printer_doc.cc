// Doc construction helpers and the Python renderer (precedence-driven parentheses, 4-space
// indentation), matching TVM's Python doc printer output.
#include "printer_doc.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "tirgen/support/error.h"

namespace tirgen {
namespace script {
namespace printer {

// ---------------------------------------------------------------------------------------
// Construction

ExprP ExprDoc::Attr(const std::string& name) const {
  auto d = std::make_shared<ExprDoc>(kAttr);
  d->value = std::make_shared<ExprDoc>(*this);
  d->text = name;
  return d;
}

ExprP ExprDoc::Call(std::vector<ExprP> args, std::vector<std::string> kw_keys,
                    std::vector<ExprP> kw_values) const {
  auto d = std::make_shared<ExprDoc>(kCall);
  d->value = std::make_shared<ExprDoc>(*this);
  d->items = std::move(args);
  d->keys = std::move(kw_keys);
  d->values = std::move(kw_values);
  return d;
}

ExprP ExprDoc::Index(std::vector<ExprP> indices) const {
  auto d = std::make_shared<ExprDoc>(kIndex);
  d->value = std::make_shared<ExprDoc>(*this);
  d->items = std::move(indices);
  return d;
}

ExprP IdDoc(const std::string& name) {
  auto d = std::make_shared<ExprDoc>(ExprDoc::kId);
  d->text = name;
  return d;
}

static ExprP Literal(std::string text, bool is_number) {
  auto d = std::make_shared<ExprDoc>(ExprDoc::kLiteral);
  d->text = std::move(text);
  d->is_number = is_number;
  return d;
}

ExprP IntDoc(int64_t v) { return Literal(std::to_string(v), true); }

std::string FormatFloat(double v) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.17g", v);
  // TVM quotes non-finite values so the text stays valid Python.
  if (std::isinf(v) || std::isnan(v)) return std::string("\"") + buf + "\"";
  return buf;
}

ExprP FloatDoc(double v) { return Literal(FormatFloat(v), true); }
ExprP BoolDoc(bool v) { return Literal(v ? "True" : "False", false); }
ExprP NoneDoc() { return Literal("None", false); }
ExprP VerbatimDoc(std::string text) { return Literal(std::move(text), false); }
ExprP DeferredDoc(std::function<void(TextOut&)> render) {
  ExprP d = Literal("", false);
  d->render = std::move(render);
  return d;
}

ExprP StrDoc(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (c < 0x20 || c == 0x7f) {
          char buf[8];
          std::snprintf(buf, sizeof(buf), "\\x%02x", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  out += "\"";
  return Literal(out, false);
}

ExprP OpDoc(OpKind op, std::vector<ExprP> operands) {
  auto d = std::make_shared<ExprDoc>(ExprDoc::kOp);
  d->op = op;
  d->items = std::move(operands);
  return d;
}

ExprP TupleDoc(std::vector<ExprP> elements) {
  auto d = std::make_shared<ExprDoc>(ExprDoc::kTuple);
  d->items = std::move(elements);
  return d;
}

ExprP ListDoc(std::vector<ExprP> elements) {
  auto d = std::make_shared<ExprDoc>(ExprDoc::kList);
  d->items = std::move(elements);
  return d;
}

ExprP DictDoc(std::vector<ExprP> keys, std::vector<ExprP> values) {
  auto d = std::make_shared<ExprDoc>(ExprDoc::kDict);
  d->items = std::move(keys);
  d->values = std::move(values);
  return d;
}

ExprP SliceDoc(ExprP start, ExprP stop, ExprP step) {
  auto d = std::make_shared<ExprDoc>(ExprDoc::kSlice);
  d->start = std::move(start);
  d->stop = std::move(stop);
  d->step = std::move(step);
  return d;
}

ExprP LambdaDoc(std::vector<ExprP> params, ExprP body) {
  auto d = std::make_shared<ExprDoc>(ExprDoc::kLambda);
  d->items = std::move(params);
  d->value = std::move(body);
  return d;
}

StmtP AssignDoc(ExprP lhs, ExprP rhs, ExprP annotation) {
  auto s = std::make_shared<StmtDoc>(StmtDoc::kAssign);
  s->lhs = std::move(lhs);
  s->rhs = std::move(rhs);
  s->annotation = std::move(annotation);
  return s;
}

StmtP ExprStmtDoc(ExprP expr) {
  auto s = std::make_shared<StmtDoc>(StmtDoc::kExprStmt);
  s->rhs = std::move(expr);
  return s;
}

StmtP ScopeDoc(ExprP lhs, ExprP rhs, std::vector<StmtP> body) {
  auto s = std::make_shared<StmtDoc>(StmtDoc::kScope);
  s->lhs = std::move(lhs);
  s->rhs = std::move(rhs);
  s->body = std::move(body);
  return s;
}

StmtP ForDoc(ExprP lhs, ExprP rhs, std::vector<StmtP> body) {
  auto s = std::make_shared<StmtDoc>(StmtDoc::kFor);
  s->lhs = std::move(lhs);
  s->rhs = std::move(rhs);
  s->body = std::move(body);
  return s;
}

StmtP IfDoc(ExprP pred, std::vector<StmtP> then_body, std::vector<StmtP> else_body) {
  auto s = std::make_shared<StmtDoc>(StmtDoc::kIf);
  s->rhs = std::move(pred);
  s->body = std::move(then_body);
  s->else_body = std::move(else_body);
  return s;
}

StmtP WhileDoc(ExprP pred, std::vector<StmtP> body) {
  auto s = std::make_shared<StmtDoc>(StmtDoc::kWhile);
  s->rhs = std::move(pred);
  s->body = std::move(body);
  return s;
}

StmtP AssertDoc(ExprP test, ExprP msg) {
  auto s = std::make_shared<StmtDoc>(StmtDoc::kAssert);
  s->lhs = std::move(test);
  s->rhs = std::move(msg);
  return s;
}

StmtP CommentDoc(const std::string& text) {
  auto s = std::make_shared<StmtDoc>(StmtDoc::kComment);
  s->comment = text;
  return s;
}

// ---------------------------------------------------------------------------------------
// Rendering

namespace {

// Python's operator precedence, low to high.
enum class Prec : int {
  kLambda = 1, kIfThenElse, kBooleanOr, kBooleanAnd, kBooleanNot, kComparison, kBitwiseOr,
  kBitwiseXor, kBitwiseAnd, kShift, kAdd, kMult, kUnary, kExp, kIdentity,
};

Prec OpPrecedence(OpKind op) {
  switch (op) {
    case OpKind::kUSub:
    case OpKind::kInvert: return Prec::kUnary;
    case OpKind::kNot: return Prec::kBooleanNot;
    case OpKind::kAdd:
    case OpKind::kSub: return Prec::kAdd;
    case OpKind::kMult:
    case OpKind::kDiv:
    case OpKind::kFloorDiv:
    case OpKind::kMod: return Prec::kMult;
    case OpKind::kPow: return Prec::kExp;
    case OpKind::kLShift:
    case OpKind::kRShift: return Prec::kShift;
    case OpKind::kBitAnd: return Prec::kBitwiseAnd;
    case OpKind::kBitOr: return Prec::kBitwiseOr;
    case OpKind::kBitXor: return Prec::kBitwiseXor;
    case OpKind::kLt:
    case OpKind::kLtE:
    case OpKind::kEq:
    case OpKind::kNotEq:
    case OpKind::kGt:
    case OpKind::kGtE: return Prec::kComparison;
    case OpKind::kAnd: return Prec::kBooleanAnd;
    case OpKind::kOr: return Prec::kBooleanOr;
    case OpKind::kIfThenElse: return Prec::kIfThenElse;
    default: TIRGEN_UNREACHABLE() << "no precedence for operator";
  }
}

Prec Precedence(const ExprDoc& d) {
  if (d.kind == ExprDoc::kOp) return OpPrecedence(d.op);
  if (d.kind == ExprDoc::kLambda) return Prec::kLambda;
  return Prec::kIdentity;
}

const char* OpText(OpKind op) {
  switch (op) {
    case OpKind::kUSub: return "-";
    case OpKind::kInvert: return "~";
    case OpKind::kNot: return "not ";
    case OpKind::kAdd: return "+";
    case OpKind::kSub: return "-";
    case OpKind::kMult: return "*";
    case OpKind::kDiv: return "/";
    case OpKind::kFloorDiv: return "//";
    case OpKind::kMod: return "%";
    case OpKind::kPow: return "**";
    case OpKind::kLShift: return "<<";
    case OpKind::kRShift: return ">>";
    case OpKind::kBitAnd: return "&";
    case OpKind::kBitOr: return "|";
    case OpKind::kBitXor: return "^";
    case OpKind::kLt: return "<";
    case OpKind::kLtE: return "<=";
    case OpKind::kEq: return "==";
    case OpKind::kNotEq: return "!=";
    case OpKind::kGt: return ">";
    case OpKind::kGtE: return ">=";
    case OpKind::kAnd: return "and";
    case OpKind::kOr: return "or";
    default: TIRGEN_UNREACHABLE() << "operator has no token";
  }
}

class PythonRenderer {
 public:
  explicit PythonRenderer(TextOut* out) : out_(*out) {}

  void Expr(const ExprDoc& d) {
    switch (d.kind) {
      case ExprDoc::kLiteral:
        if (d.render) {
          d.render(out_);
        } else {
          out_ << d.text;
        }
        break;
      case ExprDoc::kId: out_ << d.text; break;
      case ExprDoc::kAttr:
        Child(*d.value, Prec::kIdentity);
        out_ << "." << d.text;
        break;
      case ExprDoc::kIndex:
        Child(*d.value, Prec::kIdentity);
        if (d.items.empty()) {
          out_ << "[()]";
        } else {
          out_ << "[";
          Joined(d.items);
          out_ << "]";
        }
        break;
      case ExprDoc::kCall: {
        Child(*d.value, Prec::kIdentity);
        out_ << "(";
        bool first = true;
        for (const ExprP& a : d.items) {
          if (!first) out_ << ", ";
          first = false;
          Expr(*a);
        }
        for (size_t i = 0; i < d.keys.size(); ++i) {
          if (!first) out_ << ", ";
          first = false;
          out_ << d.keys[i] << "=";
          Expr(*d.values[i]);
        }
        out_ << ")";
        break;
      }
      case ExprDoc::kOp: Operation(d); break;
      case ExprDoc::kLambda:
        out_ << "lambda ";
        Joined(d.items);
        out_ << ": ";
        Child(*d.value, Prec::kLambda);
        break;
      case ExprDoc::kTuple:
        out_ << "(";
        if (d.items.size() == 1) {
          Expr(*d.items[0]);
          out_ << ",";
        } else {
          Joined(d.items);
        }
        out_ << ")";
        break;
      case ExprDoc::kList:
        out_ << "[";
        Joined(d.items);
        out_ << "]";
        break;
      case ExprDoc::kDict:
        out_ << "{";
        for (size_t i = 0; i < d.items.size(); ++i) {
          if (i > 0) out_ << ", ";
          Expr(*d.items[i]);
          out_ << ": ";
          Expr(*d.values[i]);
        }
        out_ << "}";
        break;
      case ExprDoc::kSlice:
        if (d.start) Expr(*d.start);
        out_ << ":";
        if (d.stop) Expr(*d.stop);
        if (d.step) {
          out_ << ":";
          Expr(*d.step);
        }
        break;
    }
  }

  void Stmt(const StmtDoc& s) {
    switch (s.kind) {
      case StmtDoc::kAssign:
        if (s.lhs->kind == ExprDoc::kTuple) {
          Joined(s.lhs->items);
        } else {
          Expr(*s.lhs);
        }
        if (s.annotation) {
          out_ << ": ";
          Expr(*s.annotation);
        }
        if (s.rhs) {
          out_ << " = ";
          if (s.rhs->kind == ExprDoc::kTuple) {
            Joined(s.rhs->items);
          } else {
            Expr(*s.rhs);
          }
        }
        InlineComment(s);
        break;
      case StmtDoc::kIf:
        out_ << "if ";
        Expr(*s.rhs);
        out_ << ":";
        Indented(s.body);
        if (!s.else_body.empty()) {
          NewLine();
          out_ << "else:";
          Indented(s.else_body);
        }
        break;
      case StmtDoc::kWhile:
        out_ << "while ";
        Expr(*s.rhs);
        out_ << ":";
        Indented(s.body);
        break;
      case StmtDoc::kFor:
        out_ << "for ";
        if (s.lhs->kind == ExprDoc::kTuple) {
          if (s.lhs->items.size() == 1) {
            Expr(*s.lhs->items[0]);
            out_ << ",";
          } else {
            Joined(s.lhs->items);
          }
        } else {
          Expr(*s.lhs);
        }
        out_ << " in ";
        Expr(*s.rhs);
        out_ << ":";
        Indented(s.body);
        break;
      case StmtDoc::kScope:
        out_ << "with ";
        Expr(*s.rhs);
        if (s.lhs) {
          out_ << " as ";
          Expr(*s.lhs);
        }
        out_ << ":";
        Indented(s.body);
        break;
      case StmtDoc::kExprStmt:
        Expr(*s.rhs);
        InlineComment(s);
        break;
      case StmtDoc::kAssert:
        out_ << "assert ";
        Expr(*s.lhs);
        if (s.rhs) {
          out_ << ", ";
          Expr(*s.rhs);
        }
        InlineComment(s);
        break;
      case StmtDoc::kFunction:
        for (const ExprP& dec : s.decorators) {
          out_ << "@";
          Expr(*dec);
          NewLine();
        }
        out_ << "def " << s.name << "(";
        for (size_t i = 0; i < s.args.size(); ++i) {
          if (i > 0) out_ << ", ";
          Stmt(*s.args[i]);
        }
        out_ << ")";
        if (s.return_type) {
          out_ << " -> ";
          Expr(*s.return_type);
        }
        out_ << ":";
        Indented(s.body);
        out_ << "\n";  // a blank line after each function (no indentation)
        break;
      case StmtDoc::kClass:
        for (const ExprP& dec : s.decorators) {
          out_ << "@";
          Expr(*dec);
          NewLine();
        }
        out_ << "class " << s.name << ":";
        Indented(s.body);
        break;
      case StmtDoc::kComment:
        if (s.comment) CommentLines(*s.comment);
        break;
    }
  }

  void Block(const std::vector<StmtP>& stmts) {
    for (size_t i = 0; i < stmts.size(); ++i) {
      Stmt(*stmts[i]);
      if (i + 1 < stmts.size()) NewLine();
      out_.MaybeFlush();
    }
  }

 private:
  void NewLine() {
    out_ << '\n';
    out_.buf().append(static_cast<size_t>(indent_), ' ');
  }

  void Indented(const std::vector<StmtP>& body) {
    indent_ += 4;
    for (const StmtP& s : body) {
      NewLine();
      Stmt(*s);
      out_.MaybeFlush();
    }
    if (body.empty()) {
      NewLine();
      out_ << "pass";
    }
    indent_ -= 4;
  }

  void Joined(const std::vector<ExprP>& items) {
    for (size_t i = 0; i < items.size(); ++i) {
      if (i > 0) out_ << ", ";
      Expr(*items[i]);
    }
  }

  // Parenthesise a child whose precedence is lower than the parent's (or equal, when the
  // child sits on the side where Python would associate differently).
  void Child(const ExprDoc& d, Prec parent, bool paren_if_equal = false) {
    Prec p = Precedence(d);
    if (p < parent || (paren_if_equal && p == parent)) {
      out_ << "(";
      Expr(d);
      out_ << ")";
    } else {
      Expr(d);
    }
  }

  void Operation(const ExprDoc& d) {
    Prec self = OpPrecedence(d.op);
    if (d.op < OpKind::kUnaryEnd) {
      out_ << OpText(d.op);
      Child(*d.items[0], self);
    } else if (d.op == OpKind::kPow) {
      Child(*d.items[0], self, true);
      out_ << " ** ";
      Child(*d.items[1], Prec::kUnary);
    } else if (d.op < OpKind::kBinaryEnd) {
      Child(*d.items[0], self);
      out_ << " " << OpText(d.op) << " ";
      Child(*d.items[1], self, true);
    } else {
      Child(*d.items[1], self);
      out_ << " if ";
      Child(*d.items[0], self, true);
      out_ << " else ";
      Child(*d.items[2], self, true);
    }
  }

  void InlineComment(const StmtDoc& s) {
    if (s.comment) out_ << "  # " << *s.comment;
  }

  void CommentLines(const std::string& text) {
    // Like Python's split on '\n' via getline: an empty comment prints nothing.
    std::istringstream is(text);
    std::string line;
    bool first = true;
    while (std::getline(is, line)) {
      if (!first) NewLine();
      out_ << "# " << line;
      first = false;
    }
  }

  TextOut& out_;
  int indent_ = 0;
};

}  // namespace

void TextOut::Flush() {
  size_t keep = buf_.size();
  while (keep > 0 && std::isspace(static_cast<unsigned char>(buf_[keep - 1]))) --keep;
  write_(std::string_view(buf_.data(), keep));
  buf_.erase(0, keep);
}

std::string TextOut::Finish() {
  while (!buf_.empty() && std::isspace(static_cast<unsigned char>(buf_.back()))) buf_.pop_back();
  if (!write_) return std::move(buf_);
  if (!buf_.empty()) write_(buf_);
  buf_.clear();
  return "";
}

void RenderPython(const std::vector<StmtP>& stmts, TextOut* out) {
  PythonRenderer r(out);
  r.Block(stmts);
}

std::string RenderPython(const std::vector<StmtP>& stmts) {
  TextOut out;
  RenderPython(stmts, &out);
  return out.Finish();
}

std::string RenderPython(const ExprP& expr) {
  TextOut out;
  PythonRenderer r(&out);
  r.Expr(*expr);
  return out.Finish();
}

}  // namespace printer
}  // namespace script
}  // namespace tirgen

// Expressions: Python precedence and operators, evaluated on the fly (see parser_impl.h).
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <optional>

#include "parser_impl.h"
#include "tir_ops.h"

namespace tirgen {
namespace script {

using namespace tir;  // NOLINT

namespace {
constexpr int kMaxDepth = 200;

bool IsPythonKeyword(std::string_view s) {
  static const char* const kw[] = {"and", "or", "not", "in", "is", "if", "else", "elif", "for",
                                   "while", "with", "as", "def", "class", "return", "pass",
                                   "assert", "lambda", "import", "from", "del", "global",
                                   "yield", "break", "continue", "try", "except", "raise"};
  for (const char* k : kw)
    if (s == k) return true;
  return false;
}

// Python int arithmetic with overflow reported instead of UB.
int64_t CheckedInt(bool overflow, int64_t v, const Parser& p, const Token& at) {
  if (overflow) p.Fail(at, "integer overflow in constant expression");
  return v;
}

Value Num(int64_t v, const Value& like) {
  Value r;
  r.k = Value::K::kInt;
  r.i = v;
  r.line = like.line;
  r.col = like.col;
  r.src = like.src;  // the position is in `like`'s text
  return r;
}
Value Flt(double v, const Value& like) {
  Value r;
  r.k = Value::K::kFloat;
  r.f = v;
  r.line = like.line;
  r.col = like.col;
  r.src = like.src;  // the position is in `like`'s text
  return r;
}
Value Bool(bool v, const Value& like) {
  Value r;
  r.k = Value::K::kBool;
  r.i = v;
  r.line = like.line;
  r.col = like.col;
  r.src = like.src;  // the position is in `like`'s text
  return r;
}
double AsDouble(const Value& v) { return v.k == Value::K::kFloat ? v.f : static_cast<double>(v.i); }
}  // namespace

Parser::DepthGuard::DepthGuard(Parser* p, const Token& at) : p(p) {
  if (++p->depth_ > kMaxDepth) {
    --p->depth_;
    p->Fail(at, "expression or statement nesting is deeper than " + std::to_string(kMaxDepth) +
                   " levels (Python refuses such nesting too); bind inner parts to variables or "
                   "split the nest into functions");
  }
}

// ---------------------------------------------------------------------------------------------
// Tokens

const Token& Parser::Peek(size_t ahead) const {
  size_t i = std::min(pos_ + ahead, toks_.size() - 1);
  return toks_[i];
}
const Token& Parser::Next() {
  const Token& t = toks_[pos_];
  if (pos_ + 1 < toks_.size()) ++pos_;
  return t;
}
bool Parser::AcceptOp(std::string_view op) {
  if (Peek().IsOp(op)) {
    Next();
    return true;
  }
  return false;
}
bool Parser::AcceptName(std::string_view name) {
  if (Peek().IsName(name)) {
    Next();
    return true;
  }
  return false;
}
std::string Parser::Describe(const Token& t) {
  switch (t.kind) {
    case Tok::kNewline: return "end of line";
    case Tok::kIndent: return "an indented block";
    case Tok::kDedent: return "end of the indented block";
    case Tok::kEnd: return "end of input";
    case Tok::kNumList: return "a list";
    default: return "'" + std::string(t.text.substr(0, 40)) + "'";
  }
}
const Token& Parser::ExpectOp(std::string_view op, const char* what) {
  if (!Peek().IsOp(op)) {
    Fail(Peek(), "expected '" + std::string(op) + "' " + what + ", found " + Describe(Peek()));
  }
  return Next();
}
const Token& Parser::ExpectName(const char* what) {
  if (Peek().kind != Tok::kName || IsPythonKeyword(Peek().text))
    Fail(Peek(), std::string("expected ") + what + ", found " + Describe(Peek()));
  return Next();
}

// ---------------------------------------------------------------------------------------------
// Conversions

Value Parser::MakeExpr(PrimExpr e, int line, int col) {
  Value v;
  v.k = Value::K::kExpr;
  v.obj = std::move(e);
  v.line = line;
  v.col = col;
  return v;
}

Value Parser::MakeExpr(PrimExpr e, const Value& at) {
  Value v = MakeExpr(std::move(e), at.line, at.col);
  v.src = at.src;  // the position is in `at`'s text
  return v;
}

PrimExpr Parser::ToExpr(const Value& v, const char* what) {
  switch (v.k) {
    case Value::K::kExpr: return v.obj.cast<PrimExpr>();
    case Value::K::kBool: return IntImm(DataType::Bool(), v.i);
    case Value::K::kInt:
      // TVM's FFI: a Python int becomes int32 when it fits, else int64.
      if (v.i >= std::numeric_limits<int32_t>::min() && v.i <= std::numeric_limits<int32_t>::max())
        return IntImm(DataType::Int(32), v.i);
      return IntImm(DataType::Int(64), v.i);
    case Value::K::kFloat: {
      if (std::isfinite(v.f) && std::fabs(v.f) > std::numeric_limits<float>::max())
        Fail(v, "float literal out of float32 range; write T.float64(...)");
      return FloatImm(DataType::Float(32), v.f);
    }
    case Value::K::kRegion: return RegionToLoad(v);
    case Value::K::kStr: return StringImm(v.s);
    default: break;
  }
  const char* kind = v.k == Value::K::kBuffer ? "a buffer (index it, e.g. A[i])"
                     : v.IsSeq()             ? "a list"
                     : v.k == Value::K::kFunc ? "a function"
                     : v.k == Value::K::kNone ? "None"
                                              : "a non-expression value";
  Fail(v, std::string("expected ") + what + ", found " + kind);
}

PrimExpr Parser::ToExprLike(const Value& v, DataType like) {
  DataType scalar = like.element_of();
  if (v.k == Value::K::kInt) {
    if (scalar.is_floating()) return FloatImm(scalar, static_cast<double>(v.i));
    if (scalar.is_integer()) {
      if (scalar.bits() < 64) {
        int64_t lo = scalar.is_uint() ? 0 : -(int64_t(1) << (scalar.bits() - 1));
        int64_t hi = scalar.is_uint() ? (int64_t(1) << scalar.bits()) - 1 : (int64_t(1) << (scalar.bits() - 1)) - 1;
        if (v.i < lo || v.i > hi) Fail(v, "integer " + std::to_string(v.i) + " does not fit " + scalar.str());
      }
      return IntImm(scalar, v.i);
    }
  }
  if (v.k == Value::K::kFloat && scalar.is_floating()) return FloatImm(scalar, v.f);
  return ToExpr(v);
}

std::vector<Value> Parser::ToList(const Value& v, const char* what) {
  if (v.k == Value::K::kList || v.k == Value::K::kTuple) return *v.items;
  if (v.k == Value::K::kNumList) {
    // Small number lists (extents, shapes) become ordinary values.
    std::vector<Value> out;
    const Token& t = *v.numlist;
    const Source& src = SrcOf(v);
    std::string_view s = src.text();
    size_t p = t.list_begin;
    while (out.size() < t.list_count) {
      while (p < t.list_end && (s[p] == ' ' || s[p] == ',' || s[p] == '\n' || s[p] == '\t' || s[p] == '\r')) ++p;
      size_t b = p;
      while (p < t.list_end && s[p] != ',' && s[p] != ' ' && s[p] != '\n' && s[p] != '\t' && s[p] != '\r') ++p;
      std::string text(s.substr(b, p - b));
      int line, col;
      src.Locate(b, &line, &col);
      Value e;
      e.line = line;
      e.col = col;
      e.src = v.src;
      bool is_float = text.find_first_of(".eE") != std::string::npos && text.find("0x") == std::string::npos;
      errno = 0;
      if (is_float) {
        e.k = Value::K::kFloat;
        e.f = std::strtod(text.c_str(), nullptr);
      } else {
        e.k = Value::K::kInt;
        e.i = std::strtoll(text.c_str(), nullptr, 0);
        if (errno == ERANGE) src.Fail(line, col, "integer literal too large");
      }
      out.push_back(std::move(e));
    }
    return out;
  }
  Fail(v, std::string("expected ") + what + " (a list or tuple)");
}

std::vector<PrimExpr> Parser::ToExprList(const Value& v, const char* what) {
  std::vector<PrimExpr> out;
  if (!v.IsSeq()) {
    // A single extent may be given bare, as T.Buffer(8) or T.alloc_buffer(n).
    if (v.k == Value::K::kInt || v.k == Value::K::kExpr) return {ToExpr(v, what)};
    Fail(v, std::string("expected ") + what + " (a tuple or list)");
  }
  for (const Value& e : ToList(v, what)) out.push_back(ToExpr(e, what));
  return out;
}

std::string Parser::ToStr(const Value& v, const char* what) {
  if (v.k != Value::K::kStr) Fail(v, std::string("expected ") + what + " (a string)");
  return v.s;
}

DataType Parser::ToDType(const Value& v) {
  if (v.k == Value::K::kFunc && v.s == "T.void") return DataType::Void();
  if (v.k == Value::K::kFunc && v.s.rfind("T.", 0) == 0) {
    DataType t;
    if (DataType::Parse(v.s.substr(2), &t)) return t;
  }
  if (v.k != Value::K::kStr) Fail(v, "expected a data type string such as \"float32\"");
  DataType t;
  if (v.s.empty() || v.s == "void") return DataType::Void();  // TVM's DataType("") is void
  if (!DataType::Parse(v.s, &t))
    Fail(v, "unknown data type \"" + v.s +
                "\" (expected e.g. float32, float16, bfloat16, int8..int64, uint8..uint64, bool)");
  return t;
}

int64_t Parser::ToInt(const Value& v, const char* what) {
  if (v.k == Value::K::kInt || v.k == Value::K::kBool) return v.i;
  if (v.k == Value::K::kExpr) {
    if (const int64_t* c = as_const_int(v.obj.cast<PrimExpr>())) return *c;
  }
  Fail(v, std::string("expected ") + what + " (a constant integer)");
}

bool Parser::ToBool(const Value& v, const char* what) {
  if (v.k == Value::K::kBool || v.k == Value::K::kInt) return v.i != 0;
  if (v.k == Value::K::kExpr) {
    if (const int64_t* c = as_const_int(v.obj.cast<PrimExpr>())) return *c != 0;
  }
  Fail(v, std::string("expected ") + what + " (True or False)");
}

Buffer Parser::ToBuffer(const Value& v, const char* what) {
  if (v.k != Value::K::kBuffer) Fail(v, std::string("expected ") + what + " (a buffer)");
  return v.obj.cast<Buffer>();
}

Var Parser::ToVar(const Value& v, const char* what) {
  if (v.k == Value::K::kExpr && v.obj.as<VarNode>()) return v.obj.cast<Var>();
  Fail(v, std::string("expected ") + what + " (a variable)");
}

ObjectRef Parser::ToAttrValue(const Value& v) {
  switch (v.k) {
    case Value::K::kStr: return String(v.s);
    case Value::K::kBuffer:
    case Value::K::kRegion:
    case Value::K::kObj:
    case Value::K::kExpr: return v.obj;
    case Value::K::kInt:
    case Value::K::kBool:
    case Value::K::kFloat: return ToExpr(v);
    case Value::K::kList:
    case Value::K::kTuple:
    case Value::K::kNumList: {
      std::vector<ObjectRef> items;
      for (const Value& e : ToList(v, "a list")) items.push_back(ToAttrValue(e));
      return Array(std::move(items));
    }
    case Value::K::kDict: return Map(ToAttrMap(v, "a dictionary"));
    default: Fail(v, "this value cannot be used as an attribute");
  }
}

AttrMap Parser::ToAttrMap(const Value& v, const char* what) {
  if (v.k != Value::K::kDict) Fail(v, std::string("expected ") + what + " (a {\"key\": value} dictionary)");
  AttrMap m;
  const auto& it = *v.items;
  for (size_t i = 0; i + 1 < it.size(); i += 2) {
    if (it[i].k != Value::K::kStr) Fail(it[i], "attribute keys must be strings");
    m[it[i].s] = ToAttrValue(it[i + 1]);
  }
  return m;
}

BufferRegion Parser::ToRegion(const Value& v) {
  if (v.k == Value::K::kRegion) return v.obj.cast<BufferRegion>();
  if (v.k == Value::K::kExpr) {
    if (const auto* load = v.obj.as<BufferLoadNode>()) {
      std::vector<Range> ranges;
      for (const PrimExpr& idx : load->indices) ranges.emplace_back(idx, IntImm(idx.dtype().element_of().is_int() || idx.dtype().element_of().is_uint() ? idx.dtype().element_of() : DataType::Int(32), 1));
      return BufferRegion(load->buffer, std::move(ranges));
    }
  }
  if (v.k == Value::K::kBuffer) Fail(v, "expected a buffer region such as A[i, j] or A[0:4, j], found a bare buffer");
  Fail(v, "expected a buffer region such as A[i, j] or A[0:4, j]");
}

// A subscript with slices used as a value is a vector load: each slice becomes a Ramp.
PrimExpr Parser::RegionToLoad(const Value& v) {
  BufferRegion r = v.obj.cast<BufferRegion>();
  std::vector<PrimExpr> idx;
  for (size_t i = 0; i < r->region.size(); ++i) {
    const Range& rg = r->region[i];
    if (i < v.slice_dims.size() && v.slice_dims[i]) {
      const int64_t* lanes = as_const_int(rg->extent);
      if (!lanes) Fail(v, "a slice used as a value needs a constant length");
      if (*lanes == 1) {
        idx.push_back(rg->min);
      } else {
        if (*lanes < 2 || *lanes > 65535) Fail(v, "invalid vector length " + std::to_string(*lanes));
        if (!rg->min.dtype().is_int() && !rg->min.dtype().is_uint()) Fail(v, "slice bounds must be integers");
        idx.push_back(Ramp(rg->min, IntImm(rg->min.dtype(), 1), static_cast<int>(*lanes)));
      }
    } else {
      idx.push_back(rg->min);
    }
  }
  return BufferLoad(r->buffer, std::move(idx));
}

// ---------------------------------------------------------------------------------------------
// Operators

Value Parser::ParseExpr() {
  DepthGuard g(this, Peek());
  if (Peek().IsName("lambda")) return ParseLambda();
  Value v = ParseOr();
  if (Peek().IsName("if"))
    Fail(Peek(), "conditional expressions (a if c else b) are not supported; use T.Select or T.if_then_else");
  return v;
}

// A lambda is evaluated later, by the call that takes it (only T.comm_reducer does): here its
// parameter names are read and its body skipped up to the ',' or closing bracket that ends it.
Value Parser::ParseLambda() {
  const Token& kw = Next();
  Value v;
  v.k = Value::K::kLambda;
  v.line = kw.line;
  v.col = kw.col;
  v.items = std::make_shared<std::vector<Value>>();
  while (!Peek().IsOp(":")) {
    const Token& name = ExpectName("a lambda parameter name");
    Value n;
    n.k = Value::K::kStr;
    n.s = std::string(name.text);
    n.line = name.line;
    n.col = name.col;
    v.items->push_back(n);
    if (!AcceptOp(",")) break;
  }
  ExpectOp(":", "after the lambda parameters");
  v.i = static_cast<int64_t>(pos_);
  int depth = 0;
  while (Peek().kind != Tok::kEnd && Peek().kind != Tok::kNewline) {
    const Token& t = Peek();
    if (t.IsOp("(") || t.IsOp("[") || t.IsOp("{")) ++depth;
    if (t.IsOp(")") || t.IsOp("]") || t.IsOp("}")) {
      if (depth == 0) break;
      --depth;
    }
    if (depth == 0 && t.IsOp(",")) break;
    Next();
  }
  if (static_cast<size_t>(v.i) == pos_) Fail(Peek(), "expected the lambda body, found " + Describe(Peek()));
  return v;
}

Value Parser::ParseExprList() {
  const Token& first = Peek();
  Value v = ParseExpr();
  if (!Peek().IsOp(",")) return v;
  Value t;
  t.k = Value::K::kTuple;
  t.items = std::make_shared<std::vector<Value>>();
  t.items->push_back(std::move(v));
  t.line = first.line;
  t.col = first.col;
  while (AcceptOp(",")) {
    const Token& n = Peek();
    if (n.kind == Tok::kNewline || n.IsOp("=") || n.IsOp(")") || n.IsOp(":")) break;
    t.items->push_back(ParseExpr());
  }
  return t;
}

Value Parser::ParseOr() {
  Value a = ParseAnd();
  while (Peek().IsName("or")) {
    const Token& op = Next();
    Value b = ParseAnd();
    a = BinaryOp("or", a, b, op);
  }
  return a;
}

Value Parser::ParseAnd() {
  Value a = ParseNot();
  while (Peek().IsName("and")) {
    const Token& op = Next();
    Value b = ParseNot();
    a = BinaryOp("and", a, b, op);
  }
  return a;
}

Value Parser::ParseNot() {
  if (Peek().IsName("not")) {
    const Token& op = Next();
    DepthGuard g(this, op);
    Value a = ParseNot();
    Value r = UnaryOp("not", a, op);
    r.line = op.line;
    r.col = op.col;
    return r;
  }
  return ParseComparison();
}

Value Parser::ParseComparison() {
  Value a = ParseBitOr();
  for (;;) {
    const Token& t = Peek();
    std::string op;
    if (t.kind == Tok::kOp && (t.text == "<" || t.text == ">" || t.text == "==" || t.text == "!=" ||
                               t.text == "<=" || t.text == ">=")) {
      op = std::string(t.text);
    } else if (t.IsName("is") || t.IsName("in") || (t.IsName("not") && Peek(1).IsName("in"))) {
      Fail(t, "operator '" + std::string(t.text) + "' is not supported in TVMScript expressions");
    } else {
      return a;
    }
    const Token& opt = Next();
    Value b = ParseBitOr();
    a = CompareOp(op, a, b, opt);  // TVM folds chains left to right: (a < b) < c
  }
}

Value Parser::ParseBitOr() {
  Value a = ParseBitXor();
  while (Peek().IsOp("|")) {
    const Token& op = Next();
    a = BinaryOp("|", a, ParseBitXor(), op);
  }
  return a;
}
Value Parser::ParseBitXor() {
  Value a = ParseBitAnd();
  while (Peek().IsOp("^")) {
    const Token& op = Next();
    a = BinaryOp("^", a, ParseBitAnd(), op);
  }
  return a;
}
Value Parser::ParseBitAnd() {
  Value a = ParseShift();
  while (Peek().IsOp("&")) {
    const Token& op = Next();
    a = BinaryOp("&", a, ParseShift(), op);
  }
  return a;
}
Value Parser::ParseShift() {
  Value a = ParseArith();
  while (Peek().IsOp("<<") || Peek().IsOp(">>")) {
    const Token& op = Next();
    a = BinaryOp(std::string(op.text), a, ParseArith(), op);
  }
  return a;
}
Value Parser::ParseArith() {
  Value a = ParseTerm();
  while (Peek().IsOp("+") || Peek().IsOp("-")) {
    const Token& op = Next();
    a = BinaryOp(std::string(op.text), a, ParseTerm(), op);
  }
  return a;
}
Value Parser::ParseTerm() {
  Value a = ParseFactor();
  while (Peek().IsOp("*") || Peek().IsOp("/") || Peek().IsOp("//") || Peek().IsOp("%") || Peek().IsOp("@")) {
    const Token& op = Next();
    a = BinaryOp(std::string(op.text), a, ParseFactor(), op);
  }
  return a;
}
// The value of an integer literal (decimal or hex) as unsigned; nullopt for a float literal. One
// too large for uint64 reads as UINT64_MAX (strtoull saturates), too large for int64 either way.
static std::optional<uint64_t> IntLiteralMagnitude(const std::string& text) {
  bool hex = text.size() > 1 && (text[1] == 'x' || text[1] == 'X');
  if (!hex && text.find_first_of(".eE") != std::string::npos) return std::nullopt;
  return std::strtoull(text.c_str(), nullptr, hex ? 16 : 10);
}

// True for the integer literal 2^63: negated, it is INT64_MIN, which Python (and so TVM's parser)
// reads as -(2^63) but which has no positive int64 to negate.
static bool IsInt64MinMagnitude(const Token& t) {
  if (t.kind != Tok::kNumber) return false;
  std::optional<uint64_t> u = IntLiteralMagnitude(std::string(t.text));
  return u && *u == (uint64_t{1} << 63);
}

Value Parser::ParseFactor() {
  if (Peek().IsOp("-") && IsInt64MinMagnitude(Peek(1)) && !Peek(2).IsOp("**")) {
    const Token& op = Next();
    Next();
    Value v = Num(std::numeric_limits<int64_t>::min(), Value());
    v.line = op.line;
    v.col = op.col;
    return v;
  }
  if (Peek().IsOp("-") || Peek().IsOp("+") || Peek().IsOp("~")) {
    const Token& op = Next();
    DepthGuard g(this, op);
    Value a = ParseFactor();
    Value r = UnaryOp(std::string(op.text), a, op);
    r.line = op.line;
    r.col = op.col;
    return r;
  }
  return ParsePower();
}
Value Parser::ParsePower() {
  Value a = ParsePostfix();
  if (Peek().IsOp("**")) {
    const Token& op = Next();
    DepthGuard g(this, op);
    Value b = ParseFactor();
    return BinaryOp("**", a, b, op);
  }
  return a;
}

Value Parser::UnaryOp(const std::string& op, const Value& a, const Token& at) {
  if (op == "not") {
    if (a.k == Value::K::kBool || a.k == Value::K::kInt) return Bool(a.i == 0, a);
    if (a.k == Value::K::kFloat) return Bool(a.f == 0, a);
    PrimExpr e = ToExpr(a, "an operand of 'not'");
    if (!e.dtype().is_bool()) Fail(a, "'not' needs a boolean operand, got " + e.dtype().str());
    return MakeExpr(Not(e), a);
  }
  if (op == "+") {
    if (a.IsNumber() || a.k == Value::K::kExpr) return a;
    Fail(a, "unary '+' needs a number");
  }
  if (op == "-") {
    if (a.k == Value::K::kInt || a.k == Value::K::kBool) {
      Value r = Num(CheckedInt(a.i == std::numeric_limits<int64_t>::min(), -a.i, *this, at), a);
      r.neg_zero = a.k == Value::K::kInt && a.i == 0 && !a.neg_zero;  // -(-0) is 0
      return r;
    }
    if (a.k == Value::K::kFloat) return Flt(-a.f, a);
    PrimExpr e = ToExpr(a, "an operand of unary '-'");
    if (e.dtype().is_bool() || e.dtype().is_handle()) Fail(a, "cannot negate a " + e.dtype().str() + " value");
    // TVM negates by multiplying with -1 of the same type (which folds constants).
    PrimExpr m1 = e.dtype().is_floating() ? PrimExpr(FloatImm(e.dtype().element_of(), -1.0))
                                          : PrimExpr(IntImm(e.dtype().element_of(), -1));
    try {
      return MakeExpr(Arith(Kind::kMul, e, m1), a);
    } catch (const Error& err) {
      if (err.span().defined()) throw;
      Fail(at, err.message());
    }
  }
  if (op == "~") {
    if (a.k == Value::K::kInt) return Num(~a.i, a);
    PrimExpr e = ToExpr(a, "an operand of '~'");
    if (!e.dtype().is_integer()) Fail(a, "'~' needs an integer operand");
    return MakeExpr(MakeCall(e.dtype(), "tir.bitwise_not", {e}), a);
  }
  Fail(at, "unsupported unary operator " + op);
}

Value Parser::BinaryOp(const std::string& op, const Value& a, const Value& b, const Token& at) {
  // Pure Python arithmetic on literals (e.g. the -1 in T.int64(-1), 2 * 3 in a shape).
  if (a.IsNumber() && b.IsNumber()) {
    bool ints = a.k != Value::K::kFloat && b.k != Value::K::kFloat;
    if (op == "and") return a.i != 0 || (a.k == Value::K::kFloat && a.f != 0) ? b : a;
    if (op == "or") return a.i != 0 || (a.k == Value::K::kFloat && a.f != 0) ? a : b;
    if (ints) {
      int64_t x = a.i, y = b.i, r = 0;
      bool of = false;
      if (op == "+") of = __builtin_add_overflow(x, y, &r);
      else if (op == "-") of = __builtin_sub_overflow(x, y, &r);
      else if (op == "*") of = __builtin_mul_overflow(x, y, &r);
      else if (op == "//" || op == "%") {
        if (y == 0) Fail(at, "integer division by zero");
        if (x == std::numeric_limits<int64_t>::min() && y == -1) of = true;
        else {
          int64_t q = x / y, m = x % y;
          if (m != 0 && ((m < 0) != (y < 0))) { q -= 1; m += y; }
          r = op == "//" ? q : m;
        }
      } else if (op == "/") {
        if (y == 0) Fail(at, "division by zero");
        return Flt(static_cast<double>(x) / static_cast<double>(y), a);
      } else if (op == "**") {
        if (y < 0) return Flt(std::pow(static_cast<double>(x), static_cast<double>(y)), a);
        // By squaring: O(log y) steps, so 0 ** 2**60 ends. While bits of y remain, the square is
        // a factor of the result, so its overflow is the result's (|x| >= 2; 0 and +-1 never overflow).
        r = 1;
        for (int64_t base = x, e = y; e > 0 && !of;) {
          if (e & 1) of = __builtin_mul_overflow(r, base, &r);
          e >>= 1;
          if (e > 0 && !of) of = __builtin_mul_overflow(base, base, &base);
        }
      } else if (op == "&") r = x & y;
      else if (op == "|") r = x | y;
      else if (op == "^") r = x ^ y;
      else if (op == "<<") {
        if (y < 0 || y > 62) Fail(at, "invalid shift count");
        of = __builtin_mul_overflow(x, int64_t(1) << y, &r);
      } else if (op == ">>") {
        if (y < 0) Fail(at, "invalid shift count");
        r = y > 63 ? (x < 0 ? -1 : 0) : (x >> y);
      } else Fail(at, "unsupported operator '" + op + "'");
      return Num(CheckedInt(of, r, *this, at), a);
    }
    double x = AsDouble(a), y = AsDouble(b);
    if (op == "+") return Flt(x + y, a);
    if (op == "-") return Flt(x - y, a);
    if (op == "*") return Flt(x * y, a);
    if (op == "/" || op == "//" || op == "%") {
      if (y == 0) Fail(at, "float division by zero");
      if (op == "/") return Flt(x / y, a);
      double q = std::floor(x / y);
      return Flt(op == "//" ? q : x - q * y, a);
    }
    if (op == "**") return Flt(std::pow(x, y), a);
    Fail(at, "unsupported operand types for '" + op + "': float");
  }
  if (op == "and" || op == "or") {
    PrimExpr x = ToExpr(a, "a boolean operand");
    PrimExpr y = ToExpr(b, "a boolean operand");
    if (!x.dtype().is_bool()) Fail(a, "'" + op + "' needs boolean operands, got " + x.dtype().str());
    if (!y.dtype().is_bool()) Fail(b, "'" + op + "' needs boolean operands, got " + y.dtype().str());
    if (x.dtype() != y.dtype()) Fail(at, "'" + op + "' operands differ in vector width");
    return MakeExpr(Binary(op == "and" ? Kind::kAnd : Kind::kOr, x, y), a);
  }
  PrimExpr x = ToExpr(a, ("an operand of '" + op + "'").c_str());
  PrimExpr y = ToExpr(b, ("an operand of '" + op + "'").c_str());
  try {
    PrimExpr r;
    if (op == "+") r = Arith(Kind::kAdd, x, y);
    else if (op == "-") r = Arith(Kind::kSub, x, y);
    else if (op == "*") r = Arith(Kind::kMul, x, y);
    else if (op == "//") r = Arith(Kind::kFloorDiv, x, y);
    else if (op == "%") r = Arith(Kind::kFloorMod, x, y);
    else if (op == "/") {
      MatchTypes(&x, &y);
      if (!x.dtype().is_floating())
        Fail(at, "'/' between integers is ambiguous in TVMScript: use // (floor division) or T.Div / T.truncdiv");
      r = Arith(Kind::kDiv, x, y);
    } else if (op == "**") {
      MatchTypes(&x, &y);
      r = MakeCall(x.dtype(), "tir.pow", {x, y});
    } else if (op == "&" || op == "|" || op == "^" || op == "<<" || op == ">>") {
      MatchTypes(&x, &y);
      if (!x.dtype().is_integer() && !x.dtype().is_bool())
        Fail(at, "'" + op + "' needs integer operands, got " + x.dtype().str());
      const char* name = op == "&" ? "tir.bitwise_and" : op == "|" ? "tir.bitwise_or"
                       : op == "^" ? "tir.bitwise_xor" : op == "<<" ? "tir.shift_left" : "tir.shift_right";
      r = MakeCall(x.dtype(), name, {x, y});
    } else {
      Fail(at, "operator '" + op + "' is not supported in TVMScript expressions");
    }
    return MakeExpr(r, a);
  } catch (const Error& err) {
    if (err.span().defined()) throw;
    Fail(at, err.message());
  }
}

Value Parser::CompareOp(const std::string& op, const Value& a, const Value& b, const Token& at) {
  if (a.IsNumber() && b.IsNumber()) {
    double x = AsDouble(a), y = AsDouble(b);
    bool r = op == "<" ? x < y : op == ">" ? x > y : op == "<=" ? x <= y : op == ">=" ? x >= y
           : op == "==" ? x == y : x != y;
    return Bool(r, a);
  }
  if (a.k == Value::K::kStr && b.k == Value::K::kStr && (op == "==" || op == "!=")) {
    return Bool((a.s == b.s) == (op == "=="), a);
  }
  // TVM's parser gives a Python literal the other operand's type, then builds the node as is.
  PrimExpr x, y;
  if (a.IsNumber()) {
    y = ToExpr(b, "a comparison operand");
    x = ToExprLike(a, y.dtype());
  } else {
    x = ToExpr(a, "a comparison operand");
    y = b.IsNumber() ? ToExprLike(b, x.dtype()) : ToExpr(b, "a comparison operand");
  }
  if (x.dtype().lanes() != y.dtype().lanes()) {
    if (x.dtype().lanes() == 1) x = Broadcast(x, y.dtype().lanes());
    else if (y.dtype().lanes() == 1) y = Broadcast(y, x.dtype().lanes());
  }
  if (x.dtype() != y.dtype())
    Fail(at, "cannot compare " + x.dtype().str() + " with " + y.dtype().str() +
                 " (cast one side with T.Cast)");
  Kind k = op == "<" ? Kind::kLT : op == ">" ? Kind::kGT : op == "<=" ? Kind::kLE
         : op == ">=" ? Kind::kGE : op == "==" ? Kind::kEQ : Kind::kNE;
  return MakeExpr(Binary(k, x, y), a);
}

// ---------------------------------------------------------------------------------------------
// Primary expressions

Value Parser::LookupName(const Token& t) {
  std::string name(t.text);
  for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
    auto f = it->find(name);
    if (f != it->end()) {
      Value v = f->second;
      // A number list or lambda stays located at itself, in its text (its tokens are there).
      if (v.k != Value::K::kNumList && v.k != Value::K::kLambda) {
        v.line = t.line;
        v.col = t.col;
        v.src = nullptr;
      }
      return v;
    }
  }
  Value v;
  v.line = t.line;
  v.col = t.col;
  if (name == "True" || name == "False") {
    v.k = Value::K::kBool;
    v.i = name == "True";
    return v;
  }
  if (name == "None") return v;
  if (name == "T" || name == "I" || name == "range") {
    v.k = Value::K::kFunc;
    v.s = name == "range" ? "T.serial" : name;
    return v;
  }
  if (IsPythonKeyword(name)) Fail(t, "unexpected keyword '" + name + "'");
  if (host_ && !host_names_hidden_) {
    auto hv = host_->values.find(name);
    if (hv != host_->values.end()) {
      if (hv->second.as<tir::PrimExprNode>()) return MakeExpr(hv->second.cast<tir::PrimExpr>(), t.line, t.col);
      v.k = hv->second.as<tir::BufferNode>() ? Value::K::kBuffer : Value::K::kObj;
      v.obj = hv->second;
      return v;
    }
    for (const std::string& f : host_->functions) {
      if (f != name) continue;
      v.k = Value::K::kFunc;
      v.s = "host:" + name;
      return v;
    }
  }
  Fail(t, "undefined variable '" + name + "'");
}

// Values to a host (Python) function, as TVM's parser passes them: numbers, strings and lists
// as Python values, IR values (expressions, buffers) as objects.
HostValue Parser::ToHost(const Value& v, const std::string& fname) {
  HostValue h;
  switch (v.k) {
    case Value::K::kNone: break;
    case Value::K::kBool: h.k = HostValue::K::kBool; h.i = v.i; break;
    case Value::K::kInt: h.k = HostValue::K::kInt; h.i = v.i; break;
    case Value::K::kFloat: h.k = HostValue::K::kFloat; h.f = v.f; break;
    case Value::K::kStr: h.k = HostValue::K::kStr; h.s = v.s; break;
    case Value::K::kBuffer:
    case Value::K::kObj: h.k = HostValue::K::kObj; h.obj = v.obj; break;
    case Value::K::kList:
    case Value::K::kTuple:
    case Value::K::kNumList:
      h.k = v.k == Value::K::kTuple ? HostValue::K::kTuple : HostValue::K::kList;
      for (const Value& e : ToList(v, "a list")) h.items.push_back(ToHost(e, fname));
      break;
    case Value::K::kDict:
      h.k = HostValue::K::kDict;
      for (size_t i = 0; i + 1 < v.items->size(); i += 2)
        h.kwargs.emplace_back(ToStr((*v.items)[i], "a dictionary key passed to Python"),
                              ToHost((*v.items)[i + 1], fname));
      break;
    case Value::K::kExpr:
    case Value::K::kRegion:
      h.k = HostValue::K::kObj;
      h.obj = ToExpr(v, "an argument of a Python function");
      break;
    default:
      Fail(v, "this value cannot be passed to Python function '" + fname +
                  "' (it takes numbers, strings, lists, tuples, dicts, expressions and buffers)");
  }
  return h;
}

// A host value back in the program. A builtin call the host made unevaluated (`return
// T.decl_buffer(*args, **kwargs)`) is made here, with the parser's builtins, so a frame it
// builds (T.decl_buffer, T.allocate) is entered where the program assigns the result; a macro
// call expands in place.
Value Parser::FromHost(const HostValue& h, const CallArgs& at) {
  Value v;
  v.line = at.line;
  v.col = at.col;
  switch (h.k) {
    case HostValue::K::kNone: break;
    case HostValue::K::kBool: v.k = Value::K::kBool; v.i = h.i; break;
    case HostValue::K::kInt: v.k = Value::K::kInt; v.i = h.i; break;
    case HostValue::K::kFloat: v.k = Value::K::kFloat; v.f = h.f; break;
    case HostValue::K::kStr: v.k = Value::K::kStr; v.s = h.s; break;
    case HostValue::K::kObj:
      if (h.obj.as<tir::PrimExprNode>()) return MakeExpr(h.obj.cast<tir::PrimExpr>(), at.line, at.col);
      v.k = h.obj.as<tir::BufferNode>() ? Value::K::kBuffer : Value::K::kObj;
      v.obj = h.obj;
      break;
    case HostValue::K::kList:
    case HostValue::K::kTuple:
      v.k = h.k == HostValue::K::kTuple ? Value::K::kTuple : Value::K::kList;
      v.items = std::make_shared<std::vector<Value>>();
      for (const HostValue& e : h.items) v.items->push_back(FromHost(e, at));
      break;
    case HostValue::K::kDict:
      v.k = Value::K::kDict;
      v.items = std::make_shared<std::vector<Value>>();
      for (const auto& kv : h.kwargs) {
        Value key = v;
        key.k = Value::K::kStr;
        key.s = kv.first;
        key.items = nullptr;
        v.items->push_back(std::move(key));
        v.items->push_back(FromHost(kv.second, at));
      }
      break;
    case HostValue::K::kBuiltin:
      v.k = Value::K::kFunc;
      v.s = h.s;
      break;
    case HostValue::K::kFunction:
      v.k = Value::K::kFunc;
      v.s = "host:" + h.s;
      break;
    case HostValue::K::kBuiltinCall: {
      CallArgs ca;
      ca.fname = h.s;
      ca.line = at.line;
      ca.col = at.col;
      for (const HostValue& e : h.items) ca.pos.push_back(FromHost(e, at));
      for (const auto& kv : h.kwargs) {
        ca.kw.emplace_back(kv.first, FromHost(kv.second, at));
        ca.kw_pos.emplace_back(at.line, at.col);
      }
      return CallBuiltin(ca);
    }
    case HostValue::K::kMacro:
      ExpandMacro(*h.macro, at);
      break;
  }
  return v;
}

// A call of a host (Python) function while parsing, as TVM's parser calls it.
Value Parser::CallHost(const CallArgs& a) {
  const std::string fname = a.fname.substr(5);
  HostScope::Args args;
  HostScope::Kwargs kwargs;
  for (const Value& v : a.pos) args.push_back(ToHost(v, fname));
  for (const auto& kv : a.kw) kwargs.emplace_back(kv.first, ToHost(kv.second, fname));
  HostValue r;
  try {
    r = host_->call(fname, args, kwargs);
  } catch (const Error& e) {
    if (e.span().defined()) throw;
    Fail(a.line, a.col, e.message());
  }
  return FromHost(r, a);
}

Value Parser::ParseAtom() {
  const Token& t = Peek();
  switch (t.kind) {
    case Tok::kName: {
      Next();
      return LookupName(t);
    }
    case Tok::kNumber: {
      Next();
      Value v;
      v.line = t.line;
      v.col = t.col;
      std::string text(t.text);
      if (std::optional<uint64_t> u = IntLiteralMagnitude(text)) {
        v.k = Value::K::kInt;
        if (*u > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
          Fail(t, "integer literal " + text + " is too large");
        v.i = static_cast<int64_t>(*u);
      } else {
        v.k = Value::K::kFloat;
        v.f = std::strtod(text.c_str(), nullptr);
      }
      return v;
    }
    case Tok::kString: {
      Next();
      Value v;
      v.k = Value::K::kStr;
      v.s = t.value;
      v.line = t.line;
      v.col = t.col;
      while (Peek().kind == Tok::kString) v.s += Next().value;  // implicit concatenation
      return v;
    }
    case Tok::kNumList: {
      Next();
      Value v;
      v.k = Value::K::kNumList;
      v.numlist = &t;
      v.line = t.line;
      v.col = t.col;
      return v;
    }
    case Tok::kOp: {
      if (t.text == "(" || t.text == "[") {
        bool paren = t.text == "(";
        Next();
        Value v;
        v.line = t.line;
        v.col = t.col;
        v.k = paren ? Value::K::kTuple : Value::K::kList;
        v.items = std::make_shared<std::vector<Value>>();
        const char* close = paren ? ")" : "]";
        bool comma = false;
        while (!Peek().IsOp(close)) {
          v.items->push_back(ParseExpr());
          if (Peek().IsOp(close)) break;
          ExpectOp(",", paren ? "or ')' in the parenthesized expression" : "or ']' in the list");
          comma = true;
        }
        Next();
        if (paren && v.items->size() == 1 && !comma) {
          Value inner = (*v.items)[0];
          return inner;  // plain parentheses
        }
        return v;
      }
      if (t.text == "{") {
        Next();
        Value v;
        v.line = t.line;
        v.col = t.col;
        v.k = Value::K::kDict;
        v.items = std::make_shared<std::vector<Value>>();
        while (!Peek().IsOp("}")) {
          v.items->push_back(ParseExpr());
          ExpectOp(":", "after the dictionary key");
          v.items->push_back(ParseExpr());
          if (Peek().IsOp("}")) break;
          ExpectOp(",", "or '}' in the dictionary");
        }
        Next();
        return v;
      }
      break;
    }
    default:
      break;
  }
  Fail(t, "expected an expression, found " + Describe(t));
}

Value Parser::ParsePostfix() {
  Value v = ParseAtom();
  for (;;) {
    const Token& t = Peek();
    if (t.IsOp(".")) {
      Next();
      const Token& name = ExpectName("an attribute name after '.'");
      v = Attribute(v, name);
    } else if (t.IsOp("(")) {
      DepthGuard g(this, t);
      v = ParseCall(v);
    } else if (t.IsOp("[")) {
      DepthGuard g(this, t);
      v = ParseSubscript(v, false, nullptr);
    } else {
      return v;
    }
  }
}

Value Parser::Attribute(const Value& base, const Token& name) {
  std::string attr(name.text);
  Value r;
  r.line = base.line;
  r.col = base.col;
  if (base.k == Value::K::kFunc && base.s == kModuleRef) {
    if (!module_functions_.count(attr)) Fail(name, "the module has no function '" + attr + "'");
    r.k = Value::K::kFunc;
    r.s = "@" + attr;  // a call to another function of the module
    return r;
  }
  if (base.k == Value::K::kFunc) {
    r.k = Value::K::kFunc;
    r.s = base.s + "." + attr;
    return r;
  }
  if (base.k == Value::K::kBuffer) {
    Buffer b = base.obj.cast<Buffer>();
    if (attr == "data") return MakeExpr(b->data, base);
    if (attr == "elem_offset") return MakeExpr(b->elem_offset, base);
    if (attr == "dtype") {
      r.k = Value::K::kStr;
      r.s = b->dtype.str();
      return r;
    }
    if (attr == "name") {
      r.k = Value::K::kStr;
      r.s = b->name;
      return r;
    }
    if (attr == "shape" || attr == "strides") {
      r.k = Value::K::kTuple;
      r.items = std::make_shared<std::vector<Value>>();
      for (const PrimExpr& e : attr == "shape" ? b->shape : b->strides)
        r.items->push_back(MakeExpr(e, base));
      return r;
    }
    if (attr == "access_ptr" || attr == "vload" || attr == "vstore") {
      r.k = Value::K::kFunc;  // a bound method: the call finds the buffer in `obj`
      r.s = "buffer." + attr;
      r.obj = b;
      return r;
    }
    Fail(name, "buffer has no attribute '" + attr + "'");
  }
  if (base.k == Value::K::kExpr && attr == "dtype") {
    r.k = Value::K::kStr;
    r.s = base.obj.cast<PrimExpr>().dtype().str();
    return r;
  }
  Fail(name, "this value has no attribute '" + attr + "'");
}

Value Parser::ParseCall(const Value& callee) {
  const Token& open = ExpectOp("(", "to start the call");
  CallArgs args;
  args.line = callee.line;
  args.col = callee.col;
  if (callee.k != Value::K::kFunc) Fail(callee, "this value is not callable");
  args.fname = callee.s;
  args.self = callee.obj;
  while (!Peek().IsOp(")")) {
    if (Peek().IsOp("**")) Fail(Peek(), "keyword argument unpacking (**kwargs) is not supported");
    if (Peek().IsOp("*")) {
      // *seq: the items of a tuple or list as positional arguments (Python allows it after a
      // keyword argument too: f(x=1, *seq))
      const Token& star = Next();
      Value seq = ParseExpr();
      if (!seq.IsSeq()) Fail(star, "* unpacks a tuple or list here (such as *A.shape or a tuple from the enclosing scope)");
      for (const Value& v : ToList(seq, "an unpacked argument")) args.pos.push_back(v);
    } else if (Peek().kind == Tok::kName && Peek(1).IsOp("=")) {
      const Token& key = Next();
      Next();
      std::string k(key.text);
      for (const auto& kv : args.kw)
        if (kv.first == k) Fail(key, args.fname + "() got multiple values for keyword argument '" + k + "'");
      args.kw_pos.emplace_back(key.line, key.col);
      args.kw.emplace_back(k, ParseExpr());
    } else {
      if (!args.kw.empty()) Fail(Peek(), "positional argument follows keyword argument");
      args.pos.push_back(ParseExpr());
    }
    if (Peek().IsOp(")")) break;
    ExpectOp(",", "or ')' in the argument list");
  }
  Next();
  (void)open;
  if (host_ && args.fname.rfind("host:", 0) == 0) return CallHost(args);
  return CallBuiltin(args);
}

// Subscripts: tuples/lists by constant index; buffers give a BufferLoad (point indices), a
// BufferRegion (slices; turned into a Ramp load when used as a value) or a store target.
Value Parser::ParseSubscript(const Value& base, bool for_store, std::vector<Value>* store_indices) {
  const Token& open = ExpectOp("[", "");
  std::vector<Value> idx;
  bool tuple_syntax = false;
  auto parse_slice_part = [&]() -> Value {
    if (Peek().IsOp(":") || Peek().IsOp(",") || Peek().IsOp("]")) return Value();
    return ParseExpr();
  };
  while (!Peek().IsOp("]")) {
    const Token& start_tok = Peek();
    Value lo = parse_slice_part();
    if (Peek().IsOp(":")) {
      Next();
      Value s;
      s.k = Value::K::kSlice;
      s.line = start_tok.line;
      s.col = start_tok.col;
      s.items = std::make_shared<std::vector<Value>>();
      s.items->push_back(lo);
      s.items->push_back(parse_slice_part());
      Value step;
      if (AcceptOp(":")) step = parse_slice_part();
      s.items->push_back(step);
      idx.push_back(std::move(s));
    } else {
      if (lo.k == Value::K::kTuple && idx.empty() && lo.items->empty()) {
        tuple_syntax = true;  // A[()] : rank-0 access
      } else {
        idx.push_back(lo);
      }
    }
    if (Peek().IsOp("]")) break;
    ExpectOp(",", "or ']' in the subscript");
    tuple_syntax = true;
  }
  Next();
  // A[(i, j)] is A[i, j] (Python passes one tuple either way).
  if (!tuple_syntax && idx.size() == 1 && idx[0].k == Value::K::kTuple && !idx[0].items->empty()) {
    std::vector<Value> items = *idx[0].items;
    idx = std::move(items);
  }
  // Only a buffer's elements are assigned to (T.Buffer[...] = v or a list item would store
  // into nothing).
  if (for_store && base.k != Value::K::kBuffer) Fail(open, "cannot assign to this subscript: only buffer elements can be stored to");
  if (base.k == Value::K::kDict) {  // a macro's **kwargs, a dict value: d["key"]
    if (idx.size() != 1 || idx[0].k == Value::K::kSlice) Fail(open, "a dictionary is indexed by one key");
    for (size_t i = 0; i + 1 < base.items->size(); i += 2) {
      const Value& key = (*base.items)[i];
      bool same_str = key.k == Value::K::kStr && idx[0].k == Value::K::kStr && key.s == idx[0].s;
      bool same_int = key.k == Value::K::kInt && idx[0].k == Value::K::kInt && key.i == idx[0].i;
      if (same_str || same_int) return (*base.items)[i + 1];
    }
    Fail(idx[0], "key not in the dictionary");
  }
  if (base.k == Value::K::kList || base.k == Value::K::kTuple || base.k == Value::K::kNumList) {
    if (idx.size() != 1 || idx[0].k == Value::K::kSlice) Fail(open, "lists can only be indexed by one integer");
    std::vector<Value> items = ToList(base, "a list");
    int64_t i = ToInt(idx[0], "a list index");
    if (i < 0) i += static_cast<int64_t>(items.size());
    if (i < 0 || i >= static_cast<int64_t>(items.size())) Fail(idx[0], "list index out of range");
    return items[static_cast<size_t>(i)];
  }
  if (base.k == Value::K::kFunc && base.s == "T.Buffer") {
    // The older annotation form T.Buffer[(shape), "dtype"]: the same as T.Buffer((shape), "dtype").
    CallArgs ca;
    ca.fname = base.s;
    ca.line = base.line;
    ca.col = base.col;
    for (const Value& v : idx) {
      if (v.k == Value::K::kSlice) Fail(v, "T.Buffer[...] takes a shape and a dtype, not a slice");
      ca.pos.push_back(v);
    }
    return CallBuiltin(ca);
  }
  if (base.k != Value::K::kBuffer) Fail(base, "this value cannot be subscripted (expected a buffer)");
  Buffer buf = base.obj.cast<Buffer>();
  if (idx.size() != buf->shape.size()) {
    Fail(open, "buffer '" + buf->name + "' has " + std::to_string(buf->shape.size()) +
                   (buf->shape.size() == 1 ? " dimension" : " dimensions") + " but is indexed with " +
                   std::to_string(idx.size()) + (idx.size() == 1 ? " index" : " indices"));
  }
  if (for_store) {
    *store_indices = std::move(idx);
    return base;
  }
  bool has_slice = false, has_step = false;
  for (const Value& v : idx) {
    if (v.k == Value::K::kSlice) {
      has_slice = true;
      has_step = has_step || (*v.items)[2].k != Value::K::kNone;
    }
  }
  auto bound = [&](const Value& v, size_t dim, bool is_stop) -> PrimExpr {
    if (v.k == Value::K::kNone) return is_stop ? buf->shape[dim] : PrimExpr(IntImm(DataType::Int(32), 0));
    return ToExpr(v, "a slice bound");
  };
  if (has_slice && !has_step) {
    std::vector<Range> region;
    Value r;
    r.k = Value::K::kRegion;
    r.line = base.line;
    r.col = base.col;
    for (size_t d = 0; d < idx.size(); ++d) {
      const Value& v = idx[d];
      if (v.k == Value::K::kSlice) {
        PrimExpr lo = bound((*v.items)[0], d, false);
        PrimExpr hi = bound((*v.items)[1], d, true);
        if (!lo.dtype().is_int() && !lo.dtype().is_uint()) Fail(v, "slice bounds must be integers, got " + lo.dtype().str());
        if (!hi.dtype().is_int() && !hi.dtype().is_uint()) Fail(v, "slice bounds must be integers, got " + hi.dtype().str());
        try {
          region.emplace_back(lo, SimplifyExtent(hi, lo));
        } catch (const Error& e) {
          if (e.span().defined()) throw;
          Fail(v, e.message());
        }
        r.slice_dims.push_back(true);
      } else {
        PrimExpr e = ToExpr(v, "an index");
        if (!e.dtype().is_int() && !e.dtype().is_uint())
          Fail(v, "buffer indices must be integers, got " + e.dtype().str());
        region.emplace_back(e, IntImm(e.dtype().element_of(), 1));
        r.slice_dims.push_back(false);
      }
    }
    r.obj = BufferRegion(buf, std::move(region));
    return r;
  }
  std::vector<PrimExpr> indices;
  for (size_t d = 0; d < idx.size(); ++d) {
    const Value& v = idx[d];
    if (v.k == Value::K::kSlice) {
      PrimExpr lo = bound((*v.items)[0], d, false);
      PrimExpr hi = bound((*v.items)[1], d, true);
      PrimExpr step = (*v.items)[2].k == Value::K::kNone ? PrimExpr(IntImm(lo.dtype(), 1))
                      : ((*v.items)[2].k == Value::K::kInt ? ToExprLike((*v.items)[2], lo.dtype())
                                                           : ToExpr((*v.items)[2], "a slice step"));
      PrimExpr lanes;
      try {
        lanes = Arith(Kind::kFloorDiv, Arith(Kind::kAdd, SimplifyExtent(hi, lo), Arith(Kind::kSub, step, IntImm(step.dtype(), 1))), step);
      } catch (const Error& e) {
        if (e.span().defined()) throw;
        Fail(v, e.message());
      }
      const int64_t* n = as_const_int(lanes);
      if (!n) Fail(v, "a slice used as a value needs a constant length");
      if (*n == 1) {
        indices.push_back(lo);
      } else {
        if (*n < 2 || *n > 65535) Fail(v, "invalid vector length " + std::to_string(*n));
        if (lo.dtype() != step.dtype()) Fail(v, "slice start and step differ in type");
        indices.push_back(Ramp(lo, step, static_cast<int>(*n)));
      }
    } else {
      PrimExpr e = ToExpr(v, "an index");
      if (!e.dtype().is_int() && !e.dtype().is_uint())
        Fail(v, "buffer indices must be integers, got " + e.dtype().str());
      indices.push_back(e);
    }
  }
  return MakeExpr(BufferLoad(buf, std::move(indices)), base);
}

}  // namespace script
}  // namespace tirgen

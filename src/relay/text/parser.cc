// The relay text parser: recursive descent over the token list (lexer.h). Graph bindings
// (`%3 = ...;`) name shared expressions, so the DAG the printer wrote comes back as the same
// DAG and prints back the same. `/* ty=... span=... */` comments become the checked type and
// span of the expression they follow.
#include <cmath>
#include <cstring>
#include <map>

#include "lexer.h"
#include "metadata.h"
#include "tirgen/relay/op.h"
#include "tirgen/relay/text.h"

namespace tirgen {
namespace relay {
namespace text {
namespace {

uint16_t FloatToHalf(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  uint32_t sign = (x >> 16) & 0x8000;
  int32_t exp = static_cast<int32_t>((x >> 23) & 0xff) - 127 + 15;
  uint32_t mant = x & 0x7fffff;
  if (((x >> 23) & 0xff) == 0xff) return static_cast<uint16_t>(sign | 0x7c00 | (mant ? 0x200 : 0));
  if (exp >= 31) return static_cast<uint16_t>(sign | 0x7c00);
  if (exp <= 0) {
    if (exp < -10) return static_cast<uint16_t>(sign);
    mant |= 0x800000;
    uint32_t shift = static_cast<uint32_t>(14 - exp);
    uint32_t half = mant >> shift;
    if ((mant >> (shift - 1)) & 1) ++half;  // round half up
    return static_cast<uint16_t>(sign | half);
  }
  uint32_t half = sign | (static_cast<uint32_t>(exp) << 10) | (mant >> 13);
  if (mant & 0x1000) ++half;  // round half up (carries into the exponent correctly)
  return static_cast<uint16_t>(half);
}

template <class T>
NDArray Scalar(DataType dtype, T value) {
  std::vector<uint8_t> bytes(sizeof(T));
  std::memcpy(bytes.data(), &value, sizeof(T));
  return NDArray({}, dtype, std::move(bytes));
}

// What a `/* ty=... span=... */` comment says.
struct Annotation {
  Type type;
  Span span;
  bool has_span = false;
  size_t type_offset = 0;  ///< where the type text starts (for errors)
};

class Parser {
 public:
  Parser(const SourceText& src, const ParseOptions& options) : src_(src), options_(options) {
    toks_ = Tokenize(src_, 0, src_.text().size());
    const Token& last = toks_.size() >= 2 ? toks_[toks_.size() - 2] : toks_.back();
    if (last.kind == Tok::kMetadata) {
      try {
        meta_ = LoadMetadata(last.text);
      } catch (const Error& e) {
        src_.Fail(last.offset, e.message());
      }
      has_meta_ = true;
    }
  }

  IRModule Module() {
    Version();
    std::map<std::string, ObjectRef> functions;
    while (!AtEnd()) {
      const Token& t = Peek();
      if (!IsKeyword(t, "def")) {
        if (IsKeyword(t, "type") || IsKeyword(t, "extern"))
          Fail(t, "'" + t.text + "' definitions are not supported");
        Fail(t, "expected 'def' to start a function definition, found " + Describe(t));
      }
      Advance();
      const Token& name = Expect(Tok::kGlobal, "a function name such as @main");
      if (functions.count(name.text)) Fail(name, "function @" + name.text + " is defined twice");
      scopes_.emplace_back();
      Function fn = FunctionRest();
      SetLocation(fn, name.offset);
      scopes_.pop_back();
      functions[name.text] = fn;
    }
    for (const auto& kv : global_uses_)
      if (!functions.count(kv.first)) src_.Fail(kv.second, "undefined function @" + kv.first);
    return IRModule(std::move(functions));
  }

  /// A module when the text defines functions (or nothing), else an expression.
  bool LooksLikeModule() const {
    size_t i = toks_.size() > 1 && toks_[0].kind == Tok::kVersion ? 1 : 0;
    const Token& t = toks_[i];
    return t.kind == Tok::kEOF || t.kind == Tok::kMetadata || IsKeyword(t, "def");
  }

  Expr Expression() {
    Version();
    scopes_.emplace_back();
    Expr e = ScopeBody();
    scopes_.pop_back();
    if (!AtEnd()) Fail(Peek(), "expected end of input after the expression, found " + Describe(Peek()));
    return e;
  }

 private:
  struct Scope {
    std::map<std::string, Var> locals;
    std::map<int64_t, Expr> graph;
  };

  // ---- tokens ----
  const Token& Peek(size_t ahead = 0) const {
    size_t i = std::min(pos_ + ahead, toks_.size() - 1);
    return toks_[i];
  }
  const Token& Advance() {
    const Token& t = toks_[pos_];
    if (pos_ + 1 < toks_.size()) ++pos_;
    return t;
  }
  bool AtEnd() const { return Peek().kind == Tok::kEOF || Peek().kind == Tok::kMetadata; }
  bool Is(Tok k) const { return Peek().kind == k; }
  static bool IsKeyword(const Token& t, const char* word) { return t.kind == Tok::kIdent && t.text == word; }
  bool Accept(Tok k) {
    if (!Is(k)) return false;
    Advance();
    return true;
  }
  const Token& Expect(Tok k, const std::string& what) {
    if (!Is(k)) Fail(Peek(), "expected " + what + ", found " + Describe(Peek()));
    return Advance();
  }
  [[noreturn]] void Fail(const Token& t, const std::string& message) const { src_.Fail(t.offset, message); }

  void Version() {
    if (!Is(Tok::kVersion)) Fail(Peek(), "expected #[version = \"0.0.5\"] at the start of the text");
    const Token& v = Advance();
    if (v.text != "0.0.5") Fail(v, "unsupported relay text version \"" + v.text + "\" (expected \"0.0.5\")");
  }

  // ---- functions ----
  // After `def @name` or `fn`: (params, attrs) [-> type] { body }
  Function FunctionRest() {
    Expect(Tok::kLParen, "'(' to start the parameter list");
    std::vector<Var> params;
    AttrFields attrs;
    if (!Accept(Tok::kRParen)) {
      while (true) {
        if (Is(Tok::kLocal)) {
          if (!attrs.empty()) Fail(Peek(), "parameters must come before function attributes");
          params.push_back(Param());
        } else if (Is(Tok::kIdent) && Peek(1).kind == Tok::kEqual) {
          attrs.push_back(AttrPair());
        } else {
          Fail(Peek(), "expected a parameter (%name) or an attribute (key=value), found " + Describe(Peek()));
        }
        if (Accept(Tok::kRParen)) break;
        Expect(Tok::kComma, "',' or ')' in the parameter list");
      }
    }
    Type ret;
    if (Accept(Tok::kArrow)) ret = ParseType();
    Expect(Tok::kLBrace, "'{' to start the function body");
    Expr body = ScopeBody();
    Expect(Tok::kRBrace, "'}' to close the function body");
    return Function(std::move(params), std::move(body), std::move(ret), std::move(attrs));
  }

  Var Param(bool free_var = false) {
    const Token& name = Advance();
    Var v = DeclaredVar(name);
    // A free variable belongs to the whole definition: TVM declares it where first used.
    Scope& scope = free_var ? scopes_.front() : scopes_.back();
    if (scope.locals.count(name.text)) Fail(name, "%" + name.text + " is declared twice");
    scope.locals[name.text] = v;
    return v;
  }

  // `%name [: type] [/* ty=... */]`; the comment must agree with the declared type.
  Var DeclaredVar(const Token& name) {
    Type ann;
    if (Accept(Tok::kColon)) ann = ParseType();
    Var v(name.text, ann);
    SetLocation(v, name.offset);
    if (Is(Tok::kAnnot)) {
      const Token& t = Advance();
      Annotation a = ParseAnnotation(t);
      if (ann.defined() && a.type.defined() && !TypeEqual(ann, a.type))
        src_.Fail(a.type_offset, "the type comment disagrees with the declared type of %" + name.text);
      Annotate(v, a);
    }
    return v;
  }

  std::pair<std::string, ObjectRef> AttrPair() {
    const Token& key = Advance();
    Expect(Tok::kEqual, "'='");
    return {key.text, AttrValue()};
  }

  ObjectRef AttrValue() {
    DepthGuard guard(this);
    const Token& t = Peek();
    switch (t.kind) {
      case Tok::kInt: Advance(); return tir::IntImm(t.dtype, t.ival);
      case Tok::kFloat: Advance(); return tir::FloatImm(t.dtype, t.fval);
      case Tok::kString: Advance(); return String(t.text);
      case Tok::kLBracket: {
        Advance();
        std::vector<ObjectRef> items;
        if (!Accept(Tok::kRBracket)) {
          while (true) {
            items.push_back(AttrValue());
            if (Accept(Tok::kRBracket)) break;
            Expect(Tok::kComma, "',' or ']' in the list");
          }
        }
        return Array(std::move(items));
      }
      case Tok::kIdent:
        if (t.text == "True" || t.text == "False") {
          Advance();
          return tir::IntImm(DataType::Bool(), t.text == "True" ? 1 : 0);
        }
        if (t.text == "None") {
          Advance();
          return ObjectRef();
        }
        break;
      case Tok::kMetaRef: {
        Advance();
        auto it = meta_.entries.find(t.text);
        if (it != meta_.entries.end() && t.ival < static_cast<int64_t>(it->second.size()))
          return it->second[t.ival];
        Fail(t, "cannot resolve meta[" + t.text + "][" + std::to_string(t.ival) + "]" + MetaWhy(t.text));
      }
      default: break;
    }
    Fail(t, "expected an attribute value (number, string, True/False, None or [list]), found " + Describe(t));
  }

  // ---- scopes: `%N = e; ... let %x = e; ... free_var %x: T; ... result` ----
  Expr ScopeBody() {
    // A let opens a scope for the rest of the body; the chain is collected, not recursed into
    // (100k-deep let chains parse), and the lets are built from the innermost out.
    std::vector<std::pair<Var, Expr>> lets;
    auto finish = [&](Expr body) {
      for (auto it = lets.rbegin(); it != lets.rend(); ++it) {
        scopes_.pop_back();
        body = Let(it->first, it->second, body);
      }
      return body;
    };
    while (true) {
      const Token& t = Peek();
      if (t.kind == Tok::kGraph && Peek(1).kind == Tok::kEqual) {
        Advance();
        Advance();
        Expr value = ParseExpr();
        Expect(Tok::kSemi, "';' after the binding of %" + std::to_string(t.ival));
        if (LookupGraph(t.ival).defined()) Fail(t, "%" + std::to_string(t.ival) + " is already defined");
        scopes_.back().graph[t.ival] = value;
        continue;
      }
      if (IsKeyword(t, "free_var")) {
        Advance();
        if (!Is(Tok::kLocal)) Fail(Peek(), "expected a variable after 'free_var'");
        Param(/*free_var=*/true);
        Expect(Tok::kSemi, "';' after the free_var declaration");
        continue;
      }
      if (IsKeyword(t, "let")) {
        Advance();
        if (!Is(Tok::kLocal)) Fail(Peek(), "expected a variable after 'let'");
        const Token& name = Advance();
        Var v = DeclaredVar(name);
        Expect(Tok::kEqual, "'=' in the let binding");
        // The variable is visible in its own value (as TVM's parser binds it first: a
        // recursive local function, relay.loops.while_loop) and in the rest of the scope.
        scopes_.emplace_back();
        scopes_.back().locals[name.text] = v;
        Expr value = ParseExpr();
        Expect(Tok::kSemi, "';' after the let binding");
        lets.emplace_back(v, value);
        continue;
      }
      Expr result = ParseExpr();
      if (Is(Tok::kSemi)) Fail(Peek(), "unexpected ';' after the result expression of the scope");
      return finish(result);
    }
  }

  // Bounds recursion so hostile input cannot overflow the stack (printed text nests shallowly:
  // every non-final expression gets its own `%N = ...;` line).
  struct DepthGuard {
    DepthGuard(Parser* p) : p(p) {
      if (++p->depth_ > kMaxDepth)
        p->Fail(p->Peek(), "nesting too deep (more than " + std::to_string(kMaxDepth) + " levels)");
    }
    ~DepthGuard() { --p->depth_; }
    Parser* p;
  };
  static constexpr int kMaxDepth = 1000;

  // ---- expressions ----
  Expr ParseExpr() {
    DepthGuard guard(this);
    const Token& t = Peek();
    size_t start = t.offset;
    bool fresh = true;  // built here, not a reference to an existing expression
    Expr e;
    if (IsKeyword(t, "fn")) {
      Advance();
      scopes_.emplace_back();
      e = FunctionRest();
      scopes_.pop_back();
    } else if (IsKeyword(t, "if")) {
      Advance();
      Expect(Tok::kLParen, "'(' after 'if'");
      Expr cond = ParseExpr();
      Expect(Tok::kRParen, "')' after the condition");
      Expr then_branch = Block();
      if (!IsKeyword(Peek(), "else")) Fail(Peek(), "expected 'else', found " + Describe(Peek()));
      Advance();
      Expr else_branch = Block();
      e = If(cond, then_branch, else_branch);
    } else {
      e = Primary(&fresh);
    }
    if (fresh) SetLocation(e, start);
    return Postfix(e, fresh, start);
  }

  // Records where a node this parser just built was read (nobody else holds it yet).
  void SetLocation(const Expr& e, size_t offset) const {
    auto* n = const_cast<ExprNode*>(e.get());
    n->location.file = src_.file();
    src_.Locate(offset, &n->location.line, &n->location.column);
  }

  Expr Block() {
    Expect(Tok::kLBrace, "'{'");
    scopes_.emplace_back();
    Expr e = ScopeBody();
    scopes_.pop_back();
    Expect(Tok::kRBrace, "'}'");
    return e;
  }

  Expr Postfix(Expr e, bool fresh, size_t start) {
    bool annotated = false;
    while (true) {
      if (Is(Tok::kLParen)) {
        e = CallRest(e);
        SetLocation(e, start);
        fresh = true;
        annotated = false;
      } else if (Is(Tok::kPeriod)) {
        Advance();
        const Token& idx = Expect(Tok::kInt, "a tuple index after '.'");
        if (idx.ival < 0) Fail(idx, "tuple index must be non-negative");
        e = TupleGetItem(e, static_cast<int>(idx.ival));
        SetLocation(e, start);
        fresh = true;
        annotated = false;
      } else if (Is(Tok::kAnnot)) {
        const Token& t = Advance();
        Annotation a = ParseAnnotation(t);
        if (annotated) Fail(t, "the expression already has a type comment");
        // References to existing expressions keep the type they were defined with.
        if (fresh) {
          Annotate(e, a);
        } else if (e.as<ConstantNode>() && a.type.defined() && !TypeEqual(e->checked_type, a.type)) {
          src_.Fail(a.type_offset, "the type comment disagrees with the type of the constant in the #[metadata] section");
        }
        annotated = true;
      } else {
        break;
      }
    }
    if (const auto* c = e.as<ConstantNode>()) {
      if (!c->data.defined() && !c->checked_type.defined())
        src_.Fail(last_meta_offset_, "cannot resolve " + c->unresolved_ref +
                  ": the text has no #[metadata] section and no /* ty=... */ comment says its type");
    }
    return e;
  }

  // After the callee: (args, key=value attrs)
  Expr CallRest(const Expr& callee) {
    Advance();  // (
    std::vector<Expr> args;
    AttrFields attrs;
    const OpInfo* info = callee.as<OpNode>() ? GetOpInfo(callee.as<OpNode>()->name) : nullptr;
    if (info && !info->relation) info = nullptr;  // a known name without a schema yet
    if (!Accept(Tok::kRParen)) {
      while (true) {
        if (Is(Tok::kIdent) && Peek(1).kind == Tok::kEqual) {
          const Token& key = Peek();
          size_t value_offset = Peek(2).offset;
          attrs.push_back(AttrPair());
          if (info) CheckAttr(*info, key, value_offset, attrs);
        } else {
          if (!attrs.empty()) Fail(Peek(), "arguments must come before attributes");
          args.push_back(ParseExpr());
        }
        if (Accept(Tok::kRParen)) break;
        Expect(Tok::kComma, "',' or ')' in the argument list");
      }
    }
    if (!attrs.empty() && !callee.as<OpNode>())
      Fail(Peek(), "only operator calls take attributes");
    if (info && !info->attrs_type_key.empty())  // TVM's call carries an Attrs object even when all fields are default
      return Call(callee, std::move(args), Attrs(std::move(attrs), info->attrs_type_key));
    return Call(callee, std::move(args), attrs.empty() ? Attrs() : Attrs(std::move(attrs)));
  }

  // An op call's attribute must be one of the op's fields, with a value of the field's kind.
  void CheckAttr(const OpInfo& info, const Token& key, size_t value_offset, const AttrFields& attrs) const {
    const AttrSpec* spec = info.FindAttr(key.text);
    if (!spec) {
      std::string known;
      for (const auto& a : info.attrs) known += (known.empty() ? "" : ", ") + a.name;
      Fail(key, "unknown attribute '" + key.text + "' of " + info.name +
                    (known.empty() ? " (it takes no attributes)" : " (attributes: " + known + ")"));
    }
    for (size_t i = 0; i + 1 < attrs.size(); ++i)
      if (attrs[i].first == key.text) Fail(key, "attribute '" + key.text + "' is given twice");
    std::string want = CheckAttrValue(*spec, attrs.back().second);
    if (!want.empty())
      src_.Fail(value_offset, "attribute '" + key.text + "' of " + info.name + " must be " + want);
  }

  Expr Primary(bool* fresh) {
    const Token& t = Peek();
    switch (t.kind) {
      case Tok::kLocal: {
        Advance();
        *fresh = false;
        return LocalRef(t, fresh);
      }
      case Tok::kGraph: {
        Advance();
        *fresh = false;
        Expr e = LookupGraph(t.ival);
        if (!e.defined()) Fail(t, "%" + std::to_string(t.ival) + " is not defined");
        return e;
      }
      case Tok::kGlobal: {
        Advance();
        auto it = globals_.find(t.text);
        if (it == globals_.end()) {
          it = globals_.emplace(t.text, GlobalVar(t.text)).first;
          global_uses_.emplace(t.text, t.offset);
        }
        *fresh = false;
        return it->second;
      }
      case Tok::kInt: {
        Advance();
        if (t.dtype.bits() == 16) return Constant(Scalar<int16_t>(t.dtype, static_cast<int16_t>(t.ival)));
        if (t.dtype.bits() == 32) return Constant(Scalar<int32_t>(t.dtype, static_cast<int32_t>(t.ival)));
        return Constant(Scalar<int64_t>(t.dtype, t.ival));
      }
      case Tok::kFloat: {
        Advance();
        if (t.dtype.bits() == 16) return Constant(Scalar<uint16_t>(t.dtype, FloatToHalf(static_cast<float>(t.fval))));
        if (t.dtype.bits() == 32) return Constant(Scalar<float>(t.dtype, static_cast<float>(t.fval)));
        return Constant(Scalar<double>(t.dtype, t.fval));
      }
      case Tok::kMetaRef: {
        Advance();
        return MetaConstant(t, fresh);
      }
      case Tok::kLParen: {
        Advance();
        if (Accept(Tok::kRParen)) return Tuple(std::vector<Expr>{});
        if (IsKeyword(Peek(), "let") || (Peek().kind == Tok::kGraph && Peek(1).kind == Tok::kEqual)) {
          scopes_.emplace_back();  // a parenthesized scope: ( let ...; body )
          Expr e = ScopeBody();
          scopes_.pop_back();
          Expect(Tok::kRParen, "')'");
          *fresh = false;
          return e;
        }
        Expr first = ParseExpr();
        if (Accept(Tok::kRParen)) {
          *fresh = false;
          return first;  // parenthesized
        }
        std::vector<Expr> fields{first};
        while (Accept(Tok::kComma)) {
          if (Is(Tok::kRParen)) break;  // (x,)
          fields.push_back(ParseExpr());
        }
        Expect(Tok::kRParen, "',' or ')' in the tuple");
        return Tuple(std::move(fields));
      }
      case Tok::kIdent: {
        if (t.text == "True" || t.text == "False") {
          Advance();
          return Constant(Scalar<uint8_t>(DataType::Bool(), t.text == "True" ? 1 : 0));
        }
        static const char* const kReserved[] = {"let", "else", "def", "type", "match", "free_var", "ref"};
        for (const char* w : kReserved)
          if (t.text == w) Fail(t, "unexpected '" + t.text + "'");
        if (!IsOpRegistered(t.text)) Fail(t, "unknown operator '" + t.text + "'");
        Advance();
        *fresh = false;
        return Op::Get(t.text);
      }
      default:
        Fail(t, "expected an expression, found " + Describe(t));
    }
  }

  // `%name`; when `name` ends in `.N` and is not bound, it is a projection of a shorter name
  // (`%p0.0`). Names may contain '.' themselves (`%fc.weight`, `%layer1.0.conv1.weight`).
  Expr LocalRef(const Token& t, bool* fresh) {
    std::string name = t.text;
    std::vector<int> indices;
    while (true) {
      Var v = LookupLocal(name);
      if (v.defined()) {
        Expr e = v;
        for (auto it = indices.rbegin(); it != indices.rend(); ++it) {
          e = TupleGetItem(e, *it);
          SetLocation(e, t.offset);
        }
        *fresh = !indices.empty();
        return e;
      }
      size_t dot = name.rfind('.');
      if (dot == std::string::npos || dot + 1 >= name.size() ||
          name.find_first_not_of("0123456789", dot + 1) != std::string::npos || name.size() - dot > 9)
        break;
      indices.push_back(std::stoi(name.substr(dot + 1)));
      name = name.substr(0, dot);
    }
    Fail(t, "undefined variable %" + t.text);
  }

  Var LookupLocal(const std::string& name) const {
    for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
      auto f = it->locals.find(name);
      if (f != it->locals.end()) return f->second;
    }
    return Var();
  }
  Expr LookupGraph(int64_t n) const {
    for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
      auto f = it->graph.find(n);
      if (f != it->graph.end()) return f->second;
    }
    return Expr();
  }

  std::string MetaWhy(const std::string& key) const {
    if (!has_meta_) return ": the text has no #[metadata] section";
    auto u = meta_.unsupported.find(key);
    if (u != meta_.unsupported.end()) return ": metadata kind '" + key + "' is not supported";
    auto it = meta_.entries.find(key);
    size_t n = it == meta_.entries.end() ? 0 : it->second.size();
    return ": the #[metadata] section has " + std::to_string(n) + " " + key + " entries";
  }

  Expr MetaConstant(const Token& t, bool* fresh) {
    std::string ref = "meta[" + t.text + "][" + std::to_string(t.ival) + "]";
    if (t.text != "relay.Constant") Fail(t, "cannot use " + ref + " as an expression: only relay.Constant is supported");
    if (has_meta_) {
      auto it = meta_.entries.find(t.text);
      if (it == meta_.entries.end() || t.ival >= static_cast<int64_t>(it->second.size()))
        Fail(t, "cannot resolve " + ref + MetaWhy(t.text));
      const ObjectRef& entry = it->second[t.ival];
      if (!entry.as<ConstantNode>()) Fail(t, ref + " in the #[metadata] section is not a constant");
      Expr c = entry.cast<Expr>();
      *fresh = !c->checked_type.defined();  // an untyped constant takes its comment's type
      return c;
    }
    if (!options_.allow_omitted_metadata)
      Fail(t, "cannot resolve " + ref + ": the text has no #[metadata] section");
    auto it = placeholders_.find(t.ival);
    if (it != placeholders_.end()) {
      *fresh = false;
      return it->second;
    }
    auto n = std::make_shared<ConstantNode>();
    n->unresolved_ref = ref;
    Constant c(std::move(n));
    placeholders_[t.ival] = c;
    last_meta_offset_ = t.offset;
    return c;
  }

  // ---- annotations ----
  Annotation ParseAnnotation(const Token& t) {
    Annotation a;
    const std::string& s = t.text;
    size_t span_at = s.find("span=");
    if (span_at != std::string::npos && span_at > 0 && s[span_at - 1] != ' ') span_at = std::string::npos;
    size_t ty_at = s.find("ty=");
    if (ty_at != std::string::npos && (span_at == std::string::npos || ty_at < span_at)) {
      size_t ty_begin = t.offset + ty_at + 3;
      a.type_offset = ty_begin;
      size_t ty_end = span_at == std::string::npos ? t.offset + s.size() : t.offset + span_at;
      // Parse the type with a sub-parser over the same source (errors point into the comment).
      Parser sub(src_, options_, Tokenize(src_, ty_begin, ty_end));
      a.type = sub.ParseType();
      if (!sub.Is(Tok::kEOF)) sub.Fail(sub.Peek(), "unexpected " + Describe(sub.Peek()) + " after the type in the comment");
    }
    if (span_at != std::string::npos) {
      std::string sp = s.substr(span_at + 5);
      size_t e = sp.find_last_not_of(" \t");
      sp = e == std::string::npos ? "" : sp.substr(0, e + 1);
      size_t c2 = sp.rfind(':');
      size_t c1 = c2 == std::string::npos || c2 == 0 ? std::string::npos : sp.rfind(':', c2 - 1);
      auto all_digits = [](const std::string& x) {
        return !x.empty() && x.size() < 10 && x.find_first_not_of("0123456789") == std::string::npos;
      };
      if (c1 == std::string::npos || c1 == 0 || !all_digits(sp.substr(c1 + 1, c2 - c1 - 1)) ||
          !all_digits(sp.substr(c2 + 1)))
        src_.Fail(t.offset + span_at, "malformed span '" + sp + "' (expected span=source:line:column)");
      a.span.file = sp.substr(0, c1);
      a.span.line = std::stoi(sp.substr(c1 + 1, c2 - c1 - 1));
      a.span.column = std::stoi(sp.substr(c2 + 1));
      a.has_span = true;
    }
    return a;
  }

  // Sets the type/span of a node this parser just built (nobody else holds it yet).
  static void Annotate(const Expr& e, const Annotation& a) {
    auto* n = const_cast<ExprNode*>(e.get());
    if (a.type.defined()) n->checked_type = a.type;
    if (a.has_span) n->span = a.span;
  }

  // ---- types ----
  Parser(const SourceText& src, const ParseOptions& options, std::vector<Token> toks)
      : src_(src), options_(options), toks_(std::move(toks)) {}

  Type ParseType() {
    DepthGuard guard(this);
    const Token& t = Peek();
    if (t.kind == Tok::kLParen) {
      Advance();
      std::vector<Type> fields;
      if (!Accept(Tok::kRParen)) {
        while (true) {
          fields.push_back(ParseType());
          if (Accept(Tok::kRParen)) break;
          Expect(Tok::kComma, "',' or ')' in the tuple type");
          if (Accept(Tok::kRParen)) break;
        }
      }
      return TupleType(std::move(fields));
    }
    if (IsKeyword(t, "Tensor")) {
      Advance();
      Expect(Tok::kLBracket, "'[' after Tensor");
      Expect(Tok::kLParen, "'(' to start the shape");
      std::vector<tir::PrimExpr> dims;
      if (!Accept(Tok::kRParen)) {
        while (true) {
          if (Is(Tok::kQuestion)) Fail(Peek(), "dynamic dimensions ('?') are not supported");
          const Token& d = Expect(Tok::kInt, "a dimension");
          if (d.ival < 0) Fail(d, "dimension must be non-negative");
          dims.push_back(tir::IntImm(d.dtype, d.ival));
          if (Accept(Tok::kRParen)) break;
          Expect(Tok::kComma, "',' or ')' in the shape");
          if (Accept(Tok::kRParen)) break;
        }
      }
      Expect(Tok::kComma, "',' then the dtype");
      DataType dtype = DType();
      Expect(Tok::kRBracket, "']' to close the tensor type");
      return TensorType(std::move(dims), dtype);
    }
    if (IsKeyword(t, "fn")) {
      Advance();
      Expect(Tok::kLParen, "'(' after fn");
      std::vector<Type> args;
      if (!Accept(Tok::kRParen)) {
        while (true) {
          args.push_back(ParseType());
          if (Accept(Tok::kRParen)) break;
          Expect(Tok::kComma, "',' or ')' in the function type");
        }
      }
      Expect(Tok::kArrow, "'->' in the function type");
      return FuncType(std::move(args), ParseType());
    }
    if (t.kind == Tok::kIdent) return TensorType(std::vector<tir::PrimExpr>{}, DType());
    Fail(t, "expected a type, found " + Describe(t));
  }

  DataType DType() {
    const Token& t = Peek();
    DataType dt;
    if (t.kind != Tok::kIdent || !DataType::Parse(t.text, &dt) || dt.is_void() || dt.is_handle())
      Fail(t, "expected a dtype such as float32, found " + Describe(t));
    Advance();
    return dt;
  }

  const SourceText& src_;
  ParseOptions options_;
  std::vector<Token> toks_;
  size_t pos_ = 0;
  MetaTable meta_;
  bool has_meta_ = false;
  std::vector<Scope> scopes_;
  std::map<std::string, GlobalVar> globals_;
  std::map<std::string, size_t> global_uses_;  // first use of each @name, for errors
  std::map<int64_t, Constant> placeholders_;
  size_t last_meta_offset_ = 0;
  int depth_ = 0;
};

}  // namespace
}  // namespace text

IRModule ParseModule(const std::string& text, const std::string& filename,
                     const std::map<std::string, NDArray>* params, const ParseOptions& options) {
  text::SourceText src(filename, text);
  IRModule mod = text::Parser(src, options).Module();
  if (params) mod = BindParamsByName(mod, *params);
  return mod;
}

ObjectRef Parse(const std::string& text, const std::string& filename,
                const std::map<std::string, NDArray>* params, const ParseOptions& options) {
  text::SourceText src(filename, text);
  text::Parser parser(src, options);
  if (!parser.LooksLikeModule()) {
    if (params) throw Error(filename + ": params can only be bound to a module's @main, not an expression");
    return parser.Expression();
  }
  IRModule mod = parser.Module();
  if (params) mod = BindParamsByName(mod, *params);
  return mod;
}

Expr ParseExpr(const std::string& text, const std::string& filename, const ParseOptions& options) {
  text::SourceText src(filename, text);
  return text::Parser(src, options).Expression();
}

}  // namespace relay
}  // namespace tirgen

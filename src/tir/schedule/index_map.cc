// IndexMap (see tirgen/tir/schedule/index_map.h): the lambda parser and printer.
#include "tirgen/tir/schedule/index_map.h"

#include <algorithm>
#include <iterator>
#include <cctype>

#include "tirgen/arith/analyzer.h"
#include "tirgen/arith/iter_map.h"
#include "tirgen/script/printer.h"
#include "tirgen/support/error.h"
#include "tirgen/tir/functor.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace tir {

namespace {

class LambdaParser {
 public:
  LambdaParser(const std::string& text, DataType dtype) : text_(text), dtype_(dtype) {}

  IndexMap Parse() {
    IndexMap m;
    if (Ident() != "lambda") Fail("an index map must be a lambda, `lambda i, j: (j, i)`");
    while (!Accept(":")) {
      if (!m.initial_indices.empty()) Expect(",");
      std::string name = Ident();
      if (name.empty()) Fail("expected a parameter name");
      m.initial_indices.push_back(Var(name, dtype_));
    }
    vars_ = m.initial_indices;
    Skip();
    // `(a, b,)` is a tuple; `(a)` and `a` are one expression.
    size_t saved = pos_;
    bool tuple = false;
    if (Accept("(")) {
      std::vector<PrimExpr> items;
      if (!Accept(")")) {
        while (true) {
          items.push_back(Expr());
          if (Accept(")")) break;
          Expect(",");
          tuple = true;
          if (Accept(")")) break;
        }
      }
      if (tuple || items.empty()) {
        m.final_indices = items;
      } else {
        pos_ = saved;
      }
    }
    if (!tuple && m.final_indices.empty()) m.final_indices.push_back(Expr());
    Skip();
    if (pos_ != text_.size()) Fail("unexpected text after the lambda");
    return m;
  }

 private:
  [[noreturn]] void Fail(const std::string& msg) const {
    throw Error("index map `" + text_ + "`, column " + std::to_string(pos_ + 1) + ": " + msg);
  }
  void Skip() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  bool Accept(const std::string& tok) {
    Skip();
    if (text_.compare(pos_, tok.size(), tok) != 0) return false;
    pos_ += tok.size();
    return true;
  }
  void Expect(const std::string& tok) {
    if (!Accept(tok)) Fail("expected '" + tok + "'");
  }
  std::string Ident() {
    Skip();
    size_t b = pos_;
    while (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_') &&
           !(pos_ == b && std::isdigit(static_cast<unsigned char>(text_[pos_]))))
      ++pos_;
    return text_.substr(b, pos_ - b);
  }
  PrimExpr Expr() {
    PrimExpr e = Term();
    while (true) {
      if (Accept("+")) e = add(e, Term());
      else if (Accept("-")) e = sub(e, Term());
      else return e;
    }
  }
  PrimExpr Term() {
    PrimExpr e = Unary();
    while (true) {
      if (Accept("//")) e = floordiv(e, Unary());
      else if (Accept("%")) e = floormod(e, Unary());
      else if (Accept("*")) e = mul(e, Unary());
      else return e;
    }
  }
  PrimExpr Unary() {
    if (Accept("-")) return neg(Unary());
    if (Accept("(")) {
      PrimExpr e = Expr();
      Expect(")");
      return e;
    }
    if (Accept("T.")) return TCall();
    Skip();
    if (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
      size_t b = pos_;
      while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
      return make_const(dtype_, std::stoll(text_.substr(b, pos_ - b)));
    }
    std::string name = Ident();
    if (name.empty()) Fail("expected an integer, a parameter or '('");
    for (const Var& v : vars_)
      if (v->name_hint == name) return v;
    Fail("\"" + name + "\" is not a parameter of the lambda (only + - * // % of parameters and integers are supported)");
  }

  // `T.<name>(...)` as TVM's printer writes an index expression it cannot sugar (IndexMap's
  // ToPythonString prints each final index with the TVMScript printer): typed literals
  // (`T.int64(32)`), integer casts and the arithmetic calls. All indices of a map share its
  // dtype, so a literal's or a cast's integer type is the map's.
  PrimExpr TCall() {
    std::string fn = Ident();
    Expect("(");
    PrimExpr e;
    if (fn == "Cast") {
      Skip();
      char q = pos_ < text_.size() ? text_[pos_] : 0;
      if (q != '"' && q != '\'') Fail("expected the dtype string of T.Cast");
      size_t end = text_.find(q, pos_ + 1);
      if (end == std::string::npos) Fail("unterminated dtype string");
      DataType t = DataType::FromString(text_.substr(pos_ + 1, end - pos_ - 1));
      if (!t.is_int() && !t.is_uint()) Fail("an index map casts only to integer types");
      pos_ = end + 1;
      Expect(",");
      e = Expr();
    } else if (IntTypeName(fn)) {
      e = Expr();
    } else {
      static const char* const kBinary[] = {"Add", "Sub", "Mul", "floordiv", "FloorDiv", "floormod", "FloorMod",
                                            "truncdiv", "Div", "truncmod", "Mod", "min", "Min", "max", "Max"};
      if (std::find(std::begin(kBinary), std::end(kBinary), fn) == std::end(kBinary))
        Fail("T." + fn + " is not supported in an index map (integer literals, T.Cast, T.floordiv, T.floormod, "
             "T.truncdiv, T.truncmod, T.min, T.max, T.Add, T.Sub, T.Mul are)");
      PrimExpr a = Expr();
      Expect(",");
      PrimExpr b = Expr();
      if (fn == "Add") e = add(a, b);
      else if (fn == "Sub") e = sub(a, b);
      else if (fn == "Mul") e = mul(a, b);
      else if (fn == "floordiv" || fn == "FloorDiv") e = floordiv(a, b);
      else if (fn == "floormod" || fn == "FloorMod") e = floormod(a, b);
      else if (fn == "truncdiv" || fn == "Div") e = truncdiv(a, b);
      else if (fn == "truncmod" || fn == "Mod") e = truncmod(a, b);
      else if (fn == "min" || fn == "Min") e = min(a, b);
      else e = max(a, b);
    }
    Expect(")");
    return e;
  }
  static bool IntTypeName(const std::string& n) {
    for (const char* t : {"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"})
      if (n == t) return true;
    return false;
  }

  std::string text_;
  DataType dtype_;
  size_t pos_ = 0;
  std::vector<Var> vars_;
};

// Retypes variables (by the map) and integer literals.
class Retyper : public StmtExprMutator {
 public:
  Retyper(const std::vector<std::pair<Var, PrimExpr>>& vmap, DataType t) : vmap_(vmap), t_(t) {}
  PrimExpr VisitExpr_(const VarNode* op) override {
    for (const auto& kv : vmap_)
      if (kv.first.get() == op) return kv.second;
    return GetRef<PrimExpr>(op);
  }
  PrimExpr VisitExpr_(const IntImmNode* op) override { return make_const(t_, op->value); }

 private:
  const std::vector<std::pair<Var, PrimExpr>>& vmap_;
  DataType t_;
};

}  // namespace

IndexMap IndexMap::FromPython(const std::string& text, DataType dtype) { return LambdaParser(text, dtype).Parse(); }

std::string IndexMap::ToPython() const {
  std::string s = "lambda ";
  for (size_t i = 0; i < initial_indices.size(); ++i) s += (i ? ", " : "") + initial_indices[i]->name_hint;
  s += ": (";
  for (size_t i = 0; i < final_indices.size(); ++i) s += (i ? " " : "") + script::PrintExpr(final_indices[i]) + ",";
  return s + ")";
}

IndexMap IndexMap::WithDType(DataType dtype) const {
  IndexMap m;
  std::vector<std::pair<Var, PrimExpr>> vmap;
  for (const Var& v : initial_indices) {
    Var nv = v.dtype() == dtype ? v : Var(v->name_hint, dtype);
    m.initial_indices.push_back(nv);
    vmap.emplace_back(v, nv);
  }
  Retyper r(vmap, dtype);
  for (const PrimExpr& e : final_indices) m.final_indices.push_back(r.VisitExpr(e));
  return m;
}

std::vector<PrimExpr> IndexMap::MapIndices(const std::vector<PrimExpr>& indices) const {
  if (indices.size() != initial_indices.size())
    throw Error("index map " + ToPython() + " takes " + std::to_string(initial_indices.size()) + " indices, got " +
                std::to_string(indices.size()));
  std::vector<std::pair<Var, PrimExpr>> vmap;
  for (size_t i = 0; i < indices.size(); ++i) vmap.emplace_back(initial_indices[i], indices[i]);
  std::vector<PrimExpr> out;
  for (const PrimExpr& e : final_indices) out.push_back(Substitute(e, vmap));
  return out;
}

IndexMapEvaluator::IndexMapEvaluator(const IndexMap& map) {
  for (const Var& v : map.initial_indices) inputs_.push_back(v.get());
  for (size_t k = 0; k < map.final_indices.size(); ++k) {
    programs_.emplace_back();
    if (unsupported_ < 0 && !Compile(map.final_indices[k], &programs_.back())) unsupported_ = static_cast<int>(k);
  }
}

bool IndexMapEvaluator::Compile(const PrimExpr& e, std::vector<Op>* program) const {
  if (const int64_t* c = as_const_int(e)) return program->push_back({Kind::kIntImm, *c}), true;
  if (e.as<VarNode>()) {
    auto it = std::find(inputs_.begin(), inputs_.end(), e.get());
    if (it == inputs_.end()) return false;
    return program->push_back({Kind::kVar, static_cast<int64_t>(it - inputs_.begin())}), true;
  }
  const auto* b = e.as<BinaryNode>();
  switch (e.kind()) {
    case Kind::kAdd: case Kind::kSub: case Kind::kMul: case Kind::kFloorDiv: case Kind::kFloorMod:
    case Kind::kMin: case Kind::kMax:
      if (!Compile(b->a, program) || !Compile(b->b, program)) return false;
      program->push_back({e.kind(), 0});
      return true;
    default: return false;
  }
}

int IndexMapEvaluator::Map(const std::vector<int64_t>& point, std::vector<int64_t>* out) {
  TIRGEN_ICHECK(unsupported_ < 0) << "IndexMapEvaluator::Map on a map that is not integer arithmetic";
  out->resize(programs_.size());
  for (size_t k = 0; k < programs_.size(); ++k) {
    stack_.clear();
    for (const Op& op : programs_[k]) {
      if (op.kind == Kind::kIntImm) { stack_.push_back(op.value); continue; }
      if (op.kind == Kind::kVar) { stack_.push_back(point[op.value]); continue; }
      int64_t y = stack_.back();
      stack_.pop_back();
      int64_t& x = stack_.back();
      switch (op.kind) {
        case Kind::kAdd: x += y; break;
        case Kind::kSub: x -= y; break;
        case Kind::kMul: x *= y; break;
        case Kind::kMin: x = std::min(x, y); break;
        case Kind::kMax: x = std::max(x, y); break;
        case Kind::kFloorDiv:
          if (y == 0) return static_cast<int>(k);
          x = x / y - ((x % y != 0) && ((x < 0) != (y < 0)));
          break;
        default:  // kFloorMod
          if (y == 0) return static_cast<int>(k);
          x = ((x % y) + y) % y;
          break;
      }
    }
    (*out)[k] = stack_.back();
  }
  return -1;
}

namespace {

// The inverse's expressions (unsimplified) and the output extents; tirgen::Error when the map
// is not a bijective affine map over `ranges`.
std::vector<PrimExpr> InverseExprs(const IndexMap& m, const std::vector<Range>& ranges, const std::vector<Var>& outputs,
                                   std::vector<int64_t>* extents) {
  if (ranges.size() != m.initial_indices.size())
    throw Error("index map " + m.ToPython() + " takes " + std::to_string(m.initial_indices.size()) + " indices, " +
                std::to_string(ranges.size()) + " ranges given");
  arith::IterDomain dom;
  for (size_t i = 0; i < ranges.size(); ++i) dom.emplace_back(m.initial_indices[i], ranges[i]);
  std::string why;
  auto inv = arith::InverseAffineIterMap(m.final_indices, dom, outputs, extents, &why);
  if (!inv) throw Error("index map " + m.ToPython() + " is not bijective affine over the given ranges: " + why);
  return *inv;
}

}  // namespace

IndexMap IndexMap::Inverse(const std::vector<Range>& ranges) const {
  IndexMap inv;
  for (size_t i = 0; i < final_indices.size(); ++i)
    inv.initial_indices.push_back(Var("axis" + std::to_string(i), final_indices[i].dtype()));
  std::vector<int64_t> extents;
  arith::Analyzer ana;  // no bounds on the outputs, as TVM's
  for (const PrimExpr& e : InverseExprs(*this, ranges, inv.initial_indices, &extents))
    inv.final_indices.push_back(ana.Simplify(e));
  return inv;
}

std::vector<int64_t> IndexMap::OutputExtents(const std::vector<Range>& ranges) const {
  std::vector<Var> outputs;
  for (size_t i = 0; i < final_indices.size(); ++i) outputs.push_back(Var("axis" + std::to_string(i), final_indices[i].dtype()));
  std::vector<int64_t> extents;
  InverseExprs(*this, ranges, outputs, &extents);
  return extents;
}

}  // namespace tir
}  // namespace tirgen

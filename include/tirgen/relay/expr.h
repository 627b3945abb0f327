// Relay (graph IR) expressions: Var, GlobalVar, Constant, Call, Tuple, TupleGetItem, Let, If,
// Function, Op. Immutable nodes (DESIGN.md §3); every expression carries the type inferred or
// annotated for it (`checked_type`, printed as `/* ty=... */`) and TVM's optional source span.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "tirgen/ir/ndarray.h"
#include "tirgen/relay/type.h"

namespace tirgen {
namespace relay {

/// Ordered key=value attributes (function attributes, call attributes). Order is kept because
/// TVM prints attributes in an order that is not sorted (declaration or hash-map order).
/// Values: undefined (prints `None`), tir::IntImm (int16/int32/int64/bool), tir::FloatImm,
/// String, Array of values, Map.
using AttrFields = std::vector<std::pair<std::string, ObjectRef>>;

/// The value of `key` in `fields`, or nullptr when absent.
const ObjectRef* FindAttr(const AttrFields& fields, const std::string& key);

/// A call's attributes (TVM's Attrs object of the op's attribute type).
class AttrsNode : public Object {
 public:
  TIRGEN_NODE_KIND(Kind::kRelayAttrs)
  AttrsNode() : Object(kKind) {}
  std::string type_key;  ///< e.g. "relay.attrs.Conv2DAttrs"; empty when not known
  AttrFields fields;     ///< the (non-default) fields, in print order
};
class Attrs : public ObjectRef {
  TIRGEN_DEFINE_REF(Attrs, ObjectRef, AttrsNode)
  explicit Attrs(AttrFields fields, std::string type_key = "");
};

/// Base of relay expressions.
class ExprNode : public Object {
 public:
  static bool IsKind(Kind k) { return k >= Kind::kRelayVar && k <= Kind::kOp; }
  explicit ExprNode(Kind k) : Object(k) {}
  Type checked_type;  ///< inferred/annotated type; undefined before type inference
  /// TVM's span (source name, line, column), printed as `span=name:line:col`; it is present
  /// when span.file is non-empty (frontends set line 0: `span=/fc/Gemm:0:0`).
  Span span;
  bool has_span() const { return !span.file.empty(); }
  /// Where the text parser read this expression (file:line:column), for diagnostics such as
  /// type errors. Never printed; undefined for expressions built in code.
  Span location;
};
class Expr : public ObjectRef {
  TIRGEN_DEFINE_REF(Expr, ObjectRef, ExprNode)
};

/// A local variable (function parameter, let binding).
class VarNode : public ExprNode {
 public:
  TIRGEN_NODE_KIND(Kind::kRelayVar)
  VarNode() : ExprNode(kKind) {}
  std::string name_hint;  ///< the name (not unique; identity is the node)
  Type type_annotation;   ///< the declared type, may be undefined
};
class Var : public Expr {
  TIRGEN_DEFINE_REF(Var, Expr, VarNode)
  explicit Var(std::string name_hint, Type type_annotation = Type());
};

/// A module-level function name (`@main`).
class GlobalVarNode : public ExprNode {
 public:
  TIRGEN_NODE_KIND(Kind::kGlobalVar)
  GlobalVarNode() : ExprNode(kKind) {}
  std::string name_hint;  ///< the global name
};
class GlobalVar : public Expr {
  TIRGEN_DEFINE_REF(GlobalVar, Expr, GlobalVarNode)
  explicit GlobalVar(std::string name_hint);
};

/// A constant tensor. `data` is undefined only for a placeholder parsed from a
/// `meta[relay.Constant][k]` reference whose metadata section was omitted (see relay/text.h).
class ConstantNode : public ExprNode {
 public:
  TIRGEN_NODE_KIND(Kind::kConstant)
  ConstantNode() : ExprNode(kKind) {}
  NDArray data;  ///< the value
  /// For a placeholder: the `meta[relay.Constant][k]` text it was parsed from (for errors).
  std::string unresolved_ref;
  bool is_scalar() const { return data.defined() && data->shape.empty(); }
};
class Constant : public Expr {
  TIRGEN_DEFINE_REF(Constant, Expr, ConstantNode)
  explicit Constant(NDArray data);
};

/// An operator, by name (`nn.conv2d`); one node per name (see relay/op.h).
class OpNode : public ExprNode {
 public:
  TIRGEN_NODE_KIND(Kind::kOp)
  OpNode() : ExprNode(kKind) {}
  std::string name;  ///< registered name
};
class Op : public Expr {
  TIRGEN_DEFINE_REF(Op, Expr, OpNode)
  /// The registered op `name` (tirgen::Error naming it when unknown).
  static Op Get(const std::string& name);
};

class CallNode : public ExprNode {
 public:
  TIRGEN_NODE_KIND(Kind::kRelayCall)
  CallNode() : ExprNode(kKind) {}
  Expr op;                       ///< Op, Function, GlobalVar or Var
  std::vector<Expr> args;        ///< arguments
  Attrs attrs;                   ///< may be undefined
  std::vector<Type> type_args;   ///< explicit type arguments (rarely used)

  // Typed attribute access for calls of registered ops (relay/op.h): a field absent from
  // `attrs` reads the op's registered default. Unknown fields and kind mismatches throw
  // tirgen::Error naming the op and the field.
  /// The value (or default); undefined means None.
  ObjectRef GetAttr(const std::string& key) const;
  /// True when the value (or default) is not None.
  bool HasAttr(const std::string& key) const;
  int64_t GetInt(const std::string& key) const;
  bool GetBool(const std::string& key) const;
  double GetFloat(const std::string& key) const;
  std::string GetString(const std::string& key) const;
  /// The dtype; DataType() (void) when unset (e.g. out_dtype left to the input's dtype).
  DataType GetDType(const std::string& key) const;
  /// The integers; empty when None. A single integer reads as a one-element list.
  std::vector<int64_t> GetIntArray(const std::string& key) const;
  std::vector<std::vector<int64_t>> GetIntArrayArray(const std::string& key) const;
  std::vector<double> GetFloatArray(const std::string& key) const;
  /// The op's name ("" when the callee is not an Op).
  std::string op_name() const;
};
class Call : public Expr {
  TIRGEN_DEFINE_REF(Call, Expr, CallNode)
  Call(Expr op, std::vector<Expr> args, Attrs attrs = Attrs(), std::vector<Type> type_args = {});
};

class TupleNode : public ExprNode {
 public:
  TIRGEN_NODE_KIND(Kind::kTuple)
  TupleNode() : ExprNode(kKind) {}
  std::vector<Expr> fields;  ///< elements
};
class Tuple : public Expr {
  TIRGEN_DEFINE_REF(Tuple, Expr, TupleNode)
  explicit Tuple(std::vector<Expr> fields);
};

class TupleGetItemNode : public ExprNode {
 public:
  TIRGEN_NODE_KIND(Kind::kTupleGetItem)
  TupleGetItemNode() : ExprNode(kKind) {}
  Expr tuple;     ///< the tuple
  int index = 0;  ///< which field
};
class TupleGetItem : public Expr {
  TIRGEN_DEFINE_REF(TupleGetItem, Expr, TupleGetItemNode)
  TupleGetItem(Expr tuple, int index);
};

class LetNode : public ExprNode {
 public:
  TIRGEN_NODE_KIND(Kind::kRelayLet)
  LetNode() : ExprNode(kKind) {}
  Var var;     ///< bound variable
  Expr value;  ///< its value
  Expr body;   ///< the scope
};
class Let : public Expr {
  TIRGEN_DEFINE_REF(Let, Expr, LetNode)
  Let(Var var, Expr value, Expr body);
};

class IfNode : public ExprNode {
 public:
  TIRGEN_NODE_KIND(Kind::kIf)
  IfNode() : ExprNode(kKind) {}
  Expr cond;          ///< a scalar bool
  Expr true_branch;   ///< value when true
  Expr false_branch;  ///< value when false
};
class If : public Expr {
  TIRGEN_DEFINE_REF(If, Expr, IfNode)
  If(Expr cond, Expr true_branch, Expr false_branch);
};

class FunctionNode : public ExprNode {
 public:
  TIRGEN_NODE_KIND(Kind::kFunction)
  FunctionNode() : ExprNode(kKind) {}
  std::vector<Var> params;  ///< parameters
  Expr body;                ///< result
  Type ret_type;            ///< declared result type, may be undefined
  AttrFields attrs;         ///< e.g. Primitive=1, in print order

  /// The attribute `key`, or nullptr.
  const ObjectRef* GetAttr(const std::string& key) const { return FindAttr(attrs, key); }
  /// True when attribute Primitive is set to a non-zero int (a fused function).
  bool IsPrimitive() const;
};
class Function : public Expr {
  TIRGEN_DEFINE_REF(Function, Expr, FunctionNode)
  Function(std::vector<Var> params, Expr body, Type ret_type = Type(), AttrFields attrs = {});
};

/// A copy of `expr` (same kind and fields) whose checked_type is `type`.
Expr WithCheckedType(const Expr& expr, Type type);

}  // namespace relay
}  // namespace tirgen

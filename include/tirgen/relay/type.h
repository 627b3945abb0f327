// Relay types: TensorType (static shape + dtype), TupleType, FuncType.
// Shapes hold tir::PrimExpr dims (IntImm) rather than plain integers, as TVM does: the dims'
// dtype shows in text (`3i64`) and their identity shows in the #[metadata] JSON graph.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <vector>

#include "tirgen/tir/expr.h"

namespace tirgen {
namespace relay {

/// Base of every relay type node.
class TypeNode : public Object {
 public:
  static bool IsKind(Kind k) { return k >= Kind::kTensorType && k <= Kind::kFuncType; }
  explicit TypeNode(Kind k) : Object(k) {}
};
class Type : public ObjectRef {
  TIRGEN_DEFINE_REF(Type, ObjectRef, TypeNode)
};

class TensorTypeNode : public TypeNode {
 public:
  TIRGEN_NODE_KIND(Kind::kTensorType)
  TensorTypeNode() : TypeNode(kKind) {}
  std::vector<tir::PrimExpr> shape;  ///< static dims (IntImm); rank 0 = scalar
  DataType dtype;                    ///< element type

  /// The dims as integers (every dim is an IntImm).
  std::vector<int64_t> ConstShape() const;
};
class TensorType : public Type {
  TIRGEN_DEFINE_REF(TensorType, Type, TensorTypeNode)
  TensorType(std::vector<tir::PrimExpr> shape, DataType dtype);
  /// Dims become int32 IntImms (TVM's default for relay shapes).
  TensorType(const std::vector<int64_t>& shape, DataType dtype);
  /// `TensorType({1, 3}, dtype)` (a braced list would otherwise be ambiguous).
  TensorType(std::initializer_list<int64_t> shape, DataType dtype)
      : TensorType(std::vector<int64_t>(shape), dtype) {}
};

class TupleTypeNode : public TypeNode {
 public:
  TIRGEN_NODE_KIND(Kind::kTupleType)
  TupleTypeNode() : TypeNode(kKind) {}
  std::vector<Type> fields;  ///< element types
};
class TupleType : public Type {
  TIRGEN_DEFINE_REF(TupleType, Type, TupleTypeNode)
  explicit TupleType(std::vector<Type> fields);
};

class FuncTypeNode : public TypeNode {
 public:
  TIRGEN_NODE_KIND(Kind::kFuncType)
  FuncTypeNode() : TypeNode(kKind) {}
  std::vector<Type> arg_types;  ///< parameter types
  Type ret_type;                ///< result type
};
class FuncType : public Type {
  TIRGEN_DEFINE_REF(FuncType, Type, FuncTypeNode)
  FuncType(std::vector<Type> arg_types, Type ret_type);
};

/// Structural equality of types (dims compared by value and dtype).
bool TypeEqual(const Type& a, const Type& b);

}  // namespace relay
}  // namespace tirgen

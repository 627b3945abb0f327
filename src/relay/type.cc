#include "tirgen/relay/type.h"

namespace tirgen {
namespace relay {

std::vector<int64_t> TensorTypeNode::ConstShape() const {
  std::vector<int64_t> out;
  for (const auto& d : shape) {
    const auto* imm = d.as<tir::IntImmNode>();
    TIRGEN_ICHECK(imm) << "relay shapes are static";
    out.push_back(imm->value);
  }
  return out;
}

TensorType::TensorType(std::vector<tir::PrimExpr> shape, DataType dtype) {
  auto n = std::make_shared<TensorTypeNode>();
  n->shape = std::move(shape);
  n->dtype = dtype;
  data_ = std::move(n);
}

TensorType::TensorType(const std::vector<int64_t>& shape, DataType dtype) {
  std::vector<tir::PrimExpr> dims;
  for (int64_t d : shape) dims.push_back(tir::IntImm(DataType::Int(32), d));
  *this = TensorType(std::move(dims), dtype);
}

TupleType::TupleType(std::vector<Type> fields) {
  auto n = std::make_shared<TupleTypeNode>();
  n->fields = std::move(fields);
  data_ = std::move(n);
}

FuncType::FuncType(std::vector<Type> arg_types, Type ret_type) {
  auto n = std::make_shared<FuncTypeNode>();
  n->arg_types = std::move(arg_types);
  n->ret_type = std::move(ret_type);
  data_ = std::move(n);
}

namespace {
bool TypesEqual(const std::vector<Type>& a, const std::vector<Type>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!TypeEqual(a[i], b[i])) return false;
  return true;
}
}  // namespace

bool TypeEqual(const Type& a, const Type& b) {
  if (a.same_as(b)) return true;
  if (!a.defined() || !b.defined() || a.kind() != b.kind()) return false;
  if (const auto* ta = a.as<TensorTypeNode>()) {
    const auto* tb = b.as<TensorTypeNode>();
    if (ta->dtype != tb->dtype || ta->shape.size() != tb->shape.size()) return false;
    for (size_t i = 0; i < ta->shape.size(); ++i) {
      const auto* x = ta->shape[i].as<tir::IntImmNode>();
      const auto* y = tb->shape[i].as<tir::IntImmNode>();
      if (!x || !y || x->value != y->value || x->dtype != y->dtype) return false;
    }
    return true;
  }
  if (const auto* ta = a.as<TupleTypeNode>()) return TypesEqual(ta->fields, b.as<TupleTypeNode>()->fields);
  if (const auto* fa = a.as<FuncTypeNode>()) {
    const auto* fb = b.as<FuncTypeNode>();
    return TypesEqual(fa->arg_types, fb->arg_types) && TypeEqual(fa->ret_type, fb->ret_type);
  }
  return false;
}

}  // namespace relay
}  // namespace tirgen

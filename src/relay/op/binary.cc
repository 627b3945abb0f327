// Binary broadcasting ops (numpy rules) and `where`.
#include "op_common.h"

namespace tirgen {
namespace relay {
namespace op {
namespace {

// Both operands must share a dtype; the result keeps it (arithmetic) or is bool (comparison).
Type Broadcast(const TypeCall& c, bool compare) {
  const TensorTypeNode* a = c.Tensor(0);
  const TensorTypeNode* b = c.Tensor(1);
  if (a->dtype != b->dtype)
    c.Fail("operand dtypes " + a->dtype.str() + " and " + b->dtype.str() + " differ");
  Dims shape = BroadcastDims(c, a->shape, b->shape);
  return TensorType(std::move(shape), compare ? DataType::Bool() : a->dtype);
}

Type BroadcastRel(const TypeCall& c) { return Broadcast(c, false); }
Type CompareRel(const TypeCall& c) { return Broadcast(c, true); }

Type WhereRel(const TypeCall& c) {
  const TensorTypeNode* cond = c.Tensor(0);
  const TensorTypeNode* x = c.Tensor(1);
  const TensorTypeNode* y = c.Tensor(2);
  if (x->dtype != y->dtype)
    c.Fail("x and y dtypes " + x->dtype.str() + " and " + y->dtype.str() + " differ");
  Dims shape = BroadcastDims(c, BroadcastDims(c, cond->shape, x->shape), y->shape);
  return TensorType(std::move(shape), x->dtype);
}

}  // namespace

TIRGEN_REGISTER_OPS(binary) {
  for (const char* name :
       {"add", "subtract", "right_shift", "left_shift", "maximum", "minimum", "divide",
        "trunc_divide", "floor_divide", "multiply", "power", "mod", "floor_mod", "trunc_mod",
        "logical_and", "logical_or", "logical_xor", "bitwise_and", "bitwise_or", "bitwise_xor"}) {
    RegisterOpInfo(name).Inputs(2).Pattern(kBroadcast).Relation(BroadcastRel);
  }
  for (const char* name :
       {"equal", "not_equal", "less", "less_equal", "greater", "greater_equal"}) {
    RegisterOpInfo(name).Inputs(2).Pattern(kBroadcast).Relation(CompareRel);
  }
  RegisterOpInfo("where").Inputs(3).Pattern(kBroadcast).Relation(WhereRel);
}

}  // namespace op
}  // namespace relay
}  // namespace tirgen

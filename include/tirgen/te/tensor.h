// Tensor expressions (TE): operations and the tensors they produce.
//
//  - PlaceholderOp: an input (shape, dtype, name).
//  - ComputeOp: out[axis...] = body(axis...), optionally a reduction over reduce_axis.
//  - ExternOp: outputs written by a given TIR statement over buffers (te.extern).
//  - ScanOp: a recurrence along a scan axis (te.scan); create_prim_func refuses it, as TVM's.
//  - Tensor = (op, value_index). An op never owns its tensors (that would be a cycle); asking
//    for output(i) twice gives two handles that compare equal (same op, same index).
#pragma once

#include <string>
#include <vector>

#include "tirgen/ir/object.h"
#include "tirgen/tir/expr.h"
#include "tirgen/tir/stmt.h"

namespace tirgen {
namespace te {

using tir::IterVar;
using tir::PrimExpr;
using tir::Var;

class Tensor;

/// Common fields of every operation.
class OperationNode : public Object {
 public:
  static bool IsKind(Kind k) {
    return k == Kind::kPlaceholderOp || k == Kind::kComputeOp || k == Kind::kExternOp || k == Kind::kScanOp;
  }
  explicit OperationNode(Kind k) : Object(k) {}
  std::string name;  ///< op name: becomes the buffer / block name
  std::string tag;   ///< TOPI tag ("broadcast", "elemwise", "injective", ...)
  AttrMap attrs;     ///< values may be Tensors or Arrays of Tensors (become Buffers in TIR)

  virtual int num_outputs() const = 0;
  virtual DataType output_dtype(int i) const = 0;
  virtual std::vector<PrimExpr> output_shape(int i) const = 0;
};

class Operation : public ObjectRef {
  TIRGEN_DEFINE_REF(Operation, ObjectRef, OperationNode)
  /// The i-th output tensor.
  Tensor output(int i) const;
};

class PlaceholderOpNode : public OperationNode {
 public:
  TIRGEN_NODE_KIND(Kind::kPlaceholderOp)
  PlaceholderOpNode() : OperationNode(kKind) {}
  std::vector<PrimExpr> shape;  ///< extents
  DataType dtype;               ///< element type

  int num_outputs() const override { return 1; }
  DataType output_dtype(int) const override { return dtype; }
  std::vector<PrimExpr> output_shape(int) const override { return shape; }
};

class ComputeOpNode : public OperationNode {
 public:
  TIRGEN_NODE_KIND(Kind::kComputeOp)
  ComputeOpNode() : OperationNode(kKind) {}
  std::vector<IterVar> axis;         ///< spatial axes, one per output dimension
  std::vector<IterVar> reduce_axis;  ///< reduction axes (of the Reduce bodies)
  std::vector<PrimExpr> body;        ///< one expression per output

  int num_outputs() const override { return static_cast<int>(body.size()); }
  DataType output_dtype(int i) const override { return body[i].dtype(); }
  std::vector<PrimExpr> output_shape(int) const override;
  /// Tensors read by the body, in first-appearance (post-order) order, without repeats.
  std::vector<Tensor> InputTensors() const;
};

/// te.extern: `body` reads `input_placeholders` (bound to `inputs`) and writes
/// `output_placeholders`, one output tensor per output placeholder.
class ExternOpNode : public OperationNode {
 public:
  TIRGEN_NODE_KIND(Kind::kExternOp)
  ExternOpNode() : OperationNode(kKind) {}
  std::vector<Tensor> inputs;
  std::vector<tir::Buffer> input_placeholders;
  std::vector<tir::Buffer> output_placeholders;
  tir::Stmt body;

  int num_outputs() const override { return static_cast<int>(output_placeholders.size()); }
  DataType output_dtype(int i) const override;
  std::vector<PrimExpr> output_shape(int i) const override;
};

/// te.scan: state[t] = update(state[t-1], ...) along scan_axis, state[0..init) = init.
class ScanOpNode : public OperationNode {
 public:
  TIRGEN_NODE_KIND(Kind::kScanOp)
  ScanOpNode() : OperationNode(kKind) {}
  IterVar scan_axis;
  std::vector<Tensor> init, update, state_placeholder, inputs;

  int num_outputs() const override { return static_cast<int>(update.size()); }
  DataType output_dtype(int i) const override;
  std::vector<PrimExpr> output_shape(int i) const override;
};

class TensorNode : public Object {
 public:
  TIRGEN_NODE_KIND(Kind::kTensor)
  TensorNode() : Object(kKind) {}
  Operation op;                 ///< the producer
  int value_index = 0;          ///< which output of op
  std::vector<PrimExpr> shape;  ///< extents
  DataType dtype;               ///< element type
};

class Tensor : public ObjectRef {
  TIRGEN_DEFINE_REF(Tensor, ObjectRef, TensorNode)
  Tensor(Operation op, int value_index);

  /// A read of this tensor: ProducerLoad(dtype, tensor, indices).
  PrimExpr operator()(std::vector<PrimExpr> indices) const;
  template <class... Args>
  PrimExpr operator()(PrimExpr first, Args... rest) const {
    return (*this)(std::vector<PrimExpr>{first, PrimExpr(rest)...});
  }
  size_t ndim() const { return get()->shape.size(); }
  /// The op name for a single-output op, `<op>.v<k>` otherwise (TVM's GetNameHint).
  std::string name_hint() const;
  /// Same op and same output index.
  bool Equals(const Tensor& other) const {
    return get()->op.same_as(other->op) && get()->value_index == other->value_index;
  }
};

}  // namespace te
}  // namespace tirgen

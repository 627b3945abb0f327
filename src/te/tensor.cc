// Tensor / Operation basics and ComputeOp's input discovery.
#include "tirgen/te/tensor.h"

#include "tirgen/tir/functor.h"

namespace tirgen {
namespace te {

Tensor Operation::output(int i) const { return Tensor(*this, i); }

Tensor::Tensor(Operation op, int value_index) {
  TIRGEN_ICHECK(op.defined() && value_index >= 0 && value_index < op->num_outputs())
      << "bad output index " << value_index;
  auto n = std::make_shared<TensorNode>();
  n->shape = op->output_shape(value_index);
  n->dtype = op->output_dtype(value_index);
  n->op = std::move(op);
  n->value_index = value_index;
  data_ = std::move(n);
}

PrimExpr Tensor::operator()(std::vector<PrimExpr> indices) const {
  TIRGEN_CHECK(indices.size() == ndim())
      << "tensor " << name_hint() << " has rank " << ndim() << ", indexed with "
      << indices.size() << " indices";
  return tir::ProducerLoad(get()->dtype, *this, std::move(indices));
}

std::string Tensor::name_hint() const {
  const OperationNode* op = get()->op.get();
  if (op->num_outputs() == 1) return op->name;
  return op->name + ".v" + std::to_string(get()->value_index);
}

DataType ExternOpNode::output_dtype(int i) const { return output_placeholders[i]->dtype; }
std::vector<PrimExpr> ExternOpNode::output_shape(int i) const { return output_placeholders[i]->shape; }
DataType ScanOpNode::output_dtype(int i) const { return update[i]->dtype; }
std::vector<PrimExpr> ScanOpNode::output_shape(int i) const { return state_placeholder[i]->shape; }

std::vector<PrimExpr> ComputeOpNode::output_shape(int) const {
  std::vector<PrimExpr> shape;
  for (const IterVar& iv : axis) shape.push_back(iv->dom->extent);
  return shape;
}

namespace {
// Post-order walk collecting producers of ProducerLoads: indices before the load itself.
class InputCollector : public tir::StmtExprVisitor {
 public:
  std::vector<Tensor> tensors;
  using tir::StmtExprVisitor::VisitExpr;
  void VisitExpr_(const tir::ProducerLoadNode* op) override {
    tir::StmtExprVisitor::VisitExpr_(op);
    Tensor t = op->producer.cast<Tensor>();
    for (const Tensor& s : tensors)
      if (s.Equals(t)) return;
    tensors.push_back(t);
  }
};
}  // namespace

std::vector<Tensor> ComputeOpNode::InputTensors() const {
  InputCollector c;
  for (const PrimExpr& e : body) c.VisitExpr(e);
  return c.tensors;
}

}  // namespace te
}  // namespace tirgen

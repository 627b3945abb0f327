// placeholder / compute / reduce_axis / comm_reducer / extern_op / scan.
#include "tirgen/te/operation.h"

#include "tirgen/tir/op.h"

namespace tirgen {
namespace te {

Tensor placeholder(std::vector<PrimExpr> shape, DataType dtype, std::string name) {
  auto n = std::make_shared<PlaceholderOpNode>();
  n->name = std::move(name);
  n->shape = std::move(shape);
  n->dtype = dtype;
  return Operation(std::shared_ptr<const Object>(std::move(n))).output(0);
}

namespace {

/// Every output tensor of a new operation, in order.
std::vector<Tensor> OutputsOf(const Operation& op) {
  std::vector<Tensor> outs;
  for (int i = 0; i < op->num_outputs(); ++i) outs.push_back(op.output(i));
  return outs;
}

std::vector<IterVar> MakeAxes(const std::vector<PrimExpr>& shape,
                              const std::vector<std::string>& var_names) {
  TIRGEN_ICHECK(var_names.empty() || var_names.size() == shape.size())
      << "compute: " << var_names.size() << " var names for rank " << shape.size();
  std::vector<IterVar> axis;
  for (size_t i = 0; i < shape.size(); ++i) {
    std::string name = var_names.empty() ? "ax" + std::to_string(i) : var_names[i];
    axis.emplace_back(tir::Range(tir::make_const(shape[i].dtype(), 0), shape[i]),
                      Var(name, shape[i].dtype()), tir::IterVarType::kDataPar);
  }
  return axis;
}

std::vector<Tensor> MakeComputeOp(std::vector<IterVar> axis, std::vector<PrimExpr> body,
                                  std::string name, std::string tag, AttrMap attrs) {
  auto n = std::make_shared<ComputeOpNode>();
  n->name = std::move(name);
  n->tag = std::move(tag);
  n->attrs = std::move(attrs);
  n->axis = std::move(axis);
  TIRGEN_ICHECK(!body.empty());
  if (const auto* r = body[0].as<tir::ReduceNode>()) {
    n->reduce_axis = r->axis;
    for (const PrimExpr& b : body)
      TIRGEN_CHECK(b.as<tir::ReduceNode>()) << "compute " << n->name
                                            << ": cannot mix Reduce and plain outputs";
  }
  n->body = std::move(body);
  return OutputsOf(Operation(std::shared_ptr<const Object>(std::move(n))));
}

std::vector<Var> AxisVars(const std::vector<IterVar>& axis) {
  std::vector<Var> vars;
  for (const IterVar& iv : axis) vars.push_back(iv->var);
  return vars;
}
}  // namespace

Tensor compute(std::vector<PrimExpr> shape, FCompute fcompute, std::string name, std::string tag,
               AttrMap attrs, std::vector<std::string> var_names) {
  std::vector<IterVar> axis = MakeAxes(shape, var_names);
  PrimExpr body = fcompute(AxisVars(axis));
  return MakeComputeOp(std::move(axis), {body}, std::move(name), std::move(tag),
                       std::move(attrs))[0];
}

std::vector<Tensor> compute_multi(std::vector<PrimExpr> shape, FBatchCompute fcompute,
                                  std::string name, std::string tag, AttrMap attrs,
                                  std::vector<std::string> var_names) {
  std::vector<IterVar> axis = MakeAxes(shape, var_names);
  std::vector<PrimExpr> body = fcompute(AxisVars(axis));
  return MakeComputeOp(std::move(axis), std::move(body), std::move(name), std::move(tag),
                       std::move(attrs));
}

IterVar reduce_axis(tir::Range dom, std::string name) {
  DataType t = dom->extent.dtype();
  return IterVar(dom, Var(std::move(name), t), tir::IterVarType::kCommReduce);
}

PrimExpr const_value(DataType dtype, double value) { return tir::make_const(dtype, value); }

std::function<std::vector<PrimExpr>(std::vector<PrimExpr>, std::vector<IterVar>, PrimExpr)>
comm_reducer(FCombine fcombine, FIdentity fidentity, std::string name) {
  return [fcombine, fidentity](std::vector<PrimExpr> source, std::vector<IterVar> axis,
                               PrimExpr where) {
    std::vector<DataType> types;
    std::vector<Var> lhs, rhs;
    for (size_t i = 0; i < source.size(); ++i) {
      types.push_back(source[i].dtype());
      lhs.emplace_back("x." + std::to_string(i), source[i].dtype());
      rhs.emplace_back("y." + std::to_string(i), source[i].dtype());
    }
    std::vector<PrimExpr> result = fcombine(lhs, rhs);
    std::vector<PrimExpr> identity = fidentity(types);
    tir::CommReducer combiner(lhs, rhs, result, identity);
    if (!where.defined()) where = tir::IntImm(DataType::Bool(), 1);
    std::vector<PrimExpr> outs;
    for (size_t i = 0; i < source.size(); ++i)
      outs.push_back(tir::Reduce(combiner, source, axis, where, static_cast<int>(i)));
    return outs;
  };
}

std::vector<Tensor> extern_op(const std::vector<std::vector<PrimExpr>>& shapes,
                              const std::vector<DataType>& dtypes, std::vector<Tensor> inputs,
                              const FExternBody& fbody, std::string name, std::string tag,
                              AttrMap attrs) {
  TIRGEN_CHECK(!shapes.empty() && shapes.size() == dtypes.size())
      << "te.extern " << name << ": one dtype per output shape (" << shapes.size() << " shapes, "
      << dtypes.size() << " dtypes)";
  // TVM's decl_buffer(shape, dtype, name, elem_offset=Var("elem_offset", "int32")).
  auto placeholder_buffer = [](const std::vector<PrimExpr>& shape, DataType dtype, const std::string& bname) {
    DataType storage = dtype.is_bool() ? DataType::Int(8) : dtype;
    return tir::Buffer::Make(Var::Pointer(bname, storage, "global"), dtype, shape, {},
                             Var("elem_offset", DataType::Int(32)), bname, 64, 0);
  };
  auto n = std::make_shared<ExternOpNode>();
  for (const Tensor& t : inputs)
    n->input_placeholders.push_back(placeholder_buffer(t->shape, t->dtype, t->op->name));
  for (size_t i = 0; i < shapes.size(); ++i)
    n->output_placeholders.push_back(placeholder_buffer(shapes[i], dtypes[i], name));
  n->body = fbody(n->input_placeholders, n->output_placeholders);
  TIRGEN_CHECK(n->body.defined()) << "te.extern " << name << ": the body function gave no statement";
  n->inputs = std::move(inputs);
  n->name = std::move(name);
  n->tag = std::move(tag);
  n->attrs = std::move(attrs);
  return OutputsOf(Operation(std::shared_ptr<const Object>(std::move(n))));
}

std::vector<Tensor> scan(std::vector<Tensor> init, std::vector<Tensor> update,
                         std::vector<Tensor> state_placeholder, std::vector<Tensor> inputs,
                         std::string name, std::string tag, AttrMap attrs) {
  // TVM's ScanOp checks: one init/update per state, equal ranks, the scan axis first.
  TIRGEN_CHECK(!update.empty() && init.size() == update.size() && update.size() == state_placeholder.size())
      << "te.scan " << name << ": init, update and state_placeholder must have one tensor per state";
  for (size_t i = 0; i < update.size(); ++i) {
    TIRGEN_CHECK(init[i]->dtype == update[i]->dtype && update[i]->dtype == state_placeholder[i]->dtype)
        << "te.scan " << name << ": state " << i << " has differing dtypes";
    TIRGEN_CHECK(init[i]->shape.size() == update[i]->shape.size() &&
                 update[i]->shape.size() == state_placeholder[i]->shape.size() && !update[i]->shape.empty())
        << "te.scan " << name << ": state " << i << " has differing ranks";
  }
  const PrimExpr& init_extent = init[0]->shape[0];
  const PrimExpr& extent = update[0]->shape[0];
  auto n = std::make_shared<ScanOpNode>();
  n->scan_axis = IterVar(tir::Range(init_extent, tir::sub(extent, init_extent)),
                         Var(name + ".idx", extent.dtype()), tir::IterVarType::kOrdered);
  n->init = std::move(init);
  n->update = std::move(update);
  n->state_placeholder = std::move(state_placeholder);
  n->inputs = std::move(inputs);
  n->name = std::move(name);
  n->tag = std::move(tag);
  n->attrs = std::move(attrs);
  return OutputsOf(Operation(std::shared_ptr<const Object>(std::move(n))));
}

}  // namespace te
}  // namespace tirgen

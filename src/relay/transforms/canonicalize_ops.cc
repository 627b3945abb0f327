// CanonicalizeOps: nn.bias_add becomes expand_dims + add, so it fuses as a plain broadcast.
#include "tirgen/relay/expr_functor.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/tir/expr.h"

namespace tirgen {
namespace relay {
namespace {

class BiasAddRewriter : public ExprMutator {
 protected:
  Expr VisitExpr_(const CallNode* op) override {
    Expr e = ExprMutator::VisitExpr_(op);
    const auto* call = e.as<CallNode>();
    const auto* callee = call->op.as<OpNode>();
    if (!callee || callee->name != "nn.bias_add" || call->args.size() != 2) return e;
    const auto* xt = call->args[0]->checked_type.as<TensorTypeNode>();
    const auto* bt = call->args[1]->checked_type.as<TensorTypeNode>();
    if (!xt || !bt) return e;
    int64_t rank = static_cast<int64_t>(xt->shape.size());
    int64_t axis = 1;
    if (call->attrs.defined())
      if (const ObjectRef* a = FindAttr(call->attrs->fields, "axis"))
        if (const auto* imm = a->as<tir::IntImmNode>()) axis = imm->value;
    if (axis < 0) axis += rank;
    int64_t num_newaxis = rank - axis - 1;
    Expr bias = call->args[1];
    if (num_newaxis > 0) {
      std::vector<tir::PrimExpr> shape = bt->shape;
      for (int64_t i = 0; i < num_newaxis; ++i) shape.push_back(tir::IntImm(DataType::Int(32), 1));
      Attrs attrs({{"axis", tir::IntImm(DataType::Int(32), 1)},
                   {"num_newaxis", tir::IntImm(DataType::Int(32), num_newaxis)}},
                  "relay.attrs.ExpandDimsAttrs");
      bias = WithCheckedType(Call(Op::Get("expand_dims"), {bias}, attrs),
                             TensorType(shape, bt->dtype));
    }
    return WithCheckedType(Call(Op::Get("add"), {call->args[0], bias}), e->checked_type);
  }
};

}  // namespace

IRModule CanonicalizeOps(const IRModule& mod) {
  std::map<std::string, ObjectRef> fns = mod->functions;
  for (auto& kv : fns) {
    if (const auto* f = kv.second.as<FunctionNode>()) {
      BiasAddRewriter rw;
      kv.second = rw.VisitExpr(GetRef<Function>(f));
    }
  }
  return IRModule(fns, mod->attrs);
}

}  // namespace relay
}  // namespace tirgen

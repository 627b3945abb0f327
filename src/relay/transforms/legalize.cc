// Legalize (TVM's FTVMLegalize under the generic target). Of the ops tirgen knows, only
// nn.conv2d_transpose has a rule that changes programs (topi.nn.conv2d_transpose_legalize):
// the generic strategy computes NCHW data with an IOHW kernel, so another kernel layout gets a
// transpose of the kernel, and NHWC data is transposed to NCHW and the result back.
#include <algorithm>

#include "tirgen/relay/expr_functor.h"
#include "tirgen/relay/op.h"
#include "tirgen/relay/transforms.h"

namespace tirgen {
namespace relay {
namespace {

// TVM's layout_transform helper: transpose(x) taking `from` to `to` (same letters).
Expr LayoutTransform(const Expr& x, const std::string& from, const std::string& to) {
  if (from == to) return x;
  std::vector<int64_t> axes;
  for (char c : to) axes.push_back(static_cast<int64_t>(from.find(c)));
  return Call(Op::Get("transpose"), {x}, Attrs({{"axes", AttrInts(axes)}}, "relay.attrs.TransposeAttrs"));
}

bool SameLetters(std::string a, std::string b) {
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  return a == b;
}

class ConvTransposeLegalizer : public ExprMutator {
 public:
  bool changed = false;

 protected:
  Expr VisitExpr_(const CallNode* op) override {
    Expr e = ExprMutator::VisitExpr_(op);
    const auto* call = e.as<CallNode>();
    const auto* callee = call->op.as<OpNode>();
    if (!callee || callee->name != "nn.conv2d_transpose" || call->args.size() != 2) return e;
    std::string data_layout = call->GetString("data_layout");
    std::string kernel_layout = call->GetString("kernel_layout");
    if (data_layout == "NCHW" && kernel_layout == "IOHW") return e;
    if ((data_layout != "NCHW" && data_layout != "NHWC") || !SameLetters(kernel_layout, "IOHW"))
      return e;  // no rule: the strategy rejects it later with a clear error
    // The call's attributes with the new layouts (defaults are not stored).
    AttrFields fields;
    if (call->attrs.defined())
      for (const auto& kv : call->attrs->fields)
        if (kv.first != "data_layout" && kv.first != "kernel_layout") fields.push_back(kv);
    Attrs attrs(fields, "relay.attrs.Conv2DTransposeAttrs");
    Expr kernel = LayoutTransform(call->args[1], kernel_layout, "IOHW");
    Expr data = call->args[0];
    if (data_layout == "NHWC") data = LayoutTransform(data, "NHWC", "NCHW");
    Expr out = Call(call->op, {data, kernel}, attrs);
    if (data_layout == "NHWC") out = LayoutTransform(out, "NCHW", "NHWC");
    changed = true;
    return out;
  }
};

}  // namespace

IRModule Legalize(const IRModule& mod) {
  std::map<std::string, ObjectRef> fns = mod->functions;
  bool changed = false;
  for (auto& kv : fns) {
    if (const auto* f = kv.second.as<FunctionNode>()) {
      ConvTransposeLegalizer rw;
      Expr out = rw.VisitExpr(GetRef<Function>(f));
      if (rw.changed) kv.second = out;
      changed = changed || rw.changed;
    }
  }
  return changed ? InferType(IRModule(fns, mod->attrs)) : mod;
}

}  // namespace relay
}  // namespace tirgen

// InstrumentBoundCheckers (TVM's tir.instrument_bound_checkers, `--check-bounds`): every buffer
// load and store of a lowered function gets its index checked against the buffer's extent. The
// index becomes tir.tirgen_check_index(index, extent, "buffer"): the C code gives the index back
// when it is inside [0, extent), else records "buffer B index I out of bounds (extent N)",
// makes the call fail (code -4) and uses index 0, so no access leaves the buffer. Checking the
// index where it is used (not in a statement before) keeps a load in the untaken side of an
// if_then_else unchecked, as it is unevaluated. Runs last in the build pipeline, when the
// module attribute tir.instrument_bound_checkers is set; buffers with a symbolic extent, strides
// or an offset (views) are left alone.
#include "tirgen/tir/functor.h"
#include "tirgen/tir/transforms/passes.h"

namespace tirgen {
namespace tir {
namespace transform {
namespace {

const char* const kCheckIndex = "tir.tirgen_check_index";

class BoundCheckInserter : public StmtExprMutator {
 public:
  using StmtExprMutator::VisitExpr_;
  using StmtExprMutator::VisitStmt_;

  PrimExpr VisitExpr_(const BufferLoadNode* op) override {
    PrimExpr e = StmtExprMutator::VisitExpr_(op);
    const auto* n = e.as<BufferLoadNode>();
    return BufferLoad(n->buffer, Checked(n->buffer, n->indices));
  }
  Stmt VisitStmt_(const BufferStoreNode* op) override {
    Stmt s = StmtExprMutator::VisitStmt_(op);
    const auto* n = s.as<BufferStoreNode>();
    return BufferStore(n->buffer, n->value, Checked(n->buffer, n->indices));
  }

 private:
  static std::vector<PrimExpr> Checked(const Buffer& b, const std::vector<PrimExpr>& indices) {
    const int64_t* offset = as_const_int(b->elem_offset);
    if (!b->strides.empty() || (b->elem_offset.defined() && (!offset || *offset != 0)) ||
        indices.size() != b->shape.size())
      return indices;
    std::vector<PrimExpr> out;
    for (size_t d = 0; d < indices.size(); ++d) {
      const int64_t* extent = as_const_int(b->shape[d]);
      const PrimExpr& i = indices[d];
      if (!extent || (i.as<CallNode>() && i.as<CallNode>()->op == kCheckIndex)) {
        out.push_back(i);
        continue;
      }
      std::string what = b->name + (indices.size() > 1 ? " (axis " + std::to_string(d) + ")" : "");
      out.push_back(Call(i.dtype(), kCheckIndex, {i, IntImm(DataType::Int(64), *extent), StringImm(what)}));
    }
    return out;
  }
};

}  // namespace

Pass InstrumentBoundCheckers() {
  return CreatePrimFuncPass("InstrumentBoundCheckers", [](const PrimFunc& f) {
    Stmt body = BoundCheckInserter().VisitStmt(f->body);
    if (body.same_as(f->body)) return f;
    auto n = CopyNode(*f.get());
    n->body = body;
    return PrimFunc(std::move(n));
  });
}

TIRGEN_REGISTER_PASS(InstrumentBoundCheckers, [](const std::vector<int64_t>&) { return InstrumentBoundCheckers(); });

}  // namespace transform
}  // namespace tir
}  // namespace tirgen

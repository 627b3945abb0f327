// LowerOpaqueBlock: the last step from block form to plain loops. Blocks (already opaque) are
// replaced by their bodies: allocations become Allocate + DeclBuffer around the body, a
// non-trivial predicate an IfThenElse, `pragma_*` annotations AttrStmts. Unit loops without
// annotations disappear (their var replaced by the loop's min). A buffer that storage_align
// gave strides is allocated by its strides (TVM's GetBufferAllocationShape) and its Allocate
// keeps the alignment as annotation buffer_dim_align [[-1, dim, factor, offset], ...].
#include <algorithm>
#include <unordered_map>

#include "storage_align_annotation.h"
#include "tirgen/tir/functor.h"
#include "tirgen/tir/op.h"
#include "tirgen/tir/transforms/passes.h"

namespace tirgen {
namespace tir {
namespace transform {
namespace {

bool IsPragmaKey(const std::string& key) { return key.compare(0, 7, "pragma_") == 0; }

class OpaqueBlockLower : public StmtExprMutator {
 public:
  explicit OpaqueBlockLower(DimAligns aligns) : aligns_(std::move(aligns)) {}
  using StmtExprMutator::VisitExpr_;
  using StmtExprMutator::VisitStmt_;

  Stmt VisitStmt_(const BlockRealizeNode* op) override {
    TIRGEN_CHECK(op->iter_values.empty()) << "tir.LowerOpaqueBlock: block " << op->block->name_hint
                                         << " has block variables; run tir.ConvertBlocksToOpaque first";
    Block block = VisitStmt(op->block).cast<Block>();
    PrimExpr predicate = VisitExpr(op->predicate);
    Stmt body = block->body;
    if (!is_one(predicate)) body = IfThenElse(predicate, body);
    // Innermost allocation last, so the first alloc_buffer ends up outermost.
    for (size_t i = block->alloc_buffers.size(); i > 0; --i) {
      const Buffer& buf = block->alloc_buffers[i - 1];
      body = DeclBuffer(buf, body);
      body = Allocate(buf->data, buf->dtype, AllocationShape(buf), IntImm(DataType::Bool(), 1), body,
                      AllocateAnnotations(buf));
    }
    std::vector<std::pair<std::string, PrimExpr>> pragmas = Pragmas(block->annotations);
    for (auto it = pragmas.rbegin(); it != pragmas.rend(); ++it)
      body = AttrStmt(IntImm(DataType::Int(32), 0), it->first, it->second, body);
    return body;
  }

  Stmt VisitStmt_(const ForNode* op) override {
    PrimExpr min = VisitExpr(op->min);
    PrimExpr extent = VisitExpr(op->extent);
    bool unit = is_one(extent) && op->annotations.empty();
    if (unit) unit_loop_vars_[op->loop_var.get()] = min;
    Stmt body = VisitStmt(op->body);
    std::vector<std::pair<std::string, PrimExpr>> pragmas = Pragmas(op->annotations);
    AttrMap kept;
    for (const auto& kv : op->annotations)
      if (!IsPragmaKey(kv.first)) kept.emplace(kv.first, kv.second);
    if (op->kind == ForKind::kThreadBinding) {
      TIRGEN_ICHECK(op->thread_binding.has_value());
      const std::string& tag = (*op->thread_binding)->thread_tag;
      IterVar iv(Range(min, extent), op->loop_var, IterVarType::kThreadIndex, tag);
      bool vthread = tag == "vthread" || tag == "vthread.x" || tag == "vthread.y" || tag == "vthread.z";
      body = AttrStmt(iv, vthread ? "virtual_thread" : "thread_extent", extent, body);
    } else if (unit) {
      return body;
    } else {
      body = For(op->loop_var, min, extent, op->kind, body, std::nullopt, kept);
    }
    for (auto it = pragmas.rbegin(); it != pragmas.rend(); ++it)
      body = AttrStmt(op->loop_var, it->first, it->second, body);
    return body;
  }

  PrimExpr VisitExpr_(const VarNode* op) override {
    auto it = unit_loop_vars_.find(op);
    if (it == unit_loop_vars_.end()) return GetRef<PrimExpr>(op);
    return cast(op->dtype, it->second);
  }

 private:
  // The shape an allocation needs: the buffer's shape, except that with strides dimension i
  // spans strides[i-1] / strides[i] elements (TVM v0.14 ir_utils.cc GetBufferAllocationShape,
  // used by lower_opaque_block.cc's Allocate), so padding from storage_align is allocated.
  static std::vector<PrimExpr> AllocationShape(const Buffer& buf) {
    std::vector<PrimExpr> shape = buf->shape;
    if (buf->strides.size() != shape.size()) return shape;
    for (size_t i = shape.size(); i-- > 1;) shape[i] = div(buf->strides[i - 1], buf->strides[i]);
    return shape;
  }

  // buffer_dim_align with the write index replaced by -1 (meaningless on an Allocate), as TVM
  // v0.14's lower_opaque_block.cc sets tuple[0] = -1 for each storage_align tuple of the buffer.
  AttrMap AllocateAnnotations(const Buffer& buf) const {
    auto it = aligns_.find(buf->data.get());
    if (it == aligns_.end()) return {};
    std::vector<ObjectRef> tuples;
    for (const auto& a : it->second) {
      tuples.push_back(Array(std::vector<ObjectRef>{IntImm(DataType::Int(32), -1), IntImm(DataType::Int(32), a[0]),
                                                    IntImm(DataType::Int(32), a[1]), IntImm(DataType::Int(32), a[2])}));
    }
    return AttrMap{{"buffer_dim_align", Array(tuples)}};
  }

  // `pragma_*` annotations sorted by key, as AttrStmt values.
  static std::vector<std::pair<std::string, PrimExpr>> Pragmas(const AttrMap& annotations) {
    std::vector<std::pair<std::string, PrimExpr>> out;
    for (const auto& kv : annotations) {
      if (!IsPragmaKey(kv.first)) continue;
      PrimExpr value;
      if (const StringObj* s = kv.second.as<StringObj>()) {
        value = StringImm(s->value);
      } else if (kv.second.defined()) {
        value = kv.second.cast<PrimExpr>();
      }
      out.emplace_back(kv.first, value);
    }
    return out;  // AttrMap is already sorted by key
  }

  std::unordered_map<const Object*, PrimExpr> unit_loop_vars_;
  DimAligns aligns_;
};

}  // namespace

Pass LowerOpaqueBlock() {
  return CreatePrimFuncPass("LowerOpaqueBlock", [](const PrimFunc& f) {
    Stmt body = OpaqueBlockLower(CollectStorageAlign(f->body)).VisitStmt(f->body);
    if (body.same_as(f->body)) return f;
    auto n = CopyNode(*f.get());
    n->body = body;
    return PrimFunc(std::move(n));
  });
}

TIRGEN_REGISTER_PASS(LowerOpaqueBlock, [](const std::vector<int64_t>&) { return LowerOpaqueBlock(); });

}  // namespace transform
}  // namespace tir
}  // namespace tirgen

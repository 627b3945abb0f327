// Reading storage_align's block annotation (see storage_align_annotation.h).
#include "storage_align_annotation.h"

#include "tirgen/support/error.h"
#include "tirgen/tir/functor.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace tir {
namespace transform {
namespace {

// block_attr {"buffer_dim_align": [[write_index, dim, factor, offset], ...]}: per data var, the
// (dim, factor, offset) alignments of the buffers blocks write.
class StorageAlignCollector : public StmtExprVisitor {
 public:
  using StmtExprVisitor::VisitStmt;
  DimAligns aligns;
  void VisitStmt_(const BlockNode* op) override {
    auto it = op->annotations.find("buffer_dim_align");
    if (it != op->annotations.end()) {
      if (const ArrayNode* list = it->second.as<ArrayNode>()) {
        for (const ObjectRef& t : list->elements) {
          const ArrayNode* tuple = t.as<ArrayNode>();
          if (!tuple || tuple->elements.size() != 4) throw Error("buffer_dim_align entries must have 4 integers");
          int64_t v[4];
          for (int k = 0; k < 4; ++k) {
            const PrimExprNode* e = tuple->elements[k].as<PrimExprNode>();
            const int64_t* c = e ? as_const_int(GetRef<PrimExpr>(e)) : nullptr;
            if (!c) throw Error("buffer_dim_align entries must be integers");
            v[k] = *c;
          }
          if (v[0] < 0 || v[0] >= static_cast<int64_t>(op->writes.size())) {
            throw Error("buffer_dim_align of block " + op->name_hint + " names write " + std::to_string(v[0]) +
                        ", which does not exist");
          }
          aligns[op->writes[v[0]]->buffer->data.get()].push_back({v[1], v[2], v[3]});
        }
      }
    }
    StmtExprVisitor::VisitStmt_(op);
  }
};

}  // namespace

DimAligns CollectStorageAlign(const Stmt& body) {
  StorageAlignCollector c;
  c.VisitStmt(body);
  return std::move(c.aligns);
}

}  // namespace transform
}  // namespace tir
}  // namespace tirgen

// layout_free_placeholders (block annotation) -> layout_free_buffers (func attr).
#include <set>

#include "create_primfunc_passes.h"
#include "tirgen/tir/functor.h"

namespace tirgen {
namespace te {

using namespace tir;  // NOLINT

namespace {
class Normalizer : public StmtExprMutator {
 public:
  explicit Normalizer(const PrimFunc& func) {
    for (size_t i = 0; i < func->params.size(); ++i) {
      if (const Buffer* b = func->BufferOf(func->params[i])) params_.emplace_back(*b, int(i));
    }
  }
  std::set<int> indices;

  Stmt VisitStmt_(const BlockNode* op) override {
    Stmt s = StmtExprMutator::VisitStmt_(op);
    const BlockNode* b = s.as<BlockNode>();
    AttrMap ann = b->annotations;
    bool changed = false;
    auto it = ann.find("layout_free_placeholders");
    if (it != ann.end()) {
      std::vector<ObjectRef> keep;
      if (const ArrayNode* arr = it->second.as<ArrayNode>()) {
        for (const ObjectRef& e : arr->elements) {
          int idx = ParamIndex(e);
          if (idx >= 0) indices.insert(idx);
          else keep.push_back(e);
        }
      }
      if (keep.empty()) ann.erase(it);
      else it->second = Array(keep);
      changed = true;
    }
    for (const char* key : {"const_matrix", "auto_scheduler_simplify_const_tensor_indices",
                            "workload"}) {
      changed = ann.erase(key) > 0 || changed;
    }
    if (!changed) return s;
    auto n = CopyNode(*b);
    n->annotations = std::move(ann);
    return Stmt(std::shared_ptr<const Object>(std::move(n)));
  }

 private:
  int ParamIndex(const ObjectRef& e) const {
    for (const auto& [buf, i] : params_)
      if (buf.same_as(e)) return i;
    return -1;
  }
  std::vector<std::pair<Buffer, int>> params_;
};
}  // namespace

PrimFunc NormalizeLayoutFreePlaceholders(const PrimFunc& func) {
  Normalizer n(func);
  Stmt body = n.VisitStmt(func->body);
  auto f = CopyNode(*func.get());
  f->body = body;
  if (!n.indices.empty()) {
    std::vector<ObjectRef> idx;
    for (int i : n.indices) idx.push_back(IntImm(DataType::Int(32), i));
    f->attrs["layout_free_buffers"] = Array(idx);
  }
  return PrimFunc(std::shared_ptr<const Object>(std::move(f)));
}

}  // namespace te
}  // namespace tirgen

// tensorize: blockize the loop (or take the block), match its computation against a registered
// intrinsic's description, and replace it by the implementation's body, binding the
// implementation's buffers to the matched regions with match_buffers. A region whose
// description dimension runs along a non-innermost schedule dimension (strided; TVM rejects
// it) is not viewed: the implementation's accesses are rewritten onto the source buffer.
#include "blockize.h"
#include "tensorize_compare.h"
#include "tirgen/tir/schedule/tensor_intrin.h"
#include "tirgen/tir/transforms/index_dtype_normalizer.h"

namespace tirgen {
namespace tir {

namespace {
// Rewrites accesses of a view buffer onto its source: view[i...] -> src[base + i along dims].
class ViewInliner : public StmtExprMutator {
 public:
  ViewInliner(const Buffer& view, const TensorizeComparator::Access& a) : view_(view), a_(a) {}
  std::vector<PrimExpr> Map(const std::vector<PrimExpr>& idx) {
    std::vector<PrimExpr> out = a_.base;
    for (size_t j = 0; j < idx.size(); ++j) out[a_.dims[j]] = add(out[a_.dims[j]], cast(out[a_.dims[j]].dtype(), VisitExpr(idx[j])));
    return out;
  }
  PrimExpr VisitExpr_(const BufferLoadNode* op) override {
    if (!op->buffer.same_as(view_)) return StmtExprMutator::VisitExpr_(op);
    return BufferLoad(a_.lhs, Map(op->indices));
  }
  Stmt VisitStmt_(const BufferStoreNode* op) override {
    if (!op->buffer.same_as(view_)) return StmtExprMutator::VisitStmt_(op);
    return BufferStore(a_.lhs, VisitExpr(op->value), Map(op->indices));
  }
  PrimExpr VisitExpr_(const VarNode* op) override {
    if (op == view_->data.get())
      throw ScheduleError("cannot tensorize: the implementation uses buffer \"" + view_->name +
                          "\" opaquely, but it matches a strided region, which only loads and stores can use");
    return GetRef<PrimExpr>(op);
  }

 private:
  Buffer view_;
  const TensorizeComparator::Access& a_;
};

int MaxIndexBits(const BlockNode* block) {
  int bits = -1;
  for (const auto* regions : {&block->reads, &block->writes})
    for (const BufferRegion& r : *regions)
      for (const Range& rg : r->region) bits = std::max(bits, rg->min.dtype().bits());
  return bits > 0 ? bits : 32;
}
}  // namespace

void Schedule::Tensorize(const BlockOrLoopRV& target, const std::string& intrin_name, bool preserve_unit_iters) {
  const TensorIntrin& intrin = TensorIntrin::Get(intrin_name);
  int id = std::holds_alternative<BlockRV>(target) ? std::get<BlockRV>(target).id : std::get<LoopRV>(target).id;
  std::string func = state_->FuncOf(id);
  StmtTree tree(state_->Func(func));
  BlockRealize realize;
  const StmtNode* replaced = nullptr;
  std::string what;
  if (const auto* b = std::get_if<BlockRV>(&target)) {
    const BlockNode* block = state_->GetBlock(*b);
    realize = GetRef<BlockRealize>(tree.nodes.at(block).realize);
    replaced = block;
    what = Describe(block);
  } else {
    const ForNode* loop = state_->GetLoop(std::get<LoopRV>(target));
    realize = BlockizeLoop(tree, loop, preserve_unit_iters).outer;
    replaced = loop;
    what = Describe(loop);
  }
  PrimFunc impl = NormalizeIndexDataType(intrin.impl, DataType::Int(MaxIndexBits(realize->block.get())));
  TensorizeComparator cmp;
  if (!cmp.Match(realize, intrin.desc->body.cast<BlockRealize>()))
    throw ScheduleError("cannot tensorize " + what + " with \"" + intrin_name + "\": " + cmp.error());
  const BlockNode* impl_block = impl->body.as<BlockRealizeNode>()->block.get();
  Stmt body = impl_block->body;
  std::vector<MatchBufferRegion> matches;
  for (size_t i = 0; i < impl->params.size(); ++i) {
    const Buffer& desc_buf = *intrin.desc->BufferOf(intrin.desc->params[i]);
    const Buffer& impl_buf = *impl->BufferOf(impl->params[i]);
    const TensorizeComparator::Access* a = cmp.AccessOf(desc_buf);
    if (!a)
      throw ScheduleError("cannot tensorize " + what + " with \"" + intrin_name + "\": the description never accesses \"" +
                          desc_buf->name + "\"");
    std::vector<Range> impl_region;
    for (const auto* regions : {&impl_block->reads, &impl_block->writes})
      for (const BufferRegion& r : *regions)
        if (r->buffer.same_as(impl_buf) && impl_region.empty()) impl_region = r->region;
    if (impl_region.empty()) impl_region = BufferRegion::Full(impl_buf)->region;
    bool trailing = true;
    for (size_t j = 0; j < a->dims.size(); ++j)
      trailing = trailing && a->dims[j] == static_cast<int>(a->base.size() - a->dims.size() + j);
    if (!trailing) {
      body = ViewInliner(impl_buf, *a).VisitStmt(body);
      continue;
    }
    std::vector<Range> region;
    for (size_t d = 0; d < a->base.size(); ++d) {
      PrimExpr mn = a->base[d];
      auto j = std::find(a->dims.begin(), a->dims.end(), static_cast<int>(d));
      PrimExpr ext = j == a->dims.end() ? make_const(mn.dtype(), 1) : cast(mn.dtype(), impl_region[j - a->dims.begin()]->extent);
      region.emplace_back(mn, ext);
    }
    matches.push_back(MatchBufferRegion(impl_buf, BufferRegion(a->lhs, region)));
  }
  auto n = CopyNode(*realize->block.get());
  n->body = body;
  n->match_buffers = matches;
  for (const auto& kv : impl_block->annotations)
    if (!n->annotations.count(kv.first)) n->annotations[kv.first] = kv.second;
  Block new_block{std::shared_ptr<const Object>(n)};
  if (std::holds_alternative<BlockRV>(target)) {
    state_->Replace(func, replaced, new_block, {{static_cast<const BlockNode*>(replaced), new_block}});
  } else {
    state_->Replace(func, replaced, BlockRealize(realize->iter_values, realize->predicate, new_block));
  }
  trace_.Append(Instruction{"tensorize",
                            {{"block_or_loop", Value(target)},
                             {"tensor_intrin", TraceValue::Str(intrin_name)},
                             {"preserve_unit_iters", TraceValue::Bool(preserve_unit_iters)}},
                            {},
                            false});
}

}  // namespace tir
}  // namespace tirgen

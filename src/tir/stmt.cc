#include "tirgen/tir/stmt.h"

namespace tirgen {
namespace tir {

LetStmt::LetStmt(Var var, PrimExpr value, Stmt body) {
  TIRGEN_ICHECK(var.defined() && value.defined() && body.defined());
  TIRGEN_ICHECK(var.dtype() == value.dtype()) << "LetStmt value type differs from var type";
  auto n = std::make_shared<LetStmtNode>();
  n->var = std::move(var);
  n->value = std::move(value);
  n->body = std::move(body);
  data_ = std::move(n);
}

AttrStmt::AttrStmt(ObjectRef node, std::string attr_key, PrimExpr value, Stmt body) {
  auto n = std::make_shared<AttrStmtNode>();
  n->node = std::move(node);
  n->attr_key = std::move(attr_key);
  n->value = std::move(value);
  n->body = std::move(body);
  data_ = std::move(n);
}

AssertStmt::AssertStmt(PrimExpr condition, PrimExpr message, Stmt body) {
  auto n = std::make_shared<AssertStmtNode>();
  n->condition = std::move(condition);
  n->message = std::move(message);
  n->body = std::move(body);
  data_ = std::move(n);
}

BufferStore::BufferStore(Buffer buffer, PrimExpr value, std::vector<PrimExpr> indices) {
  TIRGEN_ICHECK(buffer.defined() && value.defined());
  TIRGEN_ICHECK(indices.size() == buffer->shape.size())
      << "BufferStore to " << buffer->name << " with " << indices.size() << " indices, rank "
      << buffer->shape.size();
  auto n = std::make_shared<BufferStoreNode>();
  n->buffer = std::move(buffer);
  n->value = std::move(value);
  n->indices = std::move(indices);
  data_ = std::move(n);
}

Allocate::Allocate(Var buffer_var, DataType dtype, std::vector<PrimExpr> extents,
                   PrimExpr condition, Stmt body, AttrMap annotations) {
  auto n = std::make_shared<AllocateNode>();
  n->buffer_var = std::move(buffer_var);
  n->dtype = dtype;
  n->extents = std::move(extents);
  n->condition = condition.defined() ? std::move(condition) : PrimExpr(IntImm(DataType::Bool(), 1));
  n->body = std::move(body);
  n->annotations = std::move(annotations);
  data_ = std::move(n);
}

AllocateConst::AllocateConst(Var buffer_var, DataType dtype, std::vector<PrimExpr> extents,
                             NDArray data, Stmt body, AttrMap annotations) {
  TIRGEN_ICHECK(data.defined());
  TIRGEN_ICHECK(data->dtype == dtype) << "AllocateConst data dtype " << data->dtype.str()
                                      << " differs from " << dtype.str();
  int64_t count = 1;
  bool all_const = true;
  for (const PrimExpr& e : extents) {
    if (const int64_t* v = as_const_int(e))
      count *= *v;
    else
      all_const = false;
  }
  TIRGEN_ICHECK(!all_const || count == data->NumElements())
      << "AllocateConst extents hold " << count << " elements, data has " << data->NumElements();
  auto n = std::make_shared<AllocateConstNode>();
  n->buffer_var = std::move(buffer_var);
  n->dtype = dtype;
  n->extents = std::move(extents);
  n->data = std::move(data);
  n->body = std::move(body);
  n->annotations = std::move(annotations);
  data_ = std::move(n);
}

AllocateConst AllocateConst::WithStorageIndex(Var buffer_var, DataType dtype,
                                              std::vector<PrimExpr> extents, int64_t index,
                                              Stmt body, AttrMap annotations) {
  auto n = std::make_shared<AllocateConstNode>();
  n->buffer_var = std::move(buffer_var);
  n->dtype = dtype;
  n->extents = std::move(extents);
  n->irmod_storage_idx = index;
  n->body = std::move(body);
  n->annotations = std::move(annotations);
  return AllocateConst(std::shared_ptr<const Object>(std::move(n)));
}

DeclBuffer::DeclBuffer(Buffer buffer, Stmt body) {
  auto n = std::make_shared<DeclBufferNode>();
  n->buffer = std::move(buffer);
  n->body = std::move(body);
  data_ = std::move(n);
}

SeqStmt::SeqStmt(std::vector<Stmt> seq) {
  TIRGEN_ICHECK(!seq.empty()) << "empty SeqStmt";
  auto n = std::make_shared<SeqStmtNode>();
  n->seq = std::move(seq);
  data_ = std::move(n);
}

Stmt SeqStmt::Flatten(const std::vector<Stmt>& stmts) {
  std::vector<Stmt> flat;
  for (const Stmt& s : stmts) {
    if (!s.defined()) continue;
    if (const SeqStmtNode* seq = s.as<SeqStmtNode>()) {
      Stmt inner = Flatten(seq->seq);
      if (const SeqStmtNode* iseq = inner.as<SeqStmtNode>())
        flat.insert(flat.end(), iseq->seq.begin(), iseq->seq.end());
      else
        flat.push_back(inner);
    } else {
      flat.push_back(s);
    }
  }
  if (flat.empty()) return Evaluate(PrimExpr(0));
  if (flat.size() == 1) return flat[0];
  return SeqStmt(std::move(flat));
}

IfThenElse::IfThenElse(PrimExpr condition, Stmt then_case, Stmt else_case) {
  TIRGEN_ICHECK(condition.defined() && then_case.defined());
  auto n = std::make_shared<IfThenElseNode>();
  n->condition = std::move(condition);
  n->then_case = std::move(then_case);
  n->else_case = std::move(else_case);
  data_ = std::move(n);
}

Evaluate::Evaluate(PrimExpr value) {
  auto n = std::make_shared<EvaluateNode>();
  n->value = std::move(value);
  data_ = std::move(n);
}

const char* ForKindName(ForKind kind) {
  switch (kind) {
    case ForKind::kSerial:
      return "serial";
    case ForKind::kParallel:
      return "parallel";
    case ForKind::kVectorized:
      return "vectorized";
    case ForKind::kUnrolled:
      return "unroll";
    case ForKind::kThreadBinding:
      return "thread_binding";
  }
  return "?";
}

For::For(Var loop_var, PrimExpr min, PrimExpr extent, ForKind kind, Stmt body,
         std::optional<IterVar> thread_binding, AttrMap annotations) {
  TIRGEN_ICHECK(loop_var.defined() && min.defined() && extent.defined() && body.defined());
  auto n = std::make_shared<ForNode>();
  n->loop_var = std::move(loop_var);
  n->min = std::move(min);
  n->extent = std::move(extent);
  n->kind = kind;
  n->body = std::move(body);
  n->thread_binding = std::move(thread_binding);
  n->annotations = std::move(annotations);
  data_ = std::move(n);
}

While::While(PrimExpr condition, Stmt body) {
  auto n = std::make_shared<WhileNode>();
  n->condition = std::move(condition);
  n->body = std::move(body);
  data_ = std::move(n);
}

Block::Block(std::vector<IterVar> iter_vars, std::vector<BufferRegion> reads,
             std::vector<BufferRegion> writes, std::string name_hint, Stmt body,
             std::optional<Stmt> init, std::vector<Buffer> alloc_buffers,
             std::vector<MatchBufferRegion> match_buffers, AttrMap annotations) {
  TIRGEN_ICHECK(body.defined()) << "block " << name_hint << " without body";
  auto n = std::make_shared<BlockNode>();
  n->iter_vars = std::move(iter_vars);
  n->reads = std::move(reads);
  n->writes = std::move(writes);
  n->name_hint = std::move(name_hint);
  n->body = std::move(body);
  n->init = std::move(init);
  n->alloc_buffers = std::move(alloc_buffers);
  n->match_buffers = std::move(match_buffers);
  n->annotations = std::move(annotations);
  data_ = std::move(n);
}

BufferRealize::BufferRealize(Buffer buffer, std::vector<Range> bounds, PrimExpr condition, Stmt body) {
  TIRGEN_ICHECK(buffer.defined() && body.defined());
  TIRGEN_ICHECK(bounds.size() == buffer->shape.size()) << "BufferRealize of " << buffer->name << " needs one range per dimension";
  auto n = std::make_shared<BufferRealizeNode>();
  n->buffer = std::move(buffer);
  n->bounds = std::move(bounds);
  n->condition = condition.defined() ? std::move(condition) : PrimExpr(IntImm(DataType::Bool(), 1));
  n->body = std::move(body);
  data_ = std::move(n);
}

BlockRealize::BlockRealize(std::vector<PrimExpr> iter_values, PrimExpr predicate, Block block) {
  TIRGEN_ICHECK(block.defined());
  TIRGEN_ICHECK(iter_values.size() == block->iter_vars.size())
      << "block " << block->name_hint << " has " << block->iter_vars.size()
      << " iter vars but " << iter_values.size() << " bindings";
  auto n = std::make_shared<BlockRealizeNode>();
  n->iter_values = std::move(iter_values);
  n->predicate = predicate.defined() ? std::move(predicate) : PrimExpr(IntImm(DataType::Bool(), 1));
  n->block = std::move(block);
  data_ = std::move(n);
}

}  // namespace tir
}  // namespace tirgen

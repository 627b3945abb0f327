// CreatePrimFunc (see create_primfunc.h). Steps:
//  1. order the ops: post-order DFS from the args, inputs in first-read order;
//  2. one loop nest + block per ComputeOp (a reduction gives one block with T.init), one
//     opaque block per ExternOp (its statement over its placeholder buffers); ScanOp is
//     refused, as TVM v0.14's CreatePrimFunc refuses it;
//  3. a root block holding the intermediate buffers; access regions for every block;
//  4. BindParams (constants), index dtype normalisation, layout-free placeholders.
#include "tirgen/te/create_primfunc.h"

#include <unordered_map>

#include "create_primfunc_passes.h"
#include "tirgen/arith/simplify.h"
#include "tirgen/support/name_supply.h"
#include "tirgen/tir/analysis/block_access_region.h"
#include "tirgen/tir/functor.h"
#include "tirgen/tir/op.h"
#include "tirgen/tir/transforms/index_dtype_normalizer.h"

namespace tirgen {
namespace te {

using namespace tir;  // NOLINT

namespace {

struct TensorBuffer {
  Tensor tensor;
  Buffer buffer;
};

struct FuncInfo {
  std::vector<Tensor> args;
  std::vector<TensorBuffer> tensor2buffer;  // small; linear lookup keeps order deterministic
  std::vector<Buffer> root_alloc;
  NameSupply names;

  bool IsArg(const Tensor& t) const {
    for (const Tensor& a : args)
      if (a.Equals(t)) return true;
    return false;
  }
  const Buffer* Find(const Tensor& t) const {
    for (const TensorBuffer& tb : tensor2buffer)
      if (tb.tensor.Equals(t)) return &tb.buffer;
    return nullptr;
  }
  /// Binds (or rebinds, as TVM's tensor2buffers map does) a tensor's buffer.
  void Bind(const Tensor& t, const Buffer& b) {
    for (TensorBuffer& tb : tensor2buffer)
      if (tb.tensor.Equals(t)) return void(tb.buffer = b);
    tensor2buffer.push_back({t, b});
  }
};

// ProducerLoad(tensor) -> BufferLoad(buffer); axis vars -> block vars.
class ToBufferLoads : public StmtExprMutator {
 public:
  ToBufferLoads(const FuncInfo& info, const std::vector<std::pair<Var, PrimExpr>>& vmap)
      : info_(info) {
    for (const auto& kv : vmap) vmap_[kv.first.get()] = kv.second;
  }
  using StmtExprMutator::VisitExpr;
  PrimExpr VisitExpr_(const ProducerLoadNode* op) override {
    Tensor t = op->producer.cast<Tensor>();
    const Buffer* b = info_.Find(t);
    TIRGEN_ICHECK(b) << "tensor " << t.name_hint() << " read before it is produced";
    std::vector<PrimExpr> idx;
    for (const PrimExpr& i : op->indices) idx.push_back(VisitExpr(i));
    return BufferLoad(*b, std::move(idx));
  }
  PrimExpr VisitExpr_(const VarNode* op) override {
    auto it = vmap_.find(op);
    return it == vmap_.end() ? GetRef<PrimExpr>(op) : it->second;
  }

 private:
  const FuncInfo& info_;
  std::unordered_map<const Object*, PrimExpr> vmap_;  // identity map, never iterated
};

void PostDFS(const Operation& op, std::vector<Operation>* order) {
  for (const Operation& o : *order)
    if (o.same_as(op)) return;
  if (const ComputeOpNode* c = op.as<ComputeOpNode>()) {
    // Producers first, in first-read order. TE graphs are acyclic, so `op` cannot have been
    // emitted while its own inputs were visited.
    for (const Tensor& t : c->InputTensors()) PostDFS(t->op, order);
  } else if (const ExternOpNode* e = op.as<ExternOpNode>()) {
    for (const Tensor& t : e->inputs) PostDFS(t->op, order);
  } else {
    // TVM v0.14's words (its test_error_reporting looks for them).
    TIRGEN_CHECK(op.as<PlaceholderOpNode>())
        << "TypeError: Unsupported Operation: " << KindName(op.kind()) << ". Only te.placeholder and "
        << "te.compute are allowed for now (te.extern too; " << op->name << " is not lowered by create_prim_func)";
  }
  order->push_back(op);
}

ObjectRef AttrToTIR(const FuncInfo& info, const ObjectRef& v) {
  if (!v.defined()) return v;
  if (v.kind() == Kind::kTensor) {
    const Buffer* b = info.Find(v.cast<Tensor>());
    TIRGEN_ICHECK(b) << "attribute names a tensor outside the function";
    return *b;
  }
  if (const ArrayNode* a = v.as<ArrayNode>()) {
    std::vector<ObjectRef> out;
    for (const ObjectRef& e : a->elements) out.push_back(AttrToTIR(info, e));
    return Array(out);
  }
  return v;
}

bool SameReduce(const ReduceNode* a, const ReduceNode* b) {
  if (!a->combiner.same_as(b->combiner) || !a->condition.same_as(b->condition)) return false;
  if (a->source.size() != b->source.size() || a->axis.size() != b->axis.size()) return false;
  for (size_t i = 0; i < a->source.size(); ++i)
    if (!a->source[i].same_as(b->source[i])) return false;
  for (size_t i = 0; i < a->axis.size(); ++i)
    if (!a->axis[i].same_as(b->axis[i])) return false;
  return true;
}

Stmt BlockFromCompute(const ComputeOpNode* op, const Operation& opref,
                      const std::vector<int>& outputs, const std::vector<PrimExpr>& bindings,
                      FuncInfo* info) {
  // Block vars: v_<axis name>, spatial then reduce.
  std::vector<IterVar> iter_vars;
  std::vector<std::pair<Var, PrimExpr>> vmap;
  auto push = [&](const std::vector<IterVar>& ivs) {
    for (const IterVar& iv : ivs) {
      Var v("v_" + iv->var->name_hint, iv->var.dtype());
      vmap.emplace_back(iv->var, v);
      iter_vars.emplace_back(Range(arith::Simplify(iv->dom->min), arith::Simplify(iv->dom->extent)),
                             v, iv->iter_type, iv->thread_tag);
    }
  };
  push(op->axis);
  push(op->reduce_axis);

  std::vector<Buffer> buffers;
  for (int k : outputs) {
    Tensor t = opref.output(k);
    Buffer b = Buffer::Decl(t->shape, t->dtype, t.name_hint(), "global");
    info->Bind(t, b);
    buffers.push_back(b);
    if (!info->IsArg(t)) info->root_alloc.push_back(b);
  }
  std::vector<PrimExpr> indices;
  for (size_t i = 0; i < op->axis.size(); ++i) indices.push_back(vmap[i].second);

  ToBufferLoads rewrite(*info, vmap);
  std::string name;
  std::optional<Stmt> init;
  Stmt body;
  if (const ReduceNode* reduce = op->body[outputs[0]].as<ReduceNode>()) {
    name = info->names.FreshName(op->name);
    std::vector<PrimExpr> lhs, rhs;
    std::vector<Stmt> inits, stores;
    for (size_t i = 0; i < buffers.size(); ++i) {
      lhs.push_back(BufferLoad(buffers[i], indices));
      rhs.push_back(arith::Simplify(rewrite.VisitExpr(reduce->source[i])));
      // te.sum(..., init=x) starts from x, as TE's reduction semantics say. (TVM v0.14's
      // CreatePrimFunc starts from the identity and drops the init silently: a different sum.)
      PrimExpr start = reduce->init.empty() ? reduce->combiner->identity_element[i]
                                            : arith::Simplify(rewrite.VisitExpr(reduce->init[i]));
      inits.push_back(BufferStore(buffers[i], start, indices));
    }
    std::vector<PrimExpr> combined = ApplyCombiner(reduce->combiner, lhs, rhs);
    std::vector<Var> temps;
    for (size_t i = 0; i < buffers.size(); ++i) {
      if (buffers.size() > 1) {
        temps.emplace_back("v_" + buffers[i]->name, lhs[i].dtype());
        stores.push_back(BufferStore(buffers[i], temps.back(), indices));
      } else {
        stores.push_back(BufferStore(buffers[i], combined[i], indices));
      }
    }
    init = SeqStmt::Flatten(inits);
    body = SeqStmt::Flatten(stores);
    for (size_t i = temps.size(); i > 0; --i) body = LetStmt(temps[i - 1], combined[i - 1], body);
    // A reduction's `where` guards the update. (TVM v0.14's CreatePrimFunc drops it and so
    // reduces over the whole domain; none of its TOPI computes set one, so outputs agree.)
    if (!is_one(reduce->condition))
      body = IfThenElse(arith::Simplify(rewrite.VisitExpr(reduce->condition)), body);
  } else {
    Tensor t = opref.output(outputs[0]);
    name = info->names.FreshName(t.name_hint());
    PrimExpr value = arith::Simplify(rewrite.VisitExpr(op->body[outputs[0]]));
    body = BufferStore(buffers[0], value, indices);
  }

  AttrMap annotations;
  for (const auto& kv : op->attrs) annotations[kv.first] = AttrToTIR(*info, kv.second);

  std::vector<PrimExpr> values = bindings;
  if (iter_vars.empty()) {
    // A 0-d compute still needs one block var to be a block.
    iter_vars.emplace_back(Range(0, 1), Var("vi", DataType::Int(32)), IterVarType::kDataPar);
    values.push_back(0);
  }
  Block block(iter_vars, {}, {}, name, body, init, {}, {}, annotations);
  return BlockRealize(values, IntImm(DataType::Bool(), 1), block);
}

Stmt StmtFromCompute(const Operation& opref, FuncInfo* info) {
  const ComputeOpNode* op = opref.as<ComputeOpNode>();
  std::vector<IterVar> axes = op->axis;
  axes.insert(axes.end(), op->reduce_axis.begin(), op->reduce_axis.end());
  std::vector<PrimExpr> bindings;
  for (const IterVar& iv : axes) {
    int bits = std::max(iv->dom->min.dtype().bits(), iv->dom->extent.dtype().bits());
    bindings.push_back(Var(iv->var->name_hint, DataType::Int(bits)));
  }
  std::vector<Stmt> seq;
  if (op->body[0].as<ReduceNode>()) {
    const ReduceNode* r0 = op->body[0].as<ReduceNode>();
    std::vector<int> outs;
    for (int k = 0; k < op->num_outputs(); ++k) {
      const ReduceNode* rk = op->body[k].as<ReduceNode>();
      TIRGEN_CHECK(rk && SameReduce(r0, rk))
          << "compute " << op->name << ": the Reduce outputs must share one reduction";
      outs.push_back(k);
    }
    seq.push_back(BlockFromCompute(op, opref, outs, bindings, info));
  } else {
    for (int k = 0; k < op->num_outputs(); ++k)
      seq.push_back(BlockFromCompute(op, opref, {k}, bindings, info));
  }
  Stmt body = SeqStmt::Flatten(seq);
  for (size_t i = axes.size(); i > 0; --i) {
    const IterVar& iv = axes[i - 1];
    body = For(bindings[i - 1].cast<Var>(), arith::Simplify(iv->dom->min),
               arith::Simplify(iv->dom->extent), ForKind::kSerial, body);
  }
  return body;
}

// Data vars and buffers of an extern body's input placeholders -> the buffers bound to its
// input tensors (TVM's BufferSubstituter).
class PlaceholderSubstituter : public StmtExprMutator {
 public:
  void Map(const Buffer& from, const Buffer& to) {
    vars_[from->data.get()] = to->data;
    // te.extern's placeholders carry an elem_offset var; the body may read it (a DLTensor
    // built for a packed call), and it is the bound buffer's offset.
    if (from->elem_offset.as<VarNode>()) vars_[from->elem_offset.get()] = to->elem_offset;
    buffers_[from.get()] = to;
  }
  using StmtExprMutator::VisitExpr;
  PrimExpr VisitExpr_(const VarNode* op) override {
    auto it = vars_.find(op);
    return it == vars_.end() ? GetRef<PrimExpr>(op) : it->second;
  }
  Buffer VisitBuffer(const Buffer& b) override {
    auto it = buffers_.find(b.get());
    return it == buffers_.end() ? b : it->second;
  }

 private:
  std::unordered_map<const Object*, PrimExpr> vars_;  // identity maps, never iterated
  std::unordered_map<const Object*, Buffer> buffers_;
};

// One opaque block named after the op, reading its inputs and writing its outputs whole, its
// body the op's statement over the bound buffers (TVM's GenerateStmtFromExternOp).
Stmt StmtFromExtern(const Operation& opref, FuncInfo* info) {
  const ExternOpNode* op = opref.as<ExternOpNode>();
  PlaceholderSubstituter substitute;
  std::vector<BufferRegion> reads, writes;
  for (size_t i = 0; i < op->inputs.size(); ++i) {
    const Buffer* b = info->Find(op->inputs[i]);
    TIRGEN_ICHECK(b) << "te.extern " << op->name << ": input read before it is produced";
    substitute.Map(op->input_placeholders[i], *b);
    reads.push_back(BufferRegion::Full(*b));
  }
  for (int i = 0; i < op->num_outputs(); ++i) {
    Buffer b = op->output_placeholders[i];
    Tensor t = opref.output(i);
    if (!info->IsArg(t)) {
      // An intermediate output is allocated in the root block, where nothing defines the
      // placeholder's elem_offset var: it gets offset 0 (TVM keeps the var, ill-formed).
      if (const auto* v = b->elem_offset.as<VarNode>()) {
        auto n = CopyNode(*b.get());
        n->elem_offset = IntImm(v->dtype, 0);
        n->offset_factor = 1;  // what T.alloc_buffer makes of te.extern's 0
        Buffer allocated(std::shared_ptr<const Object>(std::move(n)));
        substitute.Map(b, allocated);
        b = allocated;
      }
      info->root_alloc.push_back(b);
    }
    info->Bind(t, b);
    writes.push_back(BufferRegion::Full(b));
  }
  AttrMap annotations;
  for (const auto& kv : op->attrs) annotations[kv.first] = AttrToTIR(*info, kv.second);
  Block block({}, std::move(reads), std::move(writes), info->names.FreshName(op->name),
              substitute.VisitStmt(op->body), std::nullopt, {}, {}, annotations);
  return BlockRealize({}, IntImm(DataType::Bool(), 1), block);
}

bool ContainsBlock(const Stmt& s) {
  struct Finder : StmtExprVisitor {
    bool found = false;
    void VisitStmt_(const BlockRealizeNode*) override { found = true; }
  } f;
  f.VisitStmt(s);
  return f.found;
}

// Fills reads/writes of every block but the root (ScriptComplete's job in TVM). A block sees
// the params, the root allocations and the allocations of its enclosing blocks.
class RegionCompleter : public StmtExprMutator {
 public:
  RegionCompleter(std::vector<Buffer> visible, const BlockNode* root) : visible_(std::move(visible)), root_(root) {}
  Stmt VisitStmt_(const BlockNode* op) override {
    size_t n_visible = visible_.size();
    for (const Buffer& b : op->alloc_buffers) visible_.push_back(b);
    Stmt s = StmtExprMutator::VisitStmt_(op);
    visible_.resize(n_visible);
    if (op == root_) return s;  // the root keeps empty regions
    Block block = s.cast<Block>();
    if (!block->reads.empty() || !block->writes.empty()) return s;  // given (te.extern's)
    BlockAccessRegion r = GetBlockAccessRegion(block, [this](const Buffer& b) {
      for (const Buffer& v : visible_)
        if (v.same_as(b)) return true;
      return false;
    });
    auto n = CopyNode(*block.get());
    n->reads = std::move(r.reads);
    n->writes = std::move(r.writes);
    return Stmt(std::shared_ptr<const Object>(std::move(n)));
  }

 private:
  std::vector<Buffer> visible_;
  const BlockNode* root_;  ///< nullptr when the function has no root block
};

}  // namespace

PrimFunc CreatePrimFunc(const std::vector<Tensor>& args,
                        const std::vector<std::pair<Tensor, NDArray>>& constants,
                        std::optional<DataType> index_dtype_override) {
  FuncInfo info;
  info.args = args;
  std::vector<NDArray> const_data;
  for (const auto& [t, data] : constants) {
    TIRGEN_CHECK(t->op.as<PlaceholderOpNode>()) << "a constant must be a placeholder";
    info.args.push_back(t);
    const_data.push_back(data);
  }

  std::vector<Operation> order;
  for (const Tensor& t : info.args) PostDFS(t->op, &order);
  // An extern op's input placeholders are the buffers of its inputs until a producer binds
  // its own (TVM's InitializeBufferBinds): a function argument read by te.extern is its buffer.
  for (const Operation& op : order)
    if (const ExternOpNode* e = op.as<ExternOpNode>())
      for (size_t i = 0; i < e->inputs.size(); ++i) info.Bind(e->inputs[i], e->input_placeholders[i]);

  std::vector<Stmt> root_stmts;
  for (const Operation& op : order) {
    if (const PlaceholderOpNode* p = op.as<PlaceholderOpNode>()) {
      Tensor t = op.output(0);
      TIRGEN_CHECK(info.IsArg(t)) << "placeholder " << p->name << " is not a function argument";
      if (!info.Find(t)) info.tensor2buffer.push_back({t, Buffer::Decl(p->shape, p->dtype, p->name)});
    } else if (op.as<ExternOpNode>()) {
      root_stmts.push_back(StmtFromExtern(op, &info));
    } else {
      root_stmts.push_back(StmtFromCompute(op, &info));
    }
  }

  std::vector<Var> params;
  std::vector<std::pair<Var, Buffer>> buffer_map;
  std::vector<Buffer> visible;
  for (const Tensor& t : info.args) {
    Var param("var_" + t.name_hint(), DataType::Handle());
    const Buffer* b = info.Find(t);
    TIRGEN_ICHECK(b);
    params.push_back(param);
    buffer_map.emplace_back(param, *b);
    visible.push_back(*b);
  }
  for (const Buffer& b : info.root_alloc) visible.push_back(b);

  // The root block, when TVM's ScriptComplete would add one: intermediate buffers to allocate, a
  // lone block with iteration vars, or blocks below loops (a lone te.extern block needs none).
  Stmt body = SeqStmt::Flatten(root_stmts);
  const auto* lone = body.as<BlockRealizeNode>();
  const BlockNode* root_node = nullptr;
  if (!info.root_alloc.empty() || (lone ? !lone->block->iter_vars.empty() : ContainsBlock(body))) {
    Block root({}, {}, {}, "root", body, std::nullopt, info.root_alloc);
    root_node = root.as<BlockNode>();
    body = BlockRealize({}, IntImm(DataType::Bool(), 1), root);
  }
  body = RegionCompleter(visible, root_node).VisitStmt(body);

  AttrMap attrs;
  attrs["global_symbol"] = String("main");
  attrs["tir.noalias"] = IntImm(DataType::Bool(), 1);
  PrimFunc func(params, body, buffer_map, attrs);
  func = BindParams(func, const_data);
  if (index_dtype_override) func = NormalizeIndexDataType(func, *index_dtype_override);
  return NormalizeLayoutFreePlaceholders(func);
}

}  // namespace te
}  // namespace tirgen

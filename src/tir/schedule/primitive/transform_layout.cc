// transform_layout (TVM's TransformLayout): the buffer a block reads or writes at an index gets
// the shape the index map gives it, and every access to it (loads, stores, block regions) is
// rewritten through the map, in the block that allocates it (or the whole function for a
// parameter, whose buffer_map entry changes too). Name and data var stay. Only bijections are
// accepted: a map that would introduce padding or send two elements to one place is a
// ScheduleError (tirgen does not implement pad_value's padding blocks). Constant buffers
// (AllocateConst) are refused: their data would have to be permuted too.

#include "tirgen/arith/analyzer.h"
#include "tirgen/script/printer.h"
#include "../utils.h"

namespace tirgen {
namespace tir {

namespace {

std::string ShapeStr(const std::vector<PrimExpr>& shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + script::PrintExpr(shape[i]);
  return s + (shape.size() == 1 ? ",)" : ")");
}

// The new shape; with `check`, also that the map is a bijection of the old shape onto it (every
// point enumerated: exact, and buffers that schedules see are small enough).
std::vector<PrimExpr> MapShape(const IndexMap& map, const Buffer& buf, bool check, const std::string& what) {
  std::vector<int64_t> shape;
  int64_t volume = 1;
  for (const PrimExpr& d : buf->shape) {
    const int64_t* c = as_const_int(d);
    if (!c) throw ScheduleError("cannot transform_layout " + what + ": its shape is not constant");
    shape.push_back(*c);
    volume *= *c;
  }
  const size_t n_out = map.final_indices.size();
  std::vector<int64_t> lo(n_out, INT64_MAX), hi(n_out, INT64_MIN);
  std::vector<std::vector<int64_t>> points;
  const int64_t kLimit = int64_t(1) << 24;
  if (check && volume > kLimit)
    throw ScheduleError("cannot transform_layout " + what + ": it has more than 2^24 elements, too many to check the map is a bijection; pass assume_injective_transform=True");
  if (!check) {
    arith::Analyzer ana;
    for (size_t i = 0; i < shape.size(); ++i)
      ana.Bind(map.initial_indices[i], Range(make_const(map.initial_indices[i].dtype(), 0), buf->shape[i]));
    for (size_t k = 0; k < n_out; ++k) {
      arith::ConstBound b = ana.Bound(map.final_indices[k]);
      lo[k] = b.min;
      hi[k] = b.max;
    }
  } else {
    IndexMapEvaluator eval(map);
    std::vector<int64_t> idx(shape.size(), 0), out;
    for (int64_t p = 0; p < volume; ++p) {
      int bad = eval.unsupported_output();
      if (bad < 0) bad = eval.Map(idx, &out);  // an output dividing by zero here
      if (bad >= 0)
        throw ScheduleError("cannot transform_layout " + what + ": output " + std::to_string(bad) + " of " + map.ToPython() +
                            " is not integer arithmetic (+ - * // % min max) of its inputs");
      for (size_t k = 0; k < n_out; ++k) {
        lo[k] = std::min(lo[k], out[k]);
        hi[k] = std::max(hi[k], out[k]);
      }
      points.push_back(out);
      for (size_t i = shape.size(); i-- > 0;) {
        if (++idx[i] < shape[i]) break;
        idx[i] = 0;
      }
    }
  }
  std::vector<PrimExpr> new_shape;
  int64_t new_volume = 1;
  for (size_t k = 0; k < n_out; ++k) {
    if (volume > 0 && lo[k] != 0)
      throw ScheduleError("cannot transform_layout " + what + ": output " + std::to_string(k) + " of " + map.ToPython() +
                          " starts at " + std::to_string(lo[k]) + ", not 0");
    new_shape.push_back(make_const(buf->shape.empty() ? DataType::Int(32) : buf->shape[0].dtype(), hi[k] + 1));
    new_volume *= hi[k] + 1;
  }
  if (!check) return new_shape;
  if (new_volume > volume)
    throw ScheduleError("cannot transform_layout " + what + ": " + map.ToPython() + " maps shape " + ShapeStr(buf->shape) +
                        " into shape " + ShapeStr(new_shape) + " with " + std::to_string(new_volume - volume) +
                        " more element(s): it would introduce padding, which tirgen does not implement");
  std::vector<bool> seen(static_cast<size_t>(new_volume), false);
  for (const std::vector<int64_t>& pt : points) {
    int64_t flat = 0;
    for (size_t k = 0; k < n_out; ++k) flat = flat * (hi[k] + 1) + pt[k];
    if (seen[flat])
      throw ScheduleError("cannot transform_layout " + what + ": " + map.ToPython() + " is not a bijection on shape " +
                          ShapeStr(buf->shape) + ", two elements map to the same place");
    seen[flat] = true;
  }
  return new_shape;
}

class Rewriter : public TrackingMutator {
 public:
  Rewriter(const Buffer& old_buf, const Buffer& new_buf, const IndexMap& map)
      : old_(old_buf), new_(new_buf), map_(map) {
    visible_[new_buf->data.get()] = new_buf;
  }
  Stmt VisitStmt_(const ForNode* op) override {
    dom_.emplace_back(op->loop_var, Range(op->min, op->extent));
    Stmt s = TrackingMutator::VisitStmt_(op);
    dom_.pop_back();
    return s;
  }
  Stmt VisitStmt_(const BlockNode* op) override {
    IterDomain saved = dom_;
    dom_.clear();
    for (const IterVar& iv : op->iter_vars) {
      dom_.emplace_back(iv->var, iv->dom);
    }
    Stmt s = TrackingMutator::VisitStmt_(op);
    dom_ = saved;
    return s;
  }
  PrimExpr VisitExpr_(const BufferLoadNode* op) override {
    PrimExpr e = TrackingMutator::VisitExpr_(op);
    const auto* l = e.as<BufferLoadNode>();
    if (!l->buffer.same_as(old_)) return e;
    return BufferLoad(new_, Map(l->indices));
  }
  Stmt VisitStmt_(const BufferStoreNode* op) override {
    Stmt s = TrackingMutator::VisitStmt_(op);
    const auto* st = s.as<BufferStoreNode>();
    if (!st->buffer.same_as(old_)) return s;
    return BufferStore(new_, st->value, Map(st->indices));
  }

 protected:
  Block Finish(const BlockNode* old, Block b) override {
    BlockAccessRegion inferred = GetBlockReadWriteRegion(b, visible_);
    auto n = CopyNode(*b.get());
    auto fix = [&](std::vector<BufferRegion>& regions, const std::vector<BufferRegion>& found) {
      for (BufferRegion& r : regions)
        if (r->buffer.same_as(old_)) {
          if (found.size() != 1) throw InternalError("transform_layout: no single inferred region of " + old_->name);
          r = found[0];
        }
    };
    fix(n->reads, inferred.reads);
    fix(n->writes, inferred.writes);
    for (Buffer& a : n->alloc_buffers)
      if (a.same_as(old_)) a = new_;
    return Block(std::shared_ptr<const Object>(n));
  }

 private:
  std::vector<PrimExpr> Map(const std::vector<PrimExpr>& indices) {
    std::vector<PrimExpr> out;
    for (const PrimExpr& e : map_.MapIndices(indices)) out.push_back(ana_.Simplify(e));
    return IterMapSimplify(out, dom_, /*simplify_trivial=*/false);
  }
  Buffer old_, new_;
  const IndexMap& map_;
  BufferVarMap visible_;
  IterDomain dom_;
  arith::Analyzer ana_;  // no bounds (TVM's index simplifier): unit-extent iters stay
};

}  // namespace

void Schedule::TransformLayout(const BlockRV& block_rv, bool is_write, int buffer_index, const IndexMap& index_map,
                               bool assume_injective_transform) {
  State& st = *state_;
  const BlockNode* block = st.GetBlock(block_rv);
  std::string func = st.FuncOf(block_rv.id);
  PrimFunc f = st.Func(func);
  const std::vector<BufferRegion>& regions = is_write ? block->writes : block->reads;
  if (buffer_index < 0 || buffer_index >= static_cast<int>(regions.size()))
    throw ScheduleError("cannot transform_layout: buffer index " + std::to_string(buffer_index) + " is out of range, " +
                        Describe(block) + (is_write ? " writes " : " reads ") + std::to_string(regions.size()) +
                        " buffer(s)");
  Buffer old_buf = regions[buffer_index]->buffer;
  std::string what = "buffer \"" + old_buf->name + "\" of " + Describe(block);
  if (index_map.initial_indices.size() != old_buf->shape.size())
    throw ScheduleError("cannot transform_layout " + what + ": " + index_map.ToPython() + " takes " +
                        std::to_string(index_map.initial_indices.size()) + " indices but the buffer has " +
                        std::to_string(old_buf->shape.size()) + " dimension(s)");
  if (IsConstantBuffer(f, old_buf))
    throw ScheduleError("cannot transform_layout " + what + ": it is a constant (AllocateConst) buffer, whose data would have to be rearranged too");
  IndexMap map = index_map.WithDType(old_buf->shape.empty() ? DataType::Int(32) : old_buf->shape[0].dtype());
  // Where the buffer is defined: a block's alloc_buffers, or the function's parameters.
  StmtTree tree(f);
  const BlockNode* scope = nullptr;
  for (const BlockNode* b : tree.blocks) {
    for (const Buffer& a : b->alloc_buffers)
      if (a.same_as(old_buf)) scope = b;
    for (const MatchBufferRegion& mb : b->match_buffers)
      if (mb->buffer.same_as(old_buf) || mb->source->buffer.same_as(old_buf))
        throw ScheduleError("cannot transform_layout " + what + ": " + Describe(b) + " views it through a match_buffer");
  }
  bool is_param = false;
  for (const auto& kv : f->buffer_map) is_param = is_param || kv.second.same_as(old_buf);
  if (!scope && !is_param)
    throw ScheduleError("cannot transform_layout " + what + ": it is neither allocated by a block nor a parameter");
  if (!scope) scope = tree.root;

  auto nb = CopyNode(*old_buf.get());
  nb->shape = MapShape(map, old_buf, !assume_injective_transform, what);
  Buffer new_buf{std::shared_ptr<const Object>(nb)};

  Rewriter rw(old_buf, new_buf, map);
  Stmt new_scope = rw.VisitStmt(GetRef<Stmt>(scope));
  std::map<const BlockNode*, Block> reuse = rw.rebuilt;
  st.Replace(func, scope, new_scope, reuse);
  if (is_param) {
    auto fn = CopyNode(*st.Func(func).get());
    for (auto& kv : fn->buffer_map)
      if (kv.second.same_as(old_buf)) kv.second = new_buf;
    st.ReplaceFunc(func, PrimFunc(std::shared_ptr<const Object>(fn)));
  }
  std::vector<TraceValue> buffer_arg{TraceValue::Str(is_write ? "write" : "read"), TraceValue::Int(buffer_index)};
  trace_.Append(Instruction{"transform_layout",
                            {{"block", Value(block_rv)},
                             {"buffer", TraceValue::List(buffer_arg, TraceValue::kTuple)},
                             {"index_map", TraceValue::Lambda(index_map.ToPython())},
                             {"pad_value", TraceValue::None()},
                             {"assume_injective_transform", TraceValue::Bool(assume_injective_transform)}},
                            {},
                            false});
}

}  // namespace tir
}  // namespace tirgen

// LowerMatchBuffer: a match_buffer is a view of a region of another buffer. Accesses to the view
// become accesses to the source (indices shifted by the region's min), and the view's symbolic
// fields (data, elem_offset, strides, shape) are bound to what the source provides; a field
// that is already bound, or a constant, must be provably equal (else an error).
#include <unordered_map>

#include "tirgen/arith/simplify.h"
#include "tirgen/script/printer.h"
#include "tirgen/tir/expr_deep_equal.h"
#include "tirgen/tir/functor.h"
#include "tirgen/tir/op.h"
#include "tirgen/tir/transforms/passes.h"
#include "tirgen/tir/transforms/transform_utils.h"

namespace tirgen {
namespace tir {
namespace transform {

namespace {

class MatchBufferLowerer : public StmtExprMutator {
 public:
  using StmtExprMutator::VisitExpr;
  using StmtExprMutator::VisitStmt;

  explicit MatchBufferLowerer(const PrimFunc& f) {
    // Scalar parameters are fixed: binding one asserts instead of substituting.
    for (const Var& p : f->params) {
      if (!p.dtype().is_handle()) var_map_[p.get()] = p;
    }
  }

  Stmt VisitStmt_(const BlockNode* op) override {
    for (const MatchBufferRegion& m : op->match_buffers) CheckAndBind(m);
    Stmt s = StmtExprMutator::VisitStmt_(op);
    const BlockNode* block = s.as<BlockNode>();
    bool changed = !block->match_buffers.empty();
    auto convert = [&](const std::vector<BufferRegion>& in) {
      std::vector<BufferRegion> out;
      for (const BufferRegion& r : in) {
        out.push_back(ToSource(r));
        changed = changed || !out.back().same_as(r);
      }
      return out;
    };
    std::vector<BufferRegion> reads = convert(block->reads), writes = convert(block->writes);
    if (!changed) return s;
    auto n = CopyNode(*block);
    n->match_buffers.clear();
    n->reads = std::move(reads);
    n->writes = std::move(writes);
    return Stmt(std::move(n));
  }

  PrimExpr VisitExpr_(const VarNode* op) override {
    auto it = var_map_.find(op);
    return it != var_map_.end() ? it->second : GetRef<PrimExpr>(op);
  }

  Stmt VisitStmt_(const BufferStoreNode* op) override {
    Stmt s = StmtExprMutator::VisitStmt_(op);
    const BufferStoreNode* store = s.as<BufferStoreNode>();
    auto it = matches_.find(store->buffer.get());
    if (it == matches_.end()) return s;
    return BufferStore(it->second->source->buffer, store->value, ToSourceIndices(it->second, store->indices));
  }

  PrimExpr VisitExpr_(const BufferLoadNode* op) override {
    PrimExpr e = StmtExprMutator::VisitExpr_(op);
    const BufferLoadNode* load = e.as<BufferLoadNode>();
    auto it = matches_.find(load->buffer.get());
    if (it == matches_.end()) return e;
    return BufferLoad(it->second->source->buffer, ToSourceIndices(it->second, load->indices));
  }

 private:
  // Leading source dimensions the view drops must have extent 1.
  static size_t DroppedDims(const MatchBufferRegion& m, size_t view_rank) {
    const auto& region = m->source->region;
    TIRGEN_ICHECK(region.size() >= view_rank);
    size_t offset = region.size() - view_rank;
    for (size_t i = 0; i < offset; ++i) {
      if (!is_one(arith::Simplify(region[i]->extent))) {
        throw Error("match_buffer " + m->buffer->name + " drops dimension " + std::to_string(i) +
                    " of " + m->source->buffer->name + " whose extent is not 1");
      }
    }
    return offset;
  }

  static std::vector<PrimExpr> ToSourceIndices(const MatchBufferRegion& m,
                                               const std::vector<PrimExpr>& indices) {
    size_t offset = DroppedDims(m, indices.size());
    const auto& region = m->source->region;
    std::vector<PrimExpr> out;
    for (size_t i = 0; i < offset; ++i) out.push_back(region[i]->min);
    for (size_t i = 0; i < indices.size(); ++i) out.push_back(add(region[i + offset]->min, indices[i]));
    return out;
  }

  BufferRegion ToSource(const BufferRegion& r) const {
    auto it = matches_.find(r->buffer.get());
    if (it == matches_.end()) return r;
    const MatchBufferRegion& m = it->second;
    size_t offset = DroppedDims(m, r->region.size());
    const auto& src = m->source->region;
    std::vector<Range> out;
    for (size_t i = 0; i < offset; ++i) out.emplace_back(src[i]->min, make_const(src[i]->min.dtype(), 1));
    for (size_t i = 0; i < r->region.size(); ++i) {
      out.emplace_back(add(src[i + offset]->min, r->region[i]->min), r->region[i]->extent);
    }
    return BufferRegion(m->source->buffer, std::move(out));
  }

  void CheckAndBind(const MatchBufferRegion& match) {
    const Buffer& buffer = match->buffer;
    BufferRegion source = ToSource(match->source);  // a view of a view: go to the real buffer
    const Buffer& src = source->buffer;
    if (buffer->scope() != src->scope()) {
      throw Error("match_buffer " + buffer->name + " scope mismatch: " + buffer->scope() + " vs. " +
                  src->scope());
    }
    if (buffer->dtype != src->dtype) {
      throw Error("match_buffer " + buffer->name + " data type mismatch: " + buffer->dtype.str() +
                  " vs. " + src->dtype.str());
    }
    if (is_zero(buffer->elem_offset) && !is_zero(src->elem_offset)) {
      throw Error("match_buffer " + buffer->name + " has no offset but views " + src->name +
                  ", whose elem_offset is " + script::PrintExpr(src->elem_offset));
    }
    matches_[buffer.get()] = MatchBufferRegion(buffer, source);
    Bind(buffer->data, src->data, buffer->name + ".data");

    // elem_offset: the flat offset of the region's first element.
    if (src->axis_separators.empty()) {
      PrimExpr offset = make_const(DataType::Int(32), 0);
      for (size_t i = 0; i < source->region.size(); ++i) {
        const PrimExpr& idx = source->region[i]->min;
        offset = src->strides.empty() ? add(mul(offset, src->shape[i]), idx) : add(offset, mul(idx, src->strides[i]));
      }
      if (src->elem_offset.defined() && !is_zero(src->elem_offset)) offset = add(offset, src->elem_offset);
      offset = arith::Simplify(offset);
      // A rank-0 view keeps an int32 elem_offset (TVMScript cannot show TVM's int64 there, so
      // parsed views have int32) while the offset into an int64-indexed source is int64.
      if (buffer->shape.empty() && offset.dtype() != buffer->elem_offset.dtype())
        offset = cast(buffer->elem_offset.dtype(), offset);
      Bind(buffer->elem_offset, offset, buffer->name + ".elem_offset");
      PrimExpr bound = arith::Simplify(Substitute(buffer->elem_offset, Bindings()));
      const int64_t* c = as_const_int(bound);
      if (c && buffer->offset_factor > 1 && *c % buffer->offset_factor != 0) {
        throw Error("the elem_offset " + std::to_string(*c) + " of match_buffer " + buffer->name +
                    " does not satisfy its offset_factor " + std::to_string(buffer->offset_factor));
      }
    } else {
      Bind(buffer->elem_offset, make_const(buffer->elem_offset.dtype(), 0), buffer->name + ".elem_offset");
    }

    size_t offset = DroppedDims(MatchBufferRegion(buffer, source), buffer->shape.size());
    if (!buffer->strides.empty()) {
      TIRGEN_ICHECK(buffer->strides.size() == buffer->shape.size());
      if (src->strides.empty()) {
        PrimExpr stride = make_const(buffer->strides.back().dtype(), 1);
        for (size_t i = buffer->shape.size(); i > 0; --i) {
          Bind(buffer->strides[i - 1], stride, buffer->name + ".strides_" + std::to_string(i - 1));
          stride = mul(stride, src->shape[i - 1 + offset]);
        }
      } else {
        for (size_t i = buffer->shape.size(); i > 0; --i) {
          Bind(buffer->strides[i - 1], src->strides[i - 1 + offset],
               buffer->name + ".strides_" + std::to_string(i - 1));
        }
      }
    }
    for (size_t i = 0; i < buffer->shape.size(); ++i) {
      Bind(buffer->shape[i], source->region[i + offset]->extent, buffer->name + ".shape_" + std::to_string(i));
    }
  }

  std::vector<std::pair<Var, PrimExpr>> Bindings() const {
    std::vector<std::pair<Var, PrimExpr>> out;
    for (const auto& kv : var_map_) out.emplace_back(GetRef<Var>(kv.first), kv.second);
    return out;
  }

  void Bind(const PrimExpr& field, PrimExpr value, const std::string& what) {
    if (field.dtype() != value.dtype()) {
      throw Error("match_buffer field " + what + " has type " + field.dtype().str() +
                  " but is bound to a " + value.dtype().str() + " value");
    }
    value = Substitute(value, Bindings());
    if (const VarNode* v = field.as<VarNode>()) {
      auto it = var_map_.find(v);
      if (it == var_map_.end()) {
        var_map_[v] = value;
        return;
      }
      AssertEqual(it->second, value, what);
    } else {
      AssertEqual(field, value, what);
    }
  }

  static void AssertEqual(const PrimExpr& a, const PrimExpr& b, const std::string& what) {
    if (ExprDeepEqual(a, b)) return;
    if (a.dtype().is_handle() || !is_zero(arith::Simplify(sub(a, b)))) {
      throw Error("the buffer match constraint for " + what + " is unmet: " + script::PrintExpr(a) +
                  " == " + script::PrintExpr(b));
    }
  }

  std::unordered_map<const BufferNode*, MatchBufferRegion> matches_;
  std::unordered_map<const VarNode*, PrimExpr> var_map_;
};

}  // namespace

Pass LowerMatchBuffer() {
  return CreatePrimFuncPass("LowerMatchBuffer", [](const PrimFunc& f) {
    return WithBody(f, MatchBufferLowerer(f).VisitStmt(f->body));
  });
}

TIRGEN_REGISTER_PASS(LowerMatchBuffer, [](const std::vector<int64_t>&) { return LowerMatchBuffer(); });

}  // namespace transform
}  // namespace tir
}  // namespace tirgen

// FlattenBuffer: every buffer access becomes a one-dimensional access of a flat view of the
// same memory (same data var, shape = product of the extents). Allocations take the flat
// extent and lose their DeclBuffer; parameter buffers stay as declared (the flat views alias
// them). Boolean buffers are stored as int8. axis_separators keep one physical axis per group
// of logical axes (TVM's Buffer::GetFlattenedBuffer); a 0-d buffer becomes shape [1].
//
// Flat indices are in TVM's canonical sum form (`i * 1024 + j * 32 + k`), except that an
// index which can be negative under the loop ranges (a padded access such as `i - 1`) is kept
// whole, `(i - 1) * 32`, as TVM's iterator-map simplification leaves it.
#include <unordered_map>

#include "tirgen/arith/analyzer.h"
#include "tirgen/tir/expr_deep_equal.h"
#include "tirgen/tir/functor.h"
#include "tirgen/tir/op.h"
#include "tirgen/tir/transforms/passes.h"

namespace tirgen {
namespace tir {
namespace transform {
namespace {

class BufferFlattener : public StmtExprMutator {
 public:
  using StmtExprMutator::VisitExpr_;
  using StmtExprMutator::VisitStmt_;

  Stmt VisitStmt_(const ForNode* op) override {
    analyzer_.Bind(op->loop_var, Range(op->min, op->extent));
    return StmtExprMutator::VisitStmt_(op);
  }

  Stmt VisitStmt_(const AllocateNode* op) override {
    std::vector<PrimExpr> extents = op->extents;
    if (extents.size() != 1) {
      // The DeclBuffer inside decides when it describes exactly this allocation; otherwise
      // (e.g. storage_align's strided buffer, allocated by its strides) the extents multiply
      // (TVM v0.14 flatten_buffer.cc, VisitStmt_(AllocateNode): matching_buffer compares data
      // var, dtype and every extent with ExprDeepEqual).
      const DeclBufferNode* decl = op->body.as<DeclBufferNode>();
      if (decl && decl->buffer->data.same_as(op->buffer_var) && decl->buffer->dtype == op->dtype &&
          SameExprs(decl->buffer->shape, extents)) {
        extents = Flat(decl->buffer)->shape;
      } else {
        PrimExpr n = IntImm(DataType::Int(32), 1);
        for (const PrimExpr& e : extents) n = mul(n, e);
        extents = {n};
      }
    }
    Stmt body = VisitStmt(op->body);
    auto n = CopyNode(*op);
    n->extents = extents;
    n->body = body;
    if (n->dtype == DataType::Bool()) n->dtype = DataType::Int(8);
    return Stmt(std::move(n));
  }

  Stmt VisitStmt_(const DeclBufferNode* op) override { return VisitStmt(op->body); }

  Stmt VisitStmt_(const BufferStoreNode* op) override {
    PrimExpr value = VisitExpr(op->value);
    std::vector<PrimExpr> idx = op->indices;
    VisitExprs(op->indices, &idx);
    Buffer flat = Flat(op->buffer);
    if (value.dtype() == DataType::Bool()) value = cast(DataType::Int(8), value);
    return BufferStore(flat, value, FlatIndex(op->buffer, idx));
  }

  PrimExpr VisitExpr_(const BufferLoadNode* op) override {
    std::vector<PrimExpr> idx = op->indices;
    VisitExprs(op->indices, &idx);
    PrimExpr load = BufferLoad(Flat(op->buffer), FlatIndex(op->buffer, idx));
    if (op->dtype == DataType::Bool()) load = cast(DataType::Bool(), load);
    return load;
  }

  Stmt VisitStmt_(const BlockNode* op) override {
    TIRGEN_CHECK(op->match_buffers.empty()) << "tir.FlattenBuffer: block " << op->name_hint
                                            << " has match_buffers; run tir.LowerMatchBuffer first";
    return StmtExprMutator::VisitStmt_(op);
  }

 private:
  static bool SameExprs(const std::vector<PrimExpr>& a, const std::vector<PrimExpr>& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
      if (!ExprDeepEqual(a[i], b[i])) return false;
    return true;
  }

  // The input axes of each output axis: axis_separators [s1, s2, ...] split the axes into
  // [0, s1), [s1, s2), ... (one group, all axes, without separators; one empty group for 0-d).
  static std::vector<std::pair<size_t, size_t>> Groups(const Buffer& buf) {
    std::vector<std::pair<size_t, size_t>> out;
    size_t begin = 0, n = buf->shape.size();
    for (const PrimExpr& sep : buf->axis_separators) {
      const int64_t* c = as_const_int(sep);
      // TVM v0.14 buffer.cc GetFlattenedBuffer: strictly increasing, every group non-empty.
      TIRGEN_CHECK(c && *c > static_cast<int64_t>(begin) && *c < static_cast<int64_t>(n))
          << "tir.FlattenBuffer: buffer " << buf->name
          << " has axis_separators that are not strictly increasing constants in (0, " << n
          << "); each output axis needs at least one input axis";
      out.emplace_back(begin, static_cast<size_t>(*c));
      begin = static_cast<size_t>(*c);
    }
    out.emplace_back(begin, n);
    return out;
  }

  // The flat view of a buffer (one per buffer, so every access shares it): one axis per group
  // of axes between axis_separators (TVM keeps such non-flat physical axes, renumbering the
  // separators 1, 2, ...), each the product of its extents, or stride * extent of its first
  // axis when the buffer has strides.
  Buffer Flat(const Buffer& buf) {
    auto it = flat_.find(buf.get());
    if (it != flat_.end()) return it->second;
    std::vector<PrimExpr> shape, separators;
    for (const auto& [begin, end] : Groups(buf)) {
      PrimExpr extent;
      if (!buf->strides.empty()) {
        extent = mul(buf->strides[begin], buf->shape[begin]);
      } else {
        extent = IntImm(DataType::Int(32), 1);
        for (size_t d = begin; d < end; ++d) extent = mul(extent, buf->shape[d]);
      }
      if (!shape.empty()) separators.push_back(make_const(buf->axis_separators[0].dtype(), shape.size()));
      shape.push_back(analyzer_.CanonicalSimplify(extent));
    }
    DataType dtype = buf->dtype == DataType::Bool() ? DataType::Int(8) : buf->dtype;
    Buffer flat = Buffer::Make(buf->data, dtype, shape, {}, buf->elem_offset, BaseName(buf->name),
                               buf->data_alignment, buf->offset_factor, buf->buffer_type, separators);
    flat_.emplace(buf.get(), flat);
    keep_.push_back(buf);
    return flat;
  }

  // A name the printer made unique ("T_add_1") loses its suffix: TVM's flat buffer carries
  // the original name and the printer numbers it afresh (e.g. "T_add_5").
  static std::string BaseName(const std::string& name) {
    size_t u = name.find_last_of('_');
    if (u == std::string::npos || u == 0 || u + 1 == name.size()) return name;
    for (size_t i = u + 1; i < name.size(); ++i)
      if (!isdigit(static_cast<unsigned char>(name[i]))) return name;
    return name.substr(0, u);
  }

  // Row-major (or strided) element offset of each output axis, in canonical form.
  std::vector<PrimExpr> FlatIndex(const Buffer& buf, const std::vector<PrimExpr>& indices) {
    if (indices.empty()) return {IntImm(DataType::Int(32), 0)};
    // Indices that may be negative are kept whole: stand-in vars during canonicalization.
    std::vector<std::pair<Var, PrimExpr>> whole;
    std::vector<PrimExpr> idx;
    for (const PrimExpr& i : indices) {
      if (!i.as<VarNode>() && !i.as<IntImmNode>() && analyzer_.Bound(i).min < 0) {
        Var v("whole", i.dtype());
        whole.emplace_back(v, i);
        idx.push_back(v);
      } else {
        idx.push_back(i);
      }
    }
    std::vector<std::pair<size_t, size_t>> groups = Groups(buf);
    bool offset = buf->elem_offset.defined() && !is_zero(buf->elem_offset);
    // TVM's ElemOffset wants one element offset per output axis; a buffer has one.
    TIRGEN_CHECK(!offset || groups.size() == 1)
        << "tir.FlattenBuffer: buffer " << buf->name
        << " has both an element offset and axis_separators; only a flat buffer may have an offset";
    std::vector<PrimExpr> out;
    for (const auto& [begin, end] : groups) {
      PrimExpr off;
      for (size_t i = begin; i < end; ++i) {
        if (!buf->strides.empty()) {
          PrimExpr term = mul(idx[i], buf->strides[i]);
          off = i == begin ? term : add(off, term);
        } else {
          off = i == begin ? idx[i] : add(mul(off, buf->shape[i]), idx[i]);
        }
      }
      if (offset) off = add(off, buf->elem_offset);
      out.push_back(Substitute(analyzer_.CanonicalSimplify(off), whole));
    }
    return out;
  }

  arith::Analyzer analyzer_;
  std::unordered_map<const Object*, Buffer> flat_;
  std::vector<Buffer> keep_;
};

}  // namespace

Pass FlattenBuffer() {
  return CreatePrimFuncPass("FlattenBuffer", [](const PrimFunc& f) {
    Stmt body = BufferFlattener().VisitStmt(f->body);
    if (body.same_as(f->body)) return f;
    auto n = CopyNode(*f.get());
    n->body = body;
    return PrimFunc(std::move(n));
  });
}

TIRGEN_REGISTER_PASS(FlattenBuffer, [](const std::vector<int64_t>&) { return FlattenBuffer(); });

}  // namespace transform
}  // namespace tir
}  // namespace tirgen

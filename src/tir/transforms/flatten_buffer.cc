// FlattenBuffer: every buffer access becomes a one-dimensional access of a flat view of the
// same memory (same data var, shape = product of the extents). Allocations take the flat
// extent and lose their DeclBuffer; parameter buffers stay as declared (the flat views alias
// them). Boolean buffers are stored as int8.
//
// Flat indices are in TVM's canonical sum form (`i * 1024 + j * 32 + k`), except that an
// index which can be negative under the loop ranges (a padded access such as `i - 1`) is kept
// whole, `(i - 1) * 32`, as TVM's iterator-map simplification leaves it.
#include <unordered_map>

#include "tirgen/arith/analyzer.h"
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
      const DeclBufferNode* decl = op->body.as<DeclBufferNode>();
      if (decl && decl->buffer->data.same_as(op->buffer_var) &&
          decl->buffer->shape.size() == extents.size()) {
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
  // The flat view of a buffer (one per buffer, so every access shares it).
  Buffer Flat(const Buffer& buf) {
    auto it = flat_.find(buf.get());
    if (it != flat_.end()) return it->second;
    PrimExpr extent;
    if (!buf->strides.empty()) {
      extent = mul(buf->strides[0], buf->shape[0]);
    } else {
      extent = IntImm(DataType::Int(32), 1);
      for (const PrimExpr& s : buf->shape) extent = mul(extent, s);
    }
    extent = analyzer_.CanonicalSimplify(extent);
    DataType dtype = buf->dtype == DataType::Bool() ? DataType::Int(8) : buf->dtype;
    Buffer flat = Buffer::Make(buf->data, dtype, {extent}, {}, buf->elem_offset, BaseName(buf->name),
                               buf->data_alignment, buf->offset_factor, buf->buffer_type);
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

  // Row-major (or strided) element offset in canonical form.
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
    PrimExpr off;
    for (size_t i = 0; i < idx.size(); ++i) {
      if (!buf->strides.empty()) {
        PrimExpr term = mul(idx[i], buf->strides[i]);
        off = i == 0 ? term : add(off, term);
      } else {
        off = i == 0 ? idx[i] : add(mul(off, buf->shape[i]), idx[i]);
      }
    }
    if (buf->elem_offset.defined() && !is_zero(buf->elem_offset)) off = add(off, buf->elem_offset);
    off = analyzer_.CanonicalSimplify(off);
    return {Substitute(off, whole)};
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

// The single description of which fields structural equality and hashing visit, per node kind.
// Both are "reducers" over the same code, so they visit fields in the same order and define
// binding sites at the same moments: that is what makes "equal => same hash" hold by construction.
//
// A reducer R provides (the hasher ignores every `b` argument; it is called with b == a):
//   bool Val(x, y, field)           plain values (ints, enums, strings, DataType, double)
//   bool Obj(x, y, field)           any child node (may be undefined); Var/Buffer/NDArray uses
//   bool DefVar(x, y, field)        a binding site of a Var
//   bool Each(nx, ny, field, fn)    a list: sizes, then fn(i) for each index
//   bool Attrs(x, y, field)         an AttrMap (sorted string keys)
//   bool DefMode(fn)                run fn with free vars mapped on first meeting (TVM DefEqual)
// Var, Buffer and NDArray need the reducer's own state, so R handles them itself and calls
// VarFields / BufferFields for the plain part.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tirgen/ir/module.h"
#include "tirgen/ir/ndarray.h"
#include "tirgen/support/error.h"
#include "tirgen/tir/function.h"

namespace tirgen {
namespace structural {

using namespace tirgen::tir;  // NOLINT: this file is all about tir nodes

template <class N>
const N* As(const Object* p) {
  return static_cast<const N*>(p);
}

template <class R, class T>
bool Seq(R& r, const std::vector<T>& x, const std::vector<T>& y, const char* field) {
  return r.Each(x.size(), y.size(), field, [&](size_t i) { return r.Obj(x[i], y[i], nullptr); });
}

template <class R>
bool DefSeq(R& r, const std::vector<Var>& x, const std::vector<Var>& y, const char* field) {
  return r.Each(x.size(), y.size(), field, [&](size_t i) { return r.DefVar(x[i], y[i], nullptr); });
}

template <class R, class T>
bool Opt(R& r, const std::optional<T>& x, const std::optional<T>& y, const char* field) {
  return r.Obj(x ? ObjectRef(*x) : ObjectRef(), y ? ObjectRef(*y) : ObjectRef(), field);
}

/// "" and "global" are the same storage scope (as in TVM's PointerType).
inline const std::string& NormalScope(const VarNode* v) {
  static const std::string kGlobal = "global", kNone;
  if (!v->has_pointer_type()) return kNone;
  return v->storage_scope.empty() ? kGlobal : v->storage_scope;
}

/// A var's type: dtype and its PointerType annotation; never its name.
template <class R>
bool VarFields(R& r, const VarNode* a, const VarNode* b) {
  return r.Val(a->dtype, b->dtype, "dtype") && r.Val(a->pointee, b->pointee, "pointee") &&
         r.Val(NormalScope(a), NormalScope(b), "storage_scope");
}

/// A buffer defines its data var and the vars of its shape/strides/offset (symbolic shapes).
/// The name and offset_factor are not compared, as in TVM's BufferNode::SEqualReduce.
template <class R>
bool BufferFields(R& r, const BufferNode* a, const BufferNode* b) {
  return r.DefMode([&] { return r.Obj(a->data, b->data, "data"); }) &&
         r.Val(a->dtype, b->dtype, "dtype") &&
         r.DefMode([&] {
           return Seq(r, a->shape, b->shape, "shape") && Seq(r, a->strides, b->strides, "strides") &&
                  Seq(r, a->axis_separators, b->axis_separators, "axis_separators") &&
                  r.Obj(a->elem_offset, b->elem_offset, "elem_offset");
         }) &&
         r.Val(a->data_alignment, b->data_alignment, "data_alignment") &&
         r.Val(a->buffer_type, b->buffer_type, "buffer_type");
}

template <class R>
bool IterVarFields(R& r, const IterVarNode* a, const IterVarNode* b) {
  return r.Obj(a->dom, b->dom, "dom") && r.DefVar(a->var, b->var, "var") &&
         r.Val(a->iter_type, b->iter_type, "iter_type") &&
         r.Val(a->thread_tag, b->thread_tag, "thread_tag");
}

template <class R>
bool ExprFields(R& r, const Object* pa, const Object* pb) {
  const auto* ea = static_cast<const PrimExprNode*>(pa);
  const auto* eb = static_cast<const PrimExprNode*>(pb);
  if (pa->kind() != Kind::kStringImm && !r.Val(ea->dtype, eb->dtype, "dtype")) return false;
  switch (pa->kind()) {
    case Kind::kIntImm: {
      auto a = As<IntImmNode>(pa), b = As<IntImmNode>(pb);
      return r.Val(a->value, b->value, "value");
    }
    case Kind::kFloatImm: {
      auto a = As<FloatImmNode>(pa), b = As<FloatImmNode>(pb);
      return r.Val(a->value, b->value, "value");
    }
    case Kind::kStringImm: {
      auto a = As<StringImmNode>(pa), b = As<StringImmNode>(pb);
      return r.Val(a->value, b->value, "value");
    }
    case Kind::kCast: {
      auto a = As<CastNode>(pa), b = As<CastNode>(pb);
      return r.Obj(a->value, b->value, "value");
    }
    case Kind::kNot: {
      auto a = As<NotNode>(pa), b = As<NotNode>(pb);
      return r.Obj(a->a, b->a, "a");
    }
    case Kind::kSelect: {
      auto a = As<SelectNode>(pa), b = As<SelectNode>(pb);
      return r.Obj(a->condition, b->condition, "condition") &&
             r.Obj(a->true_value, b->true_value, "true_value") &&
             r.Obj(a->false_value, b->false_value, "false_value");
    }
    case Kind::kBufferLoad: {
      auto a = As<BufferLoadNode>(pa), b = As<BufferLoadNode>(pb);
      return r.Obj(a->buffer, b->buffer, "buffer") && Seq(r, a->indices, b->indices, "indices");
    }
    case Kind::kProducerLoad: {
      auto a = As<ProducerLoadNode>(pa), b = As<ProducerLoadNode>(pb);
      return r.Obj(a->producer, b->producer, "producer") &&
             Seq(r, a->indices, b->indices, "indices");
    }
    case Kind::kRamp: {
      auto a = As<RampNode>(pa), b = As<RampNode>(pb);
      return r.Obj(a->base, b->base, "base") && r.Obj(a->stride, b->stride, "stride") &&
             r.Val(a->lanes, b->lanes, "lanes");
    }
    case Kind::kBroadcast: {
      auto a = As<BroadcastNode>(pa), b = As<BroadcastNode>(pb);
      return r.Obj(a->value, b->value, "value") && r.Val(a->lanes, b->lanes, "lanes");
    }
    case Kind::kShuffle: {
      auto a = As<ShuffleNode>(pa), b = As<ShuffleNode>(pb);
      return Seq(r, a->vectors, b->vectors, "vectors") && Seq(r, a->indices, b->indices, "indices");
    }
    case Kind::kLet: {
      auto a = As<LetNode>(pa), b = As<LetNode>(pb);
      return r.DefVar(a->var, b->var, "var") && r.Obj(a->value, b->value, "value") &&
             r.Obj(a->body, b->body, "body");
    }
    case Kind::kCall: {
      auto a = As<CallNode>(pa), b = As<CallNode>(pb);
      return r.Val(a->op, b->op, "op") && Seq(r, a->args, b->args, "args");
    }
    case Kind::kReduce: {
      // Axis first: its IterVars define the reduction vars used by source and condition.
      auto a = As<ReduceNode>(pa), b = As<ReduceNode>(pb);
      return Seq(r, a->axis, b->axis, "axis") && r.Obj(a->combiner, b->combiner, "combiner") &&
             Seq(r, a->source, b->source, "source") && Seq(r, a->init, b->init, "init") &&
             r.Obj(a->condition, b->condition, "condition") &&
             r.Val(a->value_index, b->value_index, "value_index");
    }
    default: {
      TIRGEN_ICHECK(IsBinaryKind(pa->kind())) << "no structural fields for " << KindName(pa->kind());
      auto a = As<BinaryNode>(pa), b = As<BinaryNode>(pb);
      return r.Obj(a->a, b->a, "a") && r.Obj(a->b, b->b, "b");
    }
  }
}

template <class R>
bool StmtFields(R& r, const Object* pa, const Object* pb) {
  switch (pa->kind()) {
    case Kind::kLetStmt: {
      auto a = As<LetStmtNode>(pa), b = As<LetStmtNode>(pb);
      return r.DefVar(a->var, b->var, "var") && r.Obj(a->value, b->value, "value") &&
             r.Obj(a->body, b->body, "body");
    }
    case Kind::kAttrStmt: {
      auto a = As<AttrStmtNode>(pa), b = As<AttrStmtNode>(pb);
      return r.Obj(a->node, b->node, "node") && r.Val(a->attr_key, b->attr_key, "attr_key") &&
             r.Obj(a->value, b->value, "value") && r.Obj(a->body, b->body, "body");
    }
    case Kind::kAssertStmt: {
      auto a = As<AssertStmtNode>(pa), b = As<AssertStmtNode>(pb);
      return r.Obj(a->condition, b->condition, "condition") &&
             r.Obj(a->message, b->message, "message") && r.Obj(a->body, b->body, "body");
    }
    case Kind::kBufferStore: {
      auto a = As<BufferStoreNode>(pa), b = As<BufferStoreNode>(pb);
      return r.Obj(a->buffer, b->buffer, "buffer") && r.Obj(a->value, b->value, "value") &&
             Seq(r, a->indices, b->indices, "indices");
    }
    case Kind::kAllocate: {
      auto a = As<AllocateNode>(pa), b = As<AllocateNode>(pb);
      return r.DefVar(a->buffer_var, b->buffer_var, "buffer_var") &&
             r.Val(a->dtype, b->dtype, "dtype") && Seq(r, a->extents, b->extents, "extents") &&
             r.Obj(a->condition, b->condition, "condition") && r.Obj(a->body, b->body, "body") &&
             r.Attrs(a->annotations, b->annotations, "annotations");
    }
    case Kind::kAllocateConst: {
      auto a = As<AllocateConstNode>(pa), b = As<AllocateConstNode>(pb);
      return r.DefVar(a->buffer_var, b->buffer_var, "buffer_var") &&
             r.Val(a->dtype, b->dtype, "dtype") && Seq(r, a->extents, b->extents, "extents") &&
             r.Obj(a->data, b->data, "data") &&
             r.Val(a->irmod_storage_idx.value_or(-1), b->irmod_storage_idx.value_or(-1),
                   "irmod_storage_idx") &&
             r.Obj(a->body, b->body, "body") &&
             r.Attrs(a->annotations, b->annotations, "annotations");
    }
    case Kind::kDeclBuffer: {
      auto a = As<DeclBufferNode>(pa), b = As<DeclBufferNode>(pb);
      return r.Obj(a->buffer, b->buffer, "buffer") && r.Obj(a->body, b->body, "body");
    }
    case Kind::kSeqStmt: {
      auto a = As<SeqStmtNode>(pa), b = As<SeqStmtNode>(pb);
      return Seq(r, a->seq, b->seq, "");
    }
    case Kind::kIfThenElse: {
      auto a = As<IfThenElseNode>(pa), b = As<IfThenElseNode>(pb);
      return r.Obj(a->condition, b->condition, "condition") &&
             r.Obj(a->then_case, b->then_case, "then_case") &&
             r.Obj(a->else_case, b->else_case, "else_case");
    }
    case Kind::kEvaluate: {
      auto a = As<EvaluateNode>(pa), b = As<EvaluateNode>(pb);
      return r.Obj(a->value, b->value, "value");
    }
    case Kind::kFor: {
      auto a = As<ForNode>(pa), b = As<ForNode>(pb);
      return r.DefVar(a->loop_var, b->loop_var, "loop_var") && r.Obj(a->min, b->min, "min") &&
             r.Obj(a->extent, b->extent, "extent") && r.Val(a->kind, b->kind, "kind") &&
             r.Obj(a->body, b->body, "body") &&
             Opt(r, a->thread_binding, b->thread_binding, "thread_binding") &&
             r.Attrs(a->annotations, b->annotations, "annotations");
    }
    case Kind::kWhile: {
      auto a = As<WhileNode>(pa), b = As<WhileNode>(pb);
      return r.Obj(a->condition, b->condition, "condition") && r.Obj(a->body, b->body, "body");
    }
    case Kind::kBlock: {
      // Iter vars, alloc_buffers and match_buffers first: they define what the rest uses. The
      // name is not compared (TVM's BlockNode::SEqualReduce): the printer elides a root block
      // whatever its name, and the parser names it "root".
      auto a = As<BlockNode>(pa), b = As<BlockNode>(pb);
      return r.DefMode([&] { return Seq(r, a->iter_vars, b->iter_vars, "iter_vars"); }) &&
             Seq(r, a->alloc_buffers, b->alloc_buffers, "alloc_buffers") &&
             Seq(r, a->match_buffers, b->match_buffers, "match_buffers") &&
             Seq(r, a->reads, b->reads, "reads") && Seq(r, a->writes, b->writes, "writes") &&
             r.Obj(a->body, b->body, "body") && Opt(r, a->init, b->init, "init") &&
             r.Attrs(a->annotations, b->annotations, "annotations");
    }
    case Kind::kBlockRealize: {
      auto a = As<BlockRealizeNode>(pa), b = As<BlockRealizeNode>(pb);
      return Seq(r, a->iter_values, b->iter_values, "iter_values") &&
             r.Obj(a->predicate, b->predicate, "predicate") && r.Obj(a->block, b->block, "block");
    }
    case Kind::kBufferRealize: {
      auto a = As<BufferRealizeNode>(pa), b = As<BufferRealizeNode>(pb);
      return r.Obj(a->buffer, b->buffer, "buffer") && Seq(r, a->bounds, b->bounds, "bounds") &&
             r.Obj(a->condition, b->condition, "condition") && r.Obj(a->body, b->body, "body");
    }
    default:
      TIRGEN_UNREACHABLE() << "no structural fields for " << KindName(pa->kind());
  }
}

/// Every kind except Var/SizeVar, Buffer and NDArray (the reducer's own business).
template <class R>
bool Fields(R& r, const Object* pa, const Object* pb) {
  Kind k = pa->kind();
  if (IsPrimExprKind(k)) return ExprFields(r, pa, pb);
  if (IsStmtKind(k)) return StmtFields(r, pa, pb);
  switch (k) {
    case Kind::kString: {
      auto a = As<StringObj>(pa), b = As<StringObj>(pb);
      return r.Val(a->value, b->value, "value");
    }
    case Kind::kArray: {
      auto a = As<ArrayNode>(pa), b = As<ArrayNode>(pb);
      return Seq(r, a->elements, b->elements, "");
    }
    case Kind::kMap: {
      auto a = As<MapNode>(pa), b = As<MapNode>(pb);
      return r.Attrs(a->items, b->items, "");
    }
    case Kind::kRange: {
      auto a = As<RangeNode>(pa), b = As<RangeNode>(pb);
      return r.Obj(a->min, b->min, "min") && r.Obj(a->extent, b->extent, "extent");
    }
    case Kind::kIterVar:
      return IterVarFields(r, As<IterVarNode>(pa), As<IterVarNode>(pb));
    case Kind::kBufferRegion: {
      auto a = As<BufferRegionNode>(pa), b = As<BufferRegionNode>(pb);
      return r.Obj(a->buffer, b->buffer, "buffer") && Seq(r, a->region, b->region, "region");
    }
    case Kind::kMatchBufferRegion: {
      auto a = As<MatchBufferRegionNode>(pa),
           b = As<MatchBufferRegionNode>(pb);
      return r.Obj(a->buffer, b->buffer, "buffer") && r.Obj(a->source, b->source, "source");
    }
    case Kind::kCommReducer: {
      auto a = As<CommReducerNode>(pa), b = As<CommReducerNode>(pb);
      return DefSeq(r, a->lhs, b->lhs, "lhs") && DefSeq(r, a->rhs, b->rhs, "rhs") &&
             Seq(r, a->result, b->result, "result") &&
             Seq(r, a->identity_element, b->identity_element, "identity_element");
    }
    case Kind::kPrimFunc: {
      // Params and buffer_map first: they define the vars and buffers the body uses.
      auto a = As<PrimFuncNode>(pa), b = As<PrimFuncNode>(pb);
      return DefSeq(r, a->params, b->params, "params") &&
             r.Each(a->buffer_map.size(), b->buffer_map.size(), "buffer_map",
                    [&](size_t i) {
                      return r.Obj(a->buffer_map[i].first, b->buffer_map[i].first, "param") &&
                             r.Obj(a->buffer_map[i].second, b->buffer_map[i].second, "buffer");
                    }) &&
             r.Val(a->ret_type, b->ret_type, "ret_type") && r.Obj(a->body, b->body, "body") &&
             r.Attrs(a->attrs, b->attrs, "attrs");
    }
    case Kind::kIRModule: {
      // Functions pair up by global name (TVM maps GlobalVars by name).
      auto a = As<IRModuleNode>(pa), b = As<IRModuleNode>(pb);
      return r.Attrs(a->attrs, b->attrs, "attrs") && r.Attrs(a->functions, b->functions, "functions");
    }
    case Kind::kTensor:
    case Kind::kPlaceholderOp:
    case Kind::kComputeOp:
    case Kind::kExternOp:
    case Kind::kScanOp:
      TIRGEN_UNREACHABLE() << "structural equality/hash of te nodes (" << KindName(k)
                           << ") is not implemented yet";
    default:
      TIRGEN_UNREACHABLE() << "no structural fields for " << KindName(k);
  }
}

}  // namespace structural
}  // namespace tirgen

// Expressions, buffers and attribute values -> docs.
#include <cmath>
#include <cstring>

#include "printer_internal.h"
#include "target_config.h"
#include "tirgen/tir/functor.h"
#include "tirgen/tir/op.h"

namespace tirgen {
namespace script {
namespace printer {

using namespace tir;  // NOLINT: this file is all about TIR nodes

// ---------------------------------------------------------------------------------------
// Small analyses

namespace {

class VarFinder : public StmtExprVisitor {
 public:
  explicit VarFinder(std::function<void(const VarNode*)> f) : f_(std::move(f)) {}
  void VisitExpr_(const VarNode* op) override { f_(op); }

 private:
  std::function<void(const VarNode*)> f_;
};

std::string DTypeStr(DataType t) { return t.is_void() ? "void" : t.str(); }

}  // namespace

bool HasVar(const PrimExpr& e) {
  bool found = false;
  VarFinder([&](const VarNode*) { found = true; }).VisitExpr(e);
  return found;
}

bool UsesAnyVar(const PrimExpr& e, const std::unordered_set<const Object*>& vars) {
  bool found = false;
  VarFinder([&](const VarNode* v) { found = found || vars.count(v) > 0; }).VisitExpr(e);
  return found;
}

void CountVarUses(const PrimExpr& e, std::unordered_map<const Object*, int>* counts) {
  if (!e.defined()) return;
  VarFinder([&](const VarNode* v) { ++(*counts)[v]; }).VisitExpr(e);
}

// Whether TVM's parser would fold `a op b` (so the printer must spell the node out): the one
// constant folder's answer. A fold that fails (a constant divisor 0) cannot be sugar either.
bool WouldFold(Kind kind, const PrimExpr& a, const PrimExpr& b) {
  try {
    return tir::TryConstFold(kind, a, b).defined();
  } catch (const Error&) {
    return true;
  }
}

// ---------------------------------------------------------------------------------------
// Prefixes and types

ExprP Docsifier::T(const std::string& attr) {
  ir_usage.insert("tir");
  return IdDoc("T")->Attr(attr);
}

ExprP Docsifier::I(const std::string& attr) {
  ir_usage.insert("ir");
  return IdDoc("I")->Attr(attr);
}

ExprP Docsifier::VarCreation(const Var& var) {
  std::vector<std::string> keys;
  std::vector<ExprP> values;
  if (var.kind() == Kind::kSizeVar) {
    keys.push_back("is_size_var");
    values.push_back(BoolDoc(true));
  }
  if (var->has_pointer_type()) {
    std::vector<ExprP> args{StrDoc(DTypeStr(var->pointee))};
    if (!var->storage_scope.empty()) args.push_back(StrDoc(var->storage_scope));
    return T("handle")->Call(args, keys, values);
  }
  return T(DTypeStr(var.dtype()))->Call({}, keys, values);
}

ExprP Docsifier::TypeAnnotation(const Var& var) {
  if (var->has_pointer_type()) {
    std::vector<ExprP> args{StrDoc(DTypeStr(var->pointee))};
    if (!var->storage_scope.empty()) args.push_back(StrDoc(var->storage_scope));
    return T("handle")->Call(args);
  }
  return T(DTypeStr(var.dtype()));
}

// ---------------------------------------------------------------------------------------
// Variables

ExprP Docsifier::PrintVar(const Var& var) {
  if (!IsDefined(var.get())) {
    if (Frame* f = FindLowestVarDef(var.get())) {
      ExprP lhs = DefineVar(var, f);
      f->stmts.push_back(AssignDoc(lhs, VarCreation(var)));
    } else {
      // A free variable outside any function (PrintExpr): print it by name.
      return IdDoc(var->name_hint.empty() ? "v" : var->name_hint);
    }
  }
  return GetDoc(var.get());
}

// ---------------------------------------------------------------------------------------
// Expressions

namespace {

const char* SugarName(Kind k) {
  switch (k) {
    case Kind::kAdd: return "Add";
    case Kind::kSub: return "Sub";
    case Kind::kMul: return "Mul";
    case Kind::kFloorDiv: return "FloorDiv";
    case Kind::kFloorMod: return "FloorMod";
    case Kind::kLT: return "LT";
    case Kind::kLE: return "LE";
    case Kind::kEQ: return "EQ";
    case Kind::kNE: return "NE";
    case Kind::kGT: return "GT";
    case Kind::kGE: return "GE";
    case Kind::kAnd: return "And";
    case Kind::kOr: return "Or";
    default: return nullptr;
  }
}

OpKind SugarOp(Kind k) {
  switch (k) {
    case Kind::kAdd: return OpKind::kAdd;
    case Kind::kSub: return OpKind::kSub;
    case Kind::kMul: return OpKind::kMult;
    case Kind::kFloorDiv: return OpKind::kFloorDiv;
    case Kind::kFloorMod: return OpKind::kMod;
    case Kind::kLT: return OpKind::kLt;
    case Kind::kLE: return OpKind::kLtE;
    case Kind::kEQ: return OpKind::kEq;
    case Kind::kNE: return OpKind::kNotEq;
    case Kind::kGT: return OpKind::kGt;
    case Kind::kGE: return OpKind::kGtE;
    case Kind::kAnd: return OpKind::kAnd;
    case Kind::kOr: return OpKind::kOr;
    default: return OpKind::kAdd;
  }
}

// Ops whose printed call carries the result dtype as first (or last) argument.
int DtypeLocation(const std::string& name) {
  static const char* kFirst[] = {
      "reinterpret", "call_extern", "call_pure_extern", "call_llvm_intrin",
      "call_llvm_pure_intrin", "ptx_mma", "ptx_mma_sp", "ptx_ldmatrix", "ptx_cp_async",
      "ptx_cp_async_bulk", "mma_store", "mma_fill", "vectorhigh", "vectorlow", "vectorcombine",
      "type_annotation"};
  for (const char* n : kFirst) {
    if (name == n) return 1;
  }
  if (name == "tvm_struct_get") return 2;
  return 0;
}

class ExprPrinter : public ExprFunctor<ExprP> {
 public:
  explicit ExprPrinter(Docsifier* d) : d_(d) {}

  ExprP VisitExpr_(const IntImmNode* op) override {
    if (op->dtype == DataType::Int(32)) return IntDoc(op->value);
    if (op->dtype.is_bool()) return d_->T("bool")->Call({BoolDoc(op->value != 0)});
    return d_->T(op->dtype.str())->Call({IntDoc(op->value)});
  }
  ExprP VisitExpr_(const FloatImmNode* op) override {
    return d_->T(DTypeStr(op->dtype))->Call({FloatDoc(op->value)});
  }
  ExprP VisitExpr_(const StringImmNode* op) override { return StrDoc(op->value); }
  ExprP VisitExpr_(const VarNode* op) override { return d_->Expr(GetRef<Var>(op)); }
  ExprP VisitExpr_(const CastNode* op) override {
    ExprP dtype = StrDoc(DTypeStr(op->dtype));
    ExprP value = d_->Expr(op->value);
    return d_->T("Cast")->Call({dtype, value});
  }
  ExprP VisitExpr_(const BinaryNode* op) override {
    ExprP a = d_->Expr(op->a);
    ExprP b = d_->Expr(op->b);
    Kind k = op->kind();
    bool same_types = op->a.dtype() == op->b.dtype();
    switch (k) {
      case Kind::kMod: return d_->T("truncmod")->Call({a, b});
      case Kind::kMin: return d_->T("min")->Call({a, b});
      case Kind::kMax: return d_->T("max")->Call({a, b});
      case Kind::kDiv: {
        bool ints = (op->a.dtype().is_int() || op->a.dtype().is_uint()) &&
                    (op->b.dtype().is_int() || op->b.dtype().is_uint());
        if (!same_types || ints || WouldFold(k, op->a, op->b)) return d_->T("Div")->Call({a, b});
        return OpDoc(OpKind::kDiv, {a, b});
      }
      default:
        if (!same_types || WouldFold(k, op->a, op->b)) return d_->T(SugarName(k))->Call({a, b});
        return OpDoc(SugarOp(k), {a, b});
    }
  }
  ExprP VisitExpr_(const NotNode* op) override {
    ExprP a = d_->Expr(op->a);
    if (a->kind == ExprDoc::kLiteral) return d_->T("Not")->Call({a});
    return OpDoc(OpKind::kNot, {a});
  }
  ExprP VisitExpr_(const SelectNode* op) override {
    ExprP c = d_->Expr(op->condition);
    ExprP t = d_->Expr(op->true_value);
    ExprP f = d_->Expr(op->false_value);
    return d_->T("Select")->Call({c, t, f});
  }
  ExprP VisitExpr_(const BufferLoadNode* op) override {
    ExprP buf = d_->BufferRef(op->buffer);
    return buf->Index(d_->BufferIndices(op->indices));
  }
  ExprP VisitExpr_(const ProducerLoadNode* op) override {
    // TE only (never in printed PrimFuncs): show the indices on a placeholder name.
    return IdDoc("producer")->Index(d_->Exprs(op->indices));
  }
  ExprP VisitExpr_(const RampNode* op) override {
    ExprP base = d_->Expr(op->base);
    ExprP stride = d_->Expr(op->stride);
    return d_->T("Ramp")->Call({base, stride, IntDoc(op->lanes)});
  }
  ExprP VisitExpr_(const BroadcastNode* op) override {
    ExprP value = d_->Expr(op->value);
    return d_->T("Broadcast")->Call({value, IntDoc(op->lanes)});
  }
  ExprP VisitExpr_(const LetNode* op) override {
    ExprP var = d_->Expr(op->var);
    ExprP value = d_->Expr(op->value);
    ExprP where = DictDoc({var}, {value});
    ExprP body = d_->Expr(op->body);
    return d_->T("Let")->Call({body}, {"where"}, {where});
  }
  ExprP VisitExpr_(const CallNode* op) override {
    std::string name = op->op;
    if (name.rfind("@", 0) == 0) {
      // A call to another function of the module: TVM prints it through the module alias.
      return IdDoc("cls")->Attr(name.substr(1))->Call(d_->Exprs(op->args));
    }
    if (name.rfind("tir.", 0) == 0) name = name.substr(4);
    ExprP prefix = d_->T(name);
    int loc = DtypeLocation(name);
    std::vector<ExprP> args;
    if (loc == 1) args.push_back(StrDoc(DTypeStr(op->dtype)));
    for (const PrimExpr& a : op->args) args.push_back(d_->Expr(a));
    if (loc == 2) args.push_back(StrDoc(DTypeStr(op->dtype)));
    return prefix->Call(args);
  }
  ExprP VisitExpr_(const ShuffleNode* op) override {
    // As TVM v0.14: T.Shuffle([vectors], [indices]).
    return d_->T("Shuffle")->Call({ListDoc(d_->Exprs(op->vectors)), ListDoc(d_->Exprs(op->indices))});
  }
  ExprP VisitExpr_(const ReduceNode* op) override {
    std::vector<ExprP> source = d_->Exprs(op->source);
    return d_->T("reduce")->Call({ListDoc(source)}, {"value_index"}, {IntDoc(op->value_index)});
  }

 private:
  Docsifier* d_;
};

}  // namespace

ExprP Docsifier::Expr(const PrimExpr& e) {
  if (const VarNode* v = e.as<VarNode>()) return PrintVar(GetRef<Var>(v));
  return ExprPrinter(this)(e);
}

std::vector<ExprP> Docsifier::Exprs(const std::vector<PrimExpr>& es) {
  std::vector<ExprP> out;
  out.reserve(es.size());
  for (const PrimExpr& e : es) out.push_back(Expr(e));
  return out;
}

ExprP Docsifier::Any(const ObjectRef& obj) {
  if (!obj.defined()) return NoneDoc();
  if (const StringObj* s = obj.as<StringObj>()) return StrDoc(s->value);
  if (const ArrayNode* a = obj.as<ArrayNode>()) {
    std::vector<ExprP> items;
    for (const ObjectRef& x : a->elements) items.push_back(Any(x));
    return ListDoc(items);
  }
  if (const MapNode* m = obj.as<MapNode>()) {
    std::vector<ExprP> keys, values;  // std::map: keys already sorted, as TVM sorts str keys
    bool target = IsTargetConfig(obj);
    for (const auto& kv : m->items) {
      keys.push_back(StrDoc(kv.first));
      // A target's host is part of its export: a plain dictionary, not another T.target.
      if (target && kv.first == "host" && kv.second.as<MapNode>()) {
        std::vector<ExprP> hk, hv;
        for (const auto& h : kv.second.as<MapNode>()->items) {
          hk.push_back(StrDoc(h.first));
          hv.push_back(Any(h.second));
        }
        values.push_back(DictDoc(hk, hv));
      } else {
        values.push_back(Any(kv.second));
      }
    }
    if (target) return T("target")->Call({DictDoc(keys, values)});
    return DictDoc(keys, values);
  }
  if (const CommReducerNode* r = obj.as<CommReducerNode>()) {
    // `T.comm_reducer(lambda x, y: x + y, [identity])`, its vars defined in a frame of its own.
    ExprP lambda;
    {
      FrameScope f(this, r);
      std::vector<ExprP> params;
      for (const Var& v : r->lhs) params.push_back(DefineVar(v, f.get()));
      for (const Var& v : r->rhs) params.push_back(DefineVar(v, f.get()));
      std::vector<ExprP> results = Exprs(r->result);
      lambda = LambdaDoc(params, results.size() == 1 ? results[0] : TupleDoc(results));
    }
    return T("comm_reducer")->Call({lambda, ListDoc(Exprs(r->identity_element))});
  }
  if (obj.as<PrimExprNode>()) return Expr(obj.cast<PrimExpr>());
  if (obj.as<BufferNode>()) return BufferRef(obj.cast<Buffer>());
  if (obj.as<BufferRegionNode>()) return BufferRegionDoc(obj.cast<BufferRegion>());
  if (const RangeNode* r = obj.as<RangeNode>()) {
    ExprP mn = Expr(r->min);
    ExprP ext = Expr(r->extent);
    return T("Range")->Call({mn, ext});
  }
  if (const IterVarNode* iv = obj.as<IterVarNode>()) {
    static const char* kTypes[] = {"DataPar", "ThreadIndex", "CommReduce", "Ordered", "Opaque",
                                   "Unrolled", "Vectorized", "Parallelized", "Tensorized"};
    ExprP var = Expr(iv->var);
    ExprP dom = iv->dom.defined() ? Any(iv->dom) : NoneDoc();
    return T("iter_var")->Call({var, dom, StrDoc(kTypes[static_cast<int>(iv->iter_type)]),
                                StrDoc(iv->thread_tag)});
  }
  return IdDoc(std::string("metadata[\"") + KindName(obj.kind()) + "\"]");
}

// ---------------------------------------------------------------------------------------
// Buffers

namespace {
// The keyword attributes of a buffer declaration, in TVM's argument order.
struct BufferAttrDocs {
  ExprP shape, dtype, data, strides, elem_offset, scope, align, offset_factor, buffer_type,
      axis_separators;
};
}  // namespace

static BufferAttrDocs BufferAttrs(Docsifier* d, const Buffer& buffer, Frame* frame,
                                  BufferVarDef defs) {
  BufferAttrDocs out;
  std::vector<ExprP> def_lhs, def_rhs;
  // Step 0: how often each var occurs in the buffer's own fields (once => inline definition).
  std::unordered_map<const Object*, int> use_count;
  CountVarUses(buffer->elem_offset, &use_count);
  CountVarUses(buffer->data, &use_count);
  for (const PrimExpr& e : buffer->strides) CountVarUses(e, &use_count);
  for (const PrimExpr& e : buffer->shape) CountVarUses(e, &use_count);
  auto is_new_var = [&](const PrimExpr& e) { return e.as<VarNode>() && !d->IsDefined(e.get()); };
  auto add_out_of_line_def = [&](const Var& var) {
    ExprP lhs = d->DefineVar(var, frame);
    def_lhs.push_back(lhs);
    def_rhs.push_back(d->VarCreation(var));
  };
  auto try_inline_def = [&](const PrimExpr& e, std::function<ExprP()> creator) {
    Var var = e.cast<Var>();
    if (use_count[var.get()] == 1) {
      d->DefineWithCreator(var.get(), frame, std::move(creator));
      return true;
    }
    add_out_of_line_def(var);
    return false;
  };
  const BufferNode* bn = buffer.get();
  // Step 1: shape.
  {
    std::vector<ExprP> dims;
    for (const PrimExpr& e : bn->shape) {
      if (is_new_var(e)) add_out_of_line_def(e.cast<Var>());
      dims.push_back(d->Expr(e));
    }
    out.shape = TupleDoc(dims);
  }
  // Step 2: dtype (float32 is the default).
  if (bn->dtype != DataType::Float(32)) out.dtype = StrDoc(DTypeStr(bn->dtype));
  // Step 3: data.
  bool inline_data = false;
  if (is_new_var(bn->data)) {
    if (defs >= BufferVarDef::kDataPointer) {
      inline_data = try_inline_def(bn->data, [d, buffer]() { return d->BufferRef(buffer)->Attr("data"); });
    } else {
      add_out_of_line_def(bn->data);
    }
  }
  if (!inline_data) out.data = d->Expr(bn->data);
  // Step 4: strides.
  if (!bn->strides.empty()) {
    std::vector<ExprP> items;
    for (size_t i = 0; i < bn->strides.size(); ++i) {
      const PrimExpr& e = bn->strides[i];
      if (is_new_var(e)) {
        if (try_inline_def(e, [d, buffer, i]() {
              return d->BufferRef(buffer)->Attr("strides")->Index({IntDoc(static_cast<int64_t>(i))});
            })) {
          items.push_back(StrDoc(e.cast<Var>()->name_hint));
          continue;
        }
      }
      items.push_back(d->Expr(e));
    }
    out.strides = TupleDoc(items);
  }
  // Step 5: elem_offset.
  bool needs_factor = false;
  if (const IntImmNode* imm = bn->elem_offset.as<IntImmNode>()) {
    if (imm->value != 0) out.elem_offset = d->Expr(bn->elem_offset);
  } else if (bn->elem_offset.defined() && is_new_var(bn->elem_offset)) {
    try_inline_def(bn->elem_offset, [d, buffer]() { return d->BufferRef(buffer)->Attr("elem_offset"); });
    needs_factor = true;
  } else if (bn->elem_offset.defined()) {
    out.elem_offset = d->Expr(bn->elem_offset);
  }
  // Steps 6-10: scope, alignment, offset factor, buffer type, axis separators.
  std::string scope = buffer->scope();
  if (scope != "global") out.scope = StrDoc(scope);
  if (bn->data_alignment != 64) out.align = IntDoc(bn->data_alignment);
  if (needs_factor || bn->offset_factor != 1) out.offset_factor = IntDoc(bn->offset_factor);
  if (bn->buffer_type != BufferType::kDefault) out.buffer_type = StrDoc("auto");
  if (!bn->axis_separators.empty()) out.axis_separators = ListDoc(d->Exprs(bn->axis_separators));
  // Out-of-line var definitions go before the buffer's own line.
  if (def_lhs.size() == 1) {
    frame->stmts.push_back(AssignDoc(def_lhs[0], def_rhs[0]));
  } else if (def_lhs.size() > 1) {
    frame->stmts.push_back(AssignDoc(TupleDoc(def_lhs), TupleDoc(def_rhs)));
  }
  return out;
}

ExprP Docsifier::BufferDecl(const Buffer& buffer, const std::string& method,
                            std::vector<ExprP> args, Frame* frame, BufferVarDef defs) {
  BufferAttrDocs a = BufferAttrs(this, buffer, frame, defs);
  args.push_back(a.shape);
  if (a.dtype) args.push_back(a.dtype);
  std::vector<std::string> keys;
  std::vector<ExprP> values;
  auto kw = [&](const char* k, const ExprP& v) {
    if (v) {
      keys.push_back(k);
      values.push_back(v);
    }
  };
  kw("data", a.data);
  kw("strides", a.strides);
  kw("elem_offset", a.elem_offset);
  kw("scope", a.scope);
  kw("align", a.align);
  kw("offset_factor", a.offset_factor);
  kw("buffer_type", a.buffer_type);
  kw("axis_separators", a.axis_separators);
  return T(method)->Call(args, keys, values);
}

ExprP Docsifier::BufferAnnotation(const Buffer& buffer, Frame* frame) {
  BufferAttrDocs a = BufferAttrs(this, buffer, frame, BufferVarDef::kDataPointer);
  ExprP dtype = a.dtype ? a.dtype : StrDoc(DTypeStr(buffer->dtype));
  return T("Buffer")->Call({a.shape, dtype});
}

ExprP Docsifier::BufferRef(const Buffer& buffer) {
  if (!IsDefined(buffer.get())) {
    if (Frame* f = FindLowestVarDef(buffer.get())) {
      ExprP lhs = DefineBuffer(buffer, f);
      ExprP rhs = BufferDecl(buffer, "Buffer", {}, f, BufferVarDef::kDataPointer);
      f->stmts.push_back(AssignDoc(lhs, rhs));
    } else {
      return IdDoc(buffer->name.empty() ? "buffer" : buffer->name);
    }
  }
  return GetDoc(buffer.get());
}

std::vector<ExprP> Docsifier::BufferIndices(const std::vector<PrimExpr>& indices) {
  std::vector<ExprP> out;
  for (const PrimExpr& idx : indices) {
    if (const RampNode* ramp = idx.as<RampNode>()) {
      if (const IntImmNode* stride = ramp->stride.as<IntImmNode>()) {
        ExprP start = Expr(ramp->base);
        PrimExpr stop_e = tir::add(ramp->base, tir::mul(IntImm(ramp->stride.dtype(), ramp->lanes), ramp->stride));
        ExprP stop = Expr(stop_e);
        ExprP step = stride->value != 1 ? Expr(ramp->stride) : nullptr;
        out.push_back(SliceDoc(start, stop, step));
        continue;
      }
    }
    out.push_back(Expr(idx));
  }
  return out;
}

ExprP Docsifier::BufferRegionDoc(const BufferRegion& region) {
  ExprP prefix = BufferRef(region->buffer);
  std::vector<ExprP> indices;
  for (const Range& r : region->region) {
    ExprP mn = Expr(r->min);
    if (is_one(r->extent)) {
      indices.push_back(mn);
    } else {
      ExprP mx = Expr(tir::add(r->min, r->extent));
      indices.push_back(SliceDoc(mn, mx, nullptr));
    }
  }
  return prefix->Index(indices);
}

}  // namespace printer
}  // namespace script
}  // namespace tirgen

// The T.* functions of TVMScript, with TVM v0.14's argument names, defaults and semantics
// (python/tvm/script/ir_builder/tir/ir.py and src/script/ir_builder/tir/ir.cc).
#include <cmath>
#include <algorithm>
#include <set>
#include <unordered_map>

#include "parser_impl.h"
#include "target_config.h"
#include "tir_ops.h"
#include "tirgen/tir/expr_deep_equal.h"

namespace tirgen {
namespace script {

using namespace tir;  // NOLINT

namespace {
// The binary node kind whose KindName is `f` (T.Add -> kAdd).
Kind BinaryKindNamed(const std::string& f) {
  for (auto k = static_cast<uint16_t>(Kind::kAdd); k <= static_cast<uint16_t>(Kind::kOr); ++k)
    if (f == KindName(static_cast<Kind>(k))) return static_cast<Kind>(k);
  TIRGEN_ICHECK(false) << "T." << f << " is no binary node kind";
  return Kind::kAdd;
}
}  // namespace

std::vector<const Value*> Parser::Bind(const CallArgs& a, const std::vector<const char*>& names,
                                       size_t required) {
  std::vector<const Value*> out(names.size(), nullptr);
  if (a.pos.size() > names.size()) {
    Fail(a.pos[names.size()], a.fname + "() takes at most " + std::to_string(names.size()) +
                                  " argument" + (names.size() == 1 ? "" : "s") + " (" +
                                  std::to_string(a.pos.size()) + " given)");
  }
  for (size_t i = 0; i < a.pos.size(); ++i) out[i] = &a.pos[i];
  for (size_t k = 0; k < a.kw.size(); ++k) {
    const auto& kv = a.kw[k];
    int line = k < a.kw_pos.size() ? a.kw_pos[k].first : kv.second.line;
    int col = k < a.kw_pos.size() ? a.kw_pos[k].second : kv.second.col;
    size_t j = 0;
    while (j < names.size() && kv.first != names[j]) ++j;
    if (j == names.size())
      Fail(line, col, a.fname + "() got an unexpected keyword argument '" + kv.first + "'");
    if (out[j]) Fail(line, col, a.fname + "() got multiple values for argument '" + kv.first + "'");
    out[j] = &kv.second;
  }
  for (size_t i = 0; i < required; ++i)
    if (!out[i]) Fail(a.line, a.col, a.fname + "() missing required argument '" + names[i] + "'");
  return out;
}

std::vector<PrimExpr> Parser::ToShape(const Value& v, const char* what) {
  std::vector<PrimExpr> dims = ToExprList(v, what);
  // Each dimension is located at its own item when the shape is written out.
  auto at = [&](size_t i) -> const Value& {
    bool listed = (v.k == Value::K::kList || v.k == Value::K::kTuple) && i < v.items->size();
    return listed ? (*v.items)[i] : v;
  };
  int64_t count = 1;
  bool overflow = false;
  for (size_t i = 0; i < dims.size(); ++i) {
    if (!dims[i].dtype().is_int() && !dims[i].dtype().is_uint())
      Fail(at(i), std::string(what) + " must be integers, got " + dims[i].dtype().str());
    const int64_t* c = as_const_int(dims[i]);
    if (!c) continue;
    if (*c < 0)
      Fail(at(i), std::string(what) + " dimension " + std::to_string(i) + " is " + std::to_string(*c) +
                      "; dimensions are non-negative");
    overflow = overflow || __builtin_mul_overflow(count, *c, &count);
  }
  if (overflow)
    Fail(v, std::string(what) + " holds more than 2^63 elements; use smaller dimensions");
  return dims;
}

// Shared by T.Buffer, T.match_buffer, T.alloc_buffer and T.decl_buffer (TVM's BufferDecl).
// v = shape, dtype, data, strides, elem_offset, scope, align, offset_factor, buffer_type,
// axis_separators (from index shape_index on).
Buffer Parser::DeclBufferFromArgs(const CallArgs& a, const std::vector<const Value*>& all,
                                  const char* default_scope, int default_align,
                                  int default_offset_factor, size_t k) {
  auto arg = [&](size_t i) { return all[k + i]; };
  std::vector<PrimExpr> shape = ToShape(*arg(0), "buffer shape");
  DataType dtype = arg(1) ? ToDType(*arg(1)) : DataType::Float(32);
  std::string scope = arg(5) ? ToStr(*arg(5), "a storage scope") : default_scope;
  int align = arg(6) ? static_cast<int>(ToInt(*arg(6), "align")) : default_align;
  int64_t offset_factor = arg(7) ? ToInt(*arg(7), "offset_factor") : default_offset_factor;
  std::string btype = arg(8) ? ToStr(*arg(8), "a buffer_type") : "";
  if (btype != "" && btype != "auto" && btype != "default")
    Fail(*arg(8), "buffer_type must be \"auto\" or \"default\", got \"" + btype + "\"");
  Var data;
  if (arg(2) && arg(2)->k != Value::K::kNone) {
    data = ToVar(*arg(2), "the data pointer");
    if (!data.dtype().is_handle() || !data->has_pointer_type())
      Fail(*arg(2), "data must be a pointer variable (e.g. another buffer's .data or a T.allocate result)");
  } else {
    DataType storage = dtype.is_bool() ? DataType::Int(8) : dtype;
    data = Var::Pointer("", storage, scope);
  }
  std::vector<PrimExpr> strides;
  if (arg(3) && arg(3)->k != Value::K::kNone) {
    for (const Value& s : ToList(*arg(3), "strides")) {
      if (s.k == Value::K::kStr) strides.push_back(Var(s.s, DataType::Int(32)));
      else strides.push_back(ToExpr(s, "a stride"));
    }
    if (strides.size() != shape.size())
      Fail(*arg(3), "buffer has " + std::to_string(shape.size()) + " dimensions but " +
                        std::to_string(strides.size()) + " strides");
  }
  PrimExpr elem_offset;
  if (arg(4) && arg(4)->k != Value::K::kNone) elem_offset = ToExpr(*arg(4), "elem_offset");
  if (!elem_offset.defined() && offset_factor != 0)
    elem_offset = Var("elem_offset", shape.empty() ? DataType::Int(32) : shape[0].dtype());
  std::vector<PrimExpr> seps;
  if (arg(9) && arg(9)->k != Value::K::kNone)
    for (const Value& s : ToList(*arg(9), "axis_separators"))
      seps.push_back(IntImm(DataType::Int(32), ToInt(s, "an axis separator")));
  if (align <= 0) align = 64;
  if (offset_factor == 0) offset_factor = 1;
  (void)a;
  return Buffer::Make(data, dtype, std::move(shape), std::move(strides), elem_offset, "", align,
                      static_cast<int>(offset_factor),
                      btype == "auto" ? BufferType::kAutoBroadcast : BufferType::kDefault,
                      std::move(seps));
}

Value Parser::MakeForFrame(CallArgs& a, ForKind kind) {
  std::vector<const Value*> v =
      kind == ForKind::kThreadBinding ? Bind(a, {"start", "stop", "thread", "annotations"}, 1)
                                      : Bind(a, {"start", "stop", "annotations"}, 1);
  const Value* start = v[0];
  const Value* stop = v[1] && v[1]->k != Value::K::kNone ? v[1] : nullptr;
  auto f = std::make_shared<FrameSpec>();
  f->k = FrameSpec::K::kFor;
  f->for_kind = kind;
  if (kind == ForKind::kThreadBinding) {
    const Value* thread = v[2];
    if (!thread && stop && stop->k == Value::K::kStr) {
      thread = stop;
      stop = nullptr;
    }
    if (!thread) Fail(a.line, a.col, "T.thread_binding() needs a thread tag, e.g. thread=\"threadIdx.x\"");
    f->thread = ToStr(*thread, "a thread tag");
  }
  const Value* ann = v.back();
  if (ann && ann->k != Value::K::kNone) f->annotations = ToAttrMap(*ann, "annotations");
  PrimExpr lo, hi;
  if (!stop) {
    hi = ToExpr(*start, "a loop extent");
    lo = start->k == Value::K::kExpr ? PrimExpr(IntImm(hi.dtype().is_int() || hi.dtype().is_uint() ? hi.dtype() : DataType::Int(32), 0))
                                     : PrimExpr(IntImm(DataType::Int(32), 0));
  } else {
    lo = ToExpr(*start, "a loop start");
    hi = ToExpr(*stop, "a loop end");
  }
  if (!lo.dtype().is_int() && !lo.dtype().is_uint()) Fail(*start, "loop bounds must be integers, got " + lo.dtype().str());
  if (!hi.dtype().is_int() && !hi.dtype().is_uint())
    Fail(stop ? *stop : *start, "loop bounds must be integers, got " + hi.dtype().str());
  PrimExpr extent;
  try {
    extent = SimplifyExtent(hi, lo);
  } catch (const Error& e) {
    if (e.span().defined()) throw;
    Fail(a.line, a.col, e.message());
  }
  int bits = std::max(lo.dtype().bits(), extent.dtype().bits());
  DataType var_type(lo.dtype().code(), bits);
  // TVM's For constructor promotes a narrower integer constant min/extent to the loop var's
  // type (T.serial(0, T.int64(16)) starts at T.int64(0)); other mismatches are errors.
  auto promote = [&](PrimExpr e, const Value& at) {
    if (e.dtype() == var_type) return e;
    if (const auto* imm = e.as<IntImmNode>()) return PrimExpr(IntImm(var_type, imm->value));
    Fail(at, "loop bound of type " + e.dtype().str() + " under a " + var_type.str() +
                 " loop variable (cast it with T.Cast)");
  };
  f->mins.push_back(promote(lo, *start));
  f->extents.push_back(promote(extent, stop ? *stop : *start));
  f->var_types.push_back(var_type);
  Value r;
  r.k = Value::K::kFrame;
  r.frame = f;
  r.line = a.line;
  r.col = a.col;
  return r;
}

Value Parser::AxisCall(CallArgs& a, const std::string& kind) {
  std::vector<const Value*> v = Bind(a, {"dom", "binding", "dtype"}, 2);
  BlockState* b = LastBlock();
  if (!b) Fail(a.line, a.col, a.fname + "() must be called directly inside a T.block");
  DataType dtype = v[2] ? ToDType(*v[2]) : DataType::Int(32);
  Range dom;
  const Value& d = *v[0];
  try {
    if (d.k == Value::K::kList || d.k == Value::K::kTuple || d.k == Value::K::kNumList) {
      std::vector<Value> items = ToList(d, "a domain");
      if (items.size() != 2) Fail(d, "an axis domain must be an extent or a (min, max) pair");
      PrimExpr lo = ToExpr(items[0], "a domain bound"), hi = ToExpr(items[1], "a domain bound");
      dom = Range(lo, is_zero(lo) ? hi : Arith(Kind::kSub, hi, lo));
    } else {
      PrimExpr e = ToExpr(d, "an axis domain");
      dom = Range(IntImm(e.dtype().is_int() || e.dtype().is_uint() ? e.dtype() : DataType::Int(32), 0), e);
    }
  } catch (const Error& e) {
    if (e.span().defined()) throw;
    Fail(d, e.message());
  }
  if (!dom->extent.dtype().is_int() && !dom->extent.dtype().is_uint())
    Fail(d, "axis domain must be an integer, got " + dom->extent.dtype().str());
  PrimExpr binding = ToExpr(*v[1], "an axis binding");
  if (!binding.dtype().is_int() && !binding.dtype().is_uint())
    Fail(*v[1], "an axis binding must be an integer expression, got " + binding.dtype().str());
  int bits = std::max({dom->min.dtype().bits(), dom->extent.dtype().bits(), dtype.bits()});
  IterVarType t = kind == "spatial" || kind == "S" ? IterVarType::kDataPar
                : kind == "reduce" || kind == "R" ? IterVarType::kCommReduce
                : kind == "scan" ? IterVarType::kOrdered : IterVarType::kOpaque;
  Var var("", DataType(dtype.code(), bits));
  b->iter_vars.push_back(IterVar(dom, var, t));
  b->iter_values.push_back(binding);
  return MakeExpr(var, a.line, a.col);
}

Value Parser::AxisRemap(CallArgs& a) {
  std::vector<const Value*> v = Bind(a, {"kinds", "bindings", "dtype"}, 2);
  BlockState* b = LastBlock();
  if (!b) Fail(a.line, a.col, "T.axis.remap() must be called directly inside a T.block");
  std::string kinds = ToStr(*v[0], "the axis kinds, e.g. \"SSR\"");
  std::vector<Value> binds = ToList(*v[1], "the bound loop variables");
  if (kinds.size() != binds.size()) {
    Fail(*v[0], "T.axis.remap() got " + std::to_string(kinds.size()) + " kinds (\"" + kinds +
                    "\") but " + std::to_string(binds.size()) + " loop variables");
  }
  Value out;
  out.k = Value::K::kList;
  out.items = std::make_shared<std::vector<Value>>();
  out.line = a.line;
  out.col = a.col;
  for (size_t i = 0; i < binds.size(); ++i) {
    char c = kinds[i];
    if (c != 'S' && c != 'R')
      Fail(*v[0], std::string("unknown axis kind '") + c + "' in T.axis.remap (expected S or R)");
    Var lv = ToVar(binds[i], "a loop variable");
    Range dom;
    for (const Ctx& cx : ctx_) {
      if (cx.k != Ctx::K::kFor) continue;
      for (size_t j = 0; j < cx.loop_vars.size(); ++j)
        if (cx.loop_vars[j].same_as(lv)) dom = cx.loop_doms[j];
      if (dom.defined()) break;
    }
    if (!dom.defined())
      Fail(binds[i], "T.axis.remap: '" + lv->name_hint + "' is not the variable of an enclosing loop");
    Var var("", lv.dtype());
    b->iter_vars.push_back(IterVar(dom, var, c == 'S' ? IterVarType::kDataPar : IterVarType::kCommReduce));
    b->iter_values.push_back(lv);
    out.items->push_back(MakeExpr(var, binds[i].line, binds[i].col));
  }
  if (out.items->size() == 1) return (*out.items)[0];
  return out;
}

Value Parser::CommReducerCall(CallArgs& a) {
  std::vector<const Value*> v = Bind(a, {"combiner", "identity"}, 2);
  if (v[0]->k != Value::K::kLambda)
    Fail(*v[0], "T.comm_reducer() needs a lambda combiner, e.g. lambda x, y: x + y");
  if (v[0]->src && v[0]->src != src_)  // its body's tokens are in another text (a macro's caller)
    Fail(a.line, a.col, "T.comm_reducer() takes a lambda written in the same function or macro");
  std::vector<PrimExpr> identity;
  for (const Value& e : ToList(*v[1], "the identity elements"))
    identity.push_back(ToExpr(e, "an identity element"));
  const std::vector<Value>& names = *v[0]->items;
  if (identity.empty() || names.size() != 2 * identity.size())
    Fail(*v[0], "the combiner takes " + std::to_string(names.size()) + " parameters but " +
                    std::to_string(identity.size()) + " identity elements need " +
                    std::to_string(2 * identity.size()));
  // As TVM's comm_reducer: the parameters become vars named x, y, x0, x1, ... by position,
  // typed like identity + identity; the first half is lhs, the second rhs.
  std::vector<Var> vars;
  for (size_t i = 0; i < names.size(); ++i) {
    std::string nm = i == 0 ? "x" : i == 1 ? "y" : "x" + std::to_string(i - 2);
    vars.push_back(Var(nm, identity[i % identity.size()].dtype()));
  }
  size_t resume = pos_;
  pos_ = static_cast<size_t>(v[0]->i);
  PushScope();
  for (size_t i = 0; i < names.size(); ++i) Define(names[i].s, MakeExpr(vars[i], names[i].line, names[i].col));
  Value body = ParseExpr();
  PopScope();
  pos_ = resume;
  std::vector<PrimExpr> result;
  if (body.k == Value::K::kTuple) {
    for (const Value& e : *body.items) result.push_back(ToExpr(e, "a combined value"));
  } else {
    result.push_back(ToExpr(body, "a combined value"));
  }
  if (result.size() != identity.size())
    Fail(body, "the combiner returns " + std::to_string(result.size()) + " values for " +
                   std::to_string(identity.size()) + " identity elements");
  size_t n = identity.size();
  Value r;
  r.k = Value::K::kObj;
  r.obj = CommReducer(std::vector<Var>(vars.begin(), vars.begin() + n),
                      std::vector<Var>(vars.begin() + n, vars.end()), std::move(result), std::move(identity));
  r.line = a.line;
  r.col = a.col;
  return r;
}

// TVM's Buffer.access_ptr / vload / vstore (python/tvm/tir/buffer.py and BufferNode::access_ptr).
Value Parser::BufferMethod(CallArgs& a) {
  Buffer b = a.self.cast<Buffer>();
  std::string m = a.fname.substr(7);
  if (m == "access_ptr") {
    auto v = Bind(a, {"access_mask", "ptr_type", "content_lanes", "offset", "extent"}, 1);
    int64_t mask = 0;
    if (v[0]->k == Value::K::kStr) {
      for (char c : v[0]->s) {
        if (c == 'r') mask |= 1;
        else if (c == 'w') mask |= 2;
        else Fail(*v[0], "access_mask must be made of 'r' and 'w', got \"" + v[0]->s + "\"");
      }
    } else {
      mask = ToInt(*v[0], "an access mask");
    }
    DataType ptr_type = v[1] ? ToDType(*v[1]) : DataType::Handle();
    if (v[2] && ToInt(*v[2], "content_lanes") != 1) Fail(*v[2], "access_ptr with content_lanes > 1 is not supported");
    PrimExpr offset = v[3] ? ToExpr(*v[3], "an offset") : PrimExpr(IntImm(DataType::Int(32), 0));
    PrimExpr extent;
    if (v[4] && v[4]->k != Value::K::kNone) {
      extent = ToExpr(*v[4], "an extent");
    } else if (b->shape.empty()) {
      extent = IntImm(DataType::Int(32), 1);
    } else if (b->strides.size() == b->shape.size()) {
      extent = Arith(Kind::kSub, Arith(Kind::kMul, b->strides[0], b->shape[0]), offset);
    } else {
      PrimExpr n = IntImm(DataType::Int(32), 1);
      for (const PrimExpr& d : b->shape) n = Arith(Kind::kMul, n, d);
      extent = Arith(Kind::kSub, n, offset);
    }
    PrimExpr elem_offset = Arith(Kind::kAdd, b->elem_offset, offset);
    return MakeExpr(MakeCall(ptr_type, "tir.tvm_access_ptr",
                             {MakeCall(b->dtype, "tir.type_annotation", {}), b->data, elem_offset,
                              extent, IntImm(DataType::Int(32), mask)}),
                    a.line, a.col);
  }
  if (m == "vload") {
    auto v = Bind(a, {"begin", "dtype"}, 1);
    std::vector<PrimExpr> idx = ToExprList(*v[0], "the indices");
    if (v[1] && ToDType(*v[1]) != b->dtype) Fail(*v[1], "vload with another dtype than the buffer's is not supported");
    return MakeExpr(BufferLoad(b, std::move(idx)), a.line, a.col);
  }
  Fail(a.line, a.col, "A.vstore() is not supported; write A[i] = value");
}

namespace {

using Args = std::vector<const Value*>;

// One T.<name> builtin. `params` are its Python parameter names (TVM's), bound by Parser::Bind
// before the handler runs, so arity and keyword errors are checked here once, worded as
// Python's; a handler then reads v[i] (nullptr: an optional argument not given). A `raw`
// builtin binds its own arguments: variadic (T.grid, T.reads), dtype-forwarding
// (T.call_extern) or with parameters that depend on the name (T.thread_binding).
using Handler = Value (*)(Parser& p, CallArgs& a, const Args& v, const std::string& f);
struct Builtin {
  std::vector<const char*> params;
  size_t required = 0;
  bool raw = false;
  Handler run = nullptr;
};

Value NoneAt(const CallArgs& a) {
  Value none;
  none.line = a.line;
  none.col = a.col;
  return none;
}
Value ExprAt(const CallArgs& a, PrimExpr e) { return Parser::MakeExpr(std::move(e), a.line, a.col); }
Value FrameAt(const CallArgs& a, std::shared_ptr<FrameSpec> f) {
  Value v = NoneAt(a);
  v.k = Value::K::kFrame;
  v.frame = std::move(f);
  return v;
}
Value BufferAt(const CallArgs& a, Buffer b) {
  Value v = NoneAt(a);
  v.k = Value::K::kBuffer;
  v.obj = std::move(b);
  return v;
}
std::shared_ptr<FrameSpec> NewFrame(FrameSpec::K k) {
  auto f = std::make_shared<FrameSpec>();
  f->k = k;
  return f;
}

// TVM's BufferDecl parameters (T.Buffer, T.alloc_buffer, T.decl_buffer; T.match_buffer adds
// `param` in front).
const std::vector<const char*> kBufferParams = {"shape", "dtype", "data", "strides", "elem_offset", "scope",
                                                "align", "offset_factor", "buffer_type", "axis_separators"};

// T.int64(3), T.float32(0.5), T.bool(True), T.int32(): a constant, a cast or a fresh variable.
Value TypeConstructor(Parser& p, CallArgs& a, DataType dt) {
  std::vector<const Value*> v = p.Bind(a, {"expr", "is_size_var"}, 0);
  if (!v[0] || v[0]->k == Value::K::kNone) {
    bool size = v[1] && p.ToBool(*v[1], "is_size_var");
    return ExprAt(a, size ? Var::Size("", dt) : Var("", dt));
  }
  Value x = *v[0];
  if (x.k == Value::K::kStr) {
    if (x.s != "inf" && x.s != "-inf" && x.s != "nan")
      p.Fail(x, a.fname + "() accepts a number, an expression or \"inf\"/\"-inf\"/\"nan\"");
    x.k = Value::K::kFloat;
    x.f = x.s == "nan" ? std::nan("") : (x.s == "inf" ? HUGE_VAL : -HUGE_VAL);
  }
  if (x.k == Value::K::kFloat && dt.is_floating()) {
    if (dt.bits() == 32 && std::isfinite(x.f) && std::fabs(x.f) > 3.4028234663852886e+38)
      p.Fail(x, "value out of float32 range");
    if (dt.bits() == 16 && dt.is_float() && std::isfinite(x.f) && std::fabs(x.f) > 65504.0)
      p.Fail(x, "value out of float16 range");
    return ExprAt(a, CastTo(dt, FloatImm(dt.element_of(), x.f)));
  }
  if (x.k == Value::K::kInt && dt.is_integer() && dt.bits() < 64) {
    PrimExpr e = p.ToExprLike(x, dt.element_of());
    return ExprAt(a, CastTo(dt, e));
  }
  if (x.k == Value::K::kFloat && !dt.is_floating())
    return ExprAt(a, CastTo(dt, FloatImm(DataType::Float(64), x.f)));
  return ExprAt(a, CastTo(dt, p.ToExpr(x)));
}

// T.reinterpret / call_extern / call_pure_extern / call_intrin: TVM's _dtype_forward (the
// dtype comes first, or as dtype= with the rest positional).
Value DtypeForwardCall(Parser& p, CallArgs& a, const Args&, const std::string& f) {
  const std::string& n = a.fname;
  std::vector<Value> rest = a.pos;
  const Value* dtype = nullptr;
  for (const auto& kv : a.kw) {
    if (kv.first != "dtype") p.Fail(kv.second, n + "() got an unexpected keyword argument '" + kv.first + "'");
    dtype = &kv.second;
  }
  if (!dtype) {
    if (rest.empty()) p.Fail(a.line, a.col, n + "() needs a dtype");
    dtype = &a.pos[0];
    rest.erase(rest.begin());
  }
  DataType t = p.ToDType(*dtype);
  if (f == "reinterpret") {
    if (rest.size() != 1) p.Fail(a.line, a.col, "T.reinterpret() takes a dtype and one value");
    return ExprAt(a, MakeCall(t, "tir.reinterpret", {p.ToExpr(rest[0])}));
  }
  if (rest.empty()) p.Fail(a.line, a.col, n + "() needs a function name");
  std::string name = p.ToStr(rest[0], "a function name");
  std::vector<PrimExpr> args;
  if (f == "call_intrin") {
    for (size_t i = 1; i < rest.size(); ++i) args.push_back(p.ToExpr(rest[i]));
    return ExprAt(a, MakeCall(t, name.rfind("tir.", 0) == 0 ? name : "tir." + name, std::move(args)));
  }
  args.push_back(StringImm(name));
  for (size_t i = 1; i < rest.size(); ++i) args.push_back(p.ToExpr(rest[i]));
  return ExprAt(a, MakeCall(t, "tir." + f, std::move(args)));
}

using Table = std::unordered_map<std::string, Builtin>;

// Every T.<name> the parser knows besides the type constructors (T.int32(...)) and the
// tir.<builtin> calls of intrinsics.cc, keyed by name.
const Table& Builtins() {
  static const Table table = [] {
    Table t;
    auto add = [&t](std::initializer_list<const char*> names, Builtin b) {
      for (const char* n : names) TIRGEN_ICHECK(t.emplace(n, b).second) << "TVMScript builtin T." << n << " is listed twice";
    };
    auto raw = [&add](std::initializer_list<const char*> names, Handler h) { add(names, Builtin{{}, 0, true, h}); };

    // ---- variables of a type ----
    add({"void"}, {{"expr", "is_size_var"}, 0, false, [](Parser& p, CallArgs& a, const Args& v, const std::string&) -> Value {
          // T.void(): a variable of type void (a let bound to a void call)
          if (v[0] && v[0]->k != Value::K::kNone) p.Fail(*v[0], "T.void() takes no value");
          return ExprAt(a, Var("", DataType::Void()));
        }});
    add({"handle", "Ptr", "ptr"}, {{"dtype", "storage_scope", "is_size_var"}, 0, false,
                                   [](Parser& p, CallArgs& a, const Args& v, const std::string&) -> Value {
          if (!v[0] || v[0]->k == Value::K::kNone) return ExprAt(a, Var("", DataType::Handle()));
          std::string scope = v[1] ? p.ToStr(*v[1], "a storage scope") : "global";
          return ExprAt(a, Var::Pointer("", p.ToDType(*v[0]), scope));
        }});

    // ---- buffers ----
    add({"Buffer", "buffer_decl"}, {kBufferParams, 1, false, [](Parser& p, CallArgs& a, const Args& v, const std::string&) -> Value {
          return BufferAt(a, p.DeclBufferFromArgs(a, v, "global", 0, 0, 0));
        }});
    std::vector<const char*> match_params = kBufferParams;
    match_params.insert(match_params.begin(), "param");
    add({"match_buffer"}, {match_params, 1, false, [](Parser& p, CallArgs& a, const Args& v, const std::string&) -> Value {
          const Value& param = *v[0];
          Value shape_default;
          Value dtype_default;
          std::vector<const Value*> rest(v.begin() + 1, v.end());
          bool region = param.k == Value::K::kRegion ||
                        (param.k == Value::K::kExpr && param.obj.as<BufferLoadNode>());
          if (!rest[0] || rest[0]->k == Value::K::kNone) {
            if (!region) p.Fail(a.line, a.col, "T.match_buffer() needs a shape when binding a parameter");
            BufferRegion src = p.ToRegion(param);
            shape_default.k = Value::K::kTuple;
            shape_default.items = std::make_shared<std::vector<Value>>();
            for (const Range& r : src->region) shape_default.items->push_back(Parser::MakeExpr(r->extent, a.line, a.col));
            dtype_default.k = Value::K::kStr;
            dtype_default.s = src->buffer->dtype.str();
            rest[0] = &shape_default;
            rest[1] = &dtype_default;
          }
          Buffer buf = p.DeclBufferFromArgs(a, rest, "global", -1, 0, 0);
          if (region) {
            BufferRegion src = p.ToRegion(param);
            p.FindBlock(a.line, a.col, "T.match_buffer")->match_buffers.push_back(MatchBufferRegion(buf, src));
            return BufferAt(a, buf);
          }
          Var pv = p.ToVar(param, "a function parameter or a buffer region");
          FuncState* fs = p.TopFunc(a.line, a.col, "T.match_buffer");
          bool found = false;
          for (const Var& q : fs->params) found = found || q.same_as(pv);
          if (!found) p.Fail(param, "T.match_buffer() can only bind a parameter of the function");
          for (const auto& kv : fs->buffer_map)
            if (kv.first.same_as(pv)) p.Fail(param, "parameter '" + pv->name_hint + "' is already bound to a buffer");
          // Keep buffer_map in parameter order.
          auto it = fs->buffer_map.begin();
          for (const Var& q : fs->params) {
            if (q.same_as(pv)) break;
            if (it != fs->buffer_map.end() && it->first.same_as(q)) ++it;
          }
          fs->buffer_map.insert(it, {pv, buf});
          return BufferAt(a, buf);
        }});
    add({"alloc_buffer"}, {kBufferParams, 1, false, [](Parser& p, CallArgs& a, const Args& v, const std::string&) -> Value {
          Buffer buf = p.DeclBufferFromArgs(a, v, "global", -1, 0, 0);
          if (BlockState* b = p.LastBlock()) {
            b->alloc_buffers.push_back(buf);
          } else if (!p.ctx_.empty() && p.ctx_.back().k == Ctx::K::kFunc) {
            p.ctx_.back().func->root_alloc_buffers.push_back(buf);
          } else {
            p.Fail(a.line, a.col, "T.alloc_buffer() must be called directly inside a T.block or at the top level of the function");
          }
          return BufferAt(a, buf);
        }});
    add({"decl_buffer"}, {kBufferParams, 1, false, [](Parser& p, CallArgs& a, const Args& v, const std::string&) -> Value {
          auto fr = NewFrame(FrameSpec::K::kDeclBuffer);
          fr->buffer = p.DeclBufferFromArgs(a, v, "global", 0, 0, 0);
          fr->allocated = v[2] && v[2]->k != Value::K::kNone;
          return FrameAt(a, fr);
        }});
    add({"allocate"}, {{"extents", "dtype", "scope", "condition", "annotations"}, 2, false,
                       [](Parser& p, CallArgs& a, const Args& v, const std::string&) -> Value {
          auto fr = NewFrame(FrameSpec::K::kAllocate);
          fr->extents = p.ToShape(*v[0], "allocation extents");
          fr->dtype = p.ToDType(*v[1]);
          std::string scope = v[2] ? p.ToStr(*v[2], "a storage scope") : "global";
          fr->condition = v[3] && v[3]->k != Value::K::kNone ? p.ToExpr(*v[3], "a condition")
                                                             : PrimExpr(IntImm(DataType::Bool(), 1));
          if (v[4] && v[4]->k != Value::K::kNone) fr->annotations = p.ToAttrMap(*v[4], "annotations");
          fr->var = Var::Pointer("", fr->dtype, scope);
          return FrameAt(a, fr);
        }});
    add({"allocate_const"}, {{"data", "dtype", "extents", "annotations"}, 3, false,
                             [](Parser& p, CallArgs& a, const Args& v, const std::string&) -> Value {
          auto fr = NewFrame(FrameSpec::K::kAllocateConst);
          fr->dtype = p.ToDType(*v[1]);
          fr->extents = p.ToExprList(*v[2], "constant extents");
          if (v[3] && v[3]->k != Value::K::kNone) fr->annotations = p.ToAttrMap(*v[3], "annotations");
          fr->data = p.ConstData(*v[0], fr->dtype, fr->extents, *v[2]);
          fr->var = Var::Pointer("", fr->dtype, "");
          return FrameAt(a, fr);
        }});

    // ---- function and block structure ----
    add({"func_attr"}, {{"attrs"}, 1, false, [](Parser& p, CallArgs& a, const Args& v, const std::string&) -> Value {
          FuncState* fs = p.TopFunc(a.line, a.col, "T.func_attr");
          if (fs->attrs) p.Fail(a.line, a.col, "duplicate T.func_attr(...)");
          fs->attrs = p.ToAttrMap(*v[0], "function attributes");
          return NoneAt(a);
        }});
    raw({"comm_reducer"}, [](Parser& p, CallArgs& a, const Args&, const std::string&) { return p.CommReducerCall(a); });
    add({"target"}, {{"target_config", "host"}, 1, false, [](Parser& p, CallArgs& a, const Args& v, const std::string&) -> Value {
          ObjectRef host;
          if (v[1] && v[1]->k != Value::K::kNone) {
            if (v[1]->k == Value::K::kStr) host = String(v[1]->s);
            else if (v[1]->k == Value::K::kDict) host = Map(p.ToAttrMap(*v[1], "a host config"));
            else if (v[1]->k == Value::K::kObj) host = v[1]->obj;
            else p.Fail(*v[1], "T.target() host must be a string or a config dictionary");
          }
          Value r = NoneAt(a);
          r.k = Value::K::kObj;
          try {
            if (v[0]->k == Value::K::kStr) r.obj = TargetFromString(v[0]->s, host);
            else if (v[0]->k == Value::K::kDict) r.obj = TargetFromConfig(p.ToAttrMap(*v[0], "a target config"), host);
            else p.Fail(*v[0], "T.target() expects a target string or a config dictionary");
          } catch (const Error& e) {
            if (e.span().defined()) throw;
            p.Fail(*v[0], e.message());
          }
          return r;
        }});
    add({"block"}, {{"name", "no_realize"}, 0, false, [](Parser& p, CallArgs& a, const Args& v, const std::string&) -> Value {
          auto fr = NewFrame(FrameSpec::K::kBlock);
          fr->name = v[0] ? p.ToStr(*v[0], "a block name") : "";
          fr->no_realize = v[1] && p.ToBool(*v[1], "no_realize");
          return FrameAt(a, fr);
        }});
    add({"init"}, {{}, 0, false, [](Parser& p, CallArgs& a, const Args& v, const std::string&) -> Value {
          return FrameAt(a, NewFrame(FrameSpec::K::kInit));
        }});
    add({"where"}, {{"predicate"}, 1, false, [](Parser& p, CallArgs& a, const Args& v, const std::string&) -> Value {
          BlockState* b = p.FindBlock(a.line, a.col, "T.where");
          if (b->predicate.defined()) p.Fail(a.line, a.col, "duplicate T.where(...) in block \"" + b->name + "\"");
          PrimExpr pred = p.ToExpr(*v[0], "a predicate");
          if (!pred.dtype().is_bool()) p.Fail(*v[0], "T.where() needs a boolean predicate, got " + pred.dtype().str());
          b->predicate = pred;
          return NoneAt(a);
        }});
    // Variadic: regions, or lists of regions, positionally. The block is looked up first.
    raw({"reads", "writes"}, [](Parser& p, CallArgs& a, const Args&, const std::string& f) -> Value {
      BlockState* b = p.FindBlock(a.line, a.col, f == "reads" ? "T.reads" : "T.writes");
      auto& slot = f == "reads" ? b->reads : b->writes;
      if (slot) p.Fail(a.line, a.col, "duplicate " + a.fname + "(...) in block \"" + b->name + "\"");
      if (!a.kw.empty()) p.Fail(a.kw[0].second, a.fname + "() takes no keyword arguments");
      std::vector<BufferRegion> regions;
      for (const Value& r : a.pos) {
        if (r.k == Value::K::kList || r.k == Value::K::kTuple) {
          for (const Value& e : *r.items) regions.push_back(p.ToRegion(e));
        } else {
          regions.push_back(p.ToRegion(r));
        }
      }
      slot = std::move(regions);
      return NoneAt(a);
    });
    add({"block_attr"}, {{"attrs"}, 1, false, [](Parser& p, CallArgs& a, const Args& v, const std::string&) -> Value {
          BlockState* b = p.FindBlock(a.line, a.col, "T.block_attr");
          if (b->annotations) p.Fail(a.line, a.col, "duplicate T.block_attr(...) in block \"" + b->name + "\"");
          b->annotations = p.ToAttrMap(*v[0], "block attributes");
          return NoneAt(a);
        }});
    raw({"axis.spatial", "axis.reduce", "axis.scan", "axis.opaque", "axis.S", "axis.R"},
        [](Parser& p, CallArgs& a, const Args&, const std::string& f) { return p.AxisCall(a, f.substr(5)); });
    raw({"axis.remap"}, [](Parser& p, CallArgs& a, const Args&, const std::string&) { return p.AxisRemap(a); });

    // ---- loops (T.thread_binding takes a thread tag, so each binds its own parameters) ----
    raw({"serial"}, [](Parser& p, CallArgs& a, const Args&, const std::string&) { return p.MakeForFrame(a, ForKind::kSerial); });
    raw({"parallel"}, [](Parser& p, CallArgs& a, const Args&, const std::string&) { return p.MakeForFrame(a, ForKind::kParallel); });
    raw({"vectorized"}, [](Parser& p, CallArgs& a, const Args&, const std::string&) { return p.MakeForFrame(a, ForKind::kVectorized); });
    raw({"unroll"}, [](Parser& p, CallArgs& a, const Args&, const std::string&) { return p.MakeForFrame(a, ForKind::kUnrolled); });
    raw({"thread_binding"}, [](Parser& p, CallArgs& a, const Args&, const std::string&) { return p.MakeForFrame(a, ForKind::kThreadBinding); });
    raw({"grid"}, [](Parser& p, CallArgs& a, const Args&, const std::string&) -> Value {
      if (!a.kw.empty()) p.Fail(a.kw[0].second, "T.grid() takes no keyword arguments");
      if (a.pos.empty()) p.Fail(a.line, a.col, "T.grid() needs at least one extent");
      auto fr = NewFrame(FrameSpec::K::kFor);
      for (const Value& x : a.pos) {
        PrimExpr e = p.ToExpr(x, "a loop extent");
        if (!e.dtype().is_int() && !e.dtype().is_uint())
          p.Fail(x, "loop extents must be integers, got " + e.dtype().str());
        fr->mins.push_back(IntImm(e.dtype(), 0));
        fr->extents.push_back(e);
        fr->var_types.push_back(e.dtype());
      }
      return FrameAt(a, fr);
    });

    // ---- statements ----
    add({"evaluate"}, {{"value"}, 1, false, [](Parser& p, CallArgs& a, const Args& v, const std::string&) -> Value {
          if (!p.emit_) p.Fail(a.line, a.col, "T.evaluate() can only be used as a statement");
          p.emit_->push_back(Evaluate(p.ToExpr(*v[0], "a value to evaluate")));
          return NoneAt(a);
        }});
    add({"LetStmt"}, {{"value", "type_annotation", "var"}, 1, false, [](Parser& p, CallArgs& a, const Args& v, const std::string&) -> Value {
          auto fr = NewFrame(FrameSpec::K::kLet);
          fr->value = p.ToExpr(*v[0], "a let value");
          if (v[2] && v[2]->k != Value::K::kNone) {
            fr->var = p.ToVar(*v[2], "the let variable");
          } else if (v[1] && v[1]->k != Value::K::kNone) {
            fr->var = Var("", p.ToDType(*v[1]));
          } else {
            fr->var = Var("", fr->value.dtype());
          }
          fr->value = CastTo(fr->var.dtype(), fr->value);
          return FrameAt(a, fr);
        }});
    add({"Assert"}, {{"condition", "message"}, 2, false, [](Parser& p, CallArgs& a, const Args& v, const std::string&) -> Value {
          auto fr = NewFrame(FrameSpec::K::kAssert);
          fr->condition = p.ToExpr(*v[0], "an assertion condition");
          fr->value = StringImm(p.ToStr(*v[1], "an assertion message"));
          return FrameAt(a, fr);
        }});
    add({"env_thread"}, {{"thread_tag"}, 1, false, [](Parser& p, CallArgs& a, const Args& v, const std::string&) -> Value {
          FuncState* fs = p.AnyFunc();
          if (!fs) p.Fail(a.line, a.col, "T.env_thread() must be used inside a function");
          Var var("", DataType::Int(32));
          fs->env_threads.emplace_back(var, IterVar(Range(), var, IterVarType::kThreadIndex, p.ToStr(*v[0], "a thread tag")));
          return ExprAt(a, var);
        }});
    add({"launch_thread"}, {{"thread", "extent"}, 2, false, [](Parser& p, CallArgs& a, const Args& v, const std::string&) -> Value {
          FuncState* fs = p.AnyFunc();
          if (!fs) p.Fail(a.line, a.col, "T.launch_thread() must be used inside a function");
          PrimExpr extent = p.ToExpr(*v[1], "a thread extent");
          std::pair<Var, IterVar>* entry = nullptr;
          if (v[0]->k == Value::K::kStr) {
            Var var("", DataType::Int(32));
            fs->env_threads.emplace_back(var, IterVar(Range(), var, IterVarType::kThreadIndex, v[0]->s));
            entry = &fs->env_threads.back();
          } else {
            Var var = p.ToVar(*v[0], "a thread tag or a T.env_thread variable");
            for (auto& e : fs->env_threads)
              if (e.first.same_as(var)) entry = &e;
            if (!entry) p.Fail(*v[0], "'" + var->name_hint + "' is not a thread created with T.env_thread");
          }
          IterVar iv = entry->second;
          if (!iv->dom.defined()) {
            iv = IterVar(Range(IntImm(DataType::Int(32), 0), extent), iv->var, iv->iter_type, iv->thread_tag);
            entry->second = iv;
          } else if (!ExprDeepEqual(iv->dom->extent, extent)) {
            p.Fail(*v[1], "inconsistent extents of thread " + iv->thread_tag);
          }
          auto fr = NewFrame(FrameSpec::K::kAttr);
          fr->node = iv;
          fr->attr_key = iv->thread_tag == "vthread" ? "virtual_thread" : "thread_extent";
          fr->value = extent;
          fr->var = iv->var;
          return FrameAt(a, fr);
        }});
    add({"realize"}, {{"buffer_slice", "storage_scope", "condition"}, 2, false,
                      [](Parser& p, CallArgs& a, const Args& v, const std::string&) -> Value {
          // TVM v0.14's T.realize(A[0:n, ...], "scope", condition=True): a BufferRealize of the
          // region inside a realize_scope attribute.
          BufferRegion r = p.ToRegion(*v[0]);
          auto fr = NewFrame(FrameSpec::K::kRealize);
          fr->buffer = r->buffer;
          fr->bounds = r->region;
          fr->attr_key = p.ToStr(*v[1], "a storage scope");
          fr->condition = v[2] ? p.ToExpr(*v[2], "a realize condition") : PrimExpr(IntImm(DataType::Bool(), 1));
          if (!fr->condition.dtype().is_bool()) p.Fail(*v[2], "T.realize() condition must be boolean, got " + fr->condition.dtype().str());
          return FrameAt(a, fr);
        }});
    add({"attr"}, {{"node", "attr_key", "value"}, 3, false, [](Parser& p, CallArgs& a, const Args& v, const std::string&) -> Value {
          auto fr = NewFrame(FrameSpec::K::kAttr);
          const Value& node = *v[0];
          if (node.k == Value::K::kStr) fr->node = String(node.s);
          else if (node.k == Value::K::kBuffer || node.k == Value::K::kExpr || node.k == Value::K::kObj) fr->node = node.obj;
          else if (node.IsNumber()) fr->node = p.ToExpr(node);  // TVM converts a number to an IntImm
          else if (node.k == Value::K::kList || node.k == Value::K::kTuple) fr->node = p.ToAttrValue(node);  // [buffer, buffer] of buffer_bind_scope
          else p.Fail(node, "T.attr() node must be a variable, buffer, string or a list of them");
          fr->attr_key = p.ToStr(*v[1], "an attribute key");
          fr->value = p.ToExpr(*v[2], "an attribute value");
          return FrameAt(a, fr);
        }});

    // ---- expressions ----
    add({"Let"}, {{"expr", "where"}, 2, false, [](Parser& p, CallArgs& a, const Args& v, const std::string&) -> Value {
          PrimExpr body = p.ToExpr(*v[0], "the let body");
          if (v[1]->k != Value::K::kDict || v[1]->items->size() != 2)
            p.Fail(*v[1], "T.Let() needs where={var: value} with exactly one binding");
          Var var = p.ToVar((*v[1]->items)[0], "the let variable");
          const Value& val = (*v[1]->items)[1];
          PrimExpr value = val.IsNumber() ? p.ToExprLike(val, var.dtype()) : p.ToExpr(val, "the let value");
          if (value.dtype() != var.dtype())
            p.Fail(val, "let value of type " + value.dtype().str() + " bound to a " + var.dtype().str() + " variable");
          return ExprAt(a, Let(var, value, body));
        }});
    add({"Cast"}, {{"dtype", "value"}, 2, false, [](Parser& p, CallArgs& a, const Args& v, const std::string&) -> Value {
          DataType t = p.ToDType(*v[0]);
          PrimExpr x = p.ToExpr(*v[1], "the value to cast");
          if (t.lanes() != x.dtype().lanes()) p.Fail(*v[1], "T.Cast() cannot change the vector width");
          return ExprAt(a, Cast(t, x));
        }});
    add({"cast"}, {{"value", "dtype"}, 2, false, [](Parser& p, CallArgs& a, const Args& v, const std::string&) -> Value {
          // tvm.tir.generic.cast(value, dtype): folds constants like tvm::cast
          return ExprAt(a, CastTo(p.ToDType(*v[1]), p.ToExpr(*v[0], "the value to cast")));
        }});
    add({"Select"}, {{"condition", "true_value", "false_value"}, 3, false,
                     [](Parser& p, CallArgs& a, const Args& v, const std::string&) -> Value {
          PrimExpr c = p.ToExpr(*v[0], "a condition");
          PrimExpr t = p.ToExpr(*v[1], "a value"), e = p.ToExpr(*v[2], "a value");
          if (!c.dtype().is_bool()) p.Fail(*v[0], "T.Select() condition must be boolean, got " + c.dtype().str());
          if (t.dtype() != e.dtype())
            p.Fail(*v[2], "T.Select() branches differ in type: " + t.dtype().str() + " and " + e.dtype().str());
          return ExprAt(a, Select(c, t, e));
        }});
    add({"if_then_else"}, {{"cond", "t", "f", "dtype"}, 3, false, [](Parser& p, CallArgs& a, const Args& v, const std::string&) -> Value {
          PrimExpr c = p.ToExpr(*v[0], "a condition");
          PrimExpr t = p.ToExpr(*v[1], "a value"), e = p.ToExpr(*v[2], "a value");
          if (!c.dtype().is_bool() || !c.dtype().is_scalar())
            p.Fail(*v[0], "T.if_then_else() condition must be a scalar boolean, got " + c.dtype().str());
          MatchTypes(&t, &e);
          if (const int64_t* k = as_const_int(c)) return ExprAt(a, *k ? t : e);
          return ExprAt(a, MakeCall(t.dtype(), "tir.if_then_else", {c, t, e}));
        }});
    // tvm.tir.max / min / truncdiv / ...: folding builders; the division family needs integers.
    add({"max", "min", "truncmod", "truncdiv", "floordiv", "floormod"}, {{"a", "b"}, 2, false,
        [](Parser& p, CallArgs& a, const Args& v, const std::string& f) -> Value {
          PrimExpr x = p.ToExpr(*v[0]), y = p.ToExpr(*v[1]);
          Kind k = f == "max" ? Kind::kMax : f == "min" ? Kind::kMin : f == "truncmod" ? Kind::kMod
                 : f == "truncdiv" ? Kind::kDiv : f == "floordiv" ? Kind::kFloorDiv : Kind::kFloorMod;
          if (k != Kind::kMax && k != Kind::kMin) {
            MatchTypes(&x, &y);
            if (!x.dtype().is_integer()) p.Fail(a.line, a.col, a.fname + "() needs integer operands, got " + x.dtype().str());
          }
          return ExprAt(a, Arith(k, x, y));
        }});
    // The node constructors T.Add(a, b), T.EQ(a, b), ...: no folding, types must agree. Named
    // as the binary node kinds are (KindName), so the list is the kinds'.
    for (auto k = static_cast<uint16_t>(Kind::kAdd); k <= static_cast<uint16_t>(Kind::kOr); ++k) {
      add({KindName(static_cast<Kind>(k))}, {{"a", "b"}, 2, false, [](Parser& p, CallArgs& a, const Args& v, const std::string& f) -> Value {
            PrimExpr x = p.ToExpr(*v[0]), y = p.ToExpr(*v[1]);
            return ExprAt(a, MakeBinary(BinaryKindNamed(f), x, y));
          }});
    }
    add({"Shuffle"}, {{"vectors", "indices"}, 2, false, [](Parser& p, CallArgs& a, const Args& v, const std::string&) -> Value {
          std::vector<PrimExpr> vectors = p.ToExprList(*v[0], "the vectors to shuffle");
          std::vector<PrimExpr> indices = p.ToExprList(*v[1], "the lane indices");
          if (vectors.empty() || indices.empty()) p.Fail(a.line, a.col, "T.Shuffle() needs at least one vector and one index");
          int64_t lanes = 0;
          for (const PrimExpr& x : vectors) {
            if (x.dtype().element_of() != vectors[0].dtype().element_of())
              p.Fail(*v[0], "T.Shuffle() vectors differ in element type: " + vectors[0].dtype().str() + " and " + x.dtype().str());
            lanes += x.dtype().lanes();
          }
          for (const PrimExpr& i : indices) {
            const int64_t* k = as_const_int(i);
            if (!k || *k < 0 || *k >= lanes)
              p.Fail(*v[1], "T.Shuffle() indices must be constant lanes in [0, " + std::to_string(lanes) + ")");
          }
          if (indices.size() > 65535) p.Fail(*v[1], "invalid number of lanes " + std::to_string(indices.size()));
          return ExprAt(a, Shuffle(std::move(vectors), std::move(indices)));
        }});
    add({"Not"}, {{"a"}, 1, false, [](Parser& p, CallArgs& a, const Args& v, const std::string&) -> Value {
          PrimExpr x = p.ToExpr(*v[0]);
          if (!x.dtype().is_bool()) p.Fail(*v[0], "T.Not() needs a boolean operand");
          return ExprAt(a, Not(x));
        }});
    add({"Ramp", "ramp"}, {{"base", "stride", "lanes"}, 3, false, [](Parser& p, CallArgs& a, const Args& v, const std::string&) -> Value {
          PrimExpr base = p.ToExpr(*v[0]), stride = p.ToExpr(*v[1]);
          int64_t lanes = p.ToInt(*v[2], "the number of lanes");
          if (lanes < 2 || lanes > 65535) p.Fail(*v[2], "invalid number of lanes " + std::to_string(lanes));
          if (base.dtype() != stride.dtype() || !base.dtype().is_scalar())
            p.Fail(*v[1], "T.Ramp() base and stride must be scalars of one type");
          return ExprAt(a, Ramp(base, stride, static_cast<int>(lanes)));
        }});
    add({"Broadcast", "broadcast"}, {{"value", "lanes"}, 2, false, [](Parser& p, CallArgs& a, const Args& v, const std::string&) -> Value {
          PrimExpr x = p.ToExpr(*v[0]);
          int64_t lanes = p.ToInt(*v[1], "the number of lanes");
          if (lanes < 2 || lanes > 65535) p.Fail(*v[1], "invalid number of lanes " + std::to_string(lanes));
          if (!x.dtype().is_scalar()) p.Fail(*v[0], "T.Broadcast() needs a scalar value");
          return ExprAt(a, Broadcast(x, static_cast<int>(lanes)));
        }});
    add({"fabs", "abs"}, {{"x", "dtype"}, 1, false, [](Parser& p, CallArgs& a, const Args& v, const std::string&) -> Value {
          PrimExpr x = p.ToExpr(*v[0]);
          if (x.dtype().is_floating()) {
            if (const auto* c = x.as<FloatImmNode>()) return ExprAt(a, FloatImm(x.dtype(), std::fabs(c->value)));
            return ExprAt(a, MakeCall(x.dtype(), "tir.fabs", {x}));
          }
          if (x.dtype().is_uint() || x.dtype().is_bool()) return ExprAt(a, x);
          if (const int64_t* c = as_const_int(x)) return ExprAt(a, IntImm(x.dtype(), *c < 0 ? -*c : *c));
          return ExprAt(a, Select(Binary(Kind::kGE, x, IntImm(x.dtype(), 0)), x,
                                  Binary(Kind::kSub, IntImm(x.dtype(), 0), x)));
        }});
    // One tir.<name> call of the operand's type (dtype= is accepted and dropped, as TVM's
    // _op_wrapper does for these).
    add({"exp", "exp2", "exp10", "log", "log2", "log10", "log1p", "sqrt", "rsqrt", "tanh", "sigmoid",
         "erf", "sin", "cos", "tan", "sinh", "cosh", "asin", "acos", "atan", "asinh", "acosh", "atanh",
         "floor", "ceil", "trunc", "round", "nearbyint", "popcount", "clz"},
        {{"x", "dtype"}, 1, false, [](Parser& p, CallArgs& a, const Args& v, const std::string& f) -> Value {
          PrimExpr x = p.ToExpr(*v[0]);
          return ExprAt(a, MakeCall(x.dtype(), "tir." + f, {x}));
        }});
    add({"pow", "atan2", "fmod", "hypot", "copysign", "nextafter", "ldexp", "bitwise_and", "bitwise_or",
         "bitwise_xor", "shift_left", "shift_right"},
        {{"x", "y", "dtype"}, 2, false, [](Parser& p, CallArgs& a, const Args& v, const std::string& f) -> Value {
          PrimExpr x = p.ToExpr(*v[0]), y = p.ToExpr(*v[1]);
          MatchTypes(&x, &y);
          return ExprAt(a, MakeCall(x.dtype(), "tir." + f, {x, y}));
        }});
    add({"bitwise_not"}, {{"x"}, 1, false, [](Parser& p, CallArgs& a, const Args& v, const std::string&) -> Value {
          PrimExpr x = p.ToExpr(*v[0]);
          return ExprAt(a, MakeCall(x.dtype(), "tir.bitwise_not", {x}));
        }});
    add({"likely"}, {{"cond", "dtype"}, 1, false, [](Parser& p, CallArgs& a, const Args& v, const std::string&) -> Value {
          PrimExpr x = p.ToExpr(*v[0]);  // dtype= is dropped, as TVM's _op_wrapper does
          return ExprAt(a, MakeCall(x.dtype(), "tir.likely", {x}));
        }});
    add({"isnan"}, {{"x", "dtype"}, 1, false, [](Parser& p, CallArgs& a, const Args& v, const std::string&) -> Value {
          PrimExpr x = p.ToExpr(*v[0]);  // dtype= is dropped, as TVM's _op_wrapper does
          // tvm::isnan: integers are never NaN; floats call tir.isnan.
          if (!x.dtype().is_floating()) return ExprAt(a, IntImm(DataType::Bool(x.dtype().lanes()), 0));
          return ExprAt(a, MakeCall(DataType::Bool(x.dtype().lanes()), "tir.isnan", {x}));
        }});
    // InstrumentBoundCheckers' checked index (--check-bounds).
    add({"tirgen_check_index"}, {{"index", "extent", "buffer"}, 3, false,
                                 [](Parser& p, CallArgs& a, const Args& v, const std::string&) -> Value {
          PrimExpr x = p.ToExpr(*v[0]);
          return ExprAt(a, MakeCall(x.dtype(), "tir.tirgen_check_index", {x, p.ToExpr(*v[1]), p.ToExpr(*v[2])}));
        }});
    raw({"reinterpret", "call_extern", "call_pure_extern", "call_intrin"}, DtypeForwardCall);
    // tvm.tir.Call(dtype, op, args): the node constructor; the op is named as T.call_intrin's.
    add({"Call"}, {{"dtype", "op", "args"}, 3, false, [](Parser& p, CallArgs& a, const Args& v, const std::string&) -> Value {
          DataType t = p.ToDType(*v[0]);
          std::string op = p.ToStr(*v[1], "an op name such as \"tir.exp\"");
          std::vector<PrimExpr> args = p.ToExprList(*v[2], "the call's arguments");
          return ExprAt(a, MakeCall(t, op.rfind("tir.", 0) == 0 ? op : "tir." + op, std::move(args)));
        }});
    raw({"min_value", "max_value"},
        [](Parser& p, CallArgs& a, const Args&, const std::string& f) { return p.ExtremeValue(a, f == "max_value"); });
    raw({"prim_func"}, [](Parser& p, CallArgs& a, const Args&, const std::string&) -> Value {
      p.Fail(a.line, a.col, "@T.prim_func is a decorator, not a function");
    });
    return t;
  }();
  return table;
}

}  // namespace

Value Parser::CallBuiltin(CallArgs& a) {
  const std::string& n = a.fname;
  // Operator errors from tir_ops carry no location: point at the call.
  try {
    if (n.rfind("@", 0) == 0) {
      // A call to another function of the module (TVM's call_tir on a GlobalVar), typed by
      // the callee's declared return type.
      if (!a.kw.empty()) Fail(a.kw[0].second, "a call to a module function takes no keyword arguments");
      std::vector<PrimExpr> args;
      for (const Value& v : a.pos) args.push_back(ToExpr(v, "an argument"));
      return MakeExpr(Call(module_functions_.at(n.substr(1)), n, std::move(args)), a.line, a.col);
    }
    if (n.rfind("buffer.", 0) == 0) return BufferMethod(a);
    if (n.rfind("T.", 0) != 0) {
      if (n == "I.ir_module" || n == "I")
        Fail(a.line, a.col, "@I.ir_module is a class decorator, not a function");
      Fail(a.line, a.col, "unknown function '" + n + "'");
    }
    std::string f = n.substr(2);
    if (f == "boolean") f = "bool";  // T.boolean is T.bool
    DataType dt;
    if (f != "handle" && f != "void" && DataType::Parse(f, &dt)) return TypeConstructor(*this, a, dt);
    auto it = Builtins().find(f);
    if (it != Builtins().end()) {
      const Builtin& b = it->second;
      Args v = b.raw ? Args() : Bind(a, b.params, b.required);
      return b.run(*this, a, v, f);
    }
    if (IsIntrinsic(f)) return CallIntrinsic(a, f);
    Fail(a.line, a.col, "unknown TVMScript function '" + n + "'");
  } catch (const Error& e) {
    if (e.span().defined()) throw;
    Fail(a.line, a.col, e.message());
  }
}

}  // namespace script
}  // namespace tirgen

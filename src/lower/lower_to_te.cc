// LowerToTE: a primitive Relay function -> TE tensors (TVM's LowerToTECompute, spec §3.1-3.2).
// A memoising translator over the function body: params become placeholders, calls run the
// op's registered compute (relay/op.h), scalar constants become 0-d `compile_engine_const`
// computes and tensor constants placeholders named after the ops lowered so far.
#include <cstring>
#include <unordered_map>

#include "tirgen/lower/fused_name.h"
#include "tirgen/lower/lower.h"
#include "tirgen/relay/op.h"
#include "tirgen/relay/text.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/support/name_supply.h"
#include "tirgen/te/operation.h"
#include "tirgen/tir/op.h"
#include "tirgen/topi/elemwise.h"

namespace tirgen {
namespace lower {

std::string CanonicalTarget(const std::string& target) {
  // ext_dev is what TVM's lower_to_primfunc tests (and the goldens) use: generic strategies.
  if (target == "generic" || target == "llvm" || target == "c" || target == "ext_dev" ||
      target.empty())
    return "generic";
  throw Error("unknown target \"" + target +
              "\": tirgen knows \"generic\" (TVM's generic strategies with MetaSchedule "
              "enabled) and its CPU aliases \"llvm\" and \"c\"");
}

namespace {

using te::Tensor;
using tir::PrimExpr;

// A relay shape as TE sees it: every static dim an int32 IntImm (TVM's GetShape).
std::vector<PrimExpr> Int32Shape(const std::vector<PrimExpr>& shape) {
  std::vector<PrimExpr> out;
  for (const PrimExpr& d : shape) {
    const int64_t* v = tir::as_const_int(d);
    if (!v) throw Error("lowering needs static shapes; a dimension is not a constant");
    if (*v < INT32_MIN || *v > INT32_MAX)
      throw Error("dimension " + std::to_string(*v) + " does not fit in int32");
    out.push_back(tir::IntImm(DataType::Int(32), *v));
  }
  return out;
}

relay::Type Int32Type(const relay::Type& t) {
  if (const auto* tt = t.as<relay::TensorTypeNode>())
    return relay::TensorType(Int32Shape(tt->shape), tt->dtype);
  if (const auto* tup = t.as<relay::TupleTypeNode>()) {
    std::vector<relay::Type> fields;
    for (const relay::Type& f : tup->fields) fields.push_back(Int32Type(f));
    return relay::TupleType(fields);
  }
  return t;
}

void FlattenTupleType(const relay::Type& t, std::vector<const relay::TensorTypeNode*>* out) {
  if (const auto* tt = t.as<relay::TensorTypeNode>()) {
    out->push_back(tt);
  } else if (const auto* tup = t.as<relay::TupleTypeNode>()) {
    for (const relay::Type& f : tup->fields) FlattenTupleType(f, out);
  } else {
    throw Error("a primitive function's parameter must be a tensor or a tuple of tensors");
  }
}

float HalfToFloat(uint16_t h) {
  uint32_t sign = static_cast<uint32_t>(h & 0x8000) << 16;
  uint32_t exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
  uint32_t bits;
  if (exp == 0x1f) {
    bits = sign | 0x7f800000u | (mant << 13);
  } else if (exp != 0) {
    bits = sign | ((exp + 112) << 23) | (mant << 13);
  } else if (mant == 0) {
    bits = sign;
  } else {  // subnormal half: normalise
    int e = -1;
    do {
      ++e;
      mant <<= 1;
    } while (!(mant & 0x400));
    bits = sign | ((112 - e) << 23) | ((mant & 0x3ff) << 13);
  }
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

// The value of a 0-d constant as TVM's make_const builds it.
PrimExpr ScalarValue(const NDArray& data, const std::string& where) {
  DataType t = data->dtype;
  if (t == DataType::Int(8)) return tir::make_const(t, data.data_as<int8_t>()[0]);
  if (t == DataType::Int(16)) return tir::make_const(t, data.data_as<int16_t>()[0]);
  if (t == DataType::Int(32)) return tir::make_const(t, data.data_as<int32_t>()[0]);
  if (t == DataType::Int(64)) return tir::make_const(t, data.data_as<int64_t>()[0]);
  if (t == DataType::UInt(8) || t == DataType::Bool()) return tir::make_const(t, data.data_as<uint8_t>()[0]);
  if (t == DataType::Float(16)) return tir::make_const(t, HalfToFloat(data.data_as<uint16_t>()[0]));
  if (t == DataType::Float(32)) return tir::make_const(t, data.data_as<float>()[0]);
  if (t == DataType::Float(64)) return tir::make_const(t, data.data_as<double>()[0]);
  throw Error("scalar constant of dtype " + t.str() + " in " + where +
              " cannot be lowered (supported: int8/16/32/64, uint8, bool, float16/32/64)");
}

class Translator {
 public:
  explicit Translator(const relay::Function& func) : func_(func) {}

  LoweredTE Run() {
    LoweredTE out;
    for (const relay::Var& param : func_->params) {
      relay::Type t = param->checked_type.defined() ? param->checked_type : param->type_annotation;
      if (!t.defined())
        throw Error("parameter %" + param->name_hint + " has no type: run InferType first");
      std::vector<const relay::TensorTypeNode*> fields;
      FlattenTupleType(t, &fields);
      std::vector<Tensor> tensors;
      for (const relay::TensorTypeNode* tt : fields) {
        Tensor ph = te::placeholder(Int32Shape(tt->shape), tt->dtype,
                                    param->name_hint.empty() ? "placeholder" : param->name_hint);
        tensors.push_back(ph);
        out.inputs.push_back(ph);
      }
      memo_[param.get()] = tensors;
    }
    readable_ = "fused";
    std::vector<Tensor> results = Visit(func_->body);
    for (const Tensor& t : results)
      if (!t->op.as<te::PlaceholderOpNode>()) out.outputs.push_back(t);
    out.constants = std::move(constants_);
    out.fused_name = FusedName(readable_);
    return out;
  }

 private:
  std::vector<Tensor> Visit(const relay::Expr& e) {
    auto it = memo_.find(e.get());
    if (it != memo_.end()) return it->second;
    std::vector<Tensor> r = VisitNew(e);
    memo_[e.get()] = r;
    return r;
  }

  std::vector<Tensor> VisitNew(const relay::Expr& e) {
    if (const auto* c = e.as<relay::ConstantNode>()) return {Constant(c)};
    if (const auto* call = e.as<relay::CallNode>()) return VisitCall(call);
    if (const auto* tup = e.as<relay::TupleNode>()) {
      std::vector<Tensor> fields;
      for (const relay::Expr& f : tup->fields) {
        std::vector<Tensor> r = Visit(f);
        if (r.size() != 1)
          throw Error("a tuple inside a primitive function may only hold tensors");
        fields.push_back(r[0]);
      }
      return fields;
    }
    if (const auto* get = e.as<relay::TupleGetItemNode>()) {
      std::vector<Tensor> tuple = Visit(get->tuple);
      if (get->index < 0 || static_cast<size_t>(get->index) >= tuple.size())
        throw Error("tuple index " + std::to_string(get->index) + " out of range for a tuple of " +
                    std::to_string(tuple.size()) + " tensors");
      return {tuple[get->index]};
    }
    if (const auto* let = e.as<relay::LetNode>()) {
      memo_[let->var.get()] = Visit(let->value);
      return Visit(let->body);
    }
    if (const auto* var = e.as<relay::VarNode>())
      throw Error("unexpected free variable %" + var->name_hint + " in a primitive function");
    if (e.as<relay::FunctionNode>())
      throw Error("a primitive function cannot contain nested functions");
    throw Error("a primitive function may not contain this expression (only calls of operators, "
                "constants, tuples, tuple projections and lets lower to TE)");
  }

  Tensor Constant(const relay::ConstantNode* c) {
    if (!c->data.defined())
      throw Error("constant " + c->unresolved_ref +
                  " has no data: the text was printed without its #[metadata] section; give "
                  "the program with show_meta_data=True (or its params) to lower it");
    if (c->is_scalar())
      return topi::scalar_const(ScalarValue(c->data, readable_), "compile_engine_const");
    std::string prefix = readable_;
    for (char& ch : prefix)
      if (ch == '.') ch = '_';
    std::vector<PrimExpr> shape;
    for (int64_t d : c->data->shape) {
      if (d > INT32_MAX) throw Error("constant dimension " + std::to_string(d) + " does not fit in int32");
      shape.push_back(tir::IntImm(DataType::Int(32), d));
    }
    Tensor ph = te::placeholder(shape, c->data->dtype, constant_names_.FreshName(prefix + "_constant"));
    constants_.emplace_back(ph, c->data);
    return ph;
  }

  std::vector<Tensor> VisitCall(const relay::CallNode* call) {
    std::vector<Tensor> inputs;
    for (const relay::Expr& arg : call->args)
      for (const Tensor& t : Visit(arg)) inputs.push_back(t);
    const auto* op = call->op.as<relay::OpNode>();
    if (!op) throw Error("a primitive function may only call operators, not functions or globals");
    if (op->name == "device_copy") throw Error("device_copy cannot be lowered");
    const relay::FTVMCompute* compute = relay::GetCompute(op->name);
    if (!compute)
      throw Error("operator " + op->name + " has no TE compute registered: tirgen cannot lower it yet");
    if (!call->checked_type.defined())
      throw Error("call of " + op->name + " has no type: run InferType first");
    std::vector<Tensor> outputs =
        (*compute)(tirgen::GetRef<relay::Call>(call), inputs, Int32Type(call->checked_type));
    if (outputs.size() != 1) {
      const auto* tt = call->checked_type.as<relay::TupleTypeNode>();
      TIRGEN_ICHECK(tt && tt->fields.size() == outputs.size())
          << op->name << "'s compute gave " << outputs.size() << " outputs for its type";
    }
    readable_ += "_" + op->name;
    return outputs;
  }

  relay::Function func_;
  std::unordered_map<const Object*, std::vector<Tensor>> memo_;  // lookups only, never iterated
  std::string readable_;
  NameSupply constant_names_;  // per function: names never depend on other functions
  std::vector<std::pair<Tensor, NDArray>> constants_;  // first-visit order
};

}  // namespace

LoweredTE LowerToTE(const relay::Function& func, const std::string& target) {
  CanonicalTarget(target);
  if (!func->IsPrimitive())
    throw Error("lowering needs a primitive function (attribute Primitive=1), as FuseOps makes "
                "them: run the optimize pipeline first (C++ relay::Optimize, Python "
                "tirgen.relay.optimize, CLI `tirgen fuse`), or FuseOps");
  // Text written by hand (without `/* ty= */` comments) has no types yet: infer them.
  if (!func->body->checked_type.defined())
    return Translator(relay::InferType(func).cast<relay::Function>()).Run();
  return Translator(func).Run();
}

}  // namespace lower
}  // namespace tirgen

// Test helper: the TE program of a Relay function whose body is made of registered ops (with
// TE computes), tuples, projections and its parameters — the part of TVM's LowerToTE that
// operator tests need — and its block-form PrimFunc (int64 indices, as lowering from Relay).
// Placeholders are named p0, p1, ... (a tuple parameter gives one placeholder per field, all
// with the parameter's name), like the golden fused functions' parameters.
#pragma once

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "tirgen/relay/op.h"
#include "tirgen/relay/text.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/te/create_primfunc.h"
#include "tirgen/te/operation.h"

namespace tirgen {
namespace testing {

/// Thrown when an op of the function has no registered TE compute (yet).
struct MissingCompute : Error {
  explicit MissingCompute(const std::string& op)
      : Error("no TE compute registered for '" + op + "'"), op(op) {}
  std::string op;
};

struct OpProgram {
  std::vector<te::Tensor> inputs;
  std::vector<te::Tensor> outputs;
  tir::PrimFunc func;
};

inline std::vector<te::Tensor> PlaceholdersOf(const relay::Type& t, const std::string& name) {
  if (const auto* tt = t.as<relay::TensorTypeNode>()) return {te::placeholder(tt->shape, tt->dtype, name)};
  const auto* tup = t.as<relay::TupleTypeNode>();
  TIRGEN_CHECK(tup) << "parameter " << name << " must be a tensor or a tuple of tensors";
  std::vector<te::Tensor> out;
  for (const relay::Type& f : tup->fields)
    for (const te::Tensor& x : PlaceholdersOf(f, name)) out.push_back(x);
  return out;
}

/// Lowers `fn` (type-inferred) through the registered computes; params named `prefix`<i>.
inline OpProgram LowerOpFunction(const relay::Function& fn, const std::string& prefix = "p") {
  OpProgram prog;
  std::map<const Object*, std::vector<te::Tensor>> memo;
  for (size_t i = 0; i < fn->params.size(); ++i) {
    std::vector<te::Tensor> ph = PlaceholdersOf(fn->params[i]->checked_type, prefix + std::to_string(i));
    memo[fn->params[i].get()] = ph;
    prog.inputs.insert(prog.inputs.end(), ph.begin(), ph.end());
  }
  std::function<std::vector<te::Tensor>(const relay::Expr&)> visit = [&](const relay::Expr& e) {
    auto it = memo.find(e.get());
    if (it != memo.end()) return it->second;
    std::vector<te::Tensor> out;
    if (const auto* tup = e.as<relay::TupleNode>()) {
      for (const relay::Expr& f : tup->fields)
        for (const te::Tensor& t : visit(f)) out.push_back(t);
    } else if (const auto* get = e.as<relay::TupleGetItemNode>()) {
      out = {visit(get->tuple).at(get->index)};
    } else if (const auto* call = e.as<relay::CallNode>()) {
      std::string name = call->op_name();
      const relay::FTVMCompute* compute = relay::GetCompute(name);
      if (!compute) throw MissingCompute(name);
      std::vector<te::Tensor> args;
      for (const relay::Expr& a : call->args)
        for (const te::Tensor& t : visit(a)) args.push_back(t);
      out = (*compute)(e.cast<relay::Call>(), args, e->checked_type);
    } else {
      TIRGEN_CHECK(false) << "unsupported expression in an operator test function";
    }
    memo[e.get()] = out;
    return out;
  };
  prog.outputs = visit(fn->body);
  std::vector<te::Tensor> args = prog.inputs;
  args.insert(args.end(), prog.outputs.begin(), prog.outputs.end());
  prog.func = te::CreatePrimFunc(args, {}, DataType::Int(64));
  return prog;
}

/// Parses a printed function (`fn (...) {...}`) or a module (its @main), infers types, lowers.
inline OpProgram LowerOpText(const std::string& text, const std::string& filename = "<op>") {
  ObjectRef parsed = relay::Parse(text, filename);
  relay::Function fn;
  if (parsed.as<IRModuleNode>()) {
    IRModule typed = relay::InferType(parsed.cast<IRModule>());
    fn = typed.Lookup("main").cast<relay::Function>();
  } else {
    relay::Expr typed = relay::InferType(parsed.cast<relay::Expr>());
    TIRGEN_CHECK(typed.as<relay::FunctionNode>()) << filename << ": expected a function";
    fn = typed.cast<relay::Function>();
  }
  return LowerOpFunction(fn);
}

}  // namespace testing
}  // namespace tirgen

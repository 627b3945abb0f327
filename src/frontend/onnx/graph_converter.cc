#include "graph_converter.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <set>

#include "loop_function.h"
#include "node_attr.h"
#include "tirgen/relay/text.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/support/error.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {

GraphConverter::GraphConverter(const onnx::ModelProto& model, std::string name,
                               std::string base_dir, const OnnxImportOptions& options)
    : model_(model), name_(std::move(name)), base_dir_(std::move(base_dir)), options_(options) {}

bool IsDefaultDomain(const std::string& domain) { return domain.empty() || domain == "ai.onnx"; }

namespace {

// The converter table's key: the op type, prefixed by its domain outside ai.onnx
// ("com.microsoft.Gelu").
std::string ConverterKey(const onnx::NodeProto& n) {
  return IsDefaultDomain(n.domain()) ? n.op_type() : n.domain() + "." + n.op_type();
}

std::string ShapeStr(const std::vector<int64_t>& s) {
  std::string out = "[";
  for (size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + std::to_string(s[i]);
  return out + "]";
}

}  // namespace

namespace {

// Ops whose output 0 has the rank of their highest-rank input (elementwise, broadcasting,
// normalizations, same-rank spatial ops): enough to know the rank at most convolutions,
// pools and reductions of an exported model when its value_info is sparse.
bool KeepsRank(const std::string& op) {
  static const std::set<std::string> ops = {
      "Abs", "Add", "AveragePool", "BatchNormalization", "Cast", "Ceil", "Celu", "Clip", "Conv",
      "ConvTranspose", "Cos", "CumSum", "Div", "Dropout", "Elu", "Equal", "Erf", "Exp", "Floor",
      "Gelu", "Greater", "HardSigmoid", "HardSwish", "Identity", "InstanceNormalization",
      "LayerNormalization", "LeakyRelu", "Less", "Log", "LogSoftmax", "MaxPool", "Max", "Min",
      "Mish", "Mod", "Mul", "Neg", "Not", "Pad", "Pow", "PRelu", "Reciprocal", "Relu", "Resize",
      "Round", "Selu", "Sigmoid", "Sign", "Sin", "Softmax", "Softplus", "Softsign", "Sqrt",
      "Sub", "Tanh", "Trilu", "Where", "GlobalAveragePool", "GlobalMaxPool", "LpPool", "GlobalLpPool",
      "QuantizeLinear", "DequantizeLinear"};
  return ops.count(op) > 0;
}

}  // namespace

std::map<std::string, std::vector<int64_t>> GraphConverter::DeclaredShapes() const {
  std::map<std::string, std::vector<int64_t>> shape;  // dims, -1 where the file leaves one open
  const auto& g = model_.graph();
  for (const auto& t : g.initializer()) shape[t.name()] = std::vector<int64_t>(t.dims().begin(), t.dims().end());
  auto declared = [&](const onnx::ValueInfoProto& v) {
    if (shape.count(v.name())) return;
    auto given = options_.input_shapes.find(v.name());
    if (given != options_.input_shapes.end()) {
      shape[v.name()] = given->second;
    } else if (v.type().has_tensor_type() && v.type().tensor_type().has_shape()) {
      std::vector<int64_t> dims;
      for (const auto& d : v.type().tensor_type().shape().dim())
        dims.push_back(d.has_dim_value() && d.dim_value() >= 0 ? d.dim_value() : -1);
      shape[v.name()] = dims;
    }
  };
  for (const auto& v : g.input()) declared(v);
  for (const auto& v : g.value_info()) declared(v);
  for (const auto& v : g.output()) declared(v);
  for (const auto& n : g.node()) {
    if (n.output_size() == 0 || shape.count(n.output(0))) continue;
    if (n.op_type() == "Constant") {
      for (const auto& a : n.attribute())
        if (a.name() == "value" && a.has_t()) shape[n.output(0)] = std::vector<int64_t>(a.t().dims().begin(), a.t().dims().end());
      continue;
    }
    if (!IsDefaultDomain(n.domain()) || !KeepsRank(n.op_type())) continue;
    // Only the rank carries over (dims unknown), and only when every present input's rank is
    // known (BatchNormalization's 1-d parameters say nothing about its data).
    int r = -1;
    bool all_known = true;
    for (const auto& in : n.input()) {
      if (in.empty()) continue;
      auto it = shape.find(in);
      if (it == shape.end()) all_known = false;
      else r = std::max(r, static_cast<int>(it->second.size()));
    }
    if (all_known && r >= 0) shape[n.output(0)] = std::vector<int64_t>(r, -1);
  }
  return shape;
}

std::string GraphConverter::UnsupportedForm(const NodeForm& form) {
  auto it = Converters().find(ConverterKey(form.node));
  if (it == Converters().end()) return "";
  std::string why = RunTimeOperandForm(form);
  if (!why.empty() || !it->second.forms) return why;
  return it->second.forms(form);
}

void GraphConverter::CheckSupported(int opset) const {
  // Every missing op type and every unsupported form of a supported one, with the nodes using
  // it, in one error (first-use order).
  std::vector<std::string> order;
  std::map<std::string, std::vector<std::string>> missing;
  const ConverterTable& table = Converters();
  std::map<std::string, std::vector<int64_t>> shapes = DeclaredShapes();
  // The nodes of subgraphs (If's branches) are checked too, after their node; an unnamed one
  // is "<node>.<attribute>#<index>".
  std::vector<std::pair<const onnx::NodeProto*, std::string>> all;  // node, how messages name it
  // Values known at import time as far as the file shows: initializers (a subgraph's too),
  // Constants, Shape / Size of anything (shapes are static), and default-domain nodes of known
  // inputs. The integer scalars the file gives directly tell a Loop's trip count.
  std::set<std::string> given;
  std::map<std::string, int64_t> ints;
  auto note_int = [&](const onnx::TensorProto& t, const std::string& name) {
    bool one = true;
    for (int64_t d : t.dims()) one = one && d == 1;
    bool integral = t.data_type() == onnx::TensorProto::INT64 || t.data_type() == onnx::TensorProto::INT32 ||
                    t.data_type() == onnx::TensorProto::BOOL;
    if (one && integral) ints[name] = FromNDArray(TensorFromProto(t, base_dir_, name_ + ": tensor '" + name + "'")).AsInt(0);
  };
  for (const auto& t : model_.graph().initializer()) given.insert(t.name()), note_int(t, t.name());
  std::function<void(const onnx::GraphProto&, const std::string&)> collect = [&](const onnx::GraphProto& g,
                                                                                const std::string& scope) {
    for (int i = 0; i < g.node_size(); ++i) {
      const onnx::NodeProto& n = g.node(i);
      std::string who = n.name().empty() ? scope + "#" + std::to_string(i) : "'" + n.name() + "'";
      all.emplace_back(&n, who);
      const onnx::AttributeProto* value = n.op_type() == "Constant" ? FindNodeAttr(n, "value") : nullptr;
      if (value && value->has_t() && n.output_size() == 1) note_int(value->t(), n.output(0));
      for (const auto& a : n.attribute())
        if (a.type() == onnx::AttributeProto::GRAPH) {
          for (const auto& t : a.g().initializer()) given.insert(t.name()), note_int(t, t.name());
          collect(a.g(), who + "." + a.name());
        }
    }
  };
  collect(model_.graph(), "");
  // A Loop that is unrolled has a known iteration number and condition in its body, and its
  // carried values start known when their initial values are and stay known while the body's
  // outputs for them are; a Loop decided at run time has none of these. Which Loops run at run
  // time depends on what is known, so the set is recomputed until it holds (it only shrinks).
  std::set<const onnx::NodeProto*> run_time;
  std::set<std::string> varying;  // carried body inputs an iteration makes unknown
  std::set<std::string> known;
  auto loop_body = [](const onnx::NodeProto& n) -> const onnx::GraphProto* {
    if (n.op_type() != "Loop" || !IsDefaultDomain(n.domain())) return nullptr;
    for (const auto& a : n.attribute())
      if (a.name() == "body" && a.type() == onnx::AttributeProto::GRAPH) return &a.g();
    return nullptr;
  };
  for (bool changed = true; changed;) {
    known = given;
    for (const auto& [node, who] : all) {
      const onnx::NodeProto& n = *node;
      // (a sequence's length and an optional's presence are static too)
      // (EyeLike and ATen's size, in either domain, read only a shape)
      const onnx::AttributeProto* aten_op = n.op_type() == "ATen" ? FindNodeAttr(n, "operator") : nullptr;
      bool reads_shape = n.op_type() == "EyeLike" || (aten_op && aten_op->s() == "size");
      bool all_known = n.op_type() == "Shape" || n.op_type() == "Size" || n.op_type() == "Constant" ||
                       n.op_type() == "SequenceLength" || n.op_type() == "OptionalHasElement" || reads_shape;
      if (!all_known && IsDefaultDomain(n.domain()) && n.op_type().rfind("Random", 0) != 0 &&
          n.op_type() != "Bernoulli" && n.op_type() != "Multinomial" && !run_time.count(&n)) {
        all_known = true;
        for (const auto& in : n.input()) all_known = all_known && (in.empty() || known.count(in));
      }
      if (all_known && (IsDefaultDomain(n.domain()) || reads_shape))
        for (const auto& out : n.output()) known.insert(out);
      // (the body's nodes follow the Loop in `all`: its condition output is judged after the pass)
      const onnx::GraphProto* body = loop_body(n);
      if (!body || run_time.count(&n) || !LoopRunTimeReason(n, known, ints, false).empty()) continue;
      for (int k = 0; k < 2 && k < body->input_size(); ++k) known.insert(body->input(k).name());
      for (int k = 2; k < body->input_size() && k < n.input_size(); ++k)
        if (!n.input(k).empty() && known.count(n.input(k)) && !varying.count(body->input(k).name()))
          known.insert(body->input(k).name());
    }
    changed = false;
    for (const auto& [node, who] : all) {
      const onnx::GraphProto* body = loop_body(*node);
      if (!body || run_time.count(node)) continue;
      if (!LoopRunTimeReason(*node, known, ints).empty()) {
        run_time.insert(node);
        changed = true;
        continue;
      }
      for (int k = 2; k < body->input_size() && k - 1 < body->output_size(); ++k)
        if (known.count(body->input(k).name()) && !known.count(body->output(k - 1).name()))
          changed = varying.insert(body->input(k).name()).second || changed;
    }
  }
  for (const auto& [node, who] : all) {
    const onnx::NodeProto& n = *node;
    std::string type = ConverterKey(n);
    if (table.count(type)) {
      NodeForm form{n, opset, {}, {}, {}, {}, &known, &ints};
      for (const auto& in : n.input()) {
        auto s = shapes.find(in);
        bool declared = !in.empty() && s != shapes.end();
        form.input_ranks.push_back(declared ? static_cast<int>(s->second.size()) : -1);
        form.input_shapes.push_back(declared ? s->second : std::vector<int64_t>{});
        form.inputs_known.push_back(!in.empty() && known.count(in));
      }
      for (const auto& out : n.output()) form.outputs_used.push_back(!out.empty());
      std::string why = UnsupportedForm(form);
      if (why.empty()) continue;
      type += " with " + why;
    }
    if (!missing.count(type)) order.push_back(type);
    missing[type].push_back(who);
  }
  if (order.empty()) return;
  std::string msg = name_ + ": the model uses " + std::to_string(order.size()) +
                    " ONNX operator type" + (order.size() == 1 ? "" : "s") +
                    " or form" + (order.size() == 1 ? "" : "s") +
                    " tirgen cannot import (opset " + std::to_string(opset) + "):";
  for (const auto& type : order) {
    const auto& nodes = missing[type];
    msg += "\n  " + type + " (" + std::to_string(nodes.size()) + " node" +
           (nodes.size() == 1 ? "" : "s") + ": ";
    for (size_t k = 0; k < nodes.size() && k < 8; ++k) msg += (k ? ", " : "") + nodes[k];
    if (nodes.size() > 8) msg += ", ...";
    msg += ")";
  }
  throw Error(msg);
}

void GraphConverter::AddInitializers() {
  for (const auto& t : model_.graph().initializer()) {
    if (t.name().empty()) throw Error(name_ + ": an initializer has no name");
    NDArray data = TensorFromProto(t, base_dir_, name_ + ": initializer '" + t.name() + "'");
    Value v;
    v.type = relay::TensorType(data->shape, data->dtype);
    v.known = data;
    v.is_param = true;
    if (!values_.count(t.name())) initializer_order_.push_back(t.name());
    values_[t.name()] = std::move(v);
  }
}

void GraphConverter::AddInputs() {
  for (const auto& in : model_.graph().input()) {
    if (values_.count(in.name())) continue;  // an initializer listed as input (IR version < 4)
    std::string what = name_ + ": graph input '" + in.name() + "'";
    if (in.type().has_sequence_type() || in.type().has_optional_type())
      throw Error(what + " is " + (in.type().has_sequence_type() ? "a sequence" : "an optional") +
                  ", whose length or presence is known only at run time; tirgen imports static programs, so "
                  "pass its tensors as separate graph inputs");
    if (!in.type().has_tensor_type()) throw Error(what + " is not a tensor");
    const auto& tt = in.type().tensor_type();
    DataType dtype = DTypeFromOnnx(tt.elem_type(), what);
    std::vector<int64_t> shape;
    auto given = options_.input_shapes.find(in.name());
    if (given != options_.input_shapes.end()) {
      shape = given->second;
      if (tt.has_shape() && tt.shape().dim_size() != static_cast<int>(shape.size()))
        throw Error(what + " has rank " + std::to_string(tt.shape().dim_size()) +
                    " but the given shape " + ShapeStr(shape) + " has rank " + std::to_string(shape.size()));
    } else {
      if (!tt.has_shape()) throw Error(what + " has no declared shape; give its shape explicitly");
      for (int d = 0; d < tt.shape().dim_size(); ++d) {
        const auto& dim = tt.shape().dim(d);
        if (!dim.has_dim_value() || dim.dim_value() <= 0) {
          std::string sym = dim.has_dim_param() ? "'" + dim.dim_param() + "'" : "unknown";
          throw Error(what + " has a dynamic dimension (" + sym + ") at axis " + std::to_string(d) +
                      "; tirgen needs static shapes: give the input's shape (e.g. --input-shape " +
                      in.name() + "=1,3,224,224, or shape={'" + in.name() + "': (...)} in Python)");
        }
        // Relay's shapes are int32 (as --input-shape's dims).
        if (dim.dim_value() > std::numeric_limits<int32_t>::max())
          throw Error(what + " has the dimension " + std::to_string(dim.dim_value()) + " at axis " +
                      std::to_string(d) + ", beyond int32 (at most 2147483647)");
        shape.push_back(dim.dim_value());
      }
    }
    // Every later element count (Reshape's, Size's, ...) is computed from it.
    if (SaturatingNumel(shape) == std::numeric_limits<int64_t>::max())
      throw Error(what + " has more than 2^63 elements");
    Value v;
    v.type = relay::TensorType(shape, dtype);
    v.is_input = true;
    input_order_.push_back(in.name());
    values_[in.name()] = std::move(v);
  }
  for (const auto& kv : options_.input_shapes)
    if (!values_.count(kv.first) || !values_[kv.first].is_input)
      throw Error(name_ + ": a shape is given for '" + kv.first + "', which is not a graph input");
}

std::string GraphConverter::NodeName(const onnx::NodeProto& node) {
  if (!node.name().empty()) return node.name();
  // TVM's naming of unnamed nodes: <OpType>_<k>, k counting per op type from 0.
  auto it = unnamed_count_.find(node.op_type());
  int k = it == unnamed_count_.end() ? 0 : it->second + 1;
  unnamed_count_[node.op_type()] = k;
  return node.op_type() + "_" + std::to_string(k);
}

Value& GraphConverter::Lookup(const std::string& edge, const NodeContext& ctx) {
  auto it = values_.find(edge);
  if (it == values_.end())
    ctx.Fail("input '" + edge + "' is not a graph input, an initializer or the output of an earlier node "
             "(the graph is not topologically sorted, or the file is incomplete)");
  return it->second;
}

relay::Expr GraphConverter::Materialize(const std::string& edge, Value* v, const std::string& consumer) {
  if (v->expr.defined()) return v->expr;
  Span span;
  if (v->is_param || v->is_input) {
    span.file = consumer.empty() ? "" : consumer + "." + edge;
    auto var = std::make_shared<relay::VarNode>();
    var->name_hint = edge;
    var->type_annotation = v->type;
    var->checked_type = v->type;
    var->span = span;
    v->expr = relay::Var(std::move(var));
  } else {
    TIRGEN_ICHECK(v->known.defined()) << "value '" << edge << "' has neither expression nor data";
    auto c = std::make_shared<relay::ConstantNode>();
    c->data = v->known;
    c->checked_type = v->type;
    c->span.file = v->producer;
    v->expr = relay::Constant(std::move(c));
  }
  return v->expr;
}

void GraphConverter::Define(const std::string& edge, Value value) { values_[edge] = std::move(value); }

// The ONNX checker's single static assignment rule: every value has one producer (a graph
// input, an initializer or one node output); a second one is an error naming both.
void GraphConverter::CheckSingleProducers() const {
  std::map<std::string, std::string> producer;
  const onnx::GraphProto& g = model_.graph();
  // An initializer may also be listed as a graph input (its default value), but neither list
  // may name a value twice.
  auto add_unique = [&](const std::string& name, const std::string& kind) {
    if (!producer.emplace(name, kind).second && producer[name] == kind)
      throw Error(name_ + ": " + kind.substr(kind.find(' ') + 1) + " '" + name +
                  "' is defined twice (ONNX values have a single producer; the model is invalid)");
  };
  for (const auto& t : g.initializer()) add_unique(t.name(), "an initializer");
  for (const auto& in : g.input()) add_unique(in.name(), "a graph input");
  for (int i = 0; i < g.node_size(); ++i) {
    const onnx::NodeProto& n = g.node(i);
    std::string who = "node " + (n.name().empty() ? "#" + std::to_string(i) : "'" + n.name() + "'") +
                      " (" + n.op_type() + ")";
    for (const std::string& out : n.output()) {
      if (out.empty()) continue;
      auto [it, fresh] = producer.emplace(out, who);
      if (!fresh)
        throw Error(name_ + ": " + who + " writes value '" + out + "', which " + it->second +
                    " already defines (ONNX values have a single producer; the model is invalid)");
    }
  }
}

void GraphConverter::ConvertNodes(const google::protobuf::RepeatedPtrField<onnx::NodeProto>& nodes, int opset) {
  const ConverterTable& table = Converters();
  for (const auto& node : nodes) {
    NodeContext ctx(this, node, NodeName(node), opset);
    const Converter& conv = table.at(ConverterKey(node));
    if (conv.forms) {  // again, with every rank now known (value_info may have been sparse)
      NodeForm form{node, opset, {}, {}, {}, {}, nullptr, nullptr};
      for (int i = 0; i < node.input_size(); ++i) {
        form.input_ranks.push_back(ctx.IsTensor(i) ? ctx.Rank(i) : -1);
        form.input_shapes.push_back(ctx.IsTensor(i) ? ctx.Shape(i) : std::vector<int64_t>{});
        form.inputs_known.push_back(ctx.IsKnown(i));
      }
      for (const auto& out : node.output()) form.outputs_used.push_back(!out.empty());
      std::string why = conv.forms(form);
      if (!why.empty()) ctx.Fail(why + " is not supported");
    }
    try {
      conv.convert(ctx);
    } catch (const NodeError&) {
      throw;
    } catch (const Error& e) {  // from below the converter (an attribute beyond int32): name the node
      if (e.span().defined()) throw;
      ctx.Fail(e.message());
    }
    for (int i = 0; i < node.output_size(); ++i)
      if (!node.output(i).empty() && !values_.count(node.output(i)))
        ctx.Fail("output " + std::to_string(i) + " ('" + node.output(i) + "') is not supported by the importer");
  }
}

std::vector<Value> GraphConverter::SubgraphInitializers(const onnx::GraphProto& g, const NodeContext& ctx) {
  std::vector<Value> inits;
  for (const auto& t : g.initializer())
    inits.push_back(KnownValue(TensorFromProto(t, base_dir_, "subgraph initializer '" + t.name() + "'"), ctx.name()));
  return inits;
}

std::vector<Value> GraphConverter::ConvertSubgraph(const onnx::GraphProto& g, int opset, const NodeContext& ctx,
                                                   const std::vector<Value>* bound,
                                                   const std::vector<Value>* initializers) {
  // Values are single-assignment across scopes: a subgraph may read, never redefine, the
  // enclosing graph's values.
  if (bound) body_scopes_.emplace_back();
  auto fresh = [&](const std::string& edge, const std::string& what) {
    if (values_.count(edge))
      ctx.Fail("subgraph '" + g.name() + "': " + what + " '" + edge +
               "' redefines a value of the enclosing graph (ONNX values have a single producer)");
    if (!body_scopes_.empty()) body_scopes_.back().push_back(edge);
  };
  if (bound) {  // ConvertLoop checked the counts
    TIRGEN_ICHECK(bound->size() == static_cast<size_t>(g.input_size()) && initializers &&
                  initializers->size() == static_cast<size_t>(g.initializer_size()))
        << "subgraph '" << g.name() << "' bound to the wrong number of values";
    for (int i = 0; i < g.input_size(); ++i) {
      fresh(g.input(i).name(), "input");
      values_[g.input(i).name()] = (*bound)[i];
    }
  }
  std::vector<Value> decoded = initializers ? std::vector<Value>() : SubgraphInitializers(g, ctx);
  const std::vector<Value>& inits = initializers ? *initializers : decoded;
  for (int i = 0; i < g.initializer_size(); ++i) {
    fresh(g.initializer(i).name(), "initializer");
    values_[g.initializer(i).name()] = inits[i];
  }
  for (const auto& n : g.node())
    for (const auto& out : n.output())
      if (!out.empty()) fresh(out, "node output");
  ConvertNodes(g.node(), opset);
  std::vector<Value> outs;
  for (const auto& o : g.output()) {
    Value& v = Lookup(o.name(), ctx);
    // An enclosing graph's input or weight passed through keeps its one relay variable.
    if (bound && (v.is_param || v.is_input)) Materialize(o.name(), &v, ctx.name());
    outs.push_back(v);
  }
  if (bound) {
    for (const std::string& edge : body_scopes_.back()) values_.erase(edge);
    body_scopes_.pop_back();
  }
  return outs;
}

// A graph output: a tensor is one result of main; a sequence gives one result per element,
// named "<output>[k]" (nested sequences "<output>[k][j]"); an optional its value, when present.
void GraphConverter::AddOutput(const std::string& name, Value* v, std::vector<relay::Expr>* outs,
                               std::vector<relay::Type>* types, std::vector<std::string>* names) {
  if (v->kind == Value::Kind::kOptional) {
    if (v->elements.empty())
      throw Error(name_ + ": graph output '" + name + "' is an empty optional; tirgen's programs return tensors, "
                  "so make the output a tensor or drop it");
    return AddOutput(name, &v->elements[0], outs, types, names);
  }
  if (v->kind == Value::Kind::kSequence) {
    for (size_t k = 0; k < v->elements.size(); ++k)
      AddOutput(name + "[" + std::to_string(k) + "]", &v->elements[k], outs, types, names);
    return;
  }
  outs->push_back(Materialize(name, v, ""));
  types->push_back(v->type);
  names->push_back(name);
}

OnnxImport GraphConverter::Run() {
  int opset = DefaultOpset(model_, name_);
  CheckSingleProducers();
  CheckSupported(opset);
  AddInitializers();
  AddInputs();
  ConvertNodes(model_.graph().node(), opset);

  OnnxImport result;
  std::vector<relay::Expr> outs;
  std::vector<relay::Type> out_types;
  for (const auto& o : model_.graph().output()) {
    auto it = values_.find(o.name());
    if (it == values_.end())
      throw Error(name_ + ": graph output '" + o.name() + "' is not produced by any node (the file may be truncated)");
    AddOutput(o.name(), &it->second, &outs, &out_types, &result.output_names);
  }
  if (outs.empty()) throw Error(name_ + ": the graph has no tensor output (its outputs are empty sequences or optionals)");
  relay::Expr body = outs[0];
  relay::Type ret = out_types[0];
  if (outs.size() > 1) {
    ret = relay::TupleType(out_types);
    body = relay::WithCheckedType(relay::Tuple(outs), ret);
  }

  // Graph inputs first, then the initializers used as tensors, in file order (TVM's order).
  std::vector<relay::Var> params;
  for (const auto& name : input_order_) params.push_back(Materialize(name, &values_[name], "").cast<relay::Var>());
  for (const auto& name : initializer_order_) {
    const Value& v = values_[name];
    if (!v.expr.defined()) continue;
    params.push_back(v.expr.cast<relay::Var>());
    result.params[name] = v.known;
  }
  relay::Function fn(params, body, ret);
  IRModule mod({{"main", fn}});
  result.mod = relay::InferType(mod);
  return result;
}

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen

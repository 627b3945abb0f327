// NodeContext: inputs, attributes, typed+spanned expression building for one ONNX node.
#include <limits>

#include "graph_converter.h"
#include "node_attr.h"
#include "tirgen/lower/constant_evaluator.h"
#include "tirgen/relay/expr_functor.h"
#include "tirgen/relay/text.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/support/error.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {

namespace {

// Values at most this large are evaluated at import time (shape tensors are tiny; this only
// stops big constant tensors from being folded here rather than by the graph passes).
constexpr int64_t kMaxFoldElements = 1 << 16;

// FoldToKnown evaluates a whole expression with the TIR interpreter, whose cost grows with
// every tensor in it (a CumSum is quadratic there), so it folds only small expressions: at
// most this many nodes, each constant and intermediate at most this many elements, and this
// many over all of them (the worst case then takes a fraction of a second). Shape
// computations are far below all three; anything larger stays "must be known" (refused at once).
constexpr size_t kMaxFoldNodes = 128;
constexpr int64_t kMaxFoldTensorElements = 1024;
constexpr int64_t kMaxFoldTotalElements = 8192;

// The element count of `type` (a tuple's summed), or -1 when a tensor in it has more than
// kMaxFoldTensorElements.
int64_t FoldElements(const relay::Type& type) {
  if (const auto* t = type.as<relay::TensorTypeNode>()) {
    int64_t n = SaturatingNumel(t->ConstShape());
    return n <= kMaxFoldTensorElements ? n : -1;
  }
  if (const auto* tt = type.as<relay::TupleTypeNode>()) {
    int64_t sum = 0;
    for (const auto& f : tt->fields) {
      int64_t n = FoldElements(f);
      if (n < 0) return -1;
      sum += n;
    }
    return sum;
  }
  return -1;
}

// `expr` (freshly built, not shared yet) with its type and the node's span.
template <class N>
relay::Expr Finish(const relay::Expr& expr, relay::Type type, const std::string& span) {
  auto n = CopyNode(*static_cast<const N*>(expr.get()));
  n->checked_type = std::move(type);
  n->span.file = span;
  return relay::Expr(std::move(n));
}

}  // namespace

Value KnownValue(const NDArray& value, const std::string& producer) {
  Value v;
  v.known = value;
  v.type = relay::TensorType(value->shape, value->dtype);
  v.producer = producer;
  return v;
}

Value TensorValue(const relay::Expr& expr, const std::string& producer) {
  TIRGEN_ICHECK(expr->checked_type.as<relay::TensorTypeNode>()) << "a tensor value is a typed tensor";
  Value v;
  v.expr = expr;
  v.type = expr->checked_type;
  v.producer = producer;
  return v;
}

Value SequenceValue(std::vector<Value> elements, const std::string& producer) {
  Value v;
  v.kind = Value::Kind::kSequence;
  v.elements = std::move(elements);
  v.producer = producer;
  return v;
}

Value OptionalValue(std::vector<Value> element, const std::string& producer) {
  TIRGEN_ICHECK(element.size() <= 1) << "an optional holds at most one value";
  Value v = SequenceValue(std::move(element), producer);
  v.kind = Value::Kind::kOptional;
  return v;
}

std::string KindText(const Value& v) {
  switch (v.kind) {
    case Value::Kind::kSequence: return "a sequence";
    case Value::Kind::kOptional: return "an optional";
    default: return "a tensor";
  }
}

NodeContext::NodeContext(GraphConverter* graph, const onnx::NodeProto& node, std::string name, int opset)
    : graph_(graph), node_(node), name_(std::move(name)), opset_(opset) {}

void NodeContext::Fail(const std::string& message) const {
  const std::string& model = graph_->name();
  throw NodeError((model.empty() ? "" : model + ": ") + "ONNX node '" + name_ + "' (" + node_.op_type() + "): " + message);
}

int NodeContext::Axis(int64_t axis, int rank, const std::string& what) const {
  if (axis < -rank || axis >= rank)
    Fail(what + " " + std::to_string(axis) + " is out of range for a tensor of rank " + std::to_string(rank));
  return static_cast<int>(axis < 0 ? axis + rank : axis);
}

bool NodeContext::HasInput(int i) const { return i < node_.input_size() && !node_.input(i).empty(); }

Value& NodeContext::In(int i) {
  if (!HasInput(i)) Fail("input " + std::to_string(i) + " is required");
  return graph_->Lookup(node_.input(i), *this);
}

bool NodeContext::IsTensor(int i) { return HasInput(i) && In(i).IsTensor(); }

Value& NodeContext::TensorIn(int i) {
  Value& v = In(i);
  if (!v.IsTensor())
    Fail("input " + std::to_string(i) + " ('" + node_.input(i) + "') is " + KindText(v) + ", where " +
         op_type() + " takes a tensor");
  return v;
}

relay::Expr NodeContext::Input(int i) {
  Value& v = TensorIn(i);
  return graph_->Materialize(node_.input(i), &v, name_);
}

std::vector<Value> NodeContext::Elements(int i, const std::string& what) {
  Value& v = In(i);
  if (v.kind != Value::Kind::kSequence)
    Fail(what + " (input " + std::to_string(i) + ", '" + node_.input(i) + "') must be a sequence, not " + KindText(v));
  return v.elements;
}

const relay::TensorTypeNode* NodeContext::Type(int i) {
  const auto* t = TensorIn(i).type.as<relay::TensorTypeNode>();
  TIRGEN_ICHECK(t) << "ONNX values are tensors";
  return t;
}

std::vector<int64_t> NodeContext::Shape(int i) { return Type(i)->ConstShape(); }

bool NodeContext::IsKnown(int i) { return HasInput(i) && In(i).known.defined(); }

// A value that must be known but was built as Relay (an op the importer does not fold on the
// host, e.g. ScatterElements or TopK on a shape): when its expression depends on constants only,
// it is evaluated now, as TVM's frontend evaluates such values (infer_value / fold_constant).
// The value keeps its expression and gains its data.
bool NodeContext::FoldToKnown(int i) {
  if (!HasInput(i)) return false;
  Value& v = In(i);
  if (v.known.defined() || !v.IsTensor() || !v.expr.defined() || v.is_input || v.is_param) return v.known.defined();
  const auto* t = v.type.as<relay::TensorTypeNode>();
  if (!t || SaturatingNumel(t->ConstShape()) > kMaxFoldElements || !HostDTypeSupported(t->dtype)) return false;
  // Check the expression's size, and bind its initializers' data (for this evaluation only:
  // main keeps them as parameters, as TVM's infer_value binds params to a copy).
  bool ok = true;
  size_t nodes = 0;
  int64_t total = 0;
  std::unordered_map<const Object*, relay::Expr> bind;
  relay::PostOrderVisit(v.expr, [&](const relay::Expr& e) {
    if (!ok || e.as<relay::OpNode>()) return;
    int64_t n = FoldElements(e->checked_type);
    if (++nodes > kMaxFoldNodes || n < 0 || (total += n) > kMaxFoldTotalElements) {
      ok = false;
    } else if (const auto* var = e.as<relay::VarNode>()) {
      const Value* p = graph_->Find(var->name_hint);
      // Only an initializer's own var (not a graph input, a loop variable or a shadowing name).
      if (!p || !p->is_param || !p->known.defined() || p->expr.get() != var) {
        ok = false;
        return;
      }
      auto c = std::make_shared<relay::ConstantNode>();
      c->data = p->known;
      c->checked_type = p->type;
      bind[var] = relay::Constant(std::move(c));
    } else if (!e.as<relay::CallNode>() && !e.as<relay::ConstantNode>() && !e.as<relay::TupleNode>() &&
               !e.as<relay::TupleGetItemNode>()) {
      ok = false;  // functions, lets, ifs: not a dataflow expression over constants
    }
  });
  if (!ok) return false;
  relay::Expr folded = relay::FoldConstantExpr(relay::Substitute(v.expr, bind), lower::EvaluateConstant);
  const auto* c = folded.as<relay::ConstantNode>();
  if (!c) return false;
  v.known = c->data;
  return true;
}

HostTensor NodeContext::Known(int i, const std::string& what) {
  if (!IsKnown(i) && !FoldToKnown(i))
    Fail(what + " (input " + std::to_string(i) + ", '" + (HasInput(i) ? node_.input(i) : "") +
         "') must be known at import time: tirgen supports static shapes only");
  const NDArray& a = In(i).known;
  if (!HostDTypeSupported(a->dtype)) Fail(what + " has unsupported dtype " + a->dtype.str());
  return FromNDArray(a);
}

HostTensor NodeContext::KnownScalar(int i, const std::string& what) {
  HostTensor t = Known(i, what);
  if (t.size() != 1) Fail(what + " must have one element, it has " + std::to_string(t.size()));
  return t;
}

std::vector<int64_t> NodeContext::KnownInts(int i, const std::string& what) {
  HostTensor t = Known(i, what);
  if (t.real() || t.shape.size() > 1) Fail(what + " must be a 1-D integer tensor");
  return ToInts(t);
}

bool NodeContext::Foldable(int64_t out_elements) {
  if (out_elements > kMaxFoldElements) return false;
  bool any = false, all_int = true, any_param = false;
  for (int i = 0; i < node_.input_size(); ++i) {
    if (!HasInput(i)) continue;
    Value& v = In(i);
    if (!v.known.defined() || !HostDTypeSupported(v.known->dtype)) return false;
    if (v.known->NumElements() > kMaxFoldElements) return false;
    any = true;
    all_int = all_int && !v.known->dtype.is_float();
    any_param = any_param || v.is_param;
  }
  return any && (all_int || !any_param);
}

// ---- attributes ----

const onnx::AttributeProto* FindNodeAttr(const onnx::NodeProto& node, const std::string& name) {
  for (const auto& a : node.attribute())
    if (a.name() == name) return &a;
  return nullptr;
}

const onnx::AttributeProto* NodeContext::FindAttr(const std::string& name) const { return FindNodeAttr(node_, name); }

bool NodeContext::HasAttr(const std::string& name) const { return FindAttr(name) != nullptr; }

int64_t NodeContext::Int(const std::string& name, int64_t dflt) const {
  const auto* a = FindAttr(name);
  if (!a) return dflt;
  if (a->type() != onnx::AttributeProto::INT) Fail("attribute '" + name + "' must be an integer");
  return a->i();
}

double NodeContext::Float(const std::string& name, double dflt) const {
  const auto* a = FindAttr(name);
  if (!a) return dflt;
  if (a->type() == onnx::AttributeProto::INT) return static_cast<double>(a->i());
  if (a->type() != onnx::AttributeProto::FLOAT) Fail("attribute '" + name + "' must be a float");
  return a->f();
}

std::string NodeContext::Str(const std::string& name, const std::string& dflt) const {
  const auto* a = FindAttr(name);
  if (!a) return dflt;
  if (a->type() != onnx::AttributeProto::STRING) Fail("attribute '" + name + "' must be a string");
  return a->s();
}

std::vector<int64_t> NodeContext::Ints(const std::string& name, const std::vector<int64_t>& dflt) const {
  const auto* a = FindAttr(name);
  if (!a) return dflt;
  if (a->type() == onnx::AttributeProto::INT) return {a->i()};
  if (a->type() != onnx::AttributeProto::INTS) Fail("attribute '" + name + "' must be a list of integers");
  return {a->ints().begin(), a->ints().end()};
}

std::vector<double> NodeContext::Floats(const std::string& name) const {
  const auto* a = FindAttr(name);
  if (!a) return {};
  if (a->type() == onnx::AttributeProto::FLOAT) return {a->f()};
  if (a->type() != onnx::AttributeProto::FLOATS) Fail("attribute '" + name + "' must be a list of floats");
  return {a->floats().begin(), a->floats().end()};
}

NDArray NodeContext::TensorAttr(const std::string& name) const {
  const auto* a = FindAttr(name);
  if (!a || a->type() != onnx::AttributeProto::TENSOR) Fail("attribute '" + name + "' must be a tensor");
  return TensorFromProto(a->t(), "", "attribute '" + name + "'");
}

// ---- building ----

relay::Expr NodeContext::Call(const std::string& op, std::vector<relay::Expr> args,
                              const relay::AttrFields& attrs) {
  relay::Call call;
  try {
    call = relay::MakeCall(op, std::move(args), attrs);
  } catch (const Error& e) {
    Fail(e.message());
  }
  const relay::OpInfo* info = relay::GetOpInfo(op);
  TIRGEN_ICHECK(info && info->relation) << "operator " << op << " has no type relation";
  std::vector<relay::Type> arg_types;
  for (const auto& a : call->args) arg_types.push_back(a->checked_type);
  relay::Type type;
  try {
    type = info->relation(relay::TypeCall(call.get(), arg_types, *info));
  } catch (const Error& e) {
    Fail(e.message());
  }
  return Finish<relay::CallNode>(call, type, name_);
}

relay::Expr NodeContext::Const(const NDArray& value) {
  relay::Constant c(value);
  return Finish<relay::ConstantNode>(c, relay::ConstantType(c.get()), name_);
}

relay::Expr NodeContext::Scalar(double value, DataType dtype) {
  if (!HostDTypeSupported(dtype)) Fail("cannot make a " + dtype.str() + " constant");
  HostTensor t = HostTensor::Make({}, dtype);
  t.Set(0, value);
  return Const(ToNDArray(t));
}

relay::Expr NodeContext::GetItem(const relay::Expr& tuple, int index) {
  const auto* tt = tuple->checked_type.as<relay::TupleTypeNode>();
  TIRGEN_ICHECK(tt && index < static_cast<int>(tt->fields.size())) << "projection of a non-tuple";
  return Finish<relay::TupleGetItemNode>(relay::TupleGetItem(tuple, index), tt->fields[index], name_);
}

relay::Expr NodeContext::MakeTuple(std::vector<relay::Expr> fields) {
  std::vector<relay::Type> types;
  for (const auto& f : fields) types.push_back(f->checked_type);
  return Finish<relay::TupleNode>(relay::Tuple(std::move(fields)), relay::TupleType(types), name_);
}

relay::Expr NodeContext::MakeIf(const relay::Expr& cond, const relay::Expr& then, const relay::Expr& otherwise) {
  TIRGEN_ICHECK(relay::TypeEqual(then->checked_type, otherwise->checked_type)) << "If branches of two types";
  return Finish<relay::IfNode>(relay::If(cond, then, otherwise), then->checked_type, name_);
}

void NodeContext::CheckShape(const std::vector<int64_t>& shape, const std::string& what) const {
  for (int64_t d : shape) {
    if (d < 0) Fail(what + " has a negative dimension " + std::to_string(d));
    // Relay's shapes and shape attributes are int32 (an empty tensor's other dims too).
    if (d > std::numeric_limits<int32_t>::max())
      Fail(what + " has a dimension " + std::to_string(d) + " beyond int32");
  }
  if (SaturatingNumel(shape) >= (int64_t{1} << 48)) Fail(what + " is absurdly large");
}

relay::Expr NodeContext::Reshape(const relay::Expr& x, const std::vector<int64_t>& shape) {
  return Call("reshape", {x}, {{"newshape", relay::AttrInts(shape)}});
}

// ---- outputs ----

void NodeContext::SetOutput(int i, const relay::Expr& expr) {
  if (!HasOutput(i)) return;
  TIRGEN_ICHECK(expr->checked_type.as<relay::TensorTypeNode>()) << "node outputs are typed tensors";
  Value v;
  v.expr = expr;
  v.type = expr->checked_type;
  v.producer = name_;
  graph_->Define(node_.output(i), std::move(v));
}

void NodeContext::SetKnownOutput(int i, const HostTensor& value) {
  if (HasOutput(i)) SetKnownOutput(i, ToNDArray(value));
}

void NodeContext::SetKnownOutput(int i, const NDArray& value) {
  if (!HasOutput(i)) return;
  // A value known at import time becomes a Relay constant, whose type has int32 dims: a
  // Constant attribute or a folded result may hold an empty tensor with a huge dimension.
  CheckShape(value->shape, "output '" + node_.output(i) + "'");
  graph_->Define(node_.output(i), KnownValue(value, name_));
}

void NodeContext::SetOutputValue(int i, const Value& value) {
  if (HasOutput(i)) graph_->Define(node_.output(i), value);
}

const onnx::GraphProto& NodeContext::GraphAttr(const std::string& name) const {
  const auto* a = FindAttr(name);
  if (!a || a->type() != onnx::AttributeProto::GRAPH) Fail("attribute '" + name + "' must be a graph");
  return a->g();
}

std::vector<Value> NodeContext::ConvertSubgraph(const onnx::GraphProto& g) {
  return graph_->ConvertSubgraph(g, opset_, *this);
}

std::vector<relay::Expr> NodeContext::ConvertBranch(const onnx::GraphProto& g, const std::string& what) {
  if (g.input_size() != 0) Fail(what + " has " + std::to_string(g.input_size()) + " inputs; an If branch takes none");
  // A scope of its own: the other branch may define the same names.
  std::vector<Value> outs = ConvertBody(g, {}, SubgraphInitializers(g));
  std::vector<relay::Expr> exprs;
  for (int k = 0; k < g.output_size(); ++k) {
    if (!outs[k].IsTensor())
      Fail(what + "'s output '" + g.output(k).name() + "' is " + KindText(outs[k]) +
           "; an If decided at run time can only give tensors");
    exprs.push_back(Materialize(outs[k]));
  }
  return exprs;
}

std::vector<Value> NodeContext::SubgraphInitializers(const onnx::GraphProto& g) {
  return graph_->SubgraphInitializers(g, *this);
}

std::vector<Value> NodeContext::ConvertBody(const onnx::GraphProto& g, const std::vector<Value>& inputs,
                                            const std::vector<Value>& initializers) {
  return graph_->ConvertSubgraph(g, opset_, *this, &inputs, &initializers);
}

relay::Expr NodeContext::Materialize(Value& v) {
  if (!v.IsTensor()) Fail(KindText(v) + " is used where a tensor is needed");
  // no edge to name: only values that already carry an expression, or known constants, come here
  TIRGEN_ICHECK(v.expr.defined() || !(v.is_param || v.is_input)) << "Materialize of a graph input or weight without its edge";
  return graph_->Materialize("", &v, name_);
}

Value NodeContext::InputValue(int i) {
  if (In(i).is_param || In(i).is_input) Input(i);
  return In(i);
}

void NodeContext::ForwardInput(int i, int j) {
  Value& in = In(j);
  if (!in.IsTensor()) return SetOutputValue(i, in);  // Identity of a sequence or optional
  if (in.known.defined() && !in.is_param) return SetKnownOutput(i, in.known);
  // A weight passes through as itself: still main's parameter, still known to shape math (the
  // exporter's deduplicated initializers reach Reshape/Expand through Identity).
  if (in.is_param) return SetOutputValue(i, InputValue(j));
  SetOutput(i, Input(j));
}

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen

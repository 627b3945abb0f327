// What an operator converter sees: one ONNX node, its inputs (relay expressions with types,
// plus their values when known at import time) and its attributes; it builds relay calls
// (typed on the spot through the ops' type relations, spanned with the node's name) and sets
// the node's outputs. Converters are grouped by family in ops_*.cc. Internal.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "const_eval.h"
#include "model_loader.h"
#include "tirgen/relay/expr.h"
#include "tirgen/relay/op.h"
#include "tirgen/support/error.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {

/// What flows along one ONNX edge: a tensor, or one of ONNX's sequence and optional values,
/// which are resolved at import time as TVM's frontend does (a sequence is a list of relay
/// expressions, never a relay value of its own).
struct Value {
  enum class Kind { kTensor, kSequence, kOptional };
  /// The relay expression; created on first use as a tensor for initializers, graph inputs and
  /// import-time constants (so a variable's span names its first consumer, as TVM's does).
  relay::Expr expr;
  relay::Type type;            ///< a TensorType for tensors (undefined otherwise)
  NDArray known;               ///< the value, when known at import time
  bool is_param = false;       ///< an initializer (a parameter of main once used as a tensor)
  bool is_input = false;       ///< a graph input
  std::string producer;        ///< span name of the node that produced it ("" for graph edges)
  Kind kind = Kind::kTensor;
  /// A sequence's elements in order; an optional's value (none when it is empty).
  std::vector<Value> elements;

  bool IsTensor() const { return kind == Kind::kTensor; }
};

/// The tensor `expr` (typed), produced by `producer`.
Value TensorValue(const relay::Expr& expr, const std::string& producer);
/// A sequence (kind kSequence) of `elements`, or an optional holding `elements` (at most one).
Value SequenceValue(std::vector<Value> elements, const std::string& producer);
Value OptionalValue(std::vector<Value> element, const std::string& producer);
/// "a sequence" / "an optional" / "a tensor", for messages.
std::string KindText(const Value& v);

/// The value `value`, known at import time (typed from the array), produced by `producer`.
Value KnownValue(const NDArray& value, const std::string& producer = "");

class GraphConverter;

/// An error NodeContext::Fail raised: it already names the model and the node.
class NodeError : public Error {
 public:
  using Error::Error;
};

class NodeContext {
 public:
  NodeContext(GraphConverter* graph, const onnx::NodeProto& node, std::string name, int opset);

  const onnx::NodeProto& node() const { return node_; }
  /// The node's name (or `<OpType>_<k>` when the model leaves it empty).
  const std::string& name() const { return name_; }
  const std::string& op_type() const { return node_.op_type(); }
  int opset() const { return opset_; }

  // ---- inputs ----
  int num_inputs() const { return node_.input_size(); }
  /// True when input `i` is present (optional inputs may be missing or named "").
  bool HasInput(int i) const;
  /// True when input `i` is present and a tensor (not a sequence or optional).
  bool IsTensor(int i);
  /// Input `i` as a relay expression (fails when absent or not a tensor).
  relay::Expr Input(int i);
  const relay::TensorTypeNode* Type(int i);
  std::vector<int64_t> Shape(int i);
  int Rank(int i) { return static_cast<int>(Shape(i).size()); }
  DataType DType(int i) { return Type(i)->dtype; }
  /// True when input `i` is present and its value is known at import time.
  bool IsKnown(int i);
  /// Input `i`'s value; fails naming `what` when it is not known at import time. A value
  /// computed in Relay from constants only is evaluated first (FoldToKnown).
  HostTensor Known(int i, const std::string& what);
  /// Evaluates input `i` when its expression depends on constants only (and is small); true
  /// when its value is then known.
  bool FoldToKnown(int i);
  /// Input `i`'s value, which must have exactly one element (a threshold, a bound).
  HostTensor KnownScalar(int i, const std::string& what);
  /// A known integer input as a list (a scalar gives one element).
  std::vector<int64_t> KnownInts(int i, const std::string& what);
  /// True when every present input is known and small, and the node can be evaluated now
  /// instead of being emitted: shape arithmetic (integer/bool values) always, float values
  /// only when none of them is a weight (weights stay parameters, as in TVM).
  /// `out_elements`: the result's size when it can exceed the inputs' (broadcasting, Expand,
  /// Tile, Gather); folding is refused beyond the same limit.
  bool Foldable(int64_t out_elements = 0);

  // ---- attributes ----
  bool HasAttr(const std::string& name) const;
  int64_t Int(const std::string& name, int64_t dflt) const;
  double Float(const std::string& name, double dflt) const;
  std::string Str(const std::string& name, const std::string& dflt) const;
  std::vector<int64_t> Ints(const std::string& name, const std::vector<int64_t>& dflt = {}) const;
  std::vector<double> Floats(const std::string& name) const;
  /// A TENSOR attribute (Constant's value).
  NDArray TensorAttr(const std::string& name) const;
  /// A GRAPH attribute (If's branches); fails when absent or of another type.
  const onnx::GraphProto& GraphAttr(const std::string& name) const;

  // ---- building (every expression made here is typed and carries the node's span) ----
  relay::Expr Call(const std::string& op, std::vector<relay::Expr> args,
                   const relay::AttrFields& attrs = {});
  relay::Expr Const(const NDArray& value);
  relay::Expr Scalar(double value, DataType dtype);
  relay::Expr GetItem(const relay::Expr& tuple, int index);
  relay::Expr MakeTuple(std::vector<relay::Expr> fields);
  /// relay `if (cond) { then } else { otherwise }`; the branches must have one type.
  relay::Expr MakeIf(const relay::Expr& cond, const relay::Expr& then, const relay::Expr& otherwise);
  /// Fails unless every dim of `shape` (from model data: Reshape, Expand, ...) is >= 0 and the
  /// element count fits in int64. `what` names the operand.
  void CheckShape(const std::vector<int64_t>& shape, const std::string& what) const;
  /// relay `reshape` of `x` to the static `shape`.
  relay::Expr Reshape(const relay::Expr& x, const std::vector<int64_t>& shape);

  // ---- outputs ----
  int num_outputs() const { return node_.output_size(); }
  bool HasOutput(int i) const { return i < node_.output_size() && !node_.output(i).empty(); }
  void SetOutput(int i, const relay::Expr& expr);
  /// An output evaluated at import time (becomes a relay constant if used as a tensor).
  void SetKnownOutput(int i, const HostTensor& value);
  void SetKnownOutput(int i, const NDArray& value);
  /// Output `i` is input `j` unchanged (Identity, Dropout): keeps a known value known.
  void ForwardInput(int i, int j);
  /// Output `i` is `value` as it is (a subgraph's output).
  void SetOutputValue(int i, const Value& value);

  // ---- subgraphs ----
  /// Converts `g`'s nodes in the enclosing graph's scope (they read every value defined so
  /// far) and returns the values of its outputs, in order.
  std::vector<Value> ConvertSubgraph(const onnx::GraphProto& g);
  /// Converts an If branch in a scope of its own (ConvertBody without inputs), each output as a
  /// relay expression (a passed-through graph input or weight keeps its one variable); fails
  /// unless every output is a tensor. `what` names `g`.
  std::vector<relay::Expr> ConvertBranch(const onnx::GraphProto& g, const std::string& what);
  /// `g`'s initializers, decoded (once per Loop: ConvertBody binds them on every iteration).
  std::vector<Value> SubgraphInitializers(const onnx::GraphProto& g);
  /// Converts `g` once more with its inputs bound to `inputs` and its initializers to
  /// `initializers` (a Loop body's iteration); the values it defines are dropped afterwards.
  /// Returns its outputs' values.
  std::vector<Value> ConvertBody(const onnx::GraphProto& g, const std::vector<Value>& inputs,
                                 const std::vector<Value>& initializers);
  /// `v`'s relay expression (a constant when only its value is known).
  relay::Expr Materialize(Value& v);
  /// Input `i`'s value, its relay variable created first when it is a graph input or weight
  /// (so a subgraph that receives it shares the variable). Any kind.
  Value InputValue(int i);
  /// The elements of input `i`, which must be a sequence (`what` names it in the error).
  std::vector<Value> Elements(int i, const std::string& what);

  /// "<model>: ONNX node '<name>' (<OpType>): <message>" as a NodeError (a tirgen::Error).
  [[noreturn]] void Fail(const std::string& message) const;
  /// `axis` normalized into [0, rank) (fails when out of range).
  int Axis(int64_t axis, int rank, const std::string& what = "axis") const;

 private:
  const onnx::AttributeProto* FindAttr(const std::string& name) const;
  Value& In(int i);
  /// In(i), failing unless it is a tensor.
  Value& TensorIn(int i);

  GraphConverter* graph_;
  const onnx::NodeProto& node_;
  std::string name_;
  int opset_;
};

/// A float attribute value as TVM's Python frontend makes it (a float32 FloatImm, printed
/// `0.5f`).
inline ObjectRef FloatAttr(double v) { return tir::FloatImm(DataType::Float(32), v); }

/// The one-input activations ONNX's recurrent ops name (and their own converters build):
/// Relu, Tanh, Sigmoid, Affine, LeakyRelu, ThresholdedRelu, ScaledTanh, HardSigmoid, Elu,
/// Softsign, Softplus (ops_elemwise.cc), in one table: whether each takes the alpha / beta of
/// a recurrent op's activation_alpha / activation_beta lists (TVM's lists), and the defaults of
/// its ONNX op's attributes.
struct ActivationSpec {
  const char* name;
  bool takes_alpha, takes_beta;
  double alpha, beta;
};
/// The entry of `name`, or nullptr when it is not an activation tirgen knows.
const ActivationSpec* FindActivation(const std::string& name);
/// `name` applied to `x` as relay calls, with alpha/beta as the op's attributes.
relay::Expr Activation(NodeContext& ctx, const std::string& name, const relay::Expr& x, double alpha, double beta);

/// Converts one node (reads inputs, sets every output).
using OpConverter = void (*)(NodeContext& ctx);

/// What the up-front check knows of a node before anything is converted: its attributes, its
/// opset and the ranks and shapes of its inputs as far as the file declares them (graph inputs,
/// initializers, Constants, value_info; ranks also propagated through rank-preserving ops), -1
/// when unknown. At conversion every rank and dim is known.
struct NodeForm {
  const onnx::NodeProto& node;
  int opset;
  std::vector<int> input_ranks;
  std::vector<bool> outputs_used;  ///< output i is named (optional outputs may be "")
  /// input i's value is known at import time (an initializer, a Constant, shape arithmetic on
  /// them; up front this is the file's static view, at conversion the importer's).
  std::vector<bool> inputs_known;
  /// input i's dims, -1 for a dim not known up front (empty when its rank is unknown)
  std::vector<std::vector<int64_t>> input_shapes;
  /// Up front only (null at conversion): the names of the values known as far as the file shows,
  /// subgraphs' included, and the integer scalars among them that the file gives directly.
  const std::set<std::string>* known_names = nullptr;
  const std::map<std::string, int64_t>* known_ints = nullptr;

  /// Rank of input `i`, -1 when unknown or absent.
  int Rank(int i) const { return i < static_cast<int>(input_ranks.size()) ? input_ranks[i] : -1; }
  bool HasInput(int i) const { return i < node.input_size() && !node.input(i).empty(); }
  /// Number of elements of input `i`, -1 when its rank or a dim is unknown.
  int64_t Elements(int i) const;
  bool Known(int i) const { return i < static_cast<int>(inputs_known.size()) && inputs_known[i]; }
  bool HasOutput(int i) const { return i < static_cast<int>(outputs_used.size()) && outputs_used[i]; }
  bool HasAttr(const std::string& name) const;
  int64_t Int(const std::string& name, int64_t dflt) const;
  std::string Str(const std::string& name, const std::string& dflt) const;
  std::vector<int64_t> Ints(const std::string& name) const;
};

/// The forms of an op a converter supports: returns why `form` cannot be imported ("" when it
/// can). It runs in the up-front check (so one error lists every op and op form a model needs)
/// and again right before the node is converted, with every rank then known.
using FormCheck = std::string (*)(const NodeForm& form);

/// Whether an ONNX domain is the standard one ("" or "ai.onnx").
bool IsDefaultDomain(const std::string& domain);

/// The general form check every default-domain op gets up front: an operand its converter
/// reads at import time (Slice's starts, Reshape's shape, TopK's K, ...) that is not known then.
std::string RunTimeOperandForm(const NodeForm& form);

/// One table entry: the converter and the check of the forms it handles (none: every form).
struct Converter {
  Converter(OpConverter convert = nullptr, FormCheck forms = nullptr) : convert(convert), forms(forms) {}
  OpConverter convert;
  FormCheck forms;
};
using ConverterTable = std::map<std::string, Converter>;

/// The converters of each family (ops_*.cc).
void AddElemwiseConverters(ConverterTable* table);
void AddNNConverters(ConverterTable* table);
void AddReduceConverters(ConverterTable* table);
void AddTensorConverters(ConverterTable* table);
void AddTransformConverters(ConverterTable* table);
void AddIndexingConverters(ConverterTable* table);
void AddImageConverters(ConverterTable* table);
void AddMathConverters(ConverterTable* table);
void AddScanSortConverters(ConverterTable* table);
void AddRecurrentConverters(ConverterTable* table);
void AddCompositeConverters(ConverterTable* table);
void AddLpPoolConverters(ConverterTable* table);
void AddQuantizeConverters(ConverterTable* table);
void AddQLinearConverters(ConverterTable* table);
void AddQLinearNNConverters(ConverterTable* table);
void AddDataDependentConverters(ConverterTable* table);
void AddMaxUnpoolConverters(ConverterTable* table);
void AddControlConverters(ConverterTable* table);
void AddRoiConverters(ConverterTable* table);
void AddLegacyConverters(ConverterTable* table);
void AddOrtBertConverters(ConverterTable* table);
void AddRandomConverters(ConverterTable* table);
void AddSignalConverters(ConverterTable* table);
void AddATenConverters(ConverterTable* table);
void AddOrtQAttentionConverters(ConverterTable* table);
void AddSequenceConverters(ConverterTable* table);
void AddScanConverters(ConverterTable* table);
void AddTrainingConverters(ConverterTable* table);
void AddMLConverters(ConverterTable* table);
/// The forms the existing families restrict (op_forms.cc).
void AddFormChecks(ConverterTable* table);
/// Every converter, by ONNX op type.
const ConverterTable& Converters();

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen

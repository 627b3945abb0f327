// The graph walk: ONNX GraphProto -> relay @main. Owns the values on the ONNX edges, checks
// that every operator is supported before converting anything, converts the nodes in order
// and assembles main (graph inputs, then the initializers used as tensors). Internal.
#pragma once

#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "converter.h"
#include "tirgen/frontend/onnx.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {

class GraphConverter {
 public:
  GraphConverter(const onnx::ModelProto& model, std::string name, std::string base_dir,
                 const OnnxImportOptions& options);

  /// Converts the whole graph (throws tirgen::Error on bad or unsupported models).
  OnnxImport Run();

  // ---- used by NodeContext ----
  /// The model's name (its file), which every error message starts with.
  const std::string& name() const { return name_; }
  /// The value on `edge`; `ctx` locates the error when nothing produced it.
  Value& Lookup(const std::string& edge, const NodeContext& ctx);
  /// The value on `edge`, or null when nothing defines it.
  const Value* Find(const std::string& edge) const {
    auto it = values_.find(edge);
    return it == values_.end() ? nullptr : &it->second;
  }
  /// The relay expression of `v` (edge `edge`), creating it on first use; `consumer` is the
  /// span name of the node using it.
  relay::Expr Materialize(const std::string& edge, Value* v, const std::string& consumer);
  /// Defines `edge` (a node output).
  void Define(const std::string& edge, Value value);
  /// `g`'s initializers decoded, in order (produced by node `ctx`).
  std::vector<Value> SubgraphInitializers(const onnx::GraphProto& g, const NodeContext& ctx);
  /// Converts subgraph `g` (If's taken branch, for node `ctx`) in this graph's scope and
  /// returns its outputs' values. With `bound` (a Loop body), g's inputs take those values,
  /// its initializers `initializers` (SubgraphInitializers(g)), and every value g and the
  /// subgraphs converted inside it define is dropped afterwards, so the body can be converted
  /// again.
  std::vector<Value> ConvertSubgraph(const onnx::GraphProto& g, int opset, const NodeContext& ctx,
                                     const std::vector<Value>* bound = nullptr,
                                     const std::vector<Value>* initializers = nullptr);

 private:
  void CheckSupported(int opset) const;
  /// Converts `nodes` in order (the main graph's or a subgraph's).
  void ConvertNodes(const google::protobuf::RepeatedPtrField<onnx::NodeProto>& nodes, int opset);
  void CheckSingleProducers() const;
  /// Shapes of the edges the file declares (initializers, inputs, value_info, outputs; -1 for
  /// a symbolic dim), and ranks (dims -1) carried through rank-preserving ops; what the
  /// up-front check knows before converting.
  std::map<std::string, std::vector<int64_t>> DeclaredShapes() const;
  /// Why `form` cannot be imported by its op's converter ("" when it can).
  static std::string UnsupportedForm(const NodeForm& form);
  /// Appends graph output `name` (value `v`) to main's results, a sequence's elements each.
  void AddOutput(const std::string& name, Value* v, std::vector<relay::Expr>* outs,
                 std::vector<relay::Type>* types, std::vector<std::string>* names);
  void AddInitializers();
  void AddInputs();
  std::string NodeName(const onnx::NodeProto& node);

  const onnx::ModelProto& model_;
  std::string name_;
  std::string base_dir_;
  const OnnxImportOptions& options_;
  std::unordered_map<std::string, Value> values_;
  std::vector<std::string> initializer_order_;  ///< initializers, in file order
  std::vector<std::string> input_order_;        ///< graph inputs that are not initializers
  std::map<std::string, int> unnamed_count_;    ///< per op type, for nodes without a name
  /// Per Loop body being converted (innermost last): the edges defined in it, nested If
  /// branches' included, which are dropped when its iteration ends.
  std::vector<std::vector<std::string>> body_scopes_;
};

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen

// The operator registry. One Op node per name (ops compare by identity); each registered op
// carries what the rest of the compiler needs to know about it:
//  - its attribute schema (TVM's field names, kinds, defaults, declaration order), so the
//    parser can reject unknown attributes and values of the wrong kind, and computes can read
//    attributes with their defaults (CallNode::GetInt("groups") ...);
//  - a type relation: argument types + attributes -> result type (InferType uses it);
//  - its fusion pattern kind (TVM's TOpPattern values);
//  - a compute slot (FTVMCompute), filled by the TE/TOPI side with RegisterCompute.
//
//   RegisterOpInfo("nn.relu").Inputs(1).Pattern(kElemWise).Relation(IdentityRel);
//   const OpInfo* info = GetOpInfo("nn.conv2d");   // nullptr when unknown
//   RegisterCompute("nn.relu", [](const Call& c, const std::vector<te::Tensor>& in,
//                                 const Type& out) { return std::vector<te::Tensor>{...}; });
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "tirgen/relay/expr.h"
#include "tirgen/te/tensor.h"

namespace tirgen {
namespace relay {

/// TVM's OpPatternKind (include/tvm/relay/op_attr_types.h), same values.
enum OpPatternKind : int {
  kElemWise = 0,
  kBroadcast = 1,
  kInjective = 2,
  kCommReduce = 3,
  kOutEWiseFusable = 4,
  kTuple = 7,
  kOpaque = 8,
};

/// What values an attribute field accepts (the C++ field type in TVM's Attrs struct).
enum class AttrKind {
  kInt,            ///< int: an integer
  kBool,           ///< bool: True/False (0/1 accepted)
  kFloat,          ///< double: a float (integers accepted)
  kString,         ///< String
  kDType,          ///< DataType: a dtype string; None/"" = unset (void)
  kOptInt,         ///< Integer / IndexExpr: an integer or None
  kIntArray,       ///< Array<Integer>: [ints] or None
  kIntArrayArray,  ///< Array<Array<Integer>>: [[ints], ...]
  kFloatArray,     ///< Array<FloatImm>: [numbers] or None
  kIntOrIntArray,  ///< ObjectRef holding an integer or [ints] (split's indices_or_sections)
};
/// "an integer", "a list of integers", ... (for messages).
const char* AttrKindName(AttrKind kind);

/// One attribute field.
struct AttrSpec {
  std::string name;
  AttrKind kind;
  /// TVM prints a field only when it differs from its default; a field without a default
  /// (`has_default == false`) is always printed, `None` when unset.
  bool has_default = true;
  ObjectRef default_value;  ///< undefined = None / empty
};

/// Default-value helpers for registrations.
ObjectRef AttrInt(int64_t v);
ObjectRef AttrBool(bool v);
ObjectRef AttrFloat(double v);
ObjectRef AttrStr(const std::string& v);
ObjectRef AttrInts(const std::vector<int64_t>& v);

struct OpInfo;

/// What a type relation sees: the call, its argument types (already inferred) and the op.
/// Fail() throws a located tirgen::Error naming the call and its argument types.
class TypeCall {
 public:
  TypeCall(const CallNode* call, const std::vector<Type>& arg_types, const OpInfo& op)
      : call(call), arg_types(arg_types), op(op) {}
  const CallNode* call;
  const std::vector<Type>& arg_types;
  const OpInfo& op;

  /// Argument `i` as a tensor type (fails when it is a tuple or function).
  const TensorTypeNode* Tensor(size_t i) const;
  /// Argument `i` as a tuple of tensors (concatenate, stack).
  std::vector<const TensorTypeNode*> TensorTuple(size_t i) const;
  /// "op: message in call op(Tensor[...], ..., attrs)" at the call's location.
  [[noreturn]] void Fail(const std::string& message) const;
};

/// Computes the result type of a call of the op.
using FTypeRelation = std::function<Type(const TypeCall&)>;

/// The TE compute of an op: builds the output tensors of `call` from its input tensors (one per
/// tensor argument, tuples flattened); `out_type` is the call's inferred type.
using FTVMCompute = std::function<std::vector<te::Tensor>(
    const Call& call, const std::vector<te::Tensor>& inputs, const Type& out_type)>;

/// Everything registered for one op.
struct OpInfo {
  std::string name;
  Op op;
  std::string attrs_type_key;  ///< e.g. "relay.attrs.Conv2DAttrs"; empty when no attributes
  std::vector<AttrSpec> attrs;
  int num_inputs = -1;  ///< expected argument count; -1 = not checked
  OpPatternKind pattern = kOpaque;
  /// TVM's TReshapeOp: the op only reinterprets its input's shape (reshape, squeeze,
  /// expand_dims, nn.batch_flatten); FuseOps marks groups made only of such ops
  /// `relay.reshape_only=1`.
  bool reshape_op = false;
  /// TVM's TOpIsStateful: two calls with equal arguments may differ (nn.dropout), so
  /// EliminateCommonSubexpr never merges them.
  bool stateful = false;
  FTypeRelation relation;
  FTVMCompute compute;

  /// The field `name`, or nullptr.
  const AttrSpec* FindAttr(const std::string& name) const;
};

/// Builder returned by RegisterOpInfo (chainable setters).
class OpRegEntry {
 public:
  explicit OpRegEntry(OpInfo* info) : info_(info) {}
  OpRegEntry& Attrs(const std::string& type_key, std::vector<AttrSpec> specs);
  OpRegEntry& Inputs(int n);
  OpRegEntry& Pattern(OpPatternKind kind);
  OpRegEntry& Relation(FTypeRelation rel);
  OpRegEntry& ReshapeOp();
  OpRegEntry& Stateful();
  OpInfo& info() { return *info_; }

 private:
  OpInfo* info_;
};

/// Registers (or reopens) `name` with full information.
OpRegEntry RegisterOpInfo(const std::string& name);
/// The information of `name`, or nullptr when it is not registered.
const OpInfo* GetOpInfo(const std::string& name);
/// The pattern kind of `op` (kOpaque when unknown), as FuseOps reads it.
OpPatternKind GetOpPattern(const Op& op);

/// Attribute equality of two calls of registered ops as TVM compares Attrs objects: every
/// field of the schema, a field absent from `attrs` read as its default.
bool CallAttrsEqual(const CallNode* a, const CallNode* b);

/// Registers `name` (idempotent) and returns its unique Op.
Op RegisterOp(const std::string& name);
/// True when `name` is a registered operator.
bool IsOpRegistered(const std::string& name);
/// Every registered name, sorted.
std::vector<std::string> ListOpNames();

/// The compute slot (the TE side fills it; replaces an earlier registration).
void RegisterCompute(const std::string& op, FTVMCompute compute);
/// The compute of `op`, or nullptr when none is registered.
const FTVMCompute* GetCompute(const std::string& op);

/// Attributes for a call of `op` built in code: `fields` (any order) are checked against the
/// schema, put in declaration order, and those equal to their default dropped — the form the
/// parser produces from TVM's text, so printing matches TVM.
relay::Attrs MakeAttrs(const std::string& op, const AttrFields& fields);
/// A call of the registered op `op_name` with attributes given as by MakeAttrs.
Call MakeCall(const std::string& op_name, std::vector<Expr> args, const AttrFields& fields = {});

/// Checks `value` against field `spec`; returns "" when it fits, else what was expected.
std::string CheckAttrValue(const AttrSpec& spec, const ObjectRef& value);

/// The type of a constant (its data's shape/dtype, int32 dims).
Type ConstantType(const ConstantNode* c);

}  // namespace relay
}  // namespace tirgen

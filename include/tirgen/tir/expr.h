// TIR expressions, and the nodes they refer to: Range, IterVar, Buffer, BufferRegion,
// CommReducer. Vocabulary and semantics are TVM's (DESIGN.md §3).
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "tirgen/ir/dtype.h"
#include "tirgen/ir/ndarray.h"
#include "tirgen/ir/object.h"

namespace tirgen {
namespace tir {

// ------------------------------------------------------------------------------------------
// Base

class PrimExprNode : public Object {
 public:
  static bool IsKind(Kind k) { return IsPrimExprKind(k); }
  PrimExprNode(Kind k, DataType t) : Object(k), dtype(t) {}
  DataType dtype;  ///< type of the value
};

class PrimExpr : public ObjectRef {
  TIRGEN_DEFINE_REF(PrimExpr, ObjectRef, PrimExprNode)
  /// An int32 IntImm, as in TVM (lets TE code write `x + 1`).
  PrimExpr(int value);  // NOLINT(runtime/explicit)
  DataType dtype() const { return get()->dtype; }
};

// ------------------------------------------------------------------------------------------
// Leaves

class IntImmNode : public PrimExprNode {
 public:
  TIRGEN_NODE_KIND(Kind::kIntImm)
  IntImmNode(DataType t, int64_t v) : PrimExprNode(kKind, t), value(v) {}
  int64_t value;  ///< the value (bool: 0/1)
};
class IntImm : public PrimExpr {
  TIRGEN_DEFINE_REF(IntImm, PrimExpr, IntImmNode)
  /// Checks the value fits the (integer or bool) dtype.
  IntImm(DataType dtype, int64_t value);
};

class FloatImmNode : public PrimExprNode {
 public:
  TIRGEN_NODE_KIND(Kind::kFloatImm)
  FloatImmNode(DataType t, double v) : PrimExprNode(kKind, t), value(v) {}
  double value;  ///< the value (float16/bfloat16 are stored as the double they denote)
};
class FloatImm : public PrimExpr {
  TIRGEN_DEFINE_REF(FloatImm, PrimExpr, FloatImmNode)
  FloatImm(DataType dtype, double value);
};

class StringImmNode : public PrimExprNode {
 public:
  TIRGEN_NODE_KIND(Kind::kStringImm)
  explicit StringImmNode(std::string v) : PrimExprNode(kKind, DataType::Handle()), value(std::move(v)) {}
  std::string value;  ///< the characters
};
class StringImm : public PrimExpr {
  TIRGEN_DEFINE_REF(StringImm, PrimExpr, StringImmNode)
  explicit StringImm(std::string value);
};

/// A variable (Var or SizeVar). Handle variables carry the pointee type and storage scope.
class VarNode : public PrimExprNode {
 public:
  static bool IsKind(Kind k) { return k == Kind::kVar || k == Kind::kSizeVar; }
  VarNode(Kind k, std::string name, DataType t) : PrimExprNode(k, t), name_hint(std::move(name)) {}
  std::string name_hint;      ///< the name (not unique; identity is the node)
  DataType pointee;           ///< handle vars with a PointerType annotation: element type, else void
  std::string storage_scope;  ///< handle vars: "global", "shared", ... ("" means global)
  /// True when the var carries a PointerType annotation (buffer data vars do).
  bool has_pointer_type() const { return !pointee.is_void(); }
};
class Var : public PrimExpr {
  TIRGEN_DEFINE_REF(Var, PrimExpr, VarNode)
  explicit Var(std::string name, DataType dtype = DataType::Int(32));
  /// A handle var with PointerType(pointee, scope) annotation (buffer data pointers).
  static Var Pointer(std::string name, DataType pointee, std::string scope = "global");
  /// A SizeVar (a var known to be non-negative).
  static Var Size(std::string name, DataType dtype = DataType::Int(32));
  const std::string& name() const { return get()->name_hint; }
};

// ------------------------------------------------------------------------------------------
// Range, IterVar

class RangeNode : public Object {
 public:
  TIRGEN_NODE_KIND(Kind::kRange)
  RangeNode() : Object(kKind) {}
  PrimExpr min;     ///< first value
  PrimExpr extent;  ///< number of values
};
class Range : public ObjectRef {
  TIRGEN_DEFINE_REF(Range, ObjectRef, RangeNode)
  Range(PrimExpr min, PrimExpr extent);
  /// [begin, end): extent = end - begin (folded when constant).
  static Range FromMinExtent(PrimExpr min, PrimExpr extent) { return Range(min, extent); }
};

enum class IterVarType : int {
  kDataPar = 0,
  kThreadIndex = 1,
  kCommReduce = 2,
  kOrdered = 3,
  kOpaque = 4,
  kUnrolled = 5,
  kVectorized = 6,
  kParallelized = 7,
  kTensorized = 8,
};

class IterVarNode : public Object {
 public:
  TIRGEN_NODE_KIND(Kind::kIterVar)
  IterVarNode() : Object(kKind) {}
  Range dom;                                  ///< domain (may be undefined for thread vars)
  Var var;                                    ///< the variable (binding site)
  IterVarType iter_type = IterVarType::kDataPar;
  std::string thread_tag;                     ///< "threadIdx.x" etc., else empty
};
class IterVar : public ObjectRef {
  TIRGEN_DEFINE_REF(IterVar, ObjectRef, IterVarNode)
  IterVar(Range dom, Var var, IterVarType type, std::string thread_tag = "");
};

// ------------------------------------------------------------------------------------------
// Buffer

enum class BufferType : int { kDefault = 1, kAutoBroadcast = 2 };

class BufferNode : public Object {
 public:
  TIRGEN_NODE_KIND(Kind::kBuffer)
  BufferNode() : Object(kKind) {}
  Var data;                                ///< handle var (PointerType(dtype, scope))
  DataType dtype;                          ///< element type
  std::vector<PrimExpr> shape;             ///< extents
  std::vector<PrimExpr> axis_separators;   ///< usually empty
  std::vector<PrimExpr> strides;           ///< empty = compact row-major
  PrimExpr elem_offset;                    ///< offset of element 0 (IntImm 0 by default)
  std::string name;                        ///< name (not unique)
  int data_alignment = 64;                 ///< bytes
  int offset_factor = 1;
  BufferType buffer_type = BufferType::kDefault;
  /// Storage scope of the data var ("global" when unset).
  std::string scope() const;
};
class Buffer : public ObjectRef {
  TIRGEN_DEFINE_REF(Buffer, ObjectRef, BufferNode)
  /// The general constructor; validates ranks and dtypes.
  static Buffer Make(Var data, DataType dtype, std::vector<PrimExpr> shape,
                     std::vector<PrimExpr> strides, PrimExpr elem_offset, std::string name,
                     int data_alignment = 64, int offset_factor = 1,
                     BufferType buffer_type = BufferType::kDefault,
                     std::vector<PrimExpr> axis_separators = {});
  /// TVM's decl_buffer: a fresh data var named `name` (PointerType(dtype, scope)),
  /// elem_offset 0 typed like the shape, no strides.
  static Buffer Decl(std::vector<PrimExpr> shape, DataType dtype, std::string name,
                     std::string scope = "global");
};

class BufferRegionNode : public Object {
 public:
  TIRGEN_NODE_KIND(Kind::kBufferRegion)
  BufferRegionNode() : Object(kKind) {}
  Buffer buffer;              ///< the buffer
  std::vector<Range> region;  ///< one range per dimension
};
class BufferRegion : public ObjectRef {
  TIRGEN_DEFINE_REF(BufferRegion, ObjectRef, BufferRegionNode)
  BufferRegion(Buffer buffer, std::vector<Range> region);
  /// The whole buffer.
  static BufferRegion Full(const Buffer& buffer);
};

class MatchBufferRegionNode : public Object {
 public:
  TIRGEN_NODE_KIND(Kind::kMatchBufferRegion)
  MatchBufferRegionNode() : Object(kKind) {}
  Buffer buffer;         ///< the declared buffer (binding site)
  BufferRegion source;   ///< the region it views
};
class MatchBufferRegion : public ObjectRef {
  TIRGEN_DEFINE_REF(MatchBufferRegion, ObjectRef, MatchBufferRegionNode)
  MatchBufferRegion(Buffer buffer, BufferRegion source);
};

// ------------------------------------------------------------------------------------------
// Operations

class CastNode : public PrimExprNode {
 public:
  TIRGEN_NODE_KIND(Kind::kCast)
  CastNode(DataType t, PrimExpr v) : PrimExprNode(kKind, t), value(std::move(v)) {}
  PrimExpr value;  ///< the converted value
};
class Cast : public PrimExpr {
  TIRGEN_DEFINE_REF(Cast, PrimExpr, CastNode)
  Cast(DataType dtype, PrimExpr value);
};

/// Add, Sub, Mul, Div (truncating), Mod (truncmod), FloorDiv, FloorMod, Min, Max,
/// EQ, NE, LT, LE, GT, GE (result bool), And, Or. The kind says which.
class BinaryNode : public PrimExprNode {
 public:
  static bool IsKind(Kind k) { return IsBinaryKind(k); }
  BinaryNode(Kind k, DataType t, PrimExpr a, PrimExpr b)
      : PrimExprNode(k, t), a(std::move(a)), b(std::move(b)) {}
  PrimExpr a;  ///< left operand
  PrimExpr b;  ///< right operand
};
class Binary : public PrimExpr {
  TIRGEN_DEFINE_REF(Binary, PrimExpr, BinaryNode)
  /// Builds without folding; operands must have the same dtype (InternalError otherwise).
  Binary(Kind kind, PrimExpr a, PrimExpr b);
};
/// True for EQ..GE.
constexpr bool IsCompareKind(Kind k) { return k >= Kind::kEQ && k <= Kind::kGE; }

class NotNode : public PrimExprNode {
 public:
  TIRGEN_NODE_KIND(Kind::kNot)
  explicit NotNode(PrimExpr a) : PrimExprNode(kKind, a.dtype()), a(std::move(a)) {}
  PrimExpr a;  ///< the negated boolean
};
class Not : public PrimExpr {
  TIRGEN_DEFINE_REF(Not, PrimExpr, NotNode)
  explicit Not(PrimExpr a);
};

class SelectNode : public PrimExprNode {
 public:
  TIRGEN_NODE_KIND(Kind::kSelect)
  SelectNode(PrimExpr c, PrimExpr t, PrimExpr f)
      : PrimExprNode(kKind, t.dtype()), condition(std::move(c)), true_value(std::move(t)),
        false_value(std::move(f)) {}
  PrimExpr condition;    ///< bool
  PrimExpr true_value;   ///< both sides are evaluated
  PrimExpr false_value;
};
class Select : public PrimExpr {
  TIRGEN_DEFINE_REF(Select, PrimExpr, SelectNode)
  Select(PrimExpr condition, PrimExpr true_value, PrimExpr false_value);
};

class BufferLoadNode : public PrimExprNode {
 public:
  TIRGEN_NODE_KIND(Kind::kBufferLoad)
  BufferLoadNode(DataType t) : PrimExprNode(kKind, t) {}
  Buffer buffer;                   ///< the buffer read
  std::vector<PrimExpr> indices;   ///< one per buffer dimension
};
class BufferLoad : public PrimExpr {
  TIRGEN_DEFINE_REF(BufferLoad, PrimExpr, BufferLoadNode)
  BufferLoad(Buffer buffer, std::vector<PrimExpr> indices);
};

/// TE only: a load from a te::Tensor (the producer), replaced by BufferLoad in CreatePrimFunc.
class ProducerLoadNode : public PrimExprNode {
 public:
  TIRGEN_NODE_KIND(Kind::kProducerLoad)
  ProducerLoadNode(DataType t) : PrimExprNode(kKind, t) {}
  ObjectRef producer;              ///< te::Tensor
  std::vector<PrimExpr> indices;   ///< one per tensor dimension
};
class ProducerLoad : public PrimExpr {
  TIRGEN_DEFINE_REF(ProducerLoad, PrimExpr, ProducerLoadNode)
  ProducerLoad(DataType dtype, ObjectRef producer, std::vector<PrimExpr> indices);
};

class RampNode : public PrimExprNode {
 public:
  TIRGEN_NODE_KIND(Kind::kRamp)
  RampNode(DataType t) : PrimExprNode(kKind, t) {}
  PrimExpr base;    ///< first lane
  PrimExpr stride;  ///< step between lanes
  int lanes = 1;    ///< vector width
};
class Ramp : public PrimExpr {
  TIRGEN_DEFINE_REF(Ramp, PrimExpr, RampNode)
  Ramp(PrimExpr base, PrimExpr stride, int lanes);
};

class BroadcastNode : public PrimExprNode {
 public:
  TIRGEN_NODE_KIND(Kind::kBroadcast)
  BroadcastNode(DataType t) : PrimExprNode(kKind, t) {}
  PrimExpr value;  ///< scalar
  int lanes = 1;   ///< vector width
};
class Broadcast : public PrimExpr {
  TIRGEN_DEFINE_REF(Broadcast, PrimExpr, BroadcastNode)
  Broadcast(PrimExpr value, int lanes);
};

/// Lanes picked by `indices` from the concatenation of `vectors` (TVM's Shuffle); its type is
/// the vectors' element type with one lane per index.
class ShuffleNode : public PrimExprNode {
 public:
  TIRGEN_NODE_KIND(Kind::kShuffle)
  ShuffleNode(DataType t) : PrimExprNode(kKind, t) {}
  std::vector<PrimExpr> vectors;
  std::vector<PrimExpr> indices;  ///< constant lane numbers into the concatenation
};
class Shuffle : public PrimExpr {
  TIRGEN_DEFINE_REF(Shuffle, PrimExpr, ShuffleNode)
  Shuffle(std::vector<PrimExpr> vectors, std::vector<PrimExpr> indices);
};

class LetNode : public PrimExprNode {
 public:
  TIRGEN_NODE_KIND(Kind::kLet)
  LetNode(DataType t) : PrimExprNode(kKind, t) {}
  Var var;         ///< bound variable (binding site)
  PrimExpr value;  ///< its value
  PrimExpr body;   ///< where it is visible
};
class Let : public PrimExpr {
  TIRGEN_DEFINE_REF(Let, PrimExpr, LetNode)
  Let(Var var, PrimExpr value, PrimExpr body);
};

/// A call to a TVM builtin or intrinsic, named as in TVM: "tir.exp", "tir.if_then_else",
/// "tir.likely", "tir.reinterpret", "tir.call_extern", "tir.tvm_access_ptr", ...
class CallNode : public PrimExprNode {
 public:
  TIRGEN_NODE_KIND(Kind::kCall)
  CallNode(DataType t) : PrimExprNode(kKind, t) {}
  std::string op;               ///< operator name, with its "tir." prefix
  std::vector<PrimExpr> args;   ///< arguments
};
class Call : public PrimExpr {
  TIRGEN_DEFINE_REF(Call, PrimExpr, CallNode)
  Call(DataType dtype, std::string op, std::vector<PrimExpr> args);
};

// ------------------------------------------------------------------------------------------
// Reductions (TE)

/// A commutative reducer: result = f(lhs, rhs) with an identity element, per component.
class CommReducerNode : public Object {
 public:
  TIRGEN_NODE_KIND(Kind::kCommReducer)
  CommReducerNode() : Object(kKind) {}
  std::vector<Var> lhs;                    ///< binding sites
  std::vector<Var> rhs;                    ///< binding sites
  std::vector<PrimExpr> result;            ///< combined values, in terms of lhs/rhs
  std::vector<PrimExpr> identity_element;  ///< identity per component
};
class CommReducer : public ObjectRef {
  TIRGEN_DEFINE_REF(CommReducer, ObjectRef, CommReducerNode)
  CommReducer(std::vector<Var> lhs, std::vector<Var> rhs, std::vector<PrimExpr> result,
              std::vector<PrimExpr> identity_element);
};

class ReduceNode : public PrimExprNode {
 public:
  TIRGEN_NODE_KIND(Kind::kReduce)
  ReduceNode(DataType t) : PrimExprNode(kKind, t) {}
  CommReducer combiner;            ///< how values combine
  std::vector<PrimExpr> source;    ///< values reduced (one per reducer component)
  std::vector<PrimExpr> init;      ///< optional initial values (empty = identities)
  std::vector<IterVar> axis;       ///< reduction axes
  PrimExpr condition;              ///< predicate (true when unconditional)
  int value_index = 0;             ///< which component this expression yields
};
class Reduce : public PrimExpr {
  TIRGEN_DEFINE_REF(Reduce, PrimExpr, ReduceNode)
  Reduce(CommReducer combiner, std::vector<PrimExpr> source, std::vector<IterVar> axis,
         PrimExpr condition, int value_index, std::vector<PrimExpr> init = {});
};

// ------------------------------------------------------------------------------------------
// Small helpers

/// Constant of any dtype (IntImm for ints/bools, FloatImm for floats); a vector dtype gives the
/// scalar constant broadcast to its lanes, as TVM's make_const does.
template <class T, typename = std::enable_if_t<std::is_arithmetic_v<T>>>
PrimExpr make_const(DataType dtype, T v) {
  if (dtype.lanes() > 1) return Broadcast(make_const(dtype.element_of(), v), dtype.lanes());
  if (dtype.is_floating()) return FloatImm(dtype, static_cast<double>(v));
  return IntImm(dtype, static_cast<int64_t>(v));
}
/// The constant value of an IntImm, or nullptr.
inline const int64_t* as_const_int(const PrimExpr& e) {
  const IntImmNode* n = e.as<IntImmNode>();
  return n ? &n->value : nullptr;
}
inline bool is_const_int(const PrimExpr& e, int64_t v) {
  const int64_t* p = as_const_int(e);
  return p && *p == v;
}
inline bool is_one(const PrimExpr& e) { return is_const_int(e, 1); }
inline bool is_zero(const PrimExpr& e) { return is_const_int(e, 0); }

}  // namespace tir
}  // namespace tirgen

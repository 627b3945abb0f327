// The object model (DESIGN.md §3): immutable, reference-counted nodes.
//
//  - `FooNode` derives from Object, holds public fields and is never mutated once shared.
//  - `Foo` derives from ObjectRef: a shared handle to a `const FooNode`.
//  - Mutators build a changed copy (`CopyNode(*op)`) only when a child changed.
// Every node kind of every layer is listed in `Kind`, so functors dispatch with one switch.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "tirgen/support/error.h"

namespace tirgen {

enum class Kind : uint16_t {
  // ---- generic values (attributes, annotations) ----
  kString,  ///< ir::StringObj, a runtime string (attr values such as "main")
  kArray,   ///< ArrayNode
  kMap,     ///< MapNode
  kNDArray, ///< NDArrayNode
  // ---- tir::PrimExpr ----
  kIntImm,
  kFloatImm,
  kStringImm,
  kVar,
  kSizeVar,
  kCast,
  kAdd,
  kSub,
  kMul,
  kDiv,
  kMod,
  kFloorDiv,
  kFloorMod,
  kMin,
  kMax,
  kEQ,
  kNE,
  kLT,
  kLE,
  kGT,
  kGE,
  kAnd,
  kOr,
  kNot,
  kSelect,
  kBufferLoad,
  kProducerLoad,  ///< TE only: a load from a te::Tensor
  kRamp,
  kBroadcast,
  kLet,
  kCall,
  kReduce,  ///< TE only
  // ---- tir::Stmt ----
  kLetStmt,
  kAttrStmt,
  kAssertStmt,
  kBufferStore,
  kAllocate,
  kAllocateConst,
  kDeclBuffer,
  kSeqStmt,
  kIfThenElse,
  kEvaluate,
  kFor,
  kWhile,
  kBlock,
  kBlockRealize,
  // ---- other tir nodes ----
  kRange,
  kIterVar,
  kBuffer,
  kBufferRegion,
  kMatchBufferRegion,
  kCommReducer,
  kPrimFunc,
  kIRModule,
  // ---- te ----
  kTensor,
  kPlaceholderOp,
  kComputeOp,
  // ---- relay (graph IR) ----
  kRelayVar,
  kGlobalVar,
  kConstant,
  kRelayCall,
  kTuple,
  kTupleGetItem,
  kRelayLet,
  kIf,
  kFunction,
  kOp,
  kTensorType,
  kTupleType,
  kFuncType,
  kRelayAttrs,  ///< relay::AttrsNode, a call's attributes
  // ---- added later: kept last so the numbers above (structural hashes) do not move ----
  kShuffle,        ///< tir::PrimExpr: lanes picked from concatenated vectors
  kBufferRealize,  ///< tir::Stmt: TVM's pre-flattening buffer realization (T.realize)
  kExternOp,       ///< te: an op whose body is a given TIR statement (te.extern)
  kScanOp,         ///< te: a recurrence over a scan axis (te.scan)
};

constexpr bool IsPrimExprKind(Kind k) {
  return (k >= Kind::kIntImm && k <= Kind::kReduce) || k == Kind::kShuffle;
}
constexpr bool IsStmtKind(Kind k) {
  return (k >= Kind::kLetStmt && k <= Kind::kBlockRealize) || k == Kind::kBufferRealize;
}
constexpr bool IsBinaryKind(Kind k) { return k >= Kind::kAdd && k <= Kind::kOr; }
/// The name of a kind, e.g. "Add", "BufferStore" (for messages and debugging).
const char* KindName(Kind k);

/// Base of every node. Nodes live in shared_ptrs, so a handle can be recovered from a node
/// pointer (GetRef), as visitors need.
class Object : public std::enable_shared_from_this<Object> {
 public:
  explicit Object(Kind kind) : kind_(kind) {}
  Object(const Object& o) : std::enable_shared_from_this<Object>(), kind_(o.kind_) {}
  Object& operator=(const Object&) = delete;
  virtual ~Object() = default;
  Kind kind() const { return kind_; }

 private:
  Kind kind_;
};

namespace detail {
/// Drops the last reference to a node. Nested releases past a small depth are queued and
/// drained by the outermost one, so destroying a million-deep chain needs no deep stack.
void ReleaseLast(std::shared_ptr<const Object>* data) noexcept;
}  // namespace detail

/// A shared handle to an immutable node; may be null ("undefined").
class ObjectRef {
 public:
  ObjectRef() = default;
  explicit ObjectRef(std::shared_ptr<const Object> data) : data_(std::move(data)) {}
  ObjectRef(const ObjectRef&) = default;
  ObjectRef(ObjectRef&&) noexcept = default;
  ObjectRef& operator=(const ObjectRef&) = default;
  ObjectRef& operator=(ObjectRef&&) noexcept = default;
  ~ObjectRef() {
    if (data_ && data_.use_count() == 1) detail::ReleaseLast(&data_);
  }

  bool defined() const { return data_ != nullptr; }
  const Object* get() const { return data_.get(); }
  Kind kind() const { return data_->kind(); }
  /// Pointer identity (not structural equality).
  bool same_as(const ObjectRef& other) const { return data_ == other.data_; }
  /// The node as `T`, or nullptr when it is another kind (T::kKind or T::IsKind decides).
  template <class T>
  const T* as() const {
    if (data_ && T::IsKind(data_->kind())) return static_cast<const T*>(data_.get());
    return nullptr;
  }
  /// Re-type a handle whose kind is known (checked).
  template <class R>
  R cast() const {
    TIRGEN_ICHECK(!data_ || R::ContainerType::IsKind(data_->kind()))
        << "cannot cast " << KindName(data_->kind()) << " node";
    return R(data_);
  }
  const std::shared_ptr<const Object>& data() const { return data_; }
  /// Ordering by address: only for identity maps that are never iterated for output.
  bool operator<(const ObjectRef& o) const { return data_ < o.data_; }

 protected:
  std::shared_ptr<const Object> data_;
};

/// Identity hash/equality for unordered containers keyed by node (never iterate them for output).
struct ObjectPtrHash {
  size_t operator()(const ObjectRef& r) const { return std::hash<const Object*>()(r.get()); }
};
struct ObjectPtrEqual {
  bool operator()(const ObjectRef& a, const ObjectRef& b) const { return a.same_as(b); }
};

/// Declares the boilerplate of a handle class `Ref` over node `Node` deriving from `Base`.
#define TIRGEN_DEFINE_REF(Ref, Base, Node)                                                 \
 public:                                                                                   \
  using ContainerType = Node;                                                              \
  Ref() = default;                                                                         \
  explicit Ref(std::shared_ptr<const Object> d) : Base(std::move(d)) {}                    \
  const Node* operator->() const { return static_cast<const Node*>(this->data_.get()); }  \
  const Node* get() const { return static_cast<const Node*>(this->data_.get()); }

/// Declares `static bool IsKind(Kind)` for a node class with a single kind.
#define TIRGEN_NODE_KIND(K)                               \
  static constexpr Kind kKind = K;                        \
  static bool IsKind(Kind k) { return k == K; }

/// The handle of a node that is owned by a handle (every node is).
template <class R, class N>
R GetRef(const N* node) {
  return R(node->shared_from_this());
}

/// Copy a node for copy-on-write rebuilding: `auto n = CopyNode(*op); n->body = b;`.
template <class N>
std::shared_ptr<N> CopyNode(const N& node) {
  return std::make_shared<N>(node);
}

// ---------------------------------------------------------------------------------------
// Generic values used as attributes and annotations.

/// A runtime string value (TVM's runtime.String), e.g. the "main" of global_symbol.
class StringObj : public Object {
 public:
  TIRGEN_NODE_KIND(Kind::kString)
  explicit StringObj(std::string v) : Object(kKind), value(std::move(v)) {}
  std::string value;  ///< the characters
};
class String : public ObjectRef {
  TIRGEN_DEFINE_REF(String, ObjectRef, StringObj)
  String(std::string v);  // NOLINT: implicit from text is the point
  String(const char* v) : String(std::string(v)) {}  // NOLINT
  const std::string& str() const { return get()->value; }
};

/// An array of values (attribute arrays, e.g. layout_free_buffers = [1]).
class ArrayNode : public Object {
 public:
  TIRGEN_NODE_KIND(Kind::kArray)
  ArrayNode() : Object(kKind) {}
  std::vector<ObjectRef> elements;  ///< the items, in order
};
class Array : public ObjectRef {
  TIRGEN_DEFINE_REF(Array, ObjectRef, ArrayNode)
  explicit Array(std::vector<ObjectRef> elements);
  size_t size() const { return get()->elements.size(); }
  const ObjectRef& operator[](size_t i) const { return get()->elements[i]; }
};

/// Attribute dictionary: string keys, kept sorted (std::map) so iteration is deterministic.
using AttrMap = std::map<std::string, ObjectRef>;

/// A map value nested inside attributes (keys sorted).
class MapNode : public Object {
 public:
  TIRGEN_NODE_KIND(Kind::kMap)
  MapNode() : Object(kKind) {}
  AttrMap items;  ///< key -> value
};
class Map : public ObjectRef {
  TIRGEN_DEFINE_REF(Map, ObjectRef, MapNode)
  explicit Map(AttrMap items);
};

}  // namespace tirgen

#include "tirgen/tir/expr.h"

#include <cmath>

namespace tirgen {
namespace tir {

PrimExpr::PrimExpr(int value) : PrimExpr(IntImm(DataType::Int(32), value)) {}

IntImm::IntImm(DataType dtype, int64_t value) {
  TIRGEN_ICHECK(dtype.is_scalar() && (dtype.is_integer() || dtype.is_bool()))
      << "IntImm needs a scalar integer or bool dtype, got " << dtype.str();
  if (dtype.is_bool()) {
    TIRGEN_ICHECK(value == 0 || value == 1) << "bool IntImm must be 0 or 1, got " << value;
  } else if (dtype.bits() < 64) {
    if (dtype.is_uint()) {
      TIRGEN_ICHECK(value >= 0 && value < (int64_t(1) << dtype.bits()))
          << "value " << value << " out of range for " << dtype.str();
    } else {
      int64_t lim = int64_t(1) << (dtype.bits() - 1);
      TIRGEN_ICHECK(value >= -lim && value < lim)
          << "value " << value << " out of range for " << dtype.str();
    }
  }
  data_ = std::make_shared<IntImmNode>(dtype, value);
}

FloatImm::FloatImm(DataType dtype, double value) {
  TIRGEN_ICHECK(dtype.is_scalar() && dtype.is_floating())
      << "FloatImm needs a scalar float dtype, got " << dtype.str();
  data_ = std::make_shared<FloatImmNode>(dtype, value);
}

StringImm::StringImm(std::string value) {
  data_ = std::make_shared<StringImmNode>(std::move(value));
}

Var::Var(std::string name, DataType dtype) {
  data_ = std::make_shared<VarNode>(Kind::kVar, std::move(name), dtype);
}

Var Var::Pointer(std::string name, DataType pointee, std::string scope) {
  auto n = std::make_shared<VarNode>(Kind::kVar, std::move(name), DataType::Handle());
  n->pointee = pointee;
  n->storage_scope = std::move(scope);
  return Var(std::shared_ptr<const Object>(std::move(n)));
}

Var Var::Size(std::string name, DataType dtype) {
  return Var(std::shared_ptr<const Object>(
      std::make_shared<VarNode>(Kind::kSizeVar, std::move(name), dtype)));
}

Range::Range(PrimExpr min, PrimExpr extent) {
  TIRGEN_ICHECK(min.defined() && extent.defined());
  auto n = std::make_shared<RangeNode>();
  n->min = std::move(min);
  n->extent = std::move(extent);
  data_ = std::move(n);
}

IterVar::IterVar(Range dom, Var var, IterVarType type, std::string thread_tag) {
  TIRGEN_ICHECK(var.defined());
  auto n = std::make_shared<IterVarNode>();
  n->dom = std::move(dom);
  n->var = std::move(var);
  n->iter_type = type;
  n->thread_tag = std::move(thread_tag);
  data_ = std::move(n);
}

std::string BufferNode::scope() const {
  const std::string& s = data->storage_scope;
  return s.empty() ? "global" : s;
}

Buffer Buffer::Make(Var data, DataType dtype, std::vector<PrimExpr> shape,
                    std::vector<PrimExpr> strides, PrimExpr elem_offset, std::string name,
                    int data_alignment, int offset_factor, BufferType buffer_type,
                    std::vector<PrimExpr> axis_separators) {
  TIRGEN_ICHECK(data.defined() && data.dtype().is_handle())
      << "buffer " << name << " needs a handle data var";
  TIRGEN_ICHECK(strides.empty() || strides.size() == shape.size())
      << "buffer " << name << ": strides rank differs from shape rank";
  auto n = std::make_shared<BufferNode>();
  n->data = std::move(data);
  n->dtype = dtype;
  n->shape = std::move(shape);
  n->strides = std::move(strides);
  if (!elem_offset.defined()) {
    DataType index_type = n->shape.empty() ? DataType::Int(32) : n->shape[0].dtype();
    elem_offset = IntImm(index_type, 0);
  }
  n->elem_offset = std::move(elem_offset);
  n->name = std::move(name);
  n->data_alignment = data_alignment;
  n->offset_factor = offset_factor;
  n->buffer_type = buffer_type;
  n->axis_separators = std::move(axis_separators);
  return Buffer(std::shared_ptr<const Object>(std::move(n)));
}

Buffer Buffer::Decl(std::vector<PrimExpr> shape, DataType dtype, std::string name,
                    std::string scope) {
  // A bool buffer stores int8 elements (TVM's storage type for bool).
  DataType storage = dtype.is_bool() ? DataType::Int(8) : dtype;
  Var data = Var::Pointer(name, storage, std::move(scope));
  return Make(std::move(data), dtype, std::move(shape), {}, PrimExpr(), std::move(name));
}

BufferRegion::BufferRegion(Buffer buffer, std::vector<Range> region) {
  TIRGEN_ICHECK(buffer.defined());
  TIRGEN_ICHECK(region.size() == buffer->shape.size())
      << "region rank " << region.size() << " != rank of buffer " << buffer->name;
  auto n = std::make_shared<BufferRegionNode>();
  n->buffer = std::move(buffer);
  n->region = std::move(region);
  data_ = std::move(n);
}

BufferRegion BufferRegion::Full(const Buffer& buffer) {
  std::vector<Range> region;
  for (const PrimExpr& e : buffer->shape) region.emplace_back(make_const(e.dtype(), 0), e);
  return BufferRegion(buffer, std::move(region));
}

MatchBufferRegion::MatchBufferRegion(Buffer buffer, BufferRegion source) {
  auto n = std::make_shared<MatchBufferRegionNode>();
  n->buffer = std::move(buffer);
  n->source = std::move(source);
  data_ = std::move(n);
}

Cast::Cast(DataType dtype, PrimExpr value) {
  TIRGEN_ICHECK(value.defined());
  TIRGEN_ICHECK(dtype.lanes() == value.dtype().lanes()) << "Cast cannot change lanes";
  data_ = std::make_shared<CastNode>(dtype, std::move(value));
}

Binary::Binary(Kind kind, PrimExpr a, PrimExpr b) {
  TIRGEN_ICHECK(IsBinaryKind(kind));
  TIRGEN_ICHECK(a.defined() && b.defined()) << KindName(kind) << " with undefined operand";
  TIRGEN_ICHECK(a.dtype() == b.dtype())
      << KindName(kind) << " operands differ in type: " << a.dtype().str() << " vs "
      << b.dtype().str();
  DataType t = a.dtype();
  if (IsCompareKind(kind)) t = DataType::Bool(t.lanes());
  if (kind == Kind::kAnd || kind == Kind::kOr) {
    TIRGEN_ICHECK(t.is_bool()) << KindName(kind) << " needs bool operands, got " << t.str();
  }
  data_ = std::make_shared<BinaryNode>(kind, t, std::move(a), std::move(b));
}

Not::Not(PrimExpr a) {
  TIRGEN_ICHECK(a.defined() && a.dtype().is_bool()) << "Not needs a bool operand";
  data_ = std::make_shared<NotNode>(std::move(a));
}

Select::Select(PrimExpr condition, PrimExpr true_value, PrimExpr false_value) {
  TIRGEN_ICHECK(condition.defined() && condition.dtype().is_bool());
  TIRGEN_ICHECK(true_value.dtype() == false_value.dtype())
      << "Select branches differ in type: " << true_value.dtype().str() << " vs "
      << false_value.dtype().str();
  data_ = std::make_shared<SelectNode>(std::move(condition), std::move(true_value),
                                       std::move(false_value));
}

BufferLoad::BufferLoad(Buffer buffer, std::vector<PrimExpr> indices) {
  TIRGEN_ICHECK(buffer.defined());
  TIRGEN_ICHECK(indices.size() == buffer->shape.size())
      << "BufferLoad of " << buffer->name << " with " << indices.size() << " indices, rank "
      << buffer->shape.size();
  int lanes = 1;
  for (const PrimExpr& i : indices)
    if (i.dtype().lanes() > 1) lanes = i.dtype().lanes();
  auto n = std::make_shared<BufferLoadNode>(buffer->dtype.with_lanes(buffer->dtype.lanes() * lanes));
  n->buffer = std::move(buffer);
  n->indices = std::move(indices);
  data_ = std::move(n);
}

ProducerLoad::ProducerLoad(DataType dtype, ObjectRef producer, std::vector<PrimExpr> indices) {
  auto n = std::make_shared<ProducerLoadNode>(dtype);
  n->producer = std::move(producer);
  n->indices = std::move(indices);
  data_ = std::move(n);
}

Ramp::Ramp(PrimExpr base, PrimExpr stride, int lanes) {
  TIRGEN_ICHECK(base.dtype().is_scalar() && base.dtype() == stride.dtype() && lanes > 1);
  auto n = std::make_shared<RampNode>(base.dtype().with_lanes(lanes));
  n->base = std::move(base);
  n->stride = std::move(stride);
  n->lanes = lanes;
  data_ = std::move(n);
}

Broadcast::Broadcast(PrimExpr value, int lanes) {
  TIRGEN_ICHECK(value.dtype().is_scalar() && lanes > 1);
  auto n = std::make_shared<BroadcastNode>(value.dtype().with_lanes(lanes));
  n->value = std::move(value);
  n->lanes = lanes;
  data_ = std::move(n);
}

Shuffle::Shuffle(std::vector<PrimExpr> vectors, std::vector<PrimExpr> indices) {
  TIRGEN_ICHECK(!vectors.empty() && !indices.empty()) << "Shuffle needs vectors and indices";
  DataType elem = vectors[0].dtype().element_of();
  int total = 0;
  for (const PrimExpr& v : vectors) {
    TIRGEN_ICHECK(v.dtype().element_of() == elem) << "Shuffle vectors differ in element type";
    total += v.dtype().lanes();
  }
  for (const PrimExpr& i : indices) {
    const auto* k = i.as<IntImmNode>();
    TIRGEN_ICHECK(k && k->value >= 0 && k->value < total) << "Shuffle index is no lane of its vectors";
  }
  auto n = std::make_shared<ShuffleNode>(elem.with_lanes(static_cast<int>(indices.size())));
  n->vectors = std::move(vectors);
  n->indices = std::move(indices);
  data_ = std::move(n);
}

Let::Let(Var var, PrimExpr value, PrimExpr body) {
  TIRGEN_ICHECK(var.dtype() == value.dtype()) << "Let value type differs from var type";
  auto n = std::make_shared<LetNode>(body.dtype());
  n->var = std::move(var);
  n->value = std::move(value);
  n->body = std::move(body);
  data_ = std::move(n);
}

Call::Call(DataType dtype, std::string op, std::vector<PrimExpr> args) {
  auto n = std::make_shared<CallNode>(dtype);
  n->op = std::move(op);
  n->args = std::move(args);
  data_ = std::move(n);
}

CommReducer::CommReducer(std::vector<Var> lhs, std::vector<Var> rhs, std::vector<PrimExpr> result,
                         std::vector<PrimExpr> identity_element) {
  TIRGEN_ICHECK(lhs.size() == rhs.size() && lhs.size() == result.size() &&
                lhs.size() == identity_element.size());
  auto n = std::make_shared<CommReducerNode>();
  n->lhs = std::move(lhs);
  n->rhs = std::move(rhs);
  n->result = std::move(result);
  n->identity_element = std::move(identity_element);
  data_ = std::move(n);
}

Reduce::Reduce(CommReducer combiner, std::vector<PrimExpr> source, std::vector<IterVar> axis,
               PrimExpr condition, int value_index, std::vector<PrimExpr> init) {
  TIRGEN_ICHECK(value_index >= 0 && value_index < static_cast<int>(source.size()));
  auto n = std::make_shared<ReduceNode>(source[value_index].dtype());
  n->combiner = std::move(combiner);
  n->source = std::move(source);
  n->axis = std::move(axis);
  n->condition = condition.defined() ? std::move(condition) : PrimExpr(IntImm(DataType::Bool(), 1));
  n->value_index = value_index;
  n->init = std::move(init);
  data_ = std::move(n);
}

}  // namespace tir
}  // namespace tirgen

// Sequences and optionals, resolved at import time as TVM v0.14's frontend does: a sequence is
// the list of its elements' values (TVM: a relay Tuple), so SequenceAt / Insert / Erase /
// Length pick and rebuild lists, and only ConcatFromSequence and SplitToSequence emit relay
// calls (concatenate / stack, split). Positions must be known at import time (TVM: constants).
// An optional is a list of at most one value (TVM: a Tuple of its input). Elements known at
// import time stay known, so shape lists built in sequences still fold.
// Where TVM departs from ONNX, ONNX wins: SequenceInsert at a negative position counts from
// the back as Python's list.insert does (TVM appends at -1); SplitToSequence's keepdims=0
// drops the axis when split is absent or a scalar 1 (PyTorch's unbind; TVM squeezes whatever
// the split, which fails on longer pieces).
#include "const_eval.h"
#include "converter.h"

namespace tirgen {
namespace frontend {
namespace onnx_import {
namespace {

using relay::AttrInt;
using relay::AttrInts;
using relay::Expr;

DataType ElementDType(const Value& v) { return v.type.as<relay::TensorTypeNode>()->dtype; }

// A position input (a scalar known at import time) normalized into [0, n + extra), where n is
// the sequence's length: ONNX accepts [-n, n - 1] (At, Erase) or [-n, n] (Insert, extra 1).
size_t Position(NodeContext& ctx, int input, size_t n, int extra) {
  HostTensor t = ctx.KnownScalar(input, "the position");
  if (t.real()) ctx.Fail("the position must be an integer");
  int64_t p = t.AsInt(0), len = static_cast<int64_t>(n);
  if (p < -len || p >= len + extra)
    ctx.Fail("position " + std::to_string(p) + " is out of range for a sequence of " + std::to_string(n) +
             " tensors (accepted: [" + std::to_string(-len) + ", " + std::to_string(len + extra - 1) + "])");
  return static_cast<size_t>(p < 0 ? p + len : p);
}

// Every input a tensor of one element type (a sequence's elements share it).
std::vector<Value> TensorInputs(NodeContext& ctx, int first, DataType* dtype) {
  std::vector<Value> out;
  for (int i = first; i < ctx.num_inputs(); ++i) {
    if (!ctx.IsTensor(i)) ctx.Fail("input " + std::to_string(i) + " must be a tensor");
    out.push_back(ctx.InputValue(i));
    if (dtype->is_void()) *dtype = ctx.DType(i);
    if (ctx.DType(i) != *dtype)
      ctx.Fail("input " + std::to_string(i) + " is " + ctx.DType(i).str() + " but the sequence holds " + dtype->str());
  }
  return out;
}

void ConvertSequenceConstruct(NodeContext& ctx) {
  DataType dtype;
  ctx.SetOutputValue(0, SequenceValue(TensorInputs(ctx, 0, &dtype), ctx.name()));
}

void ConvertSequenceEmpty(NodeContext& ctx) { ctx.SetOutputValue(0, SequenceValue({}, ctx.name())); }

void ConvertSequenceInsert(NodeContext& ctx) {
  std::vector<Value> seq = ctx.Elements(0, "input_sequence");
  if (!ctx.IsTensor(1)) ctx.Fail("the inserted value (input 1) must be a tensor");
  if (!seq.empty() && ctx.DType(1) != ElementDType(seq[0]))
    ctx.Fail("the tensor is " + ctx.DType(1).str() + " but the sequence holds " + ElementDType(seq[0]).str());
  size_t pos = ctx.HasInput(2) ? Position(ctx, 2, seq.size(), 1) : seq.size();
  seq.insert(seq.begin() + static_cast<std::ptrdiff_t>(pos), ctx.InputValue(1));
  ctx.SetOutputValue(0, SequenceValue(std::move(seq), ctx.name()));
}

void ConvertSequenceAt(NodeContext& ctx) {
  std::vector<Value> seq = ctx.Elements(0, "input_sequence");
  ctx.SetOutputValue(0, seq[Position(ctx, 1, seq.size(), 0)]);
}

void ConvertSequenceErase(NodeContext& ctx) {
  std::vector<Value> seq = ctx.Elements(0, "input_sequence");
  if (seq.empty()) ctx.Fail("the sequence is empty, there is nothing to erase");
  size_t pos = ctx.HasInput(1) ? Position(ctx, 1, seq.size(), 0) : seq.size() - 1;
  seq.erase(seq.begin() + static_cast<std::ptrdiff_t>(pos));
  ctx.SetOutputValue(0, SequenceValue(std::move(seq), ctx.name()));
}

void ConvertSequenceLength(NodeContext& ctx) {
  HostTensor n = HostTensor::Make({}, DataType::Int(64));
  n.SetInt(0, static_cast<int64_t>(ctx.Elements(0, "input_sequence").size()));
  ctx.SetKnownOutput(0, n);
}

// Known elements fold as Concat's inputs do: integers (shape lists) always, floats unless one
// is a weight.
bool FoldableElements(const std::vector<Value>& seq) {
  bool all_int = true, any_param = false;
  for (const Value& v : seq) {
    if (!v.known.defined() || !HostDTypeSupported(v.known->dtype) || v.known->NumElements() > (1 << 16)) return false;
    all_int = all_int && !v.known->dtype.is_float();
    any_param = any_param || v.is_param;
  }
  return all_int || !any_param;
}

void ConvertConcatFromSequence(NodeContext& ctx) {
  std::vector<Value> seq = ctx.Elements(0, "input_sequence");
  if (seq.empty()) ctx.Fail("the sequence is empty: there is no tensor to concatenate");
  bool stack = ctx.Int("new_axis", 0) != 0;
  std::vector<int64_t> shape0 = seq[0].type.as<relay::TensorTypeNode>()->ConstShape();
  int rank = static_cast<int>(shape0.size());
  int axis = ctx.Axis(ctx.Int("axis", 0), rank + (stack ? 1 : 0));
  for (size_t k = 1; k < seq.size(); ++k) {
    std::vector<int64_t> s = seq[k].type.as<relay::TensorTypeNode>()->ConstShape();
    bool same = s.size() == shape0.size();
    for (int d = 0; same && d < rank; ++d) same = s[d] == shape0[d] || (!stack && d == axis);
    if (!same)
      ctx.Fail("element " + std::to_string(k) + " differs in shape from element 0" +
               (stack ? std::string(" (new_axis=1 stacks elements of one shape)") : " outside the axis"));
    if (ElementDType(seq[k]) != ElementDType(seq[0])) ctx.Fail("the elements have different element types");
  }
  if (FoldableElements(seq)) {
    std::vector<HostTensor> parts;
    for (const Value& v : seq) {
      HostTensor t = FromNDArray(v.known);
      if (stack) t.shape.insert(t.shape.begin() + axis, 1);
      parts.push_back(std::move(t));
    }
    ctx.SetKnownOutput(0, EvalConcat(parts, axis));
    return;
  }
  std::vector<Expr> fields;
  for (Value& v : seq) fields.push_back(ctx.Materialize(v));
  ctx.SetOutput(0, ctx.Call(stack ? "stack" : "concatenate", {ctx.MakeTuple(fields)}, {{"axis", AttrInt(axis)}}));
}

// More elements than this are refused (each one is a relay expression of its own).
constexpr int64_t kMaxElements = 1 << 16;

void ConvertSplitToSequence(NodeContext& ctx) {
  std::vector<int64_t> in = ctx.Shape(0);
  int axis = ctx.Axis(ctx.Int("axis", 0), static_cast<int>(in.size()));
  int64_t extent = in[axis];
  std::vector<int64_t> sizes;
  bool squeeze = ctx.Int("keepdims", 1) == 0;
  int64_t chunk = 1;  // without split: pieces of 1
  bool listed = false;  // a 1-D split lists the sizes
  std::vector<int64_t> given;
  if (ctx.HasInput(1)) {
    HostTensor split = ctx.Known(1, "split");
    if (split.real() || split.shape.size() > 1) ctx.Fail("split must be a scalar or 1-D integer tensor");
    given = ToInts(split);
    listed = split.shape.size() == 1;
    if (!listed) {  // chunks of one size, the last one shorter
      chunk = given[0];
      if (chunk <= 0) ctx.Fail("a scalar split must be positive, not " + std::to_string(chunk));
      squeeze = squeeze && chunk == 1;
    }
  }
  int64_t count = listed ? static_cast<int64_t>(given.size()) : extent == 0 ? 0 : 1 + (extent - 1) / chunk;
  if (count > kMaxElements)
    ctx.Fail("would make a sequence of " + std::to_string(count) + " tensors, more than tirgen builds (" +
             std::to_string(kMaxElements) + ")");
  if (!listed) {
    for (int64_t b = 0; b < extent; b += chunk) sizes.push_back(std::min(chunk, extent - b));
  } else {
    int64_t sum = 0;
    for (int64_t s : given) {
      if (s < 0 || s > extent) ctx.Fail("split size " + std::to_string(s) + " is outside [0, " + std::to_string(extent) + "]");
      sum += s;
    }
    if (sum != extent)
      ctx.Fail("split sizes sum to " + std::to_string(sum) + ", not the axis size " + std::to_string(extent));
    sizes = given;
    squeeze = false;  // ONNX: keepdims is ignored when split is a list
  }
  std::vector<Value> seq;
  bool fold = ctx.Foldable();
  std::vector<Expr> parts;
  if (!fold && sizes.size() > 1) {
    std::vector<int64_t> idx;
    int64_t acc = 0;
    for (size_t i = 0; i + 1 < sizes.size(); ++i) idx.push_back(acc += sizes[i]);
    Expr split = ctx.Call("split", {ctx.Input(0)}, {{"indices_or_sections", AttrInts(idx)}, {"axis", AttrInt(axis)}});
    for (size_t i = 0; i < sizes.size(); ++i) parts.push_back(ctx.GetItem(split, static_cast<int>(i)));
  } else if (!fold && sizes.size() == 1) {
    parts.push_back(ctx.Input(0));
  }
  int64_t begin = 0;
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (fold) {
      std::vector<int64_t> b(in.size(), 0), step(in.size(), 1), shape = in;
      b[axis] = begin;
      shape[axis] = sizes[i];
      HostTensor t = EvalSlice(ctx.Known(0, "input"), b, step, shape);
      if (squeeze) t.shape.erase(t.shape.begin() + axis);
      seq.push_back(KnownValue(ToNDArray(t), ctx.name()));
    } else {
      Expr e = squeeze ? ctx.Call("squeeze", {parts[i]}, {{"axis", AttrInts({axis})}}) : parts[i];
      seq.push_back(TensorValue(e, ctx.name()));
    }
    begin += sizes[i];
  }
  ctx.SetOutputValue(0, SequenceValue(std::move(seq), ctx.name()));
}

std::string PositionForms(const NodeForm& f) {
  int pos = f.node.op_type() == "SequenceInsert" ? 2 : 1;
  if (f.HasInput(pos) && !f.Known(pos)) return "a position known only at run time";
  return "";
}

std::string SplitToSequenceForms(const NodeForm& f) {
  if (f.HasInput(1) && !f.Known(1)) return "a split known only at run time";
  return "";
}

// Optional(x) holds x; Optional() with its `type` attribute is empty.
void ConvertOptional(NodeContext& ctx) {
  std::vector<Value> element;
  if (ctx.HasInput(0)) element.push_back(ctx.InputValue(0));
  else if (!ctx.HasAttr("type")) ctx.Fail("an empty Optional needs its 'type' attribute");
  ctx.SetOutputValue(0, OptionalValue(std::move(element), ctx.name()));
}

// True for an optional holding a value and (opset 18) for a tensor or sequence; false for an
// empty optional or a missing input.
void ConvertOptionalHasElement(NodeContext& ctx) {
  bool has = false;
  if (ctx.HasInput(0)) {
    Value v = ctx.InputValue(0);
    has = v.kind != Value::Kind::kOptional || !v.elements.empty();
  }
  HostTensor t = HostTensor::Make({}, DataType::Bool());
  t.SetInt(0, has ? 1 : 0);
  ctx.SetKnownOutput(0, t);
}

void ConvertOptionalGetElement(NodeContext& ctx) {
  Value v = ctx.InputValue(0);
  if (v.kind != Value::Kind::kOptional) return ctx.SetOutputValue(0, v);  // opset 18: a plain value
  if (v.elements.empty())
    ctx.Fail("the optional ('" + ctx.node().input(0) + "') is empty, so it has no element to get");
  ctx.SetOutputValue(0, v.elements[0]);
}

}  // namespace

void AddSequenceConverters(ConverterTable* table) {
  (*table)["SequenceConstruct"] = ConvertSequenceConstruct;
  (*table)["SequenceEmpty"] = ConvertSequenceEmpty;
  (*table)["SequenceInsert"] = Converter(ConvertSequenceInsert, PositionForms);
  (*table)["SequenceAt"] = Converter(ConvertSequenceAt, PositionForms);
  (*table)["SequenceErase"] = Converter(ConvertSequenceErase, PositionForms);
  (*table)["SequenceLength"] = ConvertSequenceLength;
  (*table)["ConcatFromSequence"] = ConvertConcatFromSequence;
  (*table)["SplitToSequence"] = Converter(ConvertSplitToSequence, SplitToSequenceForms);
  (*table)["Optional"] = ConvertOptional;
  (*table)["OptionalHasElement"] = ConvertOptionalHasElement;
  (*table)["OptionalGetElement"] = ConvertOptionalGetElement;
}

}  // namespace onnx_import
}  // namespace frontend
}  // namespace tirgen

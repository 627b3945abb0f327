// The operator registry: op nodes, attribute schemas, type relations, patterns and the compute
// slot. The op families register themselves from src/relay/op/*.cc (static registrars; the
// library is linked whole so they survive).
#include "tirgen/relay/op.h"

#include <climits>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>

#include "tirgen/relay/text.h"

namespace tirgen {
namespace relay {
namespace {

// Names tirgen knows without a schema or relation yet (they parse and print; InferType
// rejects them). Ops with full information register from src/relay/op/*.cc.
const char* const kExtraOps[] = {
    "cast_like", "fast_exp", "fast_tanh", "fast_erf", "trunc", "sign", "log2", "log10", "sin",
    "cos", "mod", "floor_mod", "trunc_divide", "trunc_mod", "nn.adaptive_max_pool2d",
    "nn.fast_softmax", "std", "all", "any",
    "reshape_like", "gather_nd", "broadcast_to_like", "layout_transform", "arange", "one_hot",
    "scatter", "slice_like", "collapse_sum_like", "collapse_sum_to", "sequence_mask",
    "shape_of", "stop_gradient", "annotation.stop_fusion", "device_copy", "on_device",
    "nn.contrib_conv2d_NCHWc", "dyn.reshape", "contrib_reverse_reshape",
    "fixed_point_multiply", "topk", "sort", "argsort",
};

struct Registry {
  std::recursive_mutex mu;
  // unique_ptr: OpInfo addresses stay valid while the map grows.
  std::map<std::string, std::unique_ptr<OpInfo>> ops;
};

Op MakeOp(const std::string& name) {
  auto n = std::make_shared<OpNode>();
  n->name = name;
  return Op(std::move(n));
}

Registry& Global() {
  static Registry* r = [] {
    auto* reg = new Registry();
    for (const char* name : kExtraOps) {
      auto info = std::make_unique<OpInfo>();
      info->name = name;
      info->op = MakeOp(name);
      reg->ops.emplace(name, std::move(info));
    }
    return reg;
  }();
  return *r;
}

OpInfo* FindOrAdd(const std::string& name) {
  Registry& r = Global();
  std::lock_guard<std::recursive_mutex> lock(r.mu);
  auto it = r.ops.find(name);
  if (it != r.ops.end()) return it->second.get();
  auto info = std::make_unique<OpInfo>();
  info->name = name;
  info->op = MakeOp(name);
  OpInfo* p = info.get();
  r.ops.emplace(name, std::move(info));
  return p;
}

const OpInfo* Find(const std::string& name) {
  Registry& r = Global();
  std::lock_guard<std::recursive_mutex> lock(r.mu);
  auto it = r.ops.find(name);
  return it == r.ops.end() ? nullptr : it->second.get();
}

std::string Fmt(double v) {
  std::ostringstream os;
  os << v;
  return os.str();
}

// An attribute value as the text format writes it (for messages).
std::string AttrText(const ObjectRef& v) {
  if (!v.defined()) return "None";
  if (const auto* s = v.as<StringObj>()) return "\"" + s->value + "\"";
  if (const auto* i = v.as<tir::IntImmNode>()) {
    if (i->dtype.is_bool()) return i->value ? "True" : "False";
    return std::to_string(i->value) + (i->dtype == DataType::Int(64) ? "i64" : "");
  }
  if (const auto* f = v.as<tir::FloatImmNode>()) return Fmt(f->value) + "f";
  if (const auto* a = v.as<ArrayNode>()) {
    std::string out = "[";
    for (size_t k = 0; k < a->elements.size(); ++k) out += (k ? ", " : "") + AttrText(a->elements[k]);
    return out + "]";
  }
  return std::string("<") + KindName(v.kind()) + ">";
}

bool IsInt(const ObjectRef& v) {
  const auto* i = v.as<tir::IntImmNode>();
  return i && !i->dtype.is_bool();
}
bool IsIntArray(const ObjectRef& v) {
  const auto* a = v.as<ArrayNode>();
  if (!a) return false;
  for (const auto& e : a->elements)
    if (!IsInt(e)) return false;
  return true;
}

// Structural equality of attribute values (IntImm dtype included, as TVM compares defaults).
bool AttrEqual(const ObjectRef& a, const ObjectRef& b) {
  if (!a.defined() || !b.defined()) return a.defined() == b.defined();
  if (a.kind() != b.kind()) return false;
  if (const auto* x = a.as<tir::IntImmNode>()) {
    const auto* y = b.as<tir::IntImmNode>();
    return x->value == y->value && x->dtype == y->dtype;
  }
  if (const auto* x = a.as<tir::FloatImmNode>()) return x->value == b.as<tir::FloatImmNode>()->value;
  if (const auto* x = a.as<StringObj>()) return x->value == b.as<StringObj>()->value;
  if (const auto* x = a.as<ArrayNode>()) {
    const auto* y = b.as<ArrayNode>();
    if (x->elements.size() != y->elements.size()) return false;
    for (size_t i = 0; i < x->elements.size(); ++i)
      if (!AttrEqual(x->elements[i], y->elements[i])) return false;
    return true;
  }
  return a.same_as(b);
}

}  // namespace

// ---- attribute helpers ----

const char* AttrKindName(AttrKind kind) {
  switch (kind) {
    case AttrKind::kInt: return "an integer";
    case AttrKind::kBool: return "a boolean (True or False)";
    case AttrKind::kFloat: return "a number";
    case AttrKind::kString: return "a string";
    case AttrKind::kDType: return "a dtype string such as \"float32\"";
    case AttrKind::kOptInt: return "an integer or None";
    case AttrKind::kIntArray: return "a list of integers or None";
    case AttrKind::kIntArrayArray: return "a list of lists of integers";
    case AttrKind::kFloatArray: return "a list of numbers or None";
    case AttrKind::kIntOrIntArray: return "an integer or a list of integers";
  }
  return "?";
}

ObjectRef AttrInt(int64_t v) {
  // Integer attributes are int32, as in TVM; a larger value comes from the input (an ONNX
  // attribute or shape), so it is the user's error, not an invariant.
  if (v < std::numeric_limits<int32_t>::min() || v > std::numeric_limits<int32_t>::max())
    throw Error("attribute value " + std::to_string(v) + " is beyond int32 (operator attributes are 32-bit)");
  return tir::IntImm(DataType::Int(32), v);
}
ObjectRef AttrBool(bool v) { return tir::IntImm(DataType::Bool(), v ? 1 : 0); }
ObjectRef AttrFloat(double v) { return tir::FloatImm(DataType::Float(64), v); }
ObjectRef AttrStr(const std::string& v) { return String(v); }
ObjectRef AttrInts(const std::vector<int64_t>& v) {
  std::vector<ObjectRef> items;
  for (int64_t x : v) items.push_back(AttrInt(x));
  return Array(std::move(items));
}

std::string CheckAttrValue(const AttrSpec& spec, const ObjectRef& v) {
  bool ok = false;
  switch (spec.kind) {
    case AttrKind::kInt: ok = IsInt(v); break;
    case AttrKind::kBool: ok = v.as<tir::IntImmNode>() != nullptr; break;
    case AttrKind::kFloat: ok = v.as<tir::FloatImmNode>() || IsInt(v); break;
    case AttrKind::kString: ok = v.as<StringObj>() != nullptr; break;
    case AttrKind::kDType: {
      DataType dt;
      const auto* s = v.as<StringObj>();
      ok = !v.defined() || (s && (s->value.empty() || DataType::Parse(s->value, &dt)));
      break;
    }
    case AttrKind::kOptInt: ok = !v.defined() || IsInt(v); break;
    case AttrKind::kIntArray: ok = !v.defined() || IsIntArray(v); break;
    case AttrKind::kIntArrayArray: {
      const auto* a = v.as<ArrayNode>();
      ok = a != nullptr;
      if (a)
        for (const auto& e : a->elements) ok = ok && IsIntArray(e);
      break;
    }
    case AttrKind::kFloatArray: {
      const auto* a = v.as<ArrayNode>();
      ok = !v.defined() || a;
      if (a)
        for (const auto& e : a->elements) ok = ok && (e.as<tir::FloatImmNode>() || IsInt(e));
      break;
    }
    case AttrKind::kIntOrIntArray: ok = IsInt(v) || IsIntArray(v); break;
  }
  return ok ? "" : AttrKindName(spec.kind);
}

const AttrSpec* OpInfo::FindAttr(const std::string& key) const {
  for (const auto& a : attrs)
    if (a.name == key) return &a;
  return nullptr;
}

// ---- registration ----

OpRegEntry& OpRegEntry::Attrs(const std::string& type_key, std::vector<AttrSpec> specs) {
  info_->attrs_type_key = type_key;
  info_->attrs = std::move(specs);
  return *this;
}
OpRegEntry& OpRegEntry::Inputs(int n) {
  info_->num_inputs = n;
  return *this;
}
OpRegEntry& OpRegEntry::Pattern(OpPatternKind kind) {
  info_->pattern = kind;
  return *this;
}
OpRegEntry& OpRegEntry::Relation(FTypeRelation rel) {
  info_->relation = std::move(rel);
  return *this;
}

OpRegEntry& OpRegEntry::ReshapeOp() {
  info_->reshape_op = true;
  return *this;
}
OpRegEntry& OpRegEntry::Stateful() {
  info_->stateful = true;
  return *this;
}

OpRegEntry RegisterOpInfo(const std::string& name) { return OpRegEntry(FindOrAdd(name)); }
const OpInfo* GetOpInfo(const std::string& name) { return Find(name); }

OpPatternKind GetOpPattern(const Op& op) {
  const OpInfo* info = op.defined() ? Find(op->name) : nullptr;
  return info ? info->pattern : kOpaque;
}

bool CallAttrsEqual(const CallNode* a, const CallNode* b) {
  const OpInfo* info = Find(a->op_name());
  if (info && a->op_name() == b->op_name() && !info->attrs.empty()) {
    for (const AttrSpec& spec : info->attrs)
      if (!AttrEqual(a->GetAttr(spec.name), b->GetAttr(spec.name))) return false;
    return true;
  }
  // Unknown schema: the fields as written.
  if (a->attrs.defined() != b->attrs.defined()) return false;
  if (!a->attrs.defined()) return true;
  const AttrFields& x = a->attrs->fields;
  const AttrFields& y = b->attrs->fields;
  if (x.size() != y.size()) return false;
  for (size_t i = 0; i < x.size(); ++i)
    if (x[i].first != y[i].first || !AttrEqual(x[i].second, y[i].second)) return false;
  return true;
}

Op RegisterOp(const std::string& name) { return FindOrAdd(name)->op; }
bool IsOpRegistered(const std::string& name) { return Find(name) != nullptr; }

std::vector<std::string> ListOpNames() {
  Registry& r = Global();
  std::lock_guard<std::recursive_mutex> lock(r.mu);
  std::vector<std::string> out;
  for (const auto& kv : r.ops) out.push_back(kv.first);
  return out;
}

Op Op::Get(const std::string& name) {
  const OpInfo* info = Find(name);
  if (!info) throw Error("unknown operator '" + name + "'");
  return info->op;
}

void RegisterCompute(const std::string& op, FTVMCompute compute) {
  OpInfo* info = FindOrAdd(op);
  std::lock_guard<std::recursive_mutex> lock(Global().mu);
  info->compute = std::move(compute);
}

const FTVMCompute* GetCompute(const std::string& op) {
  const OpInfo* info = Find(op);
  return info && info->compute ? &info->compute : nullptr;
}

relay::Attrs MakeAttrs(const std::string& op, const AttrFields& fields) {
  const OpInfo* info = Find(op);
  if (!info) throw Error("unknown operator '" + op + "'");
  for (const auto& kv : fields) {
    const AttrSpec* spec = info->FindAttr(kv.first);
    if (!spec) throw Error(op + " has no attribute '" + kv.first + "'");
    std::string want = CheckAttrValue(*spec, kv.second);
    if (!want.empty())
      throw Error("attribute '" + kv.first + "' of " + op + " must be " + want + ", not " + AttrText(kv.second));
  }
  AttrFields ordered;
  for (const auto& spec : info->attrs) {
    const ObjectRef* v = FindAttr(fields, spec.name);
    if (!v) {
      if (!spec.has_default) ordered.emplace_back(spec.name, ObjectRef());
      continue;
    }
    if (spec.has_default && AttrEqual(*v, spec.default_value)) continue;
    ordered.emplace_back(spec.name, *v);
  }
  if (info->attrs_type_key.empty() && ordered.empty()) return relay::Attrs();
  return relay::Attrs(std::move(ordered), info->attrs_type_key);
}

Call MakeCall(const std::string& op_name, std::vector<Expr> args, const AttrFields& fields) {
  return Call(Op::Get(op_name), std::move(args), MakeAttrs(op_name, fields));
}

Type ConstantType(const ConstantNode* c) {
  if (!c->data.defined()) return c->checked_type;
  std::vector<int64_t> shape(c->data->shape.begin(), c->data->shape.end());
  return TensorType(shape, c->data->dtype);
}

// ---- typed attribute access on calls ----

std::string CallNode::op_name() const {
  const auto* o = op.as<OpNode>();
  return o ? o->name : "";
}

ObjectRef CallNode::GetAttr(const std::string& key) const {
  std::string name = op_name();
  const OpInfo* info = Find(name);
  const AttrSpec* spec = info ? info->FindAttr(key) : nullptr;
  if (attrs.defined()) {
    if (const ObjectRef* v = FindAttr(attrs->fields, key)) return *v;
  }
  if (!spec) throw Error((name.empty() ? std::string("the call") : name) + " has no attribute '" + key + "'");
  return spec->default_value;
}

bool CallNode::HasAttr(const std::string& key) const { return GetAttr(key).defined(); }

namespace {
[[noreturn]] void BadAttr(const CallNode* c, const std::string& key, const char* want, const ObjectRef& v) {
  throw Error("attribute '" + key + "' of " + c->op_name() + " is " + AttrText(v) + ", expected " + want);
}
}  // namespace

int64_t CallNode::GetInt(const std::string& key) const {
  ObjectRef v = GetAttr(key);
  if (const auto* i = v.as<tir::IntImmNode>()) return i->value;
  BadAttr(this, key, "an integer", v);
}

bool CallNode::GetBool(const std::string& key) const {
  ObjectRef v = GetAttr(key);
  if (const auto* i = v.as<tir::IntImmNode>()) return i->value != 0;
  BadAttr(this, key, "a boolean", v);
}

double CallNode::GetFloat(const std::string& key) const {
  ObjectRef v = GetAttr(key);
  if (const auto* f = v.as<tir::FloatImmNode>()) return f->value;
  if (const auto* i = v.as<tir::IntImmNode>()) return static_cast<double>(i->value);
  BadAttr(this, key, "a number", v);
}

std::string CallNode::GetString(const std::string& key) const {
  ObjectRef v = GetAttr(key);
  if (const auto* s = v.as<StringObj>()) return s->value;
  BadAttr(this, key, "a string", v);
}

DataType CallNode::GetDType(const std::string& key) const {
  ObjectRef v = GetAttr(key);
  if (!v.defined()) return DataType();
  const auto* s = v.as<StringObj>();
  if (!s) BadAttr(this, key, "a dtype string", v);
  if (s->value.empty()) return DataType();
  return DataType::FromString(s->value);
}

std::vector<int64_t> CallNode::GetIntArray(const std::string& key) const {
  ObjectRef v = GetAttr(key);
  std::vector<int64_t> out;
  if (!v.defined()) return out;
  if (const auto* i = v.as<tir::IntImmNode>()) return {i->value};
  const auto* a = v.as<ArrayNode>();
  if (!a) BadAttr(this, key, "a list of integers", v);
  for (const auto& e : a->elements) {
    const auto* i = e.as<tir::IntImmNode>();
    if (!i) BadAttr(this, key, "a list of integers", v);
    out.push_back(i->value);
  }
  return out;
}

std::vector<std::vector<int64_t>> CallNode::GetIntArrayArray(const std::string& key) const {
  ObjectRef v = GetAttr(key);
  std::vector<std::vector<int64_t>> out;
  if (!v.defined()) return out;
  const auto* a = v.as<ArrayNode>();
  if (!a) BadAttr(this, key, "a list of lists of integers", v);
  for (const auto& row : a->elements) {
    const auto* r = row.as<ArrayNode>();
    if (!r) BadAttr(this, key, "a list of lists of integers", v);
    out.emplace_back();
    for (const auto& e : r->elements) {
      const auto* i = e.as<tir::IntImmNode>();
      if (!i) BadAttr(this, key, "a list of lists of integers", v);
      out.back().push_back(i->value);
    }
  }
  return out;
}

std::vector<double> CallNode::GetFloatArray(const std::string& key) const {
  ObjectRef v = GetAttr(key);
  std::vector<double> out;
  if (!v.defined()) return out;
  const auto* a = v.as<ArrayNode>();
  if (!a) BadAttr(this, key, "a list of numbers", v);
  for (const auto& e : a->elements) {
    if (const auto* f = e.as<tir::FloatImmNode>()) out.push_back(f->value);
    else if (const auto* i = e.as<tir::IntImmNode>()) out.push_back(static_cast<double>(i->value));
    else BadAttr(this, key, "a list of numbers", v);
  }
  return out;
}

// ---- type relation context ----

void TypeCall::Fail(const std::string& message) const {
  std::string text = op.name + "(";
  for (size_t i = 0; i < arg_types.size(); ++i) text += (i ? ", " : "") + TypeToString(arg_types[i]);
  if (call->attrs.defined()) {
    for (const auto& kv : call->attrs->fields)
      text += (text.back() == '(' ? "" : ", ") + kv.first + "=" + AttrText(kv.second);
  }
  text += ")";
  std::string full = op.name + ": " + message + " in call " + text;
  if (call->location.defined()) throw Error(call->location, full);
  throw Error(full);
}

const TensorTypeNode* TypeCall::Tensor(size_t i) const {
  if (i >= arg_types.size()) Fail("missing argument " + std::to_string(i));
  const auto* t = arg_types[i].as<TensorTypeNode>();
  if (!t) Fail("argument " + std::to_string(i) + " must be a tensor, not " + TypeToString(arg_types[i]));
  return t;
}

std::vector<const TensorTypeNode*> TypeCall::TensorTuple(size_t i) const {
  if (i >= arg_types.size()) Fail("missing argument " + std::to_string(i));
  const auto* t = arg_types[i].as<TupleTypeNode>();
  if (!t) Fail("argument " + std::to_string(i) + " must be a tuple of tensors, not " + TypeToString(arg_types[i]));
  std::vector<const TensorTypeNode*> out;
  for (const auto& f : t->fields) {
    const auto* tt = f.as<TensorTypeNode>();
    if (!tt) Fail("argument " + std::to_string(i) + " must be a tuple of tensors, not " + TypeToString(arg_types[i]));
    out.push_back(tt);
  }
  if (out.empty()) Fail("the tuple argument must not be empty");
  return out;
}

}  // namespace relay
}  // namespace tirgen

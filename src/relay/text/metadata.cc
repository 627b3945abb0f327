// Reading and writing the #[metadata] JSON graph. Reading rebuilds shared nodes once (so two
// types sharing a dim IntImm share it here too); writing numbers nodes depth-first in TVM's
// field order and formats like dmlc's JSONWriter, so TVM's own sections re-print byte-exactly.
#include <nlohmann/json.hpp>

#include <functional>
#include <set>
#include <sstream>

#include "metadata.h"
#include "tirgen/relay/expr.h"

namespace tirgen {
namespace relay {
namespace text {
namespace {

using Json = nlohmann::json;

class GraphReader {
 public:
  explicit GraphReader(const Json& g) : g_(g) {
    if (!g.is_object() || !g.contains("nodes") || !g["nodes"].is_array() || !g.contains("root"))
      throw Error("metadata is not a TVM JSON graph (needs \"root\" and \"nodes\")");
    nodes_ = &g["nodes"];
    if (g.contains("b64ndarrays")) arrays_ = &g["b64ndarrays"];
    built_.resize(nodes_->size());
    done_.resize(nodes_->size(), false);
  }

  MetaTable Read() {
    MetaTable table;
    const Json& root = Node(Index(g_["root"]));
    if (root.value("type_key", "") != "Map") throw Error("metadata root is not a Map");
    const Json& keys = root.value("keys", Json::array());
    const Json& data = root.value("data", Json::array());
    if (keys.size() != data.size()) throw Error("metadata Map has mismatched keys and data");
    for (size_t i = 0; i < keys.size(); ++i) {
      std::string key = keys[i].get<std::string>();
      const Json& arr = Node(Index(data[i]));
      const Json& items = arr.value("data", Json::array());
      if (!Supported(key)) {
        table.unsupported[key] = items.size();
        continue;
      }
      auto& out = table.entries[key];
      for (const Json& item : items) out.push_back(Build(Index(item)));
    }
    return table;
  }

 private:
  static bool Supported(const std::string& key) {
    return key == "relay.Constant" || key == "relay.TensorType" || key == "IntImm" ||
           key == "FloatImm" || key == "runtime.String" || key == "relay.TupleType" ||
           key == "relay.FuncType";
  }

  size_t Index(const Json& v) const {
    size_t i;
    if (v.is_number_unsigned() || v.is_number_integer()) {
      i = v.get<size_t>();
    } else if (v.is_string()) {
      i = std::stoul(v.get<std::string>());
    } else {
      throw Error("metadata node reference is not a number");
    }
    if (i >= nodes_->size()) throw Error("metadata node reference " + std::to_string(i) + " out of range");
    return i;
  }
  const Json& Node(size_t i) const { return (*nodes_)[i]; }
  std::string Attr(const Json& node, const char* key) const {
    if (!node.contains("attrs") || !node["attrs"].contains(key))
      throw Error(std::string("metadata node lacks field '") + key + "'");
    return node["attrs"][key].get<std::string>();
  }
  ObjectRef Field(const Json& node, const char* key) { return Build(Index(Json(Attr(node, key)))); }

  ObjectRef Build(size_t i) {
    if (done_[i]) return built_[i];
    if (building_.count(i)) throw Error("metadata graph has a cycle");
    building_.insert(i);
    ObjectRef r = Make(Node(i));
    building_.erase(i);
    built_[i] = r;
    done_[i] = true;
    return r;
  }

  std::vector<ObjectRef> Elements(const ObjectRef& array) {
    const auto* a = array.as<ArrayNode>();
    if (!a) throw Error("metadata: expected an Array");
    return a->elements;
  }

  ObjectRef Make(const Json& n) {
    std::string key = n.value("type_key", "");
    if (key.empty()) return ObjectRef();
    if (key == "Array") {
      std::vector<ObjectRef> elems;
      for (const Json& d : n.value("data", Json::array())) elems.push_back(Build(Index(d)));
      return Array(std::move(elems));
    }
    if (key == "runtime.String") {
      if (n.contains("repr_str")) return String(n["repr_str"].get<std::string>());
      if (n.contains("repr_b64")) return String(Base64Decode(n["repr_b64"].get<std::string>()));
      return String("");
    }
    if (key == "IntImm") {
      DataType t = DataType::FromString(Attr(n, "dtype"));
      int64_t v = std::stoll(Attr(n, "value"));
      bool fits = t.is_bool() ? (v == 0 || v == 1)
                  : t.is_int() ? (t.bits() == 64 || (v >= -(int64_t(1) << (t.bits() - 1)) && v < (int64_t(1) << (t.bits() - 1))))
                  : t.is_uint() ? (t.bits() == 64 || (v >= 0 && v < (int64_t(1) << t.bits())))
                  : false;
      if (!t.is_scalar() || !fits) throw Error("metadata IntImm " + std::to_string(v) + " is not a valid " + t.str());
      return tir::IntImm(t, v);
    }
    if (key == "FloatImm") {
      DataType t = DataType::FromString(Attr(n, "dtype"));
      if (!t.is_scalar() || !t.is_floating()) throw Error("metadata FloatImm has dtype " + t.str());
      return tir::FloatImm(t, std::stod(Attr(n, "value")));
    }
    if (key == "relay.TensorType") {
      std::vector<tir::PrimExpr> shape;
      for (const ObjectRef& d : Elements(Field(n, "shape"))) {
        if (!d.as<tir::IntImmNode>() || d.as<tir::IntImmNode>()->value < 0)
          throw Error("metadata: only static tensor shapes are supported");
        shape.push_back(d.cast<tir::PrimExpr>());
      }
      return TensorType(std::move(shape), DataType::FromString(Attr(n, "dtype")));
    }
    if (key == "relay.TupleType") {
      std::vector<Type> fields;
      for (const ObjectRef& f : Elements(Field(n, "fields"))) fields.push_back(AsType(f));
      return TupleType(std::move(fields));
    }
    if (key == "relay.FuncType") {
      std::vector<Type> args;
      for (const ObjectRef& f : Elements(Field(n, "arg_types"))) args.push_back(AsType(f));
      return FuncType(std::move(args), AsType(Field(n, "ret_type")));
    }
    if (key == "relay.Constant") {
      size_t k = std::stoul(Attr(n, "data"));
      if (!arrays_ || k >= arrays_->size()) throw Error("metadata constant refers to a missing array");
      Constant c(DecodeNDArray(Base64Decode((*arrays_)[k].get<std::string>())));
      ObjectRef ty = Field(n, "_checked_type_");
      if (ty.defined()) const_cast<ConstantNode*>(c.get())->checked_type = AsType(ty);  // fresh node
      return c;
    }
    throw Error("metadata kind '" + key + "' is not supported");
  }

  Type AsType(const ObjectRef& r) {
    if (r.defined() && !r.as<TypeNode>()) throw Error("metadata: expected a type");
    return r.defined() ? r.cast<Type>() : Type();
  }

  const Json& g_;
  const Json* nodes_ = nullptr;
  const Json* arrays_ = nullptr;
  std::vector<ObjectRef> built_;
  std::vector<bool> done_;
  std::set<size_t> building_;
};

// ---- writing ----

struct JsonNode {
  std::string type_key;
  std::string repr;  // repr_str (only printable strings here)
  std::map<std::string, std::string> attrs;
  std::vector<std::string> keys;
  std::vector<size_t> data;
};

// dmlc::JSONWriter's layout: ", " separators, newline + 2 spaces per open scope.
class DmlcWriter {
 public:
  std::string str() const { return os_.str(); }
  void BeginObject(bool multi = true) { Open('{', multi); }
  void EndObject() { Close('}'); }
  void BeginArray(bool multi = true) { Open('[', multi); }
  void EndArray() { Close(']'); }
  void Key(const std::string& key) {
    if (counter_.back() > 0) os_ << ", ";
    Separator();
    os_ << '"' << key << "\": ";
    counter_.back() += 1;
  }
  void Item() {
    if (counter_.back() != 0) os_ << ", ";
    counter_.back() += 1;
    Separator();
  }
  void Str(const std::string& s) {
    os_ << '"';
    for (char c : s) {
      switch (c) {
        case '\r': os_ << "\\r"; break;
        case '\n': os_ << "\\n"; break;
        case '\\': os_ << "\\\\"; break;
        case '\t': os_ << "\\t"; break;
        case '"': os_ << "\\\""; break;
        default: os_ << c;
      }
    }
    os_ << '"';
  }
  void Num(size_t v) { os_ << v; }

 private:
  void Open(char c, bool multi) {
    os_ << c;
    multi_.push_back(multi);
    counter_.push_back(0);
  }
  void Close(char c) {
    bool multi = multi_.back();
    size_t n = counter_.back();
    multi_.pop_back();
    counter_.pop_back();
    if (multi && n != 0) Separator();
    os_ << c;
  }
  void Separator() {
    if (multi_.empty() || multi_.back()) os_ << '\n' << std::string(multi_.size() * 2, ' ');
  }
  std::ostringstream os_;
  std::vector<bool> multi_;
  std::vector<size_t> counter_;
};

// Numbers objects depth-first in TVM's VisitAttrs field order and builds their JSON nodes.
class GraphWriter {
 public:
  std::string Write(const std::vector<std::pair<std::string, std::vector<ObjectRef>>>& table) {
    nodes_.push_back(JsonNode());  // node 0: null
    // The root Map<String, Array>: indexed first, then each value.
    size_t root = NewIndex(nullptr);
    std::vector<size_t> values;
    for (const auto& kv : table) values.push_back(IndexArray(kv.second));
    JsonNode& m = nodes_[root];
    m.type_key = "Map";
    for (size_t i = 0; i < table.size(); ++i) {
      nodes_[root].keys.push_back(table[i].first);
      nodes_[root].data.push_back(values[i]);
    }
    return Render(root);
  }

 private:
  size_t NewIndex(const Object* obj) {
    size_t i = nodes_.size();
    nodes_.push_back(JsonNode());
    if (obj) index_[obj] = i;
    return i;
  }
  std::string Ref(size_t i) { return std::to_string(i); }

  size_t IndexArray(const std::vector<ObjectRef>& elems) {
    size_t i = NewIndex(nullptr);
    std::vector<size_t> kids;
    for (const ObjectRef& e : elems) kids.push_back(Index(e));
    nodes_[i].type_key = "Array";
    nodes_[i].data = kids;
    return i;
  }

  // The fully unconstrained VirtualDevice every constant carries (one shared node, as in TVM).
  size_t VirtualDevice() {
    if (vdev_) return vdev_;
    vdev_ = NewIndex(nullptr);
    size_t scope = NewIndex(nullptr);
    nodes_[scope].type_key = "runtime.String";
    JsonNode& n = nodes_[vdev_];
    n.type_key = "VirtualDevice";
    n.attrs = {{"device_type_int", "-1"}, {"memory_scope", Ref(scope)}, {"target", "0"},
               {"virtual_device_id", "-1"}};
    return vdev_;
  }

  size_t Index(const ObjectRef& ref) {
    if (!ref.defined()) return 0;
    auto it = index_.find(ref.get());
    if (it != index_.end()) return it->second;
    if (const auto* a = ref.as<ArrayNode>()) {
      size_t i = IndexArray(a->elements);
      index_[ref.get()] = i;
      return i;
    }
    size_t i = NewIndex(ref.get());
    JsonNode n;
    if (const auto* c = ref.as<ConstantNode>()) {
      if (!c->data.defined())
        throw Error("cannot print the metadata of " + c->unresolved_ref + ": its data was never loaded");
      n.type_key = "relay.Constant";
      size_t data = arrays_.size();
      arrays_.push_back(Base64Encode(EncodeNDArray(c->data)));
      size_t vd = VirtualDevice();
      size_t ty = Index(c->checked_type);
      n.attrs = {{"_checked_type_", Ref(ty)}, {"data", std::to_string(data)}, {"span", "0"},
                 {"virtual_device_", Ref(vd)}};
    } else if (const auto* t = ref.as<TensorTypeNode>()) {
      n.type_key = "relay.TensorType";
      std::vector<ObjectRef> dims(t->shape.begin(), t->shape.end());
      size_t shape = IndexArray(dims);
      n.attrs = {{"dtype", t->dtype.str()}, {"shape", Ref(shape)}, {"span", "0"}};
    } else if (const auto* t = ref.as<TupleTypeNode>()) {
      n.type_key = "relay.TupleType";
      size_t fields = IndexArray(std::vector<ObjectRef>(t->fields.begin(), t->fields.end()));
      n.attrs = {{"fields", Ref(fields)}, {"span", "0"}};
    } else if (const auto* f = ref.as<FuncTypeNode>()) {
      n.type_key = "relay.FuncType";
      size_t args = IndexArray(std::vector<ObjectRef>(f->arg_types.begin(), f->arg_types.end()));
      size_t ret = Index(f->ret_type);
      size_t tparams = IndexArray({});
      size_t constraints = IndexArray({});
      n.attrs = {{"arg_types", Ref(args)}, {"ret_type", Ref(ret)}, {"span", "0"},
                 {"type_constraints", Ref(constraints)}, {"type_params", Ref(tparams)}};
    } else if (const auto* imm = ref.as<tir::IntImmNode>()) {
      n.type_key = "IntImm";
      n.attrs = {{"dtype", imm->dtype.str()}, {"span", "0"}, {"value", std::to_string(imm->value)}};
    } else if (const auto* fimm = ref.as<tir::FloatImmNode>()) {
      n.type_key = "FloatImm";
      std::ostringstream os;
      os.precision(17);
      os << fimm->value;
      n.attrs = {{"dtype", fimm->dtype.str()}, {"span", "0"}, {"value", os.str()}};
    } else if (const auto* s = ref.as<StringObj>()) {
      n.type_key = "runtime.String";
      n.repr = s->value;
    } else {
      throw Error(std::string("cannot write a ") + KindName(ref.kind()) + " node to the metadata section");
    }
    nodes_[i] = std::move(n);
    return i;
  }

  std::string Render(size_t root) {
    DmlcWriter w;
    w.BeginObject();
    w.Key("root");
    w.Num(root);
    w.Key("nodes");
    w.BeginArray();
    for (const JsonNode& n : nodes_) {
      w.Item();
      w.BeginObject();
      w.Key("type_key");
      w.Str(n.type_key);
      if (!n.repr.empty()) {
        w.Key("repr_str");
        w.Str(n.repr);
      }
      if (!n.attrs.empty()) {
        w.Key("attrs");
        w.BeginObject(n.attrs.size() > 1);
        for (const auto& kv : n.attrs) {
          w.Key(kv.first);
          w.Str(kv.second);
        }
        w.EndObject();
      }
      if (!n.keys.empty()) {
        w.Key("keys");
        w.BeginArray();
        for (const auto& k : n.keys) {
          w.Item();
          w.Str(k);
        }
        w.EndArray();
      }
      if (!n.data.empty()) {
        w.Key("data");
        w.BeginArray(n.data.size() > 10);
        for (size_t d : n.data) {
          w.Item();
          w.Num(d);
        }
        w.EndArray();
      }
      w.EndObject();
    }
    w.EndArray();
    w.Key("b64ndarrays");
    w.BeginArray();
    for (const auto& a : arrays_) {
      w.Item();
      w.Str(a);
    }
    w.EndArray();
    w.Key("attrs");
    w.BeginObject(false);
    w.Key("tvm_version");
    w.Str("0.14.0");
    w.EndObject();
    w.EndObject();
    return w.str();
  }

  std::vector<JsonNode> nodes_;
  std::map<const Object*, size_t> index_;
  std::vector<std::string> arrays_;
  size_t vdev_ = 0;
};

}  // namespace

MetaTable LoadMetadata(const std::string& json) {
  Json g;
  try {
    g = Json::parse(json);
  } catch (const Json::exception& e) {
    throw Error(std::string("the #[metadata] section is not valid JSON: ") + e.what());
  }
  try {
    return GraphReader(g).Read();
  } catch (const Json::exception& e) {
    throw Error(std::string("malformed #[metadata] section: ") + e.what());
  } catch (const std::logic_error& e) {  // stoul/stoll on a bad number
    if (dynamic_cast<const InternalError*>(&e)) throw;
    throw Error(std::string("malformed #[metadata] section: bad number (") + e.what() + ")");
  }
}

std::string SaveMetadata(const std::vector<std::pair<std::string, std::vector<ObjectRef>>>& table) {
  return GraphWriter().Write(table);
}

}  // namespace text
}  // namespace relay
}  // namespace tirgen

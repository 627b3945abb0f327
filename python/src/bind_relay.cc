// tirgen.relay: the graph IR with TVM's Python names (tvm.relay.Call.op/.args/.attrs, Function
// .params/.body/.ret_type/.attrs, Constant.data as numpy, checked_type, ...), the text parser,
// the optimize pipeline, and the lowering entry points tirgen.lower_to_primfunc/lower_te.
// Nodes are immutable handles: attribute reads build fresh Python wrappers of the children.
#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "numpy_convert.h"
#include "tirgen/lower/constant_evaluator.h"
#include "tirgen/lower/lower.h"
#include "tirgen/relay/expr_functor.h"
#include "tirgen/relay/op.h"
#include "tirgen/relay/text.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/support/error.h"
#include "tirgen/tir/transform.h"
#include "tirgen/tir/expr.h"
#include "wrap.h"

namespace py = pybind11;
using namespace tirgen;  // NOLINT
using python::AttrValue;
using python::Wrap;
using python::WrapAll;

namespace {

// TVM's Attrs / DictAttrs: `attrs.padding`, `attrs["padding"]`, `keys()`, in print order.
struct PyAttrs {
  std::string type_key;
  relay::AttrFields fields;

  py::object Get(const std::string& key) const {
    const ObjectRef* v = relay::FindAttr(fields, key);
    if (!v) throw py::key_error(key);
    return AttrValue(*v);
  }
  py::object GetAttr(const std::string& key) const {
    const ObjectRef* v = relay::FindAttr(fields, key);
    if (!v) throw py::attribute_error((type_key.empty() ? "Attrs" : type_key) + " has no field '" + key + "'");
    return AttrValue(*v);
  }
  std::vector<std::string> Keys() const {
    std::vector<std::string> out;
    for (const auto& kv : fields) out.push_back(kv.first);
    return out;
  }
  py::dict Dict() const {
    py::dict out;
    for (const auto& kv : fields) out[py::str(kv.first)] = AttrValue(kv.second);
    return out;
  }
};

// As TVM's Attrs object holds every field of the op's attribute type, fields the call leaves
// at their defaults read the registered default.
py::object CallAttrs(const relay::Call& c) {
  const relay::OpInfo* info = relay::GetOpInfo(c->op_name());
  if (!info || info->attrs_type_key.empty()) {
    if (!c->attrs.defined()) return py::none();
    return py::cast(PyAttrs{c->attrs->type_key, c->attrs->fields});
  }
  relay::AttrFields given = c->attrs.defined() ? c->attrs->fields : relay::AttrFields{};
  PyAttrs out{info->attrs_type_key, {}};
  for (const relay::AttrSpec& spec : info->attrs) {
    const ObjectRef* v = relay::FindAttr(given, spec.name);
    ObjectRef value = v ? *v : spec.default_value;
    // An unset dtype reads as "" in TVM (the void DataType), not None.
    if (!value.defined() && spec.kind == relay::AttrKind::kDType) value = String("");
    out.fields.emplace_back(spec.name, value);
  }
  for (const auto& kv : given)
    if (!info->FindAttr(kv.first)) out.fields.push_back(kv);
  return py::cast(out);
}

relay::Function AsFunction(const py::object& obj, const char* what) {
  if (py::isinstance<IRModule>(obj)) {
    ObjectRef main = obj.cast<IRModule>().Lookup("main");
    TIRGEN_CHECK(main.as<relay::FunctionNode>()) << what << ": the module's main is not a Relay function";
    return main.cast<relay::Function>();
  }
  TIRGEN_CHECK(py::isinstance<relay::Function>(obj))
      << what << " expects a Relay Function, got " << std::string(py::str(py::type::of(obj).attr("__name__")));
  return obj.cast<relay::Function>();
}

py::object Shape(const relay::TensorType& t) {
  py::list out;
  for (const tir::PrimExpr& d : t->shape) {
    if (const auto* i = d.as<tir::IntImmNode>())
      out.append(py::int_(i->value));
    else
      out.append(Wrap(d));
  }
  return py::tuple(out);
}

}  // namespace

// An attribute value as a plain Python value (int, float, bool, str, list, dict, None); other
// nodes (types, expressions) as their wrappers.
py::object tirgen::python::AttrValue(const ObjectRef& v) {
  if (!v.defined()) return py::none();
  if (const auto* i = v.as<tir::IntImmNode>()) {
    if (i->dtype.is_bool()) return py::bool_(i->value != 0);
    return py::int_(i->value);
  }
  if (const auto* f = v.as<tir::FloatImmNode>()) return py::float_(f->value);
  if (const auto* s = v.as<StringObj>()) return py::str(s->value);
  if (const auto* s = v.as<tir::StringImmNode>()) return py::str(s->value);
  if (const auto* a = v.as<ArrayNode>()) {
    py::list out;
    for (const ObjectRef& e : a->elements) out.append(AttrValue(e));
    return std::move(out);
  }
  if (const auto* m = v.as<MapNode>()) {
    py::dict out;
    for (const auto& kv : m->items) out[py::str(kv.first)] = AttrValue(kv.second);
    return std::move(out);
  }
  return Wrap(v);
}

py::object tirgen::python::WrapRelay(const ObjectRef& obj) {
  switch (obj.kind()) {
    case Kind::kRelayVar: return py::cast(obj.cast<relay::Var>());
    case Kind::kGlobalVar: return py::cast(obj.cast<relay::GlobalVar>());
    case Kind::kConstant: return py::cast(obj.cast<relay::Constant>());
    case Kind::kRelayCall: return py::cast(obj.cast<relay::Call>());
    case Kind::kTuple: return py::cast(obj.cast<relay::Tuple>());
    case Kind::kTupleGetItem: return py::cast(obj.cast<relay::TupleGetItem>());
    case Kind::kRelayLet: return py::cast(obj.cast<relay::Let>());
    case Kind::kIf: return py::cast(obj.cast<relay::If>());
    case Kind::kFunction: return py::cast(obj.cast<relay::Function>());
    case Kind::kOp: return py::cast(obj.cast<relay::Op>());
    case Kind::kTensorType: return py::cast(obj.cast<relay::TensorType>());
    case Kind::kTupleType: return py::cast(obj.cast<relay::TupleType>());
    case Kind::kFuncType: return py::cast(obj.cast<relay::FuncType>());
    default: return py::object();
  }
}

void BindRelay(py::module_& m) {
  py::module_ r = m.def_submodule("relay", "Relay graph IR, its text format and the optimize pipeline");

  py::class_<PyAttrs>(r, "Attrs")
      .def("__getitem__", &PyAttrs::Get)
      .def("__getattr__", &PyAttrs::GetAttr)
      .def("__contains__", [](const PyAttrs& a, const std::string& k) { return relay::FindAttr(a.fields, k) != nullptr; })
      .def("__len__", [](const PyAttrs& a) { return a.fields.size(); })
      .def("keys", &PyAttrs::Keys)
      .def("get", [](const PyAttrs& a, const std::string& k, const py::object& dflt) {
        const ObjectRef* v = relay::FindAttr(a.fields, k);
        return v ? AttrValue(*v) : dflt;
      }, py::arg("key"), py::arg("default") = py::none())
      .def("dict", &PyAttrs::Dict)
      .def_readonly("type_key", &PyAttrs::type_key)
      .def("__repr__", [](const PyAttrs& a) { return std::string(py::repr(a.Dict())); });

  // Types.
  py::class_<relay::Type, ObjectRef>(r, "Type")
      .def("__str__", [](const relay::Type& t) { return relay::TypeToString(t); })
      .def("__repr__", [](const relay::Type& t) { return relay::TypeToString(t); })
      .def("__eq__", [](const relay::Type& a, const relay::Type& b) { return relay::TypeEqual(a, b); })
      .def("__hash__", [](const relay::Type& t) { return std::hash<std::string>()(relay::TypeToString(t)); });
  py::class_<relay::TensorType, relay::Type>(r, "TensorType")
      .def_property_readonly("shape", &Shape)
      .def_property_readonly("concrete_shape", &Shape)
      .def_property_readonly("dtype", [](const relay::TensorType& t) { return t->dtype.str(); });
  py::class_<relay::TupleType, relay::Type>(r, "TupleType")
      .def_property_readonly("fields", [](const relay::TupleType& t) { return WrapAll(t->fields); });
  py::class_<relay::FuncType, relay::Type>(r, "FuncType")
      .def_property_readonly("arg_types", [](const relay::FuncType& t) { return WrapAll(t->arg_types); })
      .def_property_readonly("ret_type", [](const relay::FuncType& t) { return Wrap(t->ret_type); });

  // Expressions.
  py::class_<relay::Expr, ObjectRef>(r, "Expr")
      .def_property_readonly("checked_type", [](const relay::Expr& e) {
        TIRGEN_CHECK(e->checked_type.defined())
            << "the type of this expression has not been checked yet: run tirgen.relay.infer_type first";
        return Wrap(e->checked_type);
      })
      .def("astext", [](const relay::Expr& e, bool show_meta_data) { return relay::PrintExpr(e, show_meta_data); },
           py::arg("show_meta_data") = true)
      .def("__str__", [](const relay::Expr& e) { return relay::PrintExpr(e, false); })
      // TVM compares IR nodes by reference (same_as), so `call.op == relay.Op.get("add")`.
      .def("__eq__", [](const relay::Expr& a, const py::object& b) {
        return py::isinstance<ObjectRef>(b) && a.same_as(b.cast<ObjectRef>());
      })
      .def("__hash__", [](const relay::Expr& e) { return std::hash<const void*>()(e.get()); });
  py::class_<relay::Var, relay::Expr>(r, "Var")
      .def_property_readonly("name_hint", [](const relay::Var& v) { return v->name_hint; })
      .def_property_readonly("type_annotation", [](const relay::Var& v) { return Wrap(v->type_annotation); });
  py::class_<relay::GlobalVar, relay::Expr>(r, "GlobalVar")
      .def_property_readonly("name_hint", [](const relay::GlobalVar& v) { return v->name_hint; });
  py::class_<relay::Constant, relay::Expr>(r, "Constant")
      .def_property_readonly("data", [](const relay::Constant& c) {
        TIRGEN_CHECK(c->data.defined()) << "constant " << c->unresolved_ref
                                        << " has no data (its text was printed without the metadata section)";
        return python::ToNumpy(c->data);
      });
  py::class_<relay::Op, relay::Expr>(r, "Op")
      .def_property_readonly("name", [](const relay::Op& o) { return o->name; })
      .def_static("get", &relay::Op::Get, py::arg("op_name"));
  py::class_<relay::Call, relay::Expr>(r, "Call")
      .def_property_readonly("op", [](const relay::Call& c) { return Wrap(c->op); })
      .def_property_readonly("args", [](const relay::Call& c) { return WrapAll(c->args); })
      .def_property_readonly("attrs", &CallAttrs)
      .def_property_readonly("type_args", [](const relay::Call& c) { return WrapAll(c->type_args); });
  py::class_<relay::Tuple, relay::Expr>(r, "Tuple")
      .def_property_readonly("fields", [](const relay::Tuple& t) { return WrapAll(t->fields); })
      .def("__len__", [](const relay::Tuple& t) { return t->fields.size(); })
      .def("__getitem__", [](const relay::Tuple& t, size_t i) {
        if (i >= t->fields.size()) throw py::index_error("tuple index out of range");
        return Wrap(t->fields[i]);
      });
  py::class_<relay::TupleGetItem, relay::Expr>(r, "TupleGetItem")
      .def_property_readonly("tuple_value", [](const relay::TupleGetItem& t) { return Wrap(t->tuple); })
      .def_property_readonly("index", [](const relay::TupleGetItem& t) { return t->index; });
  py::class_<relay::Let, relay::Expr>(r, "Let")
      .def_property_readonly("var", [](const relay::Let& l) { return Wrap(l->var); })
      .def_property_readonly("value", [](const relay::Let& l) { return Wrap(l->value); })
      .def_property_readonly("body", [](const relay::Let& l) { return Wrap(l->body); });
  py::class_<relay::If, relay::Expr>(r, "If")
      .def_property_readonly("cond", [](const relay::If& i) { return Wrap(i->cond); })
      .def_property_readonly("true_branch", [](const relay::If& i) { return Wrap(i->true_branch); })
      .def_property_readonly("false_branch", [](const relay::If& i) { return Wrap(i->false_branch); });
  py::class_<relay::Function, relay::Expr>(r, "Function")
      .def_property_readonly("params", [](const relay::Function& f) { return WrapAll(f->params); })
      .def_property_readonly("body", [](const relay::Function& f) { return Wrap(f->body); })
      .def_property_readonly("ret_type", [](const relay::Function& f) { return Wrap(f->ret_type); })
      .def_property_readonly("attrs", [](const relay::Function& f) { return PyAttrs{"DictAttrs", f->attrs}; })
      .def_property_readonly("is_primitive", [](const relay::Function& f) { return f->IsPrimitive(); });

  // Text format, passes.
  r.def(
      "parse",
      [](const std::string& text, const std::string& filename) {
        ObjectRef parsed = relay::Parse(text, filename);
        if (parsed.as<IRModuleNode>()) return Wrap(relay::InferType(parsed.cast<IRModule>()));
        return Wrap(relay::InferType(parsed.cast<relay::Expr>()));
      },
      py::arg("text"), py::arg("filename") = "<string>",
      "Relay text, type-checked as TVM's parser does: an IRModule for `def @main(...)` text, an "
      "expression for `fn (...)` text.");
  r.def(
      "parse_expr", [](const std::string& text, const std::string& filename) { return Wrap(relay::ParseExpr(text, filename)); },
      py::arg("text"), py::arg("filename") = "<string>");
  r.def(
      "optimize",
      [](const IRModule& mod, const py::object& params, bool link_params, int max_fuse_depth) {
        relay::OptimizeConfig config;
        config.link_params = link_params;
        config.max_fuse_depth = max_fuse_depth;
        config.constant_evaluator = lower::EvaluateConstant;
        return relay::Optimize(mod, python::NamedArrays(params), config);
      },
      py::arg("mod"), py::arg("params") = py::none(), py::arg("link_params") = false,
      py::arg("max_fuse_depth") = 256,
      "Binds params to main's parameters by name, then TVM's pass prefix and FuseOps.");
  r.def(
      "infer_type",
      [](const py::object& x) -> py::object {
        if (py::isinstance<IRModule>(x)) return Wrap(relay::InferType(x.cast<IRModule>()));
        return Wrap(relay::InferType(x.cast<relay::Expr>()));
      },
      py::arg("mod_or_expr"));
  r.def(
      "fuse_ops",
      [](const IRModule& mod, bool link_params, int max_fuse_depth) {
        return relay::FuseOps(relay::InferType(mod), link_params, max_fuse_depth);
      },
      py::arg("mod"), py::arg("link_params") = false, py::arg("max_fuse_depth") = 256);
  r.def(
      "bind_params_by_name",
      [](const IRModule& mod, const py::object& params) { return relay::BindParamsByName(mod, python::NamedArrays(params)); },
      py::arg("mod"), py::arg("params"));

  // TVM's relay.transform passes as Pass objects (tirgen.tir.transform.Pass: `p(mod)`,
  // composable with tirgen.tir.transform.Sequential).
  using tir::transform::Pass;
  py::module_ transform = r.def_submodule("transform", "Relay passes by TVM name");
  transform.attr("Sequential") = m.attr("tir").attr("transform").attr("Sequential");
  auto simple = [&](const char* name, IRModule (*fn)(const IRModule&)) {
    transform.def(name, [name, fn]() { return Pass(name, fn); });
  };
  simple("InferType", &relay::InferType);
  // The folding passes evaluate constant calls in process (lower::EvaluateConstant).
  transform.def("FoldConstant", []() {
    return Pass("FoldConstant", [](const IRModule& mod) { return relay::FoldConstant(mod, lower::EvaluateConstant); });
  });
  simple("SimplifyInference", &relay::SimplifyInference);
  transform.def("SimplifyExpr", []() {
    return Pass("SimplifyExpr", [](const IRModule& mod) { return relay::SimplifyExpr(mod, lower::EvaluateConstant); });
  });
  simple("CanonicalizeOps", &relay::CanonicalizeOps);
  simple("CanonicalizeCast", &relay::CanonicalizeCast);
  transform.def("EliminateCommonSubexpr", []() {
    return Pass("EliminateCommonSubexpr", [](const IRModule& mod) { return relay::EliminateCommonSubexpr(mod); });
  });
  transform.def(
      "DeadCodeElimination",
      [](bool inline_once) {
        return Pass("DeadCodeElimination", [=](const IRModule& mod) { return relay::DeadCodeElimination(mod, inline_once); });
      },
      py::arg("inline_once") = false);
  transform.def(
      "FuseOps",
      [](int fuse_opt_level, bool link_params, int max_fuse_depth) {
        (void)fuse_opt_level;  // opt level 3 fusion is the only one
        return Pass("FuseOps", [=](const IRModule& mod) {
          return relay::FuseOps(relay::InferType(mod), link_params, max_fuse_depth);
        });
      },
      py::arg("fuse_opt_level") = -1, py::arg("link_params") = false, py::arg("max_fuse_depth") = 256);

  py::module_ analysis = r.def_submodule("analysis", "graph traversals");
  analysis.def(
      "post_order_visit",
      [](const relay::Expr& e, const std::function<void(py::object)>& fn) {
        relay::PostOrderVisit(e, [&](const relay::Expr& x) { fn(Wrap(x)); });
      },
      py::arg("expr"), py::arg("fvisit"));

  py::object module_cls = m.attr("IRModule");
  module_cls.attr("from_expr") = py::cpp_function(
      [](const relay::Expr& e) {
        TIRGEN_CHECK(e.as<relay::FunctionNode>()) << "IRModule.from_expr expects a Relay Function";
        return relay::InferType(IRModule({{"main", e}}));
      },
      py::arg("expr"));
  module_cls.attr("from_expr") = py::staticmethod(module_cls.attr("from_expr"));

  // Lowering (tirgen.lower_to_primfunc, tirgen.lower_te).
  m.def(
      "lower_to_primfunc",
      [](const py::object& func, const std::string& target) {
        return lower::LowerToPrimFunc(AsFunction(func, "lower_to_primfunc"), target);
      },
      py::arg("func"), py::arg("target") = "c",
      "TVM's lower_to_primfunc: the block-form PrimFunc of a primitive (fused) Relay function.");
  m.def(
      "lower_te",
      [](const IRModule& mod, const std::string& target, const std::string& module_name) {
        lower::LowerTEOptions options;
        options.target = target;
        options.module_name = module_name;
        return lower::LowerTE(mod, options);
      },
      py::arg("mod"), py::arg("target") = "generic", py::arg("module_name") = "tvmgen_default",
      "TVM's LowerTE: every primitive function lowered to a PrimFunc, call sites to call_lowered.");
}

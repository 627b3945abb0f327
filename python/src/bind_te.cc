// tirgen._tirgen.te: the native half of tirgen.te (python/tirgen/te.py adds TVM's argument
// handling: lambda argument names, comm_reducer). Binds the C++ TE layer (src/te: Tensor,
// placeholder, compute, reduce_axis, CreatePrimFunc) and the reductions of tirgen/tir/op.h.
#include <pybind11/functional.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "expr_convert.h"
#include "tirgen/te/create_primfunc.h"
#include "tirgen/te/operation.h"
#include "tirgen/tir/op.h"
#include "wrap.h"

namespace py = pybind11;
using namespace tirgen;  // NOLINT
using python::ToDType;
using python::ToExpr;
using python::Wrap;

namespace {

std::vector<tir::PrimExpr> Shape(const py::object& shape) {
  std::vector<tir::PrimExpr> out;
  if (py::isinstance<tir::PrimExpr>(shape) || py::isinstance<py::int_>(shape)) {
    out.push_back(ToExpr(shape));
    return out;
  }
  for (const py::handle& s : shape) out.push_back(ToExpr(s));
  return out;
}

std::vector<tir::IterVar> Axes(const py::object& axis) {
  std::vector<tir::IterVar> out;
  if (py::isinstance<tir::IterVar>(axis)) {
    out.push_back(axis.cast<tir::IterVar>());
    return out;
  }
  for (const py::handle& a : axis) {
    if (!py::isinstance<tir::IterVar>(a)) throw Error("a reduction axis must be a te.reduce_axis");
    out.push_back(a.cast<tir::IterVar>());
  }
  return out;
}

// Compute attributes: tensors, lists of them, numbers and strings.
ObjectRef AttrValue(const py::handle& v) {
  if (py::isinstance<te::Tensor>(v)) return v.cast<te::Tensor>();
  if (py::isinstance<py::str>(v)) return String(v.cast<std::string>());
  if (py::isinstance<py::list>(v) || py::isinstance<py::tuple>(v)) {
    std::vector<ObjectRef> items;
    for (const py::handle& x : v) items.push_back(AttrValue(x));
    return Array(items);
  }
  if (py::isinstance<ObjectRef>(v)) return v.cast<ObjectRef>();
  return ToExpr(v);
}

using Reducer = tir::PrimExpr (*)(tir::PrimExpr, std::vector<tir::IterVar>, tir::PrimExpr,
                                  std::vector<tir::PrimExpr>);

void DefReduction(py::module_& te, const char* name, Reducer fn) {
  te.def(name, [fn](const py::object& expr, const py::object& axis, const py::object& where,
                    const py::object& init) {
    tir::PrimExpr cond = where.is_none() ? tir::PrimExpr() : ToExpr(where);
    std::vector<tir::PrimExpr> inits;
    if (!init.is_none()) inits.push_back(ToExpr(init));
    return Wrap(fn(ToExpr(expr), Axes(axis), cond, inits));
  }, py::arg("expr"), py::arg("axis"), py::arg("where") = py::none(), py::arg("init") = py::none());
}

}  // namespace

void BindTe(py::module_& m) {
  py::module_ te = m.def_submodule("te", "tensor expressions (native half of tirgen.te)");

  py::class_<te::Operation, ObjectRef>(te, "Operation")
      .def_property_readonly("name", [](const te::Operation& op) { return op->name; })
      .def_property_readonly("tag", [](const te::Operation& op) { return op->tag; })
      .def_property_readonly("num_outputs", [](const te::Operation& op) { return op->num_outputs(); })
      .def("output", &te::Operation::output, py::arg("index"))
      .def_property_readonly("axis", [](const te::Operation& op) {
        const auto* c = op.as<te::ComputeOpNode>();
        return c ? python::WrapAll(c->axis) : py::list();
      })
      .def_property_readonly("reduce_axis", [](const te::Operation& op) {
        const auto* c = op.as<te::ComputeOpNode>();
        return c ? python::WrapAll(c->reduce_axis) : py::list();
      })
      .def_property_readonly("body", [](const te::Operation& op) {
        const auto* c = op.as<te::ComputeOpNode>();
        return c ? python::WrapAll(c->body) : py::list();
      })
      .def_property_readonly("input_tensors", [](const te::Operation& op) {
        const auto* c = op.as<te::ComputeOpNode>();
        return c ? c->InputTensors() : std::vector<te::Tensor>{};
      });

  py::class_<te::Tensor, ObjectRef>(te, "Tensor")
      .def_property_readonly("shape", [](const te::Tensor& t) { return python::WrapAll(t->shape); })
      .def_property_readonly("dtype", [](const te::Tensor& t) { return t->dtype.str(); })
      .def_property_readonly("name", [](const te::Tensor& t) { return t.name_hint(); })
      .def_property_readonly("op", [](const te::Tensor& t) { return t->op; })
      .def_property_readonly("value_index", [](const te::Tensor& t) { return t->value_index; })
      .def_property_readonly("ndim", [](const te::Tensor& t) { return t.ndim(); })
      .def("__call__", [](const te::Tensor& t, const py::args& idx) {
        std::vector<tir::PrimExpr> xs;
        for (const py::handle& i : idx) xs.push_back(ToExpr(i));
        return Wrap(t(xs));
      })
      .def("__getitem__", [](const te::Tensor& t, const py::object& idx) {
        std::vector<tir::PrimExpr> xs;
        if (py::isinstance<py::tuple>(idx) || py::isinstance<py::list>(idx)) {
          for (const py::handle& i : idx) xs.push_back(ToExpr(i));
        } else {
          xs.push_back(ToExpr(idx));
        }
        return Wrap(t(xs));
      })
      .def("__eq__", [](const te::Tensor& a, const py::object& b) {
        return py::isinstance<te::Tensor>(b) && a.Equals(b.cast<te::Tensor>());
      })
      .def("__hash__", [](const te::Tensor& t) {
        return std::hash<const void*>()(t->op.get()) ^ static_cast<size_t>(t->value_index);
      })
      .def("__repr__", [](const te::Tensor& t) {
        return "Tensor(shape=" + py::repr(python::WrapAll(t->shape)).cast<std::string>() + ", op.name=" +
               t->op->name + ")";
      });

  te.def("placeholder", [](const py::object& shape, const py::object& dtype, const std::string& name) {
    return te::placeholder(Shape(shape), dtype.is_none() ? DataType::Float(32) : ToDType(dtype), name);
  }, py::arg("shape"), py::arg("dtype") = py::none(), py::arg("name") = "placeholder");

  te.def("compute", [](const py::object& shape, const std::function<py::object(py::list)>& fcompute,
                       const std::string& name, const std::string& tag, const py::object& attrs,
                       const std::vector<std::string>& var_names) {
    AttrMap amap;
    if (!attrs.is_none())
      for (const auto& kv : attrs.cast<py::dict>()) amap[kv.first.cast<std::string>()] = AttrValue(kv.second);
    te::FBatchCompute f = [&fcompute](const std::vector<tir::Var>& vars) {
      py::list args;
      for (const tir::Var& v : vars) args.append(Wrap(v));
      py::object body = fcompute(args);
      std::vector<tir::PrimExpr> out;
      if (py::isinstance<py::tuple>(body) || py::isinstance<py::list>(body)) {
        for (const py::handle& b : body) out.push_back(ToExpr(b));
      } else {
        out.push_back(ToExpr(body));
      }
      return out;
    };
    return te::compute_multi(Shape(shape), f, name, tag, amap, var_names);
  }, py::arg("shape"), py::arg("fcompute"), py::arg("name"), py::arg("tag"), py::arg("attrs"),
     py::arg("var_names"), "Outputs of a compute op; fcompute gets the axis vars as a list.");

  te.def("reduce_axis", [](const py::object& dom, const std::string& name) {
    if (py::isinstance<tir::Range>(dom)) return te::reduce_axis(dom.cast<tir::Range>(), name);
    py::sequence d = dom.cast<py::sequence>();
    if (d.size() != 2) throw Error("te.reduce_axis: dom must be (begin, end)");
    tir::PrimExpr begin = ToExpr(d[0]), end = ToExpr(d[1]);
    // TVM's Range(begin, end): extent = end - begin (just end when begin is 0).
    tir::PrimExpr extent = tir::is_const_int(begin, 0) ? end : tir::sub(end, begin);
    return te::reduce_axis(tir::Range(begin, extent), name);
  }, py::arg("dom"), py::arg("name") = "rv");

  DefReduction(te, "sum", static_cast<Reducer>(&tir::sum));
  DefReduction(te, "max", static_cast<Reducer>(&tir::max));
  DefReduction(te, "min", static_cast<Reducer>(&tir::min));
  DefReduction(te, "prod", static_cast<Reducer>(&tir::prod));

  // The pieces of a Python comm_reducer: the combiner and one Reduce per component.
  te.def("_comm_reducer", [](const std::vector<tir::Var>& lhs, const std::vector<tir::Var>& rhs,
                             const py::list& result, const py::list& identity) {
    std::vector<tir::PrimExpr> res, ids;
    for (const py::handle& r : result) res.push_back(ToExpr(r));
    for (const py::handle& i : identity) ids.push_back(ToExpr(i));
    return ObjectRef(tir::CommReducer(lhs, rhs, res, ids));
  });
  // All components at once: they must share source, axes and condition objects.
  te.def("_reduce", [](const ObjectRef& combiner, const py::list& source, const py::object& axis,
                       const py::object& where, const py::object& init) {
    std::vector<tir::PrimExpr> src, inits;
    for (const py::handle& s : source) src.push_back(ToExpr(s));
    if (!init.is_none())
      for (const py::handle& i : init) inits.push_back(ToExpr(i));
    tir::PrimExpr cond = where.is_none() ? tir::IntImm(DataType::Bool(), 1) : ToExpr(where);
    std::vector<tir::IterVar> axes = Axes(axis);
    py::list out;
    for (size_t i = 0; i < src.size(); ++i)
      out.append(Wrap(tir::Reduce(combiner.cast<tir::CommReducer>(), src, axes, cond, static_cast<int>(i), inits)));
    return out;
  });

  // te.extern's native half: python/tirgen/te.py normalizes shapes and dtypes; `fbody` gets
  // the input and output placeholder buffers and returns a statement or an expression.
  te.def("_extern", [](const std::vector<py::object>& shapes, const std::vector<py::object>& dtypes,
                       const std::vector<te::Tensor>& inputs, const py::function& fbody,
                       const std::string& name, const std::string& tag, const py::object& attrs) {
    AttrMap amap;
    if (!attrs.is_none())
      for (const auto& kv : attrs.cast<py::dict>()) amap[kv.first.cast<std::string>()] = AttrValue(kv.second);
    std::vector<std::vector<tir::PrimExpr>> shp;
    for (const py::object& s : shapes) shp.push_back(Shape(s));
    std::vector<DataType> dts;
    for (const py::object& d : dtypes) dts.push_back(ToDType(d));
    te::FExternBody f = [&fbody, &name](const std::vector<tir::Buffer>& ins, const std::vector<tir::Buffer>& outs) {
      py::list pins, pouts;
      for (const tir::Buffer& b : ins) pins.append(Wrap(b));
      for (const tir::Buffer& b : outs) pouts.append(Wrap(b));
      py::object body = fbody(pins, pouts);
      if (py::isinstance<tir::Stmt>(body)) return body.cast<tir::Stmt>();
      if (py::isinstance<tir::PrimExpr>(body)) return tir::Stmt(tir::Evaluate(body.cast<tir::PrimExpr>()));
      throw Error("te.extern " + name + ": the function should return a PrimExpr or a Stmt, but it returned " +
                  std::string(py::str(py::type::of(body).attr("__name__"))));
    };
    return te::extern_op(shp, dts, inputs, f, name, tag, amap);
  });
  te.def("_scan", [](const std::vector<te::Tensor>& init, const std::vector<te::Tensor>& update,
                     const std::vector<te::Tensor>& state, const std::vector<te::Tensor>& inputs,
                     const std::string& name, const std::string& tag) {
    return te::scan(init, update, state, inputs, name, tag);
  });

  te.def("create_prim_func", [](const std::vector<te::Tensor>& args, const py::object& index_dtype_override) {
    std::optional<DataType> over;
    if (!index_dtype_override.is_none()) over = ToDType(index_dtype_override);
    return te::CreatePrimFunc(args, {}, over);
  }, py::arg("ops"), py::arg("index_dtype_override") = py::none(),
     "A PrimFunc in block form of the given tensors (inputs then outputs, in parameter order).");
}

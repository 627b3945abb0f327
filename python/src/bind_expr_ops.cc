// Building TIR expressions from Python, with TVM's names and semantics: operators on
// tir.PrimExpr (+ - * / // % comparisons, & | ^ << >> ~, astype), Python ints/floats/bools
// converted as TVM's FFI converts them, and the tvm.tir functions TE programs call (const, Var,
// Cast, Select, if_then_else, all/any, exp/log/..., min/max, floordiv, min_value, ...).
// The semantics (type matching, folding) are the C++ builders' of tirgen/tir/op.h.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "expr_convert.h"
#include "tirgen/tir/op.h"
#include "wrap.h"

namespace py = pybind11;
using namespace tirgen;  // NOLINT
using python::Wrap;

tir::PrimExpr tirgen::python::ToExpr(const py::handle& h) {
  if (py::isinstance<tir::PrimExpr>(h)) return h.cast<tir::PrimExpr>();
  // A TE axis (te.reduce_axis) stands for its variable, as TVM's IterVar does.
  if (py::isinstance<tir::IterVar>(h)) return h.cast<tir::IterVar>()->var;
  // bool before int: Python's bool is an int.
  if (py::isinstance<py::bool_>(h)) return tir::IntImm(DataType::Bool(), h.cast<bool>() ? 1 : 0);
  if (py::isinstance<py::int_>(h)) {
    // TVM's FFI: an int that fits int32 is int32, else int64.
    int64_t v = h.cast<int64_t>();
    bool fits = v >= INT32_MIN && v <= INT32_MAX;
    return tir::IntImm(fits ? DataType::Int(32) : DataType::Int(64), v);
  }
  if (py::isinstance<py::float_>(h)) return tir::FloatImm(DataType::Float(32), h.cast<double>());
  throw Error("expected a TIR expression, int, float or bool, got a value of type " +
              std::string(py::str(py::type::of(h).attr("__name__"))));
}

DataType tirgen::python::ToDType(const py::handle& h) {
  if (py::isinstance<py::str>(h)) return DataType::FromString(h.cast<std::string>());
  return DataType::FromString(py::str(h).cast<std::string>());
}

ObjectRef tirgen::python::ToIR(const py::handle& h) {
  if (py::isinstance<ObjectRef>(h) && !py::isinstance<tir::IterVar>(h)) return h.cast<ObjectRef>();
  return ToExpr(h);
}

namespace {

using python::ToDType;
using python::ToExpr;
using BinFn = tir::PrimExpr (*)(tir::PrimExpr, tir::PrimExpr);

bool IsInt(const tir::PrimExpr& e) { return e.dtype().is_integer(); }

// A binary operator and its reflected form (`2 * x` calls x.__rmul__(2)).
void DefBinary(py::class_<tir::PrimExpr, ObjectRef>& cls, const char* name, const char* rname,
               BinFn fn) {
  cls.def(name, [fn](const tir::PrimExpr& a, const py::object& b) { return Wrap(fn(a, ToExpr(b))); });
  if (rname)
    cls.def(rname, [fn](const tir::PrimExpr& a, const py::object& b) { return Wrap(fn(ToExpr(b), a)); });
}

tir::PrimExpr TrueDiv(tir::PrimExpr a, tir::PrimExpr b) {
  // TVM: `/` on two integers is ambiguous; say which division is meant.
  if (IsInt(a) && IsInt(b))
    throw Error("'/' on two integer expressions is ambiguous; use // (floordiv) or "
                "tir.truncdiv, or cast an operand to float");
  return tir::div(std::move(a), std::move(b));
}

// `a == b` builds EQ (TE bodies need it); its truth value is reference identity, as TVM's
// EqualOp, so IR nodes still work as dict keys. Non-expressions compare by identity.
py::object EqualOp(const tir::PrimExpr& a, const py::object& b, bool equal) {
  bool convertible = py::isinstance<tir::PrimExpr>(b) || py::isinstance<py::int_>(b) ||
                     py::isinstance<py::float_>(b);
  if (!convertible || a.dtype().is_handle()) {
    bool same = py::isinstance<ObjectRef>(b) && a.same_as(b.cast<ObjectRef>());
    return py::bool_(same == equal);
  }
  tir::PrimExpr y = ToExpr(b);
  if (y.dtype().is_handle()) return py::bool_(a.same_as(y) == equal);
  return Wrap(equal ? tir::eq(a, y) : tir::ne(a, y));
}

std::vector<tir::PrimExpr> ToExprs(const py::iterable& xs) {
  std::vector<tir::PrimExpr> out;
  for (const py::handle& x : xs) out.push_back(ToExpr(x));
  return out;
}

// tvm.tir.all / any: a chain of logical and/or over the arguments, left to right.
tir::PrimExpr Chain(const py::args& args, bool all) {
  if (args.size() == 0) throw Error(std::string("tir.") + (all ? "all" : "any") + " needs at least one argument");
  std::vector<tir::PrimExpr> xs = ToExprs(args);
  tir::PrimExpr r = xs[0];
  for (size_t i = 1; i < xs.size(); ++i) r = all ? tir::logical_and(r, xs[i]) : tir::logical_or(r, xs[i]);
  return r;
}

}  // namespace

void BindExprOps(py::module_& m) {
  py::module_ tir = m.attr("tir").cast<py::module_>();
  auto expr = py::reinterpret_borrow<py::class_<tir::PrimExpr, ObjectRef>>(tir.attr("PrimExpr"));

  DefBinary(expr, "__add__", "__radd__", &tir::add);
  DefBinary(expr, "__sub__", "__rsub__", &tir::sub);
  DefBinary(expr, "__mul__", "__rmul__", &tir::mul);
  DefBinary(expr, "__truediv__", "__rtruediv__", &TrueDiv);
  DefBinary(expr, "__floordiv__", "__rfloordiv__", &tir::floordiv);
  DefBinary(expr, "__mod__", "__rmod__", &tir::floormod);
  DefBinary(expr, "__lt__", nullptr, &tir::lt);
  DefBinary(expr, "__le__", nullptr, &tir::le);
  DefBinary(expr, "__gt__", nullptr, &tir::gt);
  DefBinary(expr, "__ge__", nullptr, &tir::ge);
  DefBinary(expr, "__and__", "__rand__", &tir::bitwise_and);
  DefBinary(expr, "__or__", "__ror__", &tir::bitwise_or);
  DefBinary(expr, "__xor__", "__rxor__", &tir::bitwise_xor);
  DefBinary(expr, "__lshift__", "__rlshift__", &tir::shift_left);
  DefBinary(expr, "__rshift__", "__rrshift__", &tir::shift_right);
  // TVM's ExprOp.__neg__ is `self * const(-1, dtype)`.
  expr.def("__neg__", [](const tir::PrimExpr& a) { return Wrap(tir::mul(a, tir::make_const(a.dtype(), -1))); });
  expr.def("__invert__", [](const tir::PrimExpr& a) { return Wrap(tir::bitwise_not(a)); });
  expr.def("__eq__", [](const tir::PrimExpr& a, const py::object& b) { return EqualOp(a, b, true); });
  expr.def("__ne__", [](const tir::PrimExpr& a, const py::object& b) { return EqualOp(a, b, false); });
  expr.def("__hash__", [](const tir::PrimExpr& a) { return std::hash<const void*>()(a.get()); });
  expr.def("equal", [](const tir::PrimExpr& a, const py::object& b) { return Wrap(tir::eq(a, ToExpr(b))); },
           py::arg("other"));
  expr.def("astype", [](const tir::PrimExpr& a, const py::object& t) { return Wrap(tir::cast(ToDType(t), a)); },
           py::arg("dtype"));
  // `bool(x == y)` is identity (EqualOp); a constant is its value; anything else is an error.
  auto truth = [](const tir::PrimExpr& e) -> bool {
    if (const auto* i = e.as<tir::IntImmNode>()) return i->value != 0;
    if (const auto* b = e.as<tir::BinaryNode>()) {
      if (e.kind() == Kind::kEQ) return b->a.same_as(b->b);
      if (e.kind() == Kind::kNE) return !b->a.same_as(b->b);
    }
    throw Error("cannot use and / or / not on a TIR expression; use tir.all / tir.any instead");
  };
  expr.def("__bool__", truth);

  tir.def("const", [](const py::object& value, const py::object& dtype) {
    if (dtype.is_none()) {
      if (py::isinstance<py::bool_>(value)) return Wrap(ToExpr(value));
      if (py::isinstance<py::float_>(value)) return Wrap(tir::FloatImm(DataType::Float(32), value.cast<double>()));
      return Wrap(ToExpr(value));
    }
    DataType t = ToDType(dtype);
    if (t.is_floating()) return Wrap(tir::make_const(t, value.cast<double>()));
    return Wrap(tir::make_const(t, value.cast<int64_t>()));
  }, py::arg("value"), py::arg("dtype") = py::none(), "A constant (int32/float32 when dtype is not given).");
  tir.attr("IntImm").cast<py::class_<tir::IntImm, tir::PrimExpr>>().def(
      py::init([](const py::object& dtype, int64_t v) { return tir::IntImm(ToDType(dtype), v); }),
      py::arg("dtype"), py::arg("value"));
  tir.attr("FloatImm").cast<py::class_<tir::FloatImm, tir::PrimExpr>>().def(
      py::init([](const py::object& dtype, double v) { return tir::FloatImm(ToDType(dtype), v); }),
      py::arg("dtype"), py::arg("value"));
  tir.attr("Var").cast<py::class_<tir::Var, tir::PrimExpr>>().def(
      py::init([](const std::string& name, const py::object& dtype) { return tir::Var(name, ToDType(dtype)); }),
      py::arg("name"), py::arg("dtype") = "int32");
  tir.def("SizeVar", [](const std::string& name, const py::object& dtype) {
    return Wrap(tir::Var::Size(name, ToDType(dtype)));
  }, py::arg("name"), py::arg("dtype") = "int32");
  // Raw nodes, as TVM's constructors build them (no folding).
  tir.attr("Cast").cast<py::class_<tir::Cast, tir::PrimExpr>>().def(
      py::init([](const py::object& dtype, const py::object& v) { return tir::Cast(ToDType(dtype), ToExpr(v)); }),
      py::arg("dtype"), py::arg("value"));
  tir.def("reinterpret", [](const py::object& dtype, const py::object& v) {
    return Wrap(tir::reinterpret(ToDType(dtype), ToExpr(v)));
  }, py::arg("dtype"), py::arg("value"));
  tir.attr("Select").cast<py::class_<tir::Select, tir::PrimExpr>>().def(
      py::init([](const py::object& c, const py::object& t, const py::object& f) {
        return tir::Select(ToExpr(c), ToExpr(t), ToExpr(f));
      }),
      py::arg("condition"), py::arg("true_value"), py::arg("false_value"));
  tir.attr("Call").cast<py::class_<tir::Call, tir::PrimExpr>>().def(
      py::init([](const py::object& dtype, const std::string& op, const py::iterable& args) {
        // TVM names ops with their "tir." prefix; a bare name is a tir op too.
        return tir::Call(ToDType(dtype), op.rfind("tir.", 0) == 0 ? op : "tir." + op, ToExprs(args));
      }),
      py::arg("dtype"), py::arg("op"), py::arg("args"));
  tir.def("if_then_else", [](const py::object& c, const py::object& t, const py::object& f) {
    return Wrap(tir::if_then_else(ToExpr(c), ToExpr(t), ToExpr(f)));
  }, py::arg("cond"), py::arg("t"), py::arg("f"));
  tir.def("likely", [](const py::object& c) { return Wrap(tir::likely(ToExpr(c))); }, py::arg("cond"));
  tir.def("all", [](const py::args& a) { return Wrap(Chain(a, true)); }, "Logical and of the arguments.");
  tir.def("any", [](const py::args& a) { return Wrap(Chain(a, false)); }, "Logical or of the arguments.");
  tir.def("min_value", [](const py::object& t) { return Wrap(tir::min_value(ToDType(t))); }, py::arg("dtype"));
  tir.def("max_value", [](const py::object& t) { return Wrap(tir::max_value(ToDType(t))); }, py::arg("dtype"));

#define TIRGEN_UNARY(NAME) \
  tir.def(#NAME, [](const py::object& x) { return Wrap(tir::NAME(ToExpr(x))); }, py::arg("x"));
  TIRGEN_UNARY(exp) TIRGEN_UNARY(log) TIRGEN_UNARY(sqrt) TIRGEN_UNARY(rsqrt) TIRGEN_UNARY(tanh)
  TIRGEN_UNARY(sigmoid) TIRGEN_UNARY(erf) TIRGEN_UNARY(abs) TIRGEN_UNARY(floor) TIRGEN_UNARY(ceil)
  TIRGEN_UNARY(round) TIRGEN_UNARY(nearbyint) TIRGEN_UNARY(bitwise_not)
#undef TIRGEN_UNARY
#define TIRGEN_BINARY(NAME, FN) \
  tir.def(NAME, [](const py::object& a, const py::object& b) { return Wrap(FN(ToExpr(a), ToExpr(b))); }, \
          py::arg("a"), py::arg("b"));
  TIRGEN_BINARY("pow", tir::pow) TIRGEN_BINARY("power", tir::pow)
  TIRGEN_BINARY("floordiv", tir::floordiv) TIRGEN_BINARY("floormod", tir::floormod)
  TIRGEN_BINARY("truncdiv", tir::truncdiv) TIRGEN_BINARY("truncmod", tir::truncmod)
  TIRGEN_BINARY("div", tir::div) TIRGEN_BINARY("indexdiv", tir::floordiv)
  TIRGEN_BINARY("indexmod", tir::floormod)
  TIRGEN_BINARY("bitwise_and", tir::bitwise_and) TIRGEN_BINARY("bitwise_or", tir::bitwise_or)
  TIRGEN_BINARY("bitwise_xor", tir::bitwise_xor) TIRGEN_BINARY("shift_left", tir::shift_left)
  TIRGEN_BINARY("shift_right", tir::shift_right)
#undef TIRGEN_BINARY
  // tvm.tir.max/min: of two expressions (TVM's `max(expr, axis)` reduction form is te.max).
  tir.def("max", [](const py::object& a, const py::object& b) { return Wrap(tir::max(ToExpr(a), ToExpr(b))); },
          py::arg("a"), py::arg("b"));
  tir.def("min", [](const py::object& a, const py::object& b) { return Wrap(tir::min(ToExpr(a), ToExpr(b))); },
          py::arg("a"), py::arg("b"));
  // tvm.tir.call_extern / call_pure_extern: a call of the C function `name` (pure: no effects,
  // so the simplifier may move or drop it).
  for (const char* op : {"call_extern", "call_pure_extern"}) {
    std::string full = std::string("tir.") + op;
    tir.def(op, [full](const py::object& dtype, const std::string& name, const py::args& args) {
      std::vector<tir::PrimExpr> xs{tir::StringImm(name)};
      for (const tir::PrimExpr& a : ToExprs(args)) xs.push_back(a);
      // TVM's DataType("") is void: tir.call_extern("", "f", ...) is a call for its effect.
      bool is_void = py::isinstance<py::str>(dtype) && dtype.cast<std::string>().empty();
      return Wrap(tir::Call(is_void ? DataType::Void() : ToDType(dtype), full, xs));
    }, py::arg("dtype"), py::arg("func_name"));
  }
  // tvm.tir.call_packed: a Buffer argument is passed as a DLTensor built on the stack
  // (TVM's _pack_buffer: data, shape, strides or 0, ndim, a zero of the dtype, elem_offset).
  tir.def("call_packed", [](const std::string& name, const py::args& args) {
    std::vector<tir::PrimExpr> xs{tir::StringImm(name)};
    for (const py::handle& a : args) {
      if (!py::isinstance<tir::Buffer>(a)) {
        xs.push_back(ToExpr(a));
        continue;
      }
      tir::Buffer b = a.cast<tir::Buffer>();
      tir::PrimExpr shape = tir::Call(DataType::Handle(), "tir.tvm_stack_make_shape", b->shape);
      tir::PrimExpr strides = b->strides.empty() ? tir::PrimExpr(tir::IntImm(DataType::Int(32), 0))
                                                 : tir::Call(DataType::Handle(), "tir.tvm_stack_make_shape", b->strides);
      xs.push_back(tir::Call(DataType::Handle(), "tir.tvm_stack_make_array",
                             {b->data, shape, strides, tir::IntImm(DataType::Int(32), static_cast<int64_t>(b->shape.size())),
                              tir::make_const(b->dtype, 0), b->elem_offset}));
    }
    return Wrap(tir::Call(DataType::Int(32), "tir.tvm_call_packed", xs));
  }, py::arg("func_name"));
  // buf[i, j]: a load (TVM's Buffer.__getitem__ with scalar indices).
  m.attr("tir").attr("Buffer").attr("__getitem__") = py::cpp_function(
      [](const tir::Buffer& b, const py::object& idx) {
        std::vector<tir::PrimExpr> indices = py::isinstance<py::tuple>(idx) ? ToExprs(idx) : std::vector<tir::PrimExpr>{ToExpr(idx)};
        if (indices.size() != b->shape.size())
          throw Error("buffer " + b->name + " has " + std::to_string(b->shape.size()) + " dimensions, indexed with " +
                      std::to_string(indices.size()));
        return Wrap(tir::BufferLoad(b, indices));
      },
      py::is_method(m.attr("tir").attr("Buffer")));
}

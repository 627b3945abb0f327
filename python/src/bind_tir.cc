// TIR nodes with TVM's Python attribute names, so a TVM test that walks a PrimFunc ports by
// changing its imports: PrimFunc.params/buffer_map/body/attrs, Buffer.name/shape/dtype/data,
// For.loop_var/min/extent/kind/body, Block.name_hint/iter_vars/reads/writes/init/body,
// AllocateConst.data (a numpy array), BufferLoad/BufferStore, expressions (isinstance
// tir.Add, tir.IntImm, ...), and tir.stmt_functor.post_order_visit.
#include <pybind11/functional.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "numpy_convert.h"
#include "tirgen/tir/function.h"
#include "tirgen/tir/functor.h"
#include "tirgen/script/printer.h"
#include "wrap.h"

namespace py = pybind11;
using namespace tirgen;  // NOLINT
using python::Wrap;
using python::WrapAll;

namespace {

py::dict AttrDict(const AttrMap& attrs) {
  py::dict out;
  for (const auto& kv : attrs) out[py::str(kv.first)] = python::AttrValue(kv.second);
  return out;
}

// One Python class per binary operator kind (tir.Add, tir.LT, ...) over the one C++ node type.
template <Kind K>
struct BinaryOf : tir::Binary {
  explicit BinaryOf(const tir::Binary& b) : tir::Binary(b) {}
};

template <Kind K>
void BindBinary(py::module_& tir, const char* name) {
  py::class_<BinaryOf<K>, tir::Binary>(tir, name);
}

template <Kind K>
py::object CastBinary(const ObjectRef& obj) {
  return py::cast(BinaryOf<K>(obj.cast<tir::Binary>()));
}

py::object WrapBinary(const ObjectRef& obj) {
  switch (obj.kind()) {
#define TIRGEN_BINARY_CASE(K) \
  case Kind::K: return CastBinary<Kind::K>(obj);
    TIRGEN_BINARY_CASE(kAdd) TIRGEN_BINARY_CASE(kSub) TIRGEN_BINARY_CASE(kMul) TIRGEN_BINARY_CASE(kDiv)
    TIRGEN_BINARY_CASE(kMod) TIRGEN_BINARY_CASE(kFloorDiv) TIRGEN_BINARY_CASE(kFloorMod)
    TIRGEN_BINARY_CASE(kMin) TIRGEN_BINARY_CASE(kMax) TIRGEN_BINARY_CASE(kEQ) TIRGEN_BINARY_CASE(kNE)
    TIRGEN_BINARY_CASE(kLT) TIRGEN_BINARY_CASE(kLE) TIRGEN_BINARY_CASE(kGT) TIRGEN_BINARY_CASE(kGE)
    TIRGEN_BINARY_CASE(kAnd) TIRGEN_BINARY_CASE(kOr)
#undef TIRGEN_BINARY_CASE
    default: return py::object();
  }
}

py::object ConstValue(const tir::PrimExpr& e) {
  if (const auto* i = e.as<tir::IntImmNode>()) return py::int_(i->value);
  return Wrap(e);
}

// Calls `fn` on every node below `node` (children first), as TVM's post_order_visit does.
class PostOrder : public tir::StmtExprVisitor {
 public:
  using tir::StmtExprVisitor::VisitExpr;
  using tir::StmtExprVisitor::VisitStmt;
  explicit PostOrder(const std::function<void(py::object)>& fn) : fn_(fn) {}
  void VisitExpr(const tir::PrimExpr& e) override {
    tir::StmtExprVisitor::VisitExpr(e);
    fn_(Wrap(e));
  }
  void VisitStmt(const tir::Stmt& s) override {
    tir::StmtExprVisitor::VisitStmt(s);
    fn_(Wrap(s));
  }

 private:
  const std::function<void(py::object)>& fn_;
};

}  // namespace

py::object tirgen::python::WrapTir(const ObjectRef& obj) {
  switch (obj.kind()) {
    case Kind::kIntImm: return py::cast(obj.cast<tir::IntImm>());
    case Kind::kFloatImm: return py::cast(obj.cast<tir::FloatImm>());
    case Kind::kStringImm: return py::cast(obj.cast<tir::StringImm>());
    case Kind::kVar:
    case Kind::kSizeVar: return py::cast(obj.cast<tir::Var>());
    case Kind::kCast: return py::cast(obj.cast<tir::Cast>());
    case Kind::kNot: return py::cast(obj.cast<tir::Not>());
    case Kind::kSelect: return py::cast(obj.cast<tir::Select>());
    case Kind::kBufferLoad: return py::cast(obj.cast<tir::BufferLoad>());
    case Kind::kRamp: return py::cast(obj.cast<tir::Ramp>());
    case Kind::kBroadcast: return py::cast(obj.cast<tir::Broadcast>());
    case Kind::kShuffle: return py::cast(obj.cast<tir::Shuffle>());
    case Kind::kLet: return py::cast(obj.cast<tir::Let>());
    case Kind::kCall: return py::cast(obj.cast<tir::Call>());
    case Kind::kLetStmt: return py::cast(obj.cast<tir::LetStmt>());
    case Kind::kAttrStmt: return py::cast(obj.cast<tir::AttrStmt>());
    case Kind::kAssertStmt: return py::cast(obj.cast<tir::AssertStmt>());
    case Kind::kBufferStore: return py::cast(obj.cast<tir::BufferStore>());
    case Kind::kAllocate: return py::cast(obj.cast<tir::Allocate>());
    case Kind::kAllocateConst: return py::cast(obj.cast<tir::AllocateConst>());
    case Kind::kDeclBuffer: return py::cast(obj.cast<tir::DeclBuffer>());
    case Kind::kSeqStmt: return py::cast(obj.cast<tir::SeqStmt>());
    case Kind::kIfThenElse: return py::cast(obj.cast<tir::IfThenElse>());
    case Kind::kEvaluate: return py::cast(obj.cast<tir::Evaluate>());
    case Kind::kFor: return py::cast(obj.cast<tir::For>());
    case Kind::kWhile: return py::cast(obj.cast<tir::While>());
    case Kind::kBlock: return py::cast(obj.cast<tir::Block>());
    case Kind::kBlockRealize: return py::cast(obj.cast<tir::BlockRealize>());
    case Kind::kBufferRealize: return py::cast(obj.cast<tir::BufferRealize>());
    case Kind::kProducerLoad:  // TE expressions: plain tir.PrimExpr
    case Kind::kReduce: return py::cast(obj.cast<tir::PrimExpr>());
    case Kind::kRange: return py::cast(obj.cast<tir::Range>());
    case Kind::kIterVar: return py::cast(obj.cast<tir::IterVar>());
    case Kind::kBuffer: return py::cast(obj.cast<tir::Buffer>());
    case Kind::kBufferRegion: return py::cast(obj.cast<tir::BufferRegion>());
    case Kind::kMatchBufferRegion: return py::cast(obj.cast<tir::MatchBufferRegion>());
    default: return WrapBinary(obj);
  }
}

void BindTir(py::module_& m) {
  py::module_ tir = m.attr("tir").cast<py::module_>();

  // PrimFunc (class defined in module.cc): TVM's fields.
  auto prim_func = py::reinterpret_borrow<py::class_<tir::PrimFunc, ObjectRef>>(m.attr("PrimFunc"));
  prim_func.def_property_readonly("params", [](const tir::PrimFunc& f) { return WrapAll(f->params); })
      .def_property_readonly("buffer_map",
                             [](const tir::PrimFunc& f) {
                               py::dict out;
                               for (const auto& kv : f->buffer_map) out[Wrap(kv.first)] = Wrap(kv.second);
                               return out;
                             })
      .def_property_readonly("body", [](const tir::PrimFunc& f) { return Wrap(f->body); })
      .def_property_readonly("attrs", [](const tir::PrimFunc& f) { return AttrDict(f->attrs); })
      .def_property_readonly("ret_type", [](const tir::PrimFunc& f) { return f->ret_type.str(); });
  tir.attr("PrimFunc") = m.attr("PrimFunc");

  py::class_<tir::PrimExpr, ObjectRef>(tir, "PrimExpr")
      .def_property_readonly("dtype", [](const tir::PrimExpr& e) { return e.dtype().str(); })
      .def("__str__", [](const tir::PrimExpr& e) { return script::PrintExpr(e); })
      .def("__repr__", [](const tir::PrimExpr& e) { return script::PrintExpr(e); });
  py::class_<tir::IntImm, tir::PrimExpr>(tir, "IntImm")
      .def_property_readonly("value", [](const tir::IntImm& i) { return i->value; })
      .def("__int__", [](const tir::IntImm& i) { return i->value; })
      .def("__bool__", [](const tir::IntImm& i) { return i->value != 0; });
  py::class_<tir::FloatImm, tir::PrimExpr>(tir, "FloatImm")
      .def_property_readonly("value", [](const tir::FloatImm& f) { return f->value; })
      .def("__float__", [](const tir::FloatImm& f) { return f->value; });
  py::class_<tir::StringImm, tir::PrimExpr>(tir, "StringImm")
      .def_property_readonly("value", [](const tir::StringImm& s) { return s->value; });
  py::class_<tir::Var, tir::PrimExpr>(tir, "Var")
      .def_property_readonly("name", [](const tir::Var& v) { return v->name_hint; })
      .def_property_readonly("name_hint", [](const tir::Var& v) { return v->name_hint; });
  py::class_<tir::Cast, tir::PrimExpr>(tir, "Cast").def_property_readonly("value", [](const tir::Cast& c) {
    return Wrap(c->value);
  });
  py::class_<tir::Binary, tir::PrimExpr>(tir, "BinaryOpExpr")
      .def_property_readonly("a", [](const tir::Binary& b) { return Wrap(b->a); })
      .def_property_readonly("b", [](const tir::Binary& b) { return Wrap(b->b); });
#define TIRGEN_BIND_BINARY(K, N) BindBinary<Kind::K>(tir, N);
  TIRGEN_BIND_BINARY(kAdd, "Add") TIRGEN_BIND_BINARY(kSub, "Sub") TIRGEN_BIND_BINARY(kMul, "Mul")
  TIRGEN_BIND_BINARY(kDiv, "Div") TIRGEN_BIND_BINARY(kMod, "Mod") TIRGEN_BIND_BINARY(kFloorDiv, "FloorDiv")
  TIRGEN_BIND_BINARY(kFloorMod, "FloorMod") TIRGEN_BIND_BINARY(kMin, "Min") TIRGEN_BIND_BINARY(kMax, "Max")
  TIRGEN_BIND_BINARY(kEQ, "EQ") TIRGEN_BIND_BINARY(kNE, "NE") TIRGEN_BIND_BINARY(kLT, "LT")
  TIRGEN_BIND_BINARY(kLE, "LE") TIRGEN_BIND_BINARY(kGT, "GT") TIRGEN_BIND_BINARY(kGE, "GE")
  TIRGEN_BIND_BINARY(kAnd, "And") TIRGEN_BIND_BINARY(kOr, "Or")
#undef TIRGEN_BIND_BINARY
  py::class_<tir::Not, tir::PrimExpr>(tir, "Not").def_property_readonly("a", [](const tir::Not& n) {
    return Wrap(n->a);
  });
  py::class_<tir::Select, tir::PrimExpr>(tir, "Select")
      .def_property_readonly("condition", [](const tir::Select& s) { return Wrap(s->condition); })
      .def_property_readonly("true_value", [](const tir::Select& s) { return Wrap(s->true_value); })
      .def_property_readonly("false_value", [](const tir::Select& s) { return Wrap(s->false_value); });
  py::class_<tir::BufferLoad, tir::PrimExpr>(tir, "BufferLoad")
      .def_property_readonly("buffer", [](const tir::BufferLoad& l) { return Wrap(l->buffer); })
      .def_property_readonly("indices", [](const tir::BufferLoad& l) { return WrapAll(l->indices); });
  py::class_<tir::Ramp, tir::PrimExpr>(tir, "Ramp")
      .def_property_readonly("base", [](const tir::Ramp& r) { return Wrap(r->base); })
      .def_property_readonly("stride", [](const tir::Ramp& r) { return Wrap(r->stride); })
      .def_property_readonly("lanes", [](const tir::Ramp& r) { return r->lanes; });
  py::class_<tir::Broadcast, tir::PrimExpr>(tir, "Broadcast")
      .def_property_readonly("value", [](const tir::Broadcast& b) { return Wrap(b->value); })
      .def_property_readonly("lanes", [](const tir::Broadcast& b) { return b->lanes; });
  py::class_<tir::Shuffle, tir::PrimExpr>(tir, "Shuffle")
      .def_property_readonly("vectors", [](const tir::Shuffle& s) { return WrapAll(s->vectors); })
      .def_property_readonly("indices", [](const tir::Shuffle& s) { return WrapAll(s->indices); });
  py::class_<tir::Let, tir::PrimExpr>(tir, "Let")
      .def_property_readonly("var", [](const tir::Let& l) { return Wrap(l->var); })
      .def_property_readonly("value", [](const tir::Let& l) { return Wrap(l->value); })
      .def_property_readonly("body", [](const tir::Let& l) { return Wrap(l->body); });
  py::class_<tir::Call, tir::PrimExpr>(tir, "Call")
      .def_property_readonly("op", [](const tir::Call& c) { return c->op; })
      .def_property_readonly("args", [](const tir::Call& c) { return WrapAll(c->args); });

  py::class_<tir::Range, ObjectRef>(tir, "Range")
      .def_property_readonly("min", [](const tir::Range& r) { return ConstValue(r->min); })
      .def_property_readonly("extent", [](const tir::Range& r) { return ConstValue(r->extent); });
  py::class_<tir::IterVar, ObjectRef>(tir, "IterVar")
      .def_property_readonly("var", [](const tir::IterVar& v) { return Wrap(v->var); })
      .def_property_readonly("dom", [](const tir::IterVar& v) { return Wrap(v->dom); })
      .def_property_readonly("iter_type", [](const tir::IterVar& v) { return static_cast<int>(v->iter_type); })
      .def_property_readonly("thread_tag", [](const tir::IterVar& v) { return v->thread_tag; });
  py::class_<tir::Buffer, ObjectRef>(tir, "Buffer")
      .def_property_readonly("name", [](const tir::Buffer& b) { return b->name; })
      .def_property_readonly("data", [](const tir::Buffer& b) { return Wrap(b->data); })
      .def_property_readonly("dtype", [](const tir::Buffer& b) { return b->dtype.str(); })
      .def_property_readonly("shape", [](const tir::Buffer& b) { return WrapAll(b->shape); })
      .def_property_readonly("strides", [](const tir::Buffer& b) { return WrapAll(b->strides); })
      .def_property_readonly("elem_offset", [](const tir::Buffer& b) { return Wrap(b->elem_offset); })
      .def_property_readonly("data_alignment", [](const tir::Buffer& b) { return b->data_alignment; })
      .def("scope", [](const tir::Buffer& b) {
        return b->data->storage_scope.empty() ? std::string("global") : b->data->storage_scope;
      });
  py::class_<tir::BufferRegion, ObjectRef>(tir, "BufferRegion")
      .def_property_readonly("buffer", [](const tir::BufferRegion& r) { return Wrap(r->buffer); })
      .def_property_readonly("region", [](const tir::BufferRegion& r) { return WrapAll(r->region); });
  py::class_<tir::MatchBufferRegion, ObjectRef>(tir, "MatchBufferRegion")
      .def_property_readonly("buffer", [](const tir::MatchBufferRegion& r) { return Wrap(r->buffer); })
      .def_property_readonly("source", [](const tir::MatchBufferRegion& r) { return Wrap(r->source); });

  py::enum_<tir::ForKind>(tir, "ForKind")
      .value("SERIAL", tir::ForKind::kSerial)
      .value("PARALLEL", tir::ForKind::kParallel)
      .value("VECTORIZED", tir::ForKind::kVectorized)
      .value("UNROLLED", tir::ForKind::kUnrolled)
      .value("THREAD_BINDING", tir::ForKind::kThreadBinding);

  py::class_<tir::Stmt, ObjectRef>(tir, "Stmt").def("__str__", [](const tir::Stmt& s) {
    return script::PrintStmt(s);
  });
  py::class_<tir::LetStmt, tir::Stmt>(tir, "LetStmt")
      .def_property_readonly("var", [](const tir::LetStmt& s) { return Wrap(s->var); })
      .def_property_readonly("value", [](const tir::LetStmt& s) { return Wrap(s->value); })
      .def_property_readonly("body", [](const tir::LetStmt& s) { return Wrap(s->body); });
  py::class_<tir::AttrStmt, tir::Stmt>(tir, "AttrStmt")
      .def_property_readonly("node", [](const tir::AttrStmt& s) { return python::AttrValue(s->node); })
      .def_property_readonly("attr_key", [](const tir::AttrStmt& s) { return s->attr_key; })
      .def_property_readonly("value", [](const tir::AttrStmt& s) { return Wrap(s->value); })
      .def_property_readonly("body", [](const tir::AttrStmt& s) { return Wrap(s->body); });
  py::class_<tir::AssertStmt, tir::Stmt>(tir, "AssertStmt")
      .def_property_readonly("condition", [](const tir::AssertStmt& s) { return Wrap(s->condition); })
      .def_property_readonly("message", [](const tir::AssertStmt& s) { return Wrap(s->message); })
      .def_property_readonly("body", [](const tir::AssertStmt& s) { return Wrap(s->body); });
  py::class_<tir::BufferStore, tir::Stmt>(tir, "BufferStore")
      .def_property_readonly("buffer", [](const tir::BufferStore& s) { return Wrap(s->buffer); })
      .def_property_readonly("value", [](const tir::BufferStore& s) { return Wrap(s->value); })
      .def_property_readonly("indices", [](const tir::BufferStore& s) { return WrapAll(s->indices); });
  py::class_<tir::Allocate, tir::Stmt>(tir, "Allocate")
      .def_property_readonly("buffer_var", [](const tir::Allocate& s) { return Wrap(s->buffer_var); })
      .def_property_readonly("dtype", [](const tir::Allocate& s) { return s->dtype.str(); })
      .def_property_readonly("extents", [](const tir::Allocate& s) { return WrapAll(s->extents); })
      .def_property_readonly("condition", [](const tir::Allocate& s) { return Wrap(s->condition); })
      .def_property_readonly("body", [](const tir::Allocate& s) { return Wrap(s->body); })
      .def_property_readonly("annotations", [](const tir::Allocate& s) { return AttrDict(s->annotations); });
  py::class_<tir::AllocateConst, tir::Stmt>(tir, "AllocateConst")
      .def_property_readonly("buffer_var", [](const tir::AllocateConst& s) { return Wrap(s->buffer_var); })
      .def_property_readonly("dtype", [](const tir::AllocateConst& s) { return s->dtype.str(); })
      .def_property_readonly("extents", [](const tir::AllocateConst& s) { return WrapAll(s->extents); })
      // TVM's `data` is a tvm.nd.NDArray; here the numpy array (its .numpy() is itself).
      .def_property_readonly("data",
                             [](const tir::AllocateConst& s) -> py::object {
                               if (!s->data.defined()) return py::none();
                               return python::ToNumpy(s->data);
                             })
      .def_property_readonly("body", [](const tir::AllocateConst& s) { return Wrap(s->body); })
      .def_property_readonly("annotations", [](const tir::AllocateConst& s) { return AttrDict(s->annotations); });
  py::class_<tir::DeclBuffer, tir::Stmt>(tir, "DeclBuffer")
      .def_property_readonly("buffer", [](const tir::DeclBuffer& s) { return Wrap(s->buffer); })
      .def_property_readonly("body", [](const tir::DeclBuffer& s) { return Wrap(s->body); });
  py::class_<tir::SeqStmt, tir::Stmt>(tir, "SeqStmt")
      .def_property_readonly("seq", [](const tir::SeqStmt& s) { return WrapAll(s->seq); })
      .def("__len__", [](const tir::SeqStmt& s) { return s->seq.size(); })
      .def("__getitem__", [](const tir::SeqStmt& s, int64_t i) {
        int64_t n = static_cast<int64_t>(s->seq.size());
        if (i < 0) i += n;
        if (i < 0 || i >= n) throw py::index_error("SeqStmt index out of range");
        return Wrap(s->seq[i]);
      });
  py::class_<tir::IfThenElse, tir::Stmt>(tir, "IfThenElse")
      .def_property_readonly("condition", [](const tir::IfThenElse& s) { return Wrap(s->condition); })
      .def_property_readonly("then_case", [](const tir::IfThenElse& s) { return Wrap(s->then_case); })
      .def_property_readonly("else_case", [](const tir::IfThenElse& s) { return Wrap(s->else_case); });
  py::class_<tir::Evaluate, tir::Stmt>(tir, "Evaluate").def_property_readonly("value", [](const tir::Evaluate& s) {
    return Wrap(s->value);
  });
  py::class_<tir::For, tir::Stmt>(tir, "For")
      .def_property_readonly("loop_var", [](const tir::For& s) { return Wrap(s->loop_var); })
      .def_property_readonly("min", [](const tir::For& s) { return Wrap(s->min); })
      .def_property_readonly("extent", [](const tir::For& s) { return Wrap(s->extent); })
      .def_property_readonly("kind", [](const tir::For& s) { return s->kind; })
      .def_property_readonly("body", [](const tir::For& s) { return Wrap(s->body); })
      .def_property_readonly("thread_binding",
                             [](const tir::For& s) { return s->thread_binding ? Wrap(*s->thread_binding) : py::none(); })
      .def_property_readonly("annotations", [](const tir::For& s) { return AttrDict(s->annotations); });
  py::class_<tir::While, tir::Stmt>(tir, "While")
      .def_property_readonly("condition", [](const tir::While& s) { return Wrap(s->condition); })
      .def_property_readonly("body", [](const tir::While& s) { return Wrap(s->body); });
  py::class_<tir::Block, tir::Stmt>(tir, "Block")
      .def_property_readonly("name_hint", [](const tir::Block& b) { return b->name_hint; })
      .def_property_readonly("iter_vars", [](const tir::Block& b) { return WrapAll(b->iter_vars); })
      .def_property_readonly("reads", [](const tir::Block& b) { return WrapAll(b->reads); })
      .def_property_readonly("writes", [](const tir::Block& b) { return WrapAll(b->writes); })
      .def_property_readonly("alloc_buffers", [](const tir::Block& b) { return WrapAll(b->alloc_buffers); })
      .def_property_readonly("match_buffers", [](const tir::Block& b) { return WrapAll(b->match_buffers); })
      .def_property_readonly("annotations", [](const tir::Block& b) { return AttrDict(b->annotations); })
      .def_property_readonly("init", [](const tir::Block& b) { return b->init ? Wrap(*b->init) : py::none(); })
      .def_property_readonly("body", [](const tir::Block& b) { return Wrap(b->body); });
  py::class_<tir::BufferRealize, tir::Stmt>(tir, "BufferRealize")
      .def_property_readonly("buffer", [](const tir::BufferRealize& r) { return Wrap(r->buffer); })
      .def_property_readonly("bounds", [](const tir::BufferRealize& r) { return WrapAll(r->bounds); })
      .def_property_readonly("condition", [](const tir::BufferRealize& r) { return Wrap(r->condition); })
      .def_property_readonly("body", [](const tir::BufferRealize& r) { return Wrap(r->body); });
  py::class_<tir::BlockRealize, tir::Stmt>(tir, "BlockRealize")
      .def_property_readonly("iter_values", [](const tir::BlockRealize& r) { return WrapAll(r->iter_values); })
      .def_property_readonly("predicate", [](const tir::BlockRealize& r) { return Wrap(r->predicate); })
      .def_property_readonly("block", [](const tir::BlockRealize& r) { return Wrap(r->block); });

  // TVM compares IR nodes by reference and hashes them by address (dict keys: Var -> Buffer).
  py::object object_cls = m.attr("Object");
  object_cls.attr("__eq__") = py::cpp_function(
      [](const ObjectRef& a, const py::object& b) { return py::isinstance<ObjectRef>(b) && a.same_as(b.cast<ObjectRef>()); },
      py::is_method(object_cls));
  object_cls.attr("__hash__") =
      py::cpp_function([](const ObjectRef& a) { return std::hash<const void*>()(a.get()); }, py::is_method(object_cls));

  py::module_ functor = tir.def_submodule("stmt_functor", "walks over TIR (TVM's tir.stmt_functor)");
  functor.def(
      "post_order_visit",
      [](const ObjectRef& node, const std::function<void(py::object)>& fn) {
        PostOrder visit(fn);
        if (node.as<tir::PrimFuncNode>()) visit.VisitStmt(node.cast<tir::PrimFunc>()->body);
        else if (node.as<tir::StmtNode>()) visit.VisitStmt(node.cast<tir::Stmt>());
        else visit.VisitExpr(node.cast<tir::PrimExpr>());
      },
      py::arg("stmt"), py::arg("fvisit"),
      "Calls fvisit on every statement and expression below stmt, children before parents.");
}

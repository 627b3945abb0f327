// tirgen.tir.transform: every registered TIR pass by its TVM name, as a callable Pass object
// applied to IRModules (`tirgen.tir.transform.LowerInitBlock()(mod)`), plus Sequential and
// PassContext (TVM's `with PassContext(config={"tir.Simplify": {...}})`: options of the passes
// run inside it).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>

#include "tirgen/support/error.h"
#include "tirgen/tir/transform.h"
#include "tirgen/tir/transforms/pass_config.h"

namespace py = pybind11;
using namespace tirgen;  // NOLINT
namespace tt = tirgen::tir::transform;

namespace {

// Pass arguments are integers (NarrowDataType(32), CompactBufferAllocation(is_strict=False)).
int64_t IntArg(const std::string& pass, const py::handle& v) {
  if (py::isinstance<py::bool_>(v)) return v.cast<bool>() ? 1 : 0;
  TIRGEN_CHECK(py::isinstance<py::int_>(v))
      << pass << ": arguments must be integers or booleans, got " << std::string(py::str(v));
  return v.cast<int64_t>();
}

// `with PassContext(config=...)`: the config is checked when made and installed while entered.
struct PassContext {
  tt::PassConfig config;
  std::unique_ptr<tt::PassConfigScope> scope;
};

tt::PassConfig ToPassConfig(const py::dict& config) {
  tt::PassConfig out;
  for (const auto& kv : config) {
    std::string key = py::str(kv.first);
    TIRGEN_CHECK(py::isinstance<py::dict>(kv.second))
        << "PassContext: config[\"" << key << "\"] must be a dict of option values, got "
        << std::string(py::str(kv.second));
    std::map<std::string, int64_t>& options = out[key];
    for (const auto& opt : kv.second.cast<py::dict>())
      options[py::str(opt.first)] = IntArg("PassContext " + key, opt.second);
  }
  { tt::PassConfigScope check(out); }  // unknown keys and options fail here, as in TVM
  return out;
}

}  // namespace

void BindPasses(py::module_& m) {
  py::module_ tir = m.def_submodule("tir", "TensorIR");
  py::module_ transform = tir.def_submodule("transform", "TIR passes by TVM name");
  py::class_<tt::Pass>(transform, "Pass")
      .def("__call__", [](const tt::Pass& p, const IRModule& mod) { return p(mod); }, py::arg("mod"))
      .def_property_readonly("name", &tt::Pass::name)
      .def("__repr__", [](const tt::Pass& p) { return "tirgen.tir.transform." + p.name() + "()"; });
  transform.def(
      "Sequential",
      [](const std::vector<tt::Pass>& passes, const std::string& name) { return tt::Sequential(passes, name); },
      py::arg("passes"), py::arg("name") = "Sequential");
  py::class_<PassContext>(transform, "PassContext")
      .def(py::init([](const py::dict& config) { return PassContext{ToPassConfig(config), nullptr}; }),
           py::arg("config") = py::dict())
      .def("__enter__", [](PassContext& c) {
        TIRGEN_CHECK(!c.scope) << "PassContext: already entered";
        c.scope = std::make_unique<tt::PassConfigScope>(c.config);
        return &c;
      }, py::return_value_policy::reference)
      .def("__exit__", [](PassContext& c, const py::args&) { c.scope.reset(); })
      .def_property_readonly("config", [](const PassContext& c) { return c.config; });
  transform.def("set_verify_each", &tt::SetVerifyEachPass, py::arg("on"),
                "Verify every pass's output (on in the test suites); returns the old setting.");
  transform.def("list_passes", &tt::ListPasses, "Names of all registered TIR passes.");
  for (const std::string& name : tt::ListPasses()) {
    transform.def(
        name.c_str(),
        [name](const py::args& args, const py::kwargs& kwargs) {
          std::vector<int64_t> ints;
          for (const py::handle& a : args) ints.push_back(IntArg(name, a));
          for (const auto& kv : kwargs) ints.push_back(IntArg(name, kv.second));
          return tt::GetPassFactory(name)(ints);
        },
        ("TVM's tir.transform." + name).c_str());
  }
}

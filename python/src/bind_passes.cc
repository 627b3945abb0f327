// tirgen.tir.transform: every registered TIR pass by its TVM name, as a callable Pass object
// applied to IRModules (`tirgen.tir.transform.LowerInitBlock()(mod)`), plus Sequential and
// PassContext (TVM's `with PassContext(config={"tir.Simplify": {...}})`: options of the passes
// run inside it).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

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

// The integer arguments of pass `name`, in its parameters' order: positional ones first, then
// keywords by TVM's parameter names (VectorizeLoop(enable_vectorize=False)). The pass factory
// checks the count, fills the defaults of trailing ones and refuses a missing required one; only
// a gap before a keyword given later needs its default here.
std::vector<int64_t> PassArgs(const std::string& name, const py::args& args, const py::kwargs& kwargs) {
  const std::vector<tt::PassParam>& params = tt::PassParams(name);
  std::string accepted;
  for (const tt::PassParam& p : params) accepted += (accepted.empty() ? "" : ", ") + p.name;
  if (accepted.empty()) accepted = "none";
  std::vector<std::optional<int64_t>> given(std::max(args.size(), params.size()));
  for (size_t i = 0; i < args.size(); ++i) given[i] = IntArg(name, args[i]);
  for (const auto& kv : kwargs) {
    std::string key = py::str(kv.first);
    size_t i = 0;
    while (i < params.size() && params[i].name != key) ++i;
    TIRGEN_CHECK(i < params.size()) << name << "() got an unexpected keyword argument '" << key
                                    << "' (accepted: " << accepted << ")";
    TIRGEN_CHECK(!given[i]) << name << "() got multiple values for argument '" << key << "'";
    given[i] = IntArg(name, kv.second);
  }
  size_t n = given.size();
  while (n > 0 && !given[n - 1]) --n;  // trailing parameters left out: the factory fills them
  std::vector<int64_t> out;
  for (size_t i = 0; i < n; ++i) {
    std::optional<int64_t> v = given[i] ? given[i] : params[i].default_value;
    if (!v) break;  // a required one left out: the factory names it
    out.push_back(*v);
  }
  return out;
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
          return tt::GetPassFactory(name)(PassArgs(name, args, kwargs));
        },
        ("TVM's tir.transform." + name).c_str());
  }
}

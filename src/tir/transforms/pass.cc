#include "tirgen/tir/transform.h"

#include <atomic>
#include <cstdlib>

#include "tirgen/support/error.h"
#include "tirgen/tir/analysis/verify_well_formed.h"

namespace tirgen {
namespace tir {
namespace transform {

namespace {

std::atomic<int>& VerifyEachState() {
  // -1: not decided yet (the environment decides on first use).
  static std::atomic<int> state{-1};
  return state;
}

std::vector<PassObserver>& Observers() {
  thread_local std::vector<PassObserver> observers;
  return observers;
}

// Verification of one pass's output: a problem already in its input is reported as such, so
// the pass that made the IR ill formed is the one named.
void VerifyAfter(const std::string& pass, const IRModule& before, const IRModule& after) {
  std::vector<WellFormedProblem> problems = WellFormedProblems(after);
  if (problems.empty()) return;
  bool input_bad = !WellFormedProblems(before).empty();
  throw InternalError("ill-formed TIR after pass " + pass +
                      (input_bad ? " (its input was ill formed already)" : "") + " (" +
                      std::to_string(problems.size()) + " problem" +
                      (problems.size() == 1 ? "" : "s") + "):\n" +
                      FormatWellFormedProblems(problems));
}

}  // namespace

bool VerifyEachPass() {
  std::atomic<int>& state = VerifyEachState();
  int s = state.load();
  if (s < 0) {
    const char* env = std::getenv("TIRGEN_VERIFY_EACH");
    s = env && std::string(env) != "" && std::string(env) != "0" ? 1 : 0;
    int expected = -1;
    state.compare_exchange_strong(expected, s);
    s = state.load();
  }
  return s == 1;
}

bool SetVerifyEachPass(bool on) {
  bool old = VerifyEachPass();
  VerifyEachState().store(on ? 1 : 0);
  return old;
}

PassObserverScope::PassObserverScope(PassObserver observer) {
  Observers().push_back(std::move(observer));
}
PassObserverScope::~PassObserverScope() { Observers().pop_back(); }

IRModule Pass::operator()(const IRModule& mod) const {
  IRModule out = func_(mod);
  if (composite_) return out;
  if (VerifyEachPass() && !out.same_as(mod)) VerifyAfter(name_, mod, out);
  // A copy: an observer may run passes itself.
  std::vector<PassObserver> observers = Observers();
  for (const PassObserver& o : observers) o(name_, mod, out);
  return out;
}

Pass CreatePrimFuncPass(std::string name, std::function<PrimFunc(const PrimFunc&)> fn) {
  return Pass(std::move(name), [fn](const IRModule& mod) {
    std::map<std::string, ObjectRef> functions;
    bool changed = false;
    for (const auto& kv : mod->functions) {
      if (const PrimFuncNode* f = kv.second.as<PrimFuncNode>()) {
        PrimFunc out = fn(GetRef<PrimFunc>(f));
        changed = changed || !out.same_as(kv.second);
        functions.emplace(kv.first, out);
      } else {
        functions.emplace(kv.first, kv.second);
      }
    }
    if (!changed) return mod;
    return IRModule(std::move(functions), mod->attrs);
  });
}

Pass Sequential(std::vector<Pass> passes, std::string name) {
  Pass seq(std::move(name), [passes](const IRModule& mod) {
    IRModule cur = mod;
    for (const Pass& p : passes) cur = p(cur);
    return cur;
  });
  seq.composite_ = true;
  return seq;
}

namespace {
// Function-local static: registration order across translation units is unspecified.
// A registered pass: its factory and its parameters.
struct Registered {
  PassFactory factory;
  std::vector<PassParam> params;
};
std::map<std::string, Registered>& Registry() {
  static std::map<std::string, Registered> registry;
  return registry;
}
const Registered& Lookup(const std::string& name) {
  auto it = Registry().find(name);
  if (it != Registry().end()) return it->second;
  std::string names;
  for (const auto& kv : Registry()) names += (names.empty() ? "" : ", ") + kv.first;
  throw Error("unknown TIR pass \"" + name + "\" (known: " + names + ")");
}
}  // namespace

bool RegisterPass(const std::string& name, PassFactory factory, std::vector<PassParam> params) {
  // The arity and the defaults live here, once: every caller (C++, opt, Python) gets the same
  // check and message, and the factory always receives one argument per parameter.
  PassFactory checked = [name, params, factory = std::move(factory)](const std::vector<int64_t>& args) {
    std::string accepted;
    for (const PassParam& p : params) accepted += (accepted.empty() ? "" : ", ") + p.name;
    TIRGEN_CHECK(args.size() <= params.size())
        << name << "() takes at most " << params.size() << " argument" << (params.size() == 1 ? "" : "s")
        << ", got " << args.size() << " (accepted: " << (accepted.empty() ? "none" : accepted) << ")";
    std::vector<int64_t> full = args;
    for (size_t i = args.size(); i < params.size(); ++i) {
      TIRGEN_CHECK(params[i].default_value)
          << name << "() missing required argument '" << params[i].name << "' (accepted: " << accepted << ")";
      full.push_back(*params[i].default_value);
    }
    return factory(full);
  };
  TIRGEN_ICHECK(Registry().emplace(name, Registered{std::move(checked), std::move(params)}).second)
      << "pass " << name << " registered twice";
  return true;
}

const PassFactory& GetPassFactory(const std::string& name) { return Lookup(name).factory; }

const std::vector<PassParam>& PassParams(const std::string& name) { return Lookup(name).params; }

std::vector<std::string> ListPasses() {
  std::vector<std::string> names;
  for (const auto& kv : Registry()) names.push_back(kv.first);
  return names;
}

}  // namespace transform
}  // namespace tir
}  // namespace tirgen

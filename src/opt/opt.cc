// RunOpt: the pass table (TIR passes from their registry under TVM's "tir." names, Relay passes
// listed here), argument parsing, and the run itself.
#include "tirgen/opt/opt.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <string_view>

#include "tirgen/lower/constant_evaluator.h"
#include "tirgen/relay/text.h"
#include "tirgen/relay/transforms.h"
#include "tirgen/script/parser.h"
#include "tirgen/script/printer.h"
#include "tirgen/support/error.h"
#include "tirgen/support/io.h"
#include "tirgen/tir/analysis/verify_well_formed.h"
#include "tirgen/tir/schedule/schedule.h"
#include "tirgen/tir/schedule/tensor_intrin.h"
#include "tirgen/tir/schedule/trace.h"
#include "tirgen/tir/transform.h"
#include "tirgen/tir/transforms/pass_config.h"

namespace tirgen {
namespace opt {

namespace {

// A Relay pass by TVM name: how to run it, and how many integer arguments it takes at most
// (the TIR registry keeps the same for TIR passes).
struct RelayPass {
  std::function<IRModule(const IRModule&, const std::vector<int64_t>&)> run;
  size_t max_args = 0;
};

const std::map<std::string, RelayPass>& RelayPasses() {
  static const std::map<std::string, RelayPass> passes = {
      {"BackwardFoldScaleAxis", {[](const IRModule& m, auto&) { return relay::BackwardFoldScaleAxis(m); }}},
      {"CanonicalizeCast", {[](const IRModule& m, auto&) { return relay::CanonicalizeCast(m); }}},
      {"CanonicalizeOps", {[](const IRModule& m, auto&) { return relay::CanonicalizeOps(m); }}},
      {"DeadCodeElimination",  // DeadCodeElimination(inline_once)
       {[](const IRModule& m, const std::vector<int64_t>& a) {
          return relay::DeadCodeElimination(m, !a.empty() && a[0] != 0);
        },
        1}},
      {"EliminateCommonSubexpr", {[](const IRModule& m, auto&) { return relay::EliminateCommonSubexpr(m); }}},
      {"FoldConstant", {[](const IRModule& m, auto&) { return relay::FoldConstant(m, lower::EvaluateConstant); }}},
      {"FoldScaleAxis", {[](const IRModule& m, auto&) { return relay::FoldScaleAxis(m, lower::EvaluateConstant); }}},
      {"ForwardFoldScaleAxis", {[](const IRModule& m, auto&) { return relay::ForwardFoldScaleAxis(m); }}},
      {"FuseOps",  // FuseOps(max_depth): relay.FuseOps.max_depth
       {[](const IRModule& m, const std::vector<int64_t>& a) {
          return relay::FuseOps(m, false, a.empty() ? 256 : static_cast<int>(a[0]));
        },
        1}},
      {"InferType", {[](const IRModule& m, auto&) { return relay::InferType(m); }}},
      {"Legalize", {[](const IRModule& m, auto&) { return relay::Legalize(m); }}},
      // relay.qnn.transform.Legalize: the qnn dialect canonicalized into ordinary ops.
      {"qnn.Legalize", {[](const IRModule& m, auto&) { return relay::QnnLegalize(m); }}},
      {"SimplifyExpr", {[](const IRModule& m, auto&) { return relay::SimplifyExpr(m, lower::EvaluateConstant); }}},
      {"SimplifyInference", {[](const IRModule& m, auto&) { return relay::SimplifyInference(m); }}},
  };
  return passes;
}

std::string KnownList() {
  std::string s;
  for (const PassInfo& p : KnownPasses()) s += (s.empty() ? "" : ", ") + p.name;
  return s;
}

struct PassCall {
  std::string name;
  std::vector<int64_t> args;
};

// "Name" or "Name(1, 2)".
PassCall ParsePassCall(const std::string& text) {
  auto trim = [](std::string s) {
    size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
    return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
  };
  PassCall call;
  std::string t = trim(text);
  size_t open = t.find('(');
  call.name = trim(t.substr(0, open));
  if (open == std::string::npos) return call;
  TIRGEN_CHECK(t.back() == ')') << "error: --pass " << t << ": unbalanced parentheses; write Name(1, 2)";
  std::string inner = t.substr(open + 1, t.size() - open - 2);
  size_t pos = 0;
  while (!trim(inner).empty() && pos <= inner.size()) {
    size_t comma = inner.find(',', pos);
    std::string item = trim(inner.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos));
    size_t used = 0;
    int64_t v = 0;
    try {
      v = std::stoll(item, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    TIRGEN_CHECK(!item.empty() && used == item.size())
        << "error: --pass " << t << ": argument \"" << item << "\" is not an integer; passes take integers";
    call.args.push_back(v);
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  return call;
}

bool IsTir(const std::string& name) { return name.rfind("tir.", 0) == 0; }

// The pass a name stands for; a one-line error naming the known ones otherwise.
void CheckKnown(const PassCall& call) {
  bool known = IsTir(call.name) ? [&] {
    std::vector<std::string> names = tir::transform::ListPasses();
    return std::find(names.begin(), names.end(), call.name.substr(4)) != names.end();
  }() : RelayPasses().count(call.name) > 0;
  if (!known) {
    std::vector<std::string> tir_names = tir::transform::ListPasses();
    std::string hint;
    if (std::find(tir_names.begin(), tir_names.end(), call.name) != tir_names.end())
      hint = " (TIR passes take TVM's prefix: tir." + call.name + ")";
    throw Error("error: --pass: unknown pass \"" + call.name + "\"" + hint + "; known passes: " +
                KnownList());
  }
  if (IsTir(call.name)) {
    // The TIR pass factory checks its arguments (count, required ones) with its own message.
    try {
      tir::transform::GetPassFactory(call.name.substr(4))(call.args);
    } catch (const Error& e) {
      throw Error("error: --pass " + call.name + ": " + e.message());
    }
    return;
  }
  size_t max_args = RelayPasses().at(call.name).max_args;
  TIRGEN_CHECK(call.args.size() <= max_args)
      << "error: --pass " << call.name << ": takes at most " << max_args << " argument"
      << (max_args == 1 ? "" : "s") << ", got " << call.args.size();
}

// The input's language from its first significant line (see OptOptions::input): TVMScript is
// Python, so after blank lines and `#` comments it starts with a decorator (`@T.prim_func`,
// `@I.ir_module`) or an import; Relay text starts with `#[version = "..."]`, `def @...`, `fn`
// or an expression, never with `@`, `from` or `import`.
bool IsTVMScript(const std::string& text) {
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    size_t b = text.find_first_not_of(" \t\r", pos);
    if (b < end && !(text[b] == '#' && text.compare(b, 2, "#[") != 0)) {
      std::string_view line(text.data() + b, end - b);
      return line[0] == '@' || line.rfind("from ", 0) == 0 || line.rfind("import ", 0) == 0;
    }
    pos = end + 1;
  }
  return false;
}

std::string FirstProblemLine(const std::vector<tir::WellFormedProblem>& problems) {
  std::string s = problems[0].str();
  if (problems.size() > 1)
    s += " (and " + std::to_string(problems.size() - 1) + " more problem" +
         (problems.size() == 2 ? "" : "s") + ")";
  return s;
}

OptResult RunTir(const OptOptions& o, const std::vector<PassCall>& calls) {
  // The options first: a typo there is reported before any work.
  tir::transform::PassConfig config;
  for (const std::string& item : o.pass_config) {
    try {
      tir::transform::ParsePassConfigItem(item, &config);
    } catch (const Error& e) {
      throw Error("error: --pass-config: " + e.message());
    }
  }
  std::optional<tir::transform::PassConfigScope> config_scope;
  try {
    config_scope.emplace(std::move(config));
  } catch (const Error& e) {
    throw Error("error: --pass-config: " + e.message());
  }
  ObjectRef parsed = script::Parse(o.input, o.input_name);
  IRModule mod = parsed.as<IRModuleNode>()
                     ? parsed.cast<IRModule>()
                     : IRModule(std::map<std::string, ObjectRef>{{"main", parsed}});
  bool verify = o.verify_each || tir::transform::VerifyEachPass();
  if (verify) {
    std::vector<tir::WellFormedProblem> problems = tir::WellFormedProblems(mod);
    TIRGEN_CHECK(problems.empty()) << "error: " << o.input_name << ": the input is not well-formed TIR: "
                                   << FirstProblemLine(problems)
                                   << "; fix the input or run without --verify-each";
  }
  OptResult result;
  auto record = [&](const std::string& step, const IRModule& m) {
    if (o.print_after_all) result.after_all += "# after " + step + "\n" + script::Print(m);
  };
  tir::TensorIntrinScope intrins;  // the registry is as it was once this run ends
  for (const TensorIntrinFiles& ti : o.tensor_intrins) {
    auto func = [](const std::string& text, const std::string& name) {
      ObjectRef f = script::Parse(text, name);
      TIRGEN_CHECK(f.as<tir::PrimFuncNode>()) << "error: --tensor-intrin: " << name
                                              << " must hold one @T.prim_func (the intrinsic's description or implementation)";
      return f.cast<tir::PrimFunc>();
    };
    intrins.Register(ti.name, func(ti.desc_text, ti.desc_name), func(ti.impl_text, ti.impl_name));
  }
  if (!o.schedule.empty()) {
    tir::Trace trace = tir::Trace::Parse(o.schedule, o.schedule_name);
    tir::Schedule sch(mod);
    trace.ApplyTo(sch, [&](size_t k) {
      const std::string& method = trace.instructions()[k].method;
      if (method.rfind("get_", 0) == 0) return;  // lookups change nothing
      IRModule now = sch.mod();
      if (verify) tir::VerifyWellFormed(now, "after schedule primitive " + method);
      record("sch." + method, now);
    });
    mod = sch.mod();
  }
  std::vector<tir::transform::Pass> passes;
  for (const PassCall& c : calls) {
    try {
      passes.push_back(tir::transform::GetPassFactory(c.name.substr(4))(c.args));
    } catch (const Error& e) {
      throw Error("error: --pass " + c.name + ": " + e.message());
    }
  }
  bool old_verify = tir::transform::SetVerifyEachPass(verify);
  try {
    tir::transform::PassObserverScope observe(
        [&](const std::string& pass, const IRModule&, const IRModule& after) { record("tir." + pass, after); });
    for (const tir::transform::Pass& p : passes) mod = p(mod);
  } catch (...) {
    tir::transform::SetVerifyEachPass(old_verify);
    throw;
  }
  tir::transform::SetVerifyEachPass(old_verify);
  result.output = script::Print(mod);
  return result;
}

OptResult RunRelay(const OptOptions& o, const std::vector<PassCall>& calls) {
  TIRGEN_CHECK(o.schedule.empty()) << "error: --schedule: " << o.input_name
                                   << " is Relay text; schedules apply to TVMScript";
  TIRGEN_CHECK(o.pass_config.empty()) << "error: --pass-config: " << o.input_name
                                      << " is Relay text; pass options apply to TIR passes on TVMScript";
  IRModule mod = relay::ParseModule(o.input, o.input_name);
  OptResult result;
  for (const PassCall& c : calls) {
    mod = RelayPasses().at(c.name).run(mod, c.args);
    if (o.print_after_all) result.after_all += "// after " + c.name + "\n" + relay::PrintModule(mod);
  }
  result.output = relay::PrintModule(mod);
  return result;
}

}  // namespace

std::vector<PassInfo> KnownPasses() {
  std::vector<PassInfo> out;
  for (const std::string& n : tir::transform::ListPasses()) out.push_back({"tir." + n, true});
  for (const auto& kv : RelayPasses()) out.push_back({kv.first, false});
  return out;
}

TensorIntrinFiles TensorIntrinFromSpec(const std::string& spec,
                                       const std::function<std::string(const std::string&)>& resolve) {
  size_t eq = spec.find('='), comma = spec.find(',', eq == std::string::npos ? 0 : eq);
  TIRGEN_CHECK(eq != std::string::npos && eq > 0 && comma != std::string::npos && comma > eq + 1 &&
               comma + 1 < spec.size())
      << "error: --tensor-intrin " << spec << ": expected NAME=DESC.py,IMPL.py";
  TensorIntrinFiles ti;
  ti.name = spec.substr(0, eq);
  ti.desc_name = resolve(spec.substr(eq + 1, comma - eq - 1));
  ti.impl_name = resolve(spec.substr(comma + 1));
  ti.desc_text = ReadFile(ti.desc_name);
  ti.impl_text = ReadFile(ti.impl_name);
  return ti;
}

std::vector<std::string> SplitPassList(const std::string& text) {
  std::vector<std::string> out;
  std::string cur;
  int depth = 0;
  for (char c : text) {
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if (c == ',' && depth == 0) {
      if (cur.find_first_not_of(" \t") != std::string::npos) out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (cur.find_first_not_of(" \t") != std::string::npos) out.push_back(cur);
  return out;
}

OptResult RunOpt(const OptOptions& options) {
  std::vector<PassCall> calls;
  for (const std::string& p : options.passes) calls.push_back(ParsePassCall(p));
  for (const PassCall& c : calls) CheckKnown(c);
  bool tir_input = IsTVMScript(options.input);
  for (const PassCall& c : calls) {
    TIRGEN_CHECK(IsTir(c.name) == tir_input)
        << "error: --pass " << c.name << ": a " << (IsTir(c.name) ? "TIR" : "Relay") << " pass, but "
        << options.input_name << " is " << (tir_input ? "TVMScript" : "Relay text")
        << "; run TIR passes (tir.*) on TVMScript and Relay passes on Relay text";
  }
  return tir_input ? RunTir(options, calls) : RunRelay(options, calls);
}

}  // namespace opt
}  // namespace tirgen
